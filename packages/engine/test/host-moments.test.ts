// HOST-4: a voting round is counted when the host announces it, a night resolved when the host ends
// it; what the host records in between takes effect there.

import { awaiting, legalActions } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { choose, firstNight, nightUntil } from "./night-helpers.js";
import { COMMISSAR, DON, MANIAC, Table } from "./scenario.js";

/** Day 1 to its vote; every voter names 9 but 9 himself (he names 10): 11–1, not yet counted. */
function allBallotsIn(settings = {}): Table {
  return new Table({ settings })
    .advance()
    .toVoting()
    .ballots((voter) => (voter === 9 ? 10 : 9));
}

describe("HOST-4 the count is the host's step", () => {
  it("HOST-4 after the last ballot the round waits for the host's count, which legalActions offers", () => {
    const t = allBallotsIn();
    expect(t.step).toBe("voting");
    expect(t.state.votings).toEqual([]);
    expect(awaiting(t.state)).toEqual(["host"]);
    expect(legalActions(t.state, "host")).toContainEqual({ actor: "host", type: "advance" });
    t.count();
    expect(t.state.votings[0]?.eliminated).toEqual([9]);
    expect(t.step).toBe("lastWords");
  });

  it("FOUL-3 a foul between the last ballot and the count adds its foul vote to today's count", () => {
    const t = new Table().advance().giveFouls(10, 1).toVoting();
    t.ballots((voter) => (voter <= 6 ? 9 : voter === 10 ? 11 : 10)); // 9: 6 votes, 10: 5, 11: 1
    t.giveFouls(10, 1); // his second foul: one foul vote, given before the count
    t.count();
    expect(t.state.votings[0]?.foulVotes).toEqual([{ seat: 10, votes: 1 }]);
    expect(t.state.votings[0]?.tied).toEqual([9, 10]);
    expect(t.seat(10).foulVotes).toBe(0);
  });

  it("DAY-4 a player disqualified between the last ballot and the count: the votes for him are void", () => {
    const t = allBallotsIn();
    t.do({ type: "disqualify", seat: 9 });
    expect(t.seat(9).out?.cause).toBe("disqualified");
    t.count();
    expect(t.state.votings[0]?.tally).toEqual([{ seat: 10, votes: 1 }]);
    expect(t.state.votings[0]?.eliminated).toEqual([10]);
  });

  it("TEAM-1 a quiet day's end is the host's count: a removal before it is the day's departure", () => {
    const settings = { drawAfterQuietPhases: 1, tieRule: "nobody" } as const;
    const tie = (voter: number) => ([1, 2, 3, 4, 5, 9].includes(voter) ? 8 : 9); // 6–6
    const quiet = new Table({ settings }).advance().toVoting().vote(tie);
    expect(quiet.state.result?.winner).toBe("draw");
    const t = new Table({ settings }).advance().toVoting().ballots(tie);
    t.do({ type: "disqualify", seat: 12 });
    t.count();
    expect(t.state.votings[0]?.eliminated).toEqual([]);
    expect(t.state.result).toBeNull();
    expect(t.state.phase.kind).toBe("night");
  });

  it("HOST-3 the count is undone like any other step", () => {
    const t = allBallotsIn();
    const before = t.position();
    t.count();
    t.do({ type: "undo" });
    expect(t.position()).toBe(before);
    expect(t.viewAs("host").host?.canUndo).toBe(true);
  });
});

describe("HOST-4 the night's end is the host's step", () => {
  it("HOST-4 after the last choice the night waits for the host: nobody dies before he ends it", () => {
    const t = firstNight();
    nightUntil(t, "commissar", { mafia: 9 });
    choose(t, COMMISSAR, null);
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1, step: { kind: "dawn" } });
    expect(t.seat(9).out).toBeNull();
    expect(awaiting(t.state)).toEqual(["host"]);
    expect(t.viewAs("host").host?.script?.role).toBe("dawn");
    t.advance();
    expect(t.seat(9).out?.cause).toBe("night");
    expect(t.step).toBe("morning");
  });

  it("FOUL-7 a player removed after the last choice and before the night's end leaves at once: the shot has no effect on him", () => {
    const t = firstNight();
    nightUntil(t, "commissar", { mafia: 9 });
    choose(t, COMMISSAR, null);
    t.do({ type: "disqualify", seat: 9 });
    t.advance();
    expect(t.seat(9).out?.cause).toBe("disqualified");
    expect(t.state.nights[0]?.outcome?.deaths).toEqual([]);
  });

  it("FOUL-1 night talk after the last wake is given in the night, before the morning", () => {
    const t = firstNight();
    nightUntil(t, "commissar");
    choose(t, COMMISSAR, null);
    t.do({ type: "foul", seat: MANIAC, reason: "nightTalk" });
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
    expect(t.seat(MANIAC).fouls).toBe(2);
  });

  it("TEAM-1 drawAfterQuietPhases: a removal before the night's end resets the count, so no draw", () => {
    const quiet = firstNight({ drawAfterQuietPhases: 1 });
    nightUntil(quiet, "commissar");
    choose(quiet, COMMISSAR, null);
    quiet.advance();
    expect(quiet.state.result?.winner).toBe("draw");
    const t = firstNight({ drawAfterQuietPhases: 1 });
    nightUntil(t, "commissar");
    choose(t, COMMISSAR, null);
    t.do({ type: "disqualify", seat: 12 });
    expect(t.state.result).toBeNull();
    t.advance();
    expect(t.state.result).toBeNull();
    expect(t.step).toBe("morning");
    expect(t.seat(DON).out).toBeNull();
  });
});
