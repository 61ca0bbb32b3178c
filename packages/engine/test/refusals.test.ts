// RULES.md "Which rule a refusal names": the most specific row, family by family, before the
// general rows about turns (DAY-3, FLOW-3), the end (TEAM-1) and the sender (ACTOR, COMMAND).

import { describe, expect, it } from "vitest";
import { firstNight, nightUntil } from "./night-helpers.js";
import { DON, MAFIA_A, MAFIA_B, PROSTITUTE, Table } from "./scenario.js";

/** Day 1, through a 6–6 tie between seats 12 and 1, to the re-vote (voting starter: seat 2). */
function revote(): Table {
  const t = new Table().advance().toVoting();
  t.vote((voter) => ([2, 3, 4, 5, 6, 12].includes(voter) ? DON : 12));
  return t.endSpeeches("splitSpeeches");
}

describe("a lost right before the turn", () => {
  it("FOUL-4 a vote by a player with four fouls names FOUL-4, not the turn", () => {
    const t = new Table().advance().giveFouls(5, 4).toVoting();
    expect(t.refuse({ type: "vote", voter: 5, target: 9 }).rule).toBe("FOUL-4");
    expect(t.refuse({ actor: 5, type: "vote", voter: 5, target: 9 }).rule).toBe("FOUL-4");
  });

  it("FOUL-4 a lift-all answer by a player with four fouls names FOUL-4", () => {
    const t = revote().giveFouls(9, 4).giveFouls(10, 4);
    t.vote((voter) => ([2, 3, 4, 5, 12].includes(voter) ? DON : 12)); // 5–5 again
    expect(t.step).toBe("liftAll");
    expect(t.refuse({ type: "liftVote", voter: 9, yes: true }).rule).toBe("FOUL-4");
  });
});

describe("the re-vote's own limit", () => {
  it("DAY-6 a re-vote for a player outside the tie, or for himself, names DAY-6", () => {
    const t = revote();
    expect(t.step).toBe("voting");
    expect(t.current).toBe(2);
    expect(t.refuse({ type: "vote", voter: 2, target: 9 }).rule).toBe("DAY-6");
    const u = revote();
    while (u.current !== 12) u.do({ type: "vote", voter: u.current as number, target: DON });
    expect(u.refuse({ type: "vote", voter: 12, target: 12 }).rule).toBe("DAY-6");
  });
});

describe("the night's own rows", () => {
  it("FLOW-4 a night-1 choice with firstNightActions off names FLOW-4", () => {
    const t = new Table({ settings: { firstPhase: "night", firstNightActions: false } }).advance();
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1, step: { kind: "acquaintance" } });
    expect(t.refuse({ type: "choose", seat: DON, target: 8 }).rule).toBe("FLOW-4");
    expect(t.refuse({ actor: PROSTITUTE, type: "choose", seat: PROSTITUTE, target: 8 }).rule).toBe("FLOW-4");
  });

  it("ACTING-DON a pointing by a mafioso while the Don makes the shot names ACTING-DON", () => {
    const t = firstNight();
    nightUntil(t, "mafia");
    expect(t.refuse({ type: "choose", seat: MAFIA_A, target: 9 }).rule).toBe("ACTING-DON");
    expect(t.refuse({ actor: MAFIA_B, type: "choose", seat: MAFIA_B, target: null }).rule).toBe("ACTING-DON");
  });

  it("NIGHT-2 a pointing by a frozen mafioso who does not make the shot names NIGHT-2", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: MAFIA_A });
    expect(t.refuse({ type: "choose", seat: MAFIA_A, target: 9 }).rule).toBe("NIGHT-2");
    const u = firstNight();
    nightUntil(u, "mafia", { prostitute: DON });
    expect(u.refuse({ type: "choose", seat: DON, target: 9 }).rule).toBe("NIGHT-2");
  });

  it("NIGHT-4 a shot by the other mafiosi when the frozen Don stops it names NIGHT-4", () => {
    const t = firstNight({ frozenDonStopsShot: true });
    nightUntil(t, "mafia", { prostitute: DON });
    expect(t.refuse({ type: "choose", seat: MAFIA_A, target: 9 }).rule).toBe("NIGHT-4");
    expect(t.refuse({ type: "choose", seat: DON, target: 9 }).rule).toBe("NIGHT-4");
  });

  it("NIGHT-4 a shot by the last mafioso, frozen, names NIGHT-4", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().disqualifySeats(DON, MAFIA_A);
    t.advance();
    nightUntil(t, "mafia", { prostitute: MAFIA_B });
    expect(t.refuse({ type: "choose", seat: MAFIA_B, target: 9 }).rule).toBe("NIGHT-4");
  });
});

