// The recap (RATE-1): the game's course told after it, from the record, with every card and choice.

import type { GameState } from "@misto/engine";
import { recap, recapSections, recapText, replayRecord } from "@misto/record";
import { describe, expect, it } from "vitest";
import { Play, randomGame } from "./play.js";

const WINNER_TEXT = { red: "red wins", black: "black wins", draw: "the game is a draw" } as const;

/** Every seat out of the game at the end, and whether the recap names its leaving. */
function checkEliminations(state: GameState, lines: readonly string[]) {
  for (const s of state.seats) {
    if (!s.out) continue;
    const n = s.out.when.n;
    if (s.out.cause === "night") {
      const night = lines.filter((l) => l.startsWith(`Night ${n}: `) && /died: /.test(l));
      expect(night.some((l) => new RegExp(`died: (\\d+, )*${s.seat}(,|$)`).test(l))).toBe(true);
    } else {
      const kind = s.out.when.kind === "day" ? "Day" : "Night";
      expect(lines.some((l) => l.startsWith(`${kind} ${n}: ${s.seat} (${s.card}) `))).toBe(true);
    }
  }
}

describe("recap", () => {
  it("RATE-1 a played game's recap names the winner and every elimination", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 1 ? 2 : 1));
    t.do({ type: "grave", seat: 1, target: 9 });
    t.endSpeeches("lastWords");
    t.night({ mafia: 5 });
    t.advance();
    t.do({ type: "disqualify", seat: 11 });
    t.finish();
    const lines = recapText(recap(t.record()));
    const state = replayRecord(t.record());
    expect(state.result?.winner).toBe("red");
    expect(lines.at(-1)).toMatch(/: the game is over: red wins$/);
    expect(lines).toContain("Day 1: 1 (don) voted out");
    expect(lines).toContain("Day 1: the Don 1 takes 9 to the grave");
    expect(lines).toContain("Day 1: 9 (civilian) taken to the grave");
    expect(lines).toContain("Day 2: 11 (civilian) disqualified");
    checkEliminations(state, lines);
  });

  for (const seed of ["alpha", "bravo", "delta", "foxtrot"]) {
    it(`random game "${seed}": the recap names the winner and every elimination`, () => {
      const t = randomGame(seed);
      const lines = recapText(recap(t.record()));
      const winner = t.state.result?.winner;
      if (!winner) throw new Error("the game did not end");
      expect(lines.some((l) => l.includes(`the game is over: ${WINNER_TEXT[winner]}`))).toBe(true);
      checkEliminations(t.state, lines);
      const undos = t.events.filter((e) => e.type === "undone").length;
      expect(lines.filter((l) => l.includes(": the host undoes ")).length).toBe(undos);
    });
  }

  it("NIGHT-6 NIGHT-11 a night in one line: freeze, heal, shots, check, deaths", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.night({ prostitute: 5, doctor: 5, mafia: 9, commissar: 1 });
    const lines = recapText(recap(t.record()));
    expect(lines).toContain(
      "Night 1: prostitute froze 5 (the heal cancels it); doctor healed 5; mafia shot 9; maniac shot nobody; commissar checked 1: black; died: 9",
    );
    t.advance();
    expect(recapText(recap(t.record())).at(-1)).toBe(
      "Day 2: the host announces the night: died: 9 (civilian)",
    );
  });

  it("NIGHT-2 frozen roles do not act; NIGHT-12 a note left by a survivor burns", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.night({ prostitute: 6, mafia: 10, maniac: 11, commissar: 7 }, true);
    const night = recapText(recap(t.record())).find((l) => l.startsWith("Night 1: "));
    expect(night).toBe(
      "Night 1: prostitute froze 6; doctor is frozen; mafia shot 10; maniac shot 11; commissar checked 7: red; the commissar left a note (it burns); died: 10, 11",
    );
  });

  it("NIGHT-2 FOUL-7 a freeze on a player removed that night is not told as cancelled by a heal", () => {
    const t = new Play({ settings: { firstPhase: "night" } });
    t.advance(2);
    t.do({ type: "choose", seat: 4, target: 9 });
    t.do({ type: "disqualify", seat: 9 });
    t.night({ doctor: 8 });
    const lines = recapText(recap(t.record())).filter((l) => l.startsWith("Night 1: "));
    expect(lines).toContain(
      "Night 1: prostitute froze 9; doctor healed 8; mafia shot nobody; maniac shot nobody; commissar checked nobody; nobody died",
    );
  });

  it("FLOW-4 a first night of acquaintance only", () => {
    const t = new Play({ settings: { firstPhase: "night", firstNightActions: false } });
    t.advance(2);
    const entries = recap(t.record());
    expect(recapText(entries)).toContain("Night 1: the acquaintance only, nobody acts; nobody died");
    expect(entries.find((e) => e.kind === "night")).toMatchObject({ n: 1, deaths: [], note: "none" });
  });

  it("ACTING-DON NIGHT-5 disagreeing mafiosi shoot nobody; the lone prostitute shoots", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 1 ? 2 : 1));
    t.endSpeeches("lastWords");
    t.night({});
    const mafiaChoices = t.events.filter((e) => e.type === "chose" && e.role === "mafia");
    expect(mafiaChoices).toHaveLength(2);
    // Night 1 above: both mafiosi skipped. Night 2: they disagree.
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.do({ type: "choose", seat: 4, target: null });
    t.do({ type: "choose", seat: 6, target: null });
    t.do({ type: "choose", seat: 2, target: 8 });
    t.do({ type: "choose", seat: 3, target: 9 });
    t.night({});
    const lines = recapText(recap(t.record()));
    expect(lines.find((l) => l.startsWith("Night 2: "))).toContain(
      "mafia shot nobody (2 showed 8, 3 showed 9)",
    );
    expect(lines.find((l) => l.startsWith("Night 1: "))).toContain("mafia shot nobody;");
  });

  it("DAY-6 the voting entries carry ballots, the tally and the tie's outcome", () => {
    const t = new Play({ settings: { tieRule: "revoteThenNobody" } });
    t.advance().toVoting();
    const split = (voter: number) => (voter === 8 ? 9 : voter === 9 ? 8 : voter % 2 === 0 ? 8 : 9);
    t.vote(split).endSpeeches("splitSpeeches").vote(split);
    const votings = recap(t.record()).filter((e) => e.kind === "voting");
    expect(votings).toHaveLength(2);
    const lines = recapText(votings);
    expect(lines[0]).toMatch(
      /^Day 1: vote \(from 2\): 2→8, 3→9, .*; tally 8: 6, 9: 6 → tie 8, 9: split speeches, then a re-vote$/,
    );
    expect(lines[1]).toMatch(/^Day 1: re-vote \(from 2\): .* → nobody out$/);
  });

  it("RATE-3 RATE-4 the rating entry shows candidates, votes and points", () => {
    const t = new Play();
    t.advance().finish().rate([3, 8], { seat: 12, points: 2 });
    const entries = recap(t.record());
    expect(entries.at(-1)).toMatchObject({
      kind: "rating",
      candidates: [3, 8],
      points: [
        { seat: 3, points: 3 },
        { seat: 12, points: 2 },
      ],
      closed: true,
    });
    expect(recapText(entries).at(-1)).toBe(
      "After the game: rating: candidates 3, 8; votes: 3 ×11, 8 ×1; the host's bonus: 12 +2; rating points: 3: 3, 12: 2",
    );
  });

  it("SETUP-4 the deal and a new deal show every card", () => {
    const t = new Play({ seed: "one" });
    t.do({ type: "redeal", seed: "two" });
    const lines = recapText(recap(t.record()));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Deal: the deal, seed "one": 1 Olena \(\w+\), 2 Taras/);
    expect(lines[1]).toMatch(/^Deal: a new deal, seed "two": /);
    for (const s of t.state.seats) expect(lines[1]).toContain(`${s.seat} ${s.name} (${s.card})`);
  });

  it("FLOW-1 recapSections groups the timeline by phase, in the order of play", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.night({ mafia: 9 });
    t.advance();
    const sections = recapSections(recap(t.record()));
    expect(sections.map((s) => s.phase)).toEqual([
      { kind: "deal" },
      { kind: "day", n: 1 },
      { kind: "night", n: 1 },
      { kind: "day", n: 2 },
    ]);
    expect(sections[1]?.entries.map((e) => e.kind)).toEqual(["voting", "out"]);
  });
});
