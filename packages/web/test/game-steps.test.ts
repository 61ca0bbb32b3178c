import { type Action, awaiting, execute, seededRandom, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { seatActions } from "../src/game/seatActions.js";
import { graveOpen, nextSpeakers, phaseTitle, primaryOf, skippedSpeakers } from "../src/game/steps.js";
import { leaders, liftCount, tallyOf, votersAfter } from "../src/game/tally.js";
import { HostTable } from "./game-helpers.js";

const host = "host" as const;
const vote = (voter: number, target: number): Action => ({ actor: host, type: "vote", voter, target });

describe("the primary button, step by step", () => {
  it("FLOW-2 walks a day: start, end discussion, next speaker, start the vote", () => {
    const table = new HostTable();
    expect(primaryOf(table.view)).toMatchObject({ key: "primary.startGame", enabled: true });
    table.advance();
    expect(phaseTitle(table.view)).toEqual({ key: "step.day.discussion", params: { n: 1 } });
    expect(primaryOf(table.view)?.key).toBe("primary.endDiscussion");
    table.advance();
    expect(table.view.phase.current).toBe(1);
    expect(primaryOf(table.view)?.key).toBe("primary.nextSpeaker");
    table.advance(10);
    expect(table.view.phase.current).toBe(11);
    expect(primaryOf(table.view)?.key).toBe("primary.nextSpeaker");
    table.advance();
    expect(primaryOf(table.view)?.key).toBe("primary.startVote");
    table.advance();
    expect(table.view.phase.step).toBe("voting");
    expect(primaryOf(table.view)).toBeNull();
  });

  it("FOUL-4 a muted player is shown as skipped and is not among the next speakers", () => {
    const table = new HostTable().advance(2);
    for (let i = 0; i < 3; i++) table.must({ actor: host, type: "foul", seat: 3, reason: "arguing" });
    expect(table.view.seats[2]?.muted).toBe(true);
    expect(skippedSpeakers(table.view)).toEqual([3]);
    expect(nextSpeakers(table.view)).not.toContain(3);
    expect(nextSpeakers(table.view)[0]).toBe(2);
    table.advance();
    expect(table.view.phase.current).toBe(2);
    table.advance();
    expect(table.view.phase.current).toBe(4);
  });

  it("DAY-3 one tap records the current voter's vote; the tally keeps FOUL-3 foul votes apart", () => {
    const table = new HostTable().advance(2);
    table.must({ actor: host, type: "foul", seat: 8, reason: "arguing" });
    table.must({ actor: host, type: "foul", seat: 8, reason: "arguing" });
    table.advance(12);
    expect(table.view.phase.step).toBe("voting");
    expect(table.view.phase.current).toBe(2);
    expect(seatActions(table.view, 7).map((a) => a.key)).toEqual(["menu.voteFor"]);
    expect(seatActions(table.view, 2)).toEqual([]);
    table.must(vote(2, 7)).must(vote(3, 7)).must(vote(4, 9));
    const rows = tallyOf(table.view);
    expect(rows).toEqual([
      { seat: 7, voters: [2, 3], foulVotes: 0, total: 2, void: false },
      { seat: 8, voters: [], foulVotes: 1, total: 1, void: false },
      { seat: 9, voters: [4], foulVotes: 0, total: 1, void: false },
    ]);
    expect(leaders(rows)).toEqual([7]);
    expect(votersAfter(table.view)[0]).toBe(6);
    expect(table.send(vote(6, 6))?.rule).toBe("DAY-3");
  });

  it("DAY-6 a tie brings split speeches, then a re-vote without foul votes, then lift-all", () => {
    const table = new HostTable().advance(2);
    table.must({ actor: host, type: "foul", seat: 8, reason: "arguing" });
    table.must({ actor: host, type: "foul", seat: 8, reason: "arguing" });
    table.advance(12);
    // Voting from 2: 2–6 and 7 name 9, the other six name 7: 6 each; 8 has his foul vote apart.
    const order = table.view.phase.queue;
    for (const voter of order)
      table.must(vote(voter, voter === 7 || [2, 3, 4, 5, 6].includes(voter) ? 9 : 7));
    expect(primaryOf(table.view)?.key).toBe("primary.announceCount"); // HOST-4
    table.advance();
    expect(table.view.phase.step).toBe("splitSpeeches");
    expect(primaryOf(table.view)?.key).toBe("primary.nextSpeaker");
    table.advance();
    expect(primaryOf(table.view)?.key).toBe("primary.startRevote");
    table.advance();
    expect(table.view.phase.candidates).toEqual([7, 9]);
    expect(tallyOf(table.view)).toEqual([]);
    for (const voter of table.view.phase.queue) {
      const target = voter === 7 ? 9 : voter === 9 ? 7 : [2, 3, 4, 5, 6].includes(voter) ? 9 : 7;
      table.must(vote(voter, target));
      if (voter === 8) expect(tallyOf(table.view).find((r) => r.seat === 8)).toBeUndefined();
    }
    table.advance(); // HOST-4: the count
    expect(table.view.phase.step).toBe("liftAll");
    expect(phaseTitle(table.view).key).toBe("step.day.liftAll");
    expect(liftCount(table.view)).toEqual({ yes: 0, no: 0, needed: 7 });
  });
});

describe("the primary button agrees with the engine in random games", () => {
  const PANEL_TYPES = new Set([
    "vote",
    "liftVote",
    "choose",
    "note",
    "grave",
    "ratingVote",
    "split",
    "contestVote",
  ]);
  for (const seed of ["a", "b", "c", "d", "e", "f"]) {
    it(`HOST-3 seed ${seed}: every step has either its enabled primary button or its panel's actions`, () => {
      const table = new HostTable({ hostBonusPlayers: 2 }, `web-${seed}`);
      const random = seededRandom(`walk-${seed}`);
      for (let step = 0; step < 4000 && table.state.phase.kind !== "closed"; step++) {
        const view = viewFor(table.state, "host");
        const primary = primaryOf(view);
        if (primary) {
          const accepted = execute(table.state, { ...primary.action, at: 1 }).ok;
          // DON-1: the only refusal the console adds: the Don's word waits for his grave choice.
          expect(primary.enabled).toBe(accepted && !graveOpen(view));
        }
        const panel = view.actions.filter((a) => PANEL_TYPES.has(a.type));
        if (!primary?.enabled)
          expect(panel.length, `${view.phase.kind} ${view.phase.step}`).toBeGreaterThan(0);
        if (awaiting(table.state).includes("host")) expect(primary?.enabled || panel.length > 0).toBeTruthy();
        const pick =
          primary?.enabled && (panel.length === 0 || random() < 0.5)
            ? primary.action
            : (panel[Math.floor(random() * panel.length)] as Action);
        table.must(pick);
        if (table.state.phase.kind === "rating" && table.state.phase.step.kind === "nominations") {
          table.must({ actor: host, type: "nominate", candidate: 1 + Math.floor(random() * 12) });
          table.must({ actor: host, type: "closeNominations" });
        }
      }
      expect(table.state.phase.kind).toBe("closed");
    });
  }
});