describe("a player out of the game", () => {
  it("DAY-3 a vote by a player out of the game names DAY-3", () => {
    const t = new Table().advance().disqualifySeats(9).toVoting();
    expect(t.refuse({ type: "vote", voter: 9, target: 10 }).rule).toBe("DAY-3");
  });

  it("FLOW-3 a night choice by a player out of the game names FLOW-3", () => {
    const t = firstNight();
    t.disqualifySeats(6);
    expect(t.refuse({ type: "choose", seat: 6, target: 9 }).rule).toBe("FLOW-3");
    expect(t.refuse({ type: "choose", seat: 9, target: 10 }).rule).toBe("FLOW-3");
  });

  it("FOUL-7 a foul, a remark or a removal for a player out of the game names FOUL-7", () => {
    const t = new Table().advance().disqualifySeats(9);
    expect(t.refuse({ type: "foul", seat: 9, reason: "arguing" }).rule).toBe("FOUL-7");
    expect(t.refuse({ type: "remark", seat: 9, reason: "loud" }).rule).toBe("FOUL-7");
    expect(t.refuse({ type: "disqualify", seat: 9 }).rule).toBe("FOUL-7");
    t.advance();
    expect(t.refuse({ type: "remark", seat: 9, reason: "loud" }).rule).toBe("FOUL-7");
  });

  it("FOUL-7 an eliminated Don who already has two fouls takes no further foul", () => {
    const t = new Table().advance().giveFouls(DON, 2).toVoting();
    t.vote((voter) => (voter === DON ? 9 : DON));
    expect(t.current).toBe(DON); // his last word, the grave lost to his foul vote (DON-2)
    expect(t.refuse({ type: "foul", seat: DON, reason: "arguing" }).rule).toBe("FOUL-7");
    expect(t.seat(DON).fouls).toBe(2);
  });
});

describe("the settled rows", () => {
  it("DAY-7 a voting that ends the game gives no last word: the host announces the result", () => {
    const t = new Table().advance().disqualifySeats(DON, MAFIA_A, MAFIA_B).toVoting();
    t.vote((voter) => (voter === PROSTITUTE ? 8 : PROSTITUTE));
    expect(t.state.phase.kind).toBe("ended");
    expect(t.state.result?.winner).toBe("red");
    expect(t.refuse({ type: "advance" }).rule).toBe("HOST-2");
  });

  it("DAY-7 a Don whose elimination by the vote ends the game has no last word and takes nobody", () => {
    const t = new Table().advance().disqualifySeats(MAFIA_A, MAFIA_B, PROSTITUTE).toVoting();
    t.vote((voter) => (voter === DON ? 9 : DON));
    expect(t.state.phase.kind).toBe("ended");
    expect(t.refuse({ actor: DON, type: "grave", seat: DON, target: 9 }).rule).toBe("TEAM-1");
  });

  it("TEAM-1 a command after the end names TEAM-1", () => {
    const t = new Table().advance().disqualifySeats(DON, MAFIA_A, MAFIA_B, PROSTITUTE);
    expect(t.refuse({ type: "vote", voter: 5, target: 9 }).rule).toBe("TEAM-1");
    expect(t.refuse({ type: "choose", seat: 5, target: 9 }).rule).toBe("TEAM-1");
  });
});
