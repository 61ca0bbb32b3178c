import { type Seat, teamOf } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { COMMISSAR, DON, MAFIA_A, MAFIA_B, MANIAC, PROSTITUTE, Table } from "./scenario.js";

/** Votes a tie between seats 8 and 9 among whoever is alive (with tieRule "nobody", nobody leaves). */
function voteQuietly(t: Table): Table {
  t.toVoting();
  const voters = t.viewAs("host").phase.queue.filter((seat) => seat !== 8 && seat !== 9);
  const half = Math.floor(voters.length / 2);
  const target = new Map<Seat, Seat>([
    [8, 9],
    [9, 8],
  ]);
  voters.forEach((voter, i) => {
    target.set(voter, i < half ? 8 : i < 2 * half ? 9 : (voters[0] as Seat));
  });
  return t.vote((voter) => target.get(voter) as Seat);
}

const BLACK_BUT_PROSTITUTE = [DON, MAFIA_A, MAFIA_B];
const REDS = [5, 6, 7, 8, 9, 10, 11, 12];

describe("the win check", () => {
  it("TEAM-1 red wins when no black player is alive, at once, with no last word", () => {
    const t = new Table().advance().disqualifySeats(...BLACK_BUT_PROSTITUTE);
    expect(t.state.result).toBeNull();
    t.toVoting().vote((voter) => (voter === PROSTITUTE ? 8 : PROSTITUTE));
    expect(t.state.result).toEqual({ winner: "red", when: { kind: "day", n: 1 }, announced: false });
    expect(t.state.phase.kind).toBe("ended");
  });

  it("TEAM-1 black wins when no red player is alive", () => {
    const t = new Table().advance().disqualifySeats(5, 6, 7, 8, 9, 10, 11);
    expect(t.state.result).toBeNull();
    t.toVoting().vote((voter) => (voter === 12 ? DON : 12));
    expect(t.state.result?.winner).toBe("black");
  });

  it("TEAM-1 the check runs after every elimination: a removal can end the game", () => {
    const t = new Table().advance().disqualifySeats(DON, MAFIA_A);
    t.giveFouls(MAFIA_B, 5);
    expect(t.state.result).toBeNull();
    t.disqualifySeats(PROSTITUTE);
    expect(t.state.result?.winner).toBe("red");
  });

  it("TEAM-1 a night that kills the last black and the last red together is a draw", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance();
    t.disqualifySeats(MAFIA_A, MAFIA_B, PROSTITUTE, COMMISSAR, 6, 8, 9, 10, 11, 12);
    t.night({ mafia: MANIAC, maniac: DON });
    expect(t.state.result).toEqual({ winner: "draw", when: { kind: "night", n: 1 }, announced: false });
  });

  it("TEAM-1 a vote that eliminates the last black and the last red together is a draw", () => {
    const t = new Table({ settings: { tieRule: "allTied" } }).advance();
    t.disqualifySeats(MAFIA_A, MAFIA_B, PROSTITUTE, COMMISSAR, 6, 8, 9, 10, 11, 12);
    t.toVoting().vote((voter) => (voter === DON ? MANIAC : DON));
    expect(t.state.result?.winner).toBe("draw");
  });

  it("TEAM-1 a finished game accepts no further game actions", () => {
    const t = new Table().advance().disqualifySeats(DON, MAFIA_A, MAFIA_B, PROSTITUTE);
    expect(t.state.phase.kind).toBe("ended");
    expect(t.refuse({ type: "foul", seat: 8, reason: "other" }).rule).toBe("TEAM-1");
    expect(t.refuse({ type: "disqualify", seat: 8 }).rule).toBe("TEAM-1");
    expect(t.refuse({ type: "vote", voter: 8, target: 9 }).rule).toBe("TEAM-1");
    expect(t.refuse({ type: "choose", seat: COMMISSAR, target: 9 }).rule).toBe("TEAM-1");
    expect(t.refuse({ type: "grave", seat: DON, target: 9 }).rule).toBe("TEAM-1");
    expect(t.refuse({ type: "advance" }).rule).toBe("HOST-2");
  });

  it("TEAM-1 a Don whose elimination ends the game takes nobody to the grave", () => {
    const t = new Table().advance().disqualifySeats(MAFIA_A, MAFIA_B, PROSTITUTE);
    t.toVoting().vote((voter) => (voter === DON ? 8 : DON));
    expect(t.state.result?.winner).toBe("red");
    expect(t.refuse({ actor: DON, type: "grave", seat: DON, target: 8 }).rule).toBe("TEAM-1");
    expect(t.seat(8).out).toBeNull();
  });

  it("TEAM-1 a grave that takes the last red ends the game at once", () => {
    const t = new Table().advance().disqualifySeats(5, 6, 7, 8, 9, 10, 11);
    // Living: 1 Don, 2 and 3 Mafia, 4 Prostitute, 12 a civilian.
    t.toVoting().vote((voter) => (voter === DON ? 12 : DON));
    expect(t.state.result).toBeNull();
    t.do({ actor: DON, type: "grave", seat: DON, target: 12 });
    expect(t.state.result?.winner).toBe("black");
    expect(t.state.phase.kind).toBe("ended");
  });
});

describe("the win-check settings", () => {
  it("TEAM-1 blackWinsAtParity off (default): living black ≥ living red does not end the game", () => {
    const t = new Table().advance().disqualifySeats(5, 6, 7, 8, 9, 10, 11);
    expect(t.state.result).toBeNull();
    expect(t.state.phase.kind).toBe("day");
  });

  it("TEAM-1 blackWinsAtParity on: black wins as soon as living black ≥ living red", () => {
    const t = new Table({ settings: { blackWinsAtParity: true } }).advance();
    t.disqualifySeats(5, 6, 7);
    expect(t.state.result).toBeNull(); // 4 black, 5 red
    t.disqualifySeats(8);
    expect(t.state.result).toMatchObject({ winner: "black", when: { kind: "day", n: 1 } });
  });

  it("TEAM-1 blackWinsAtParity on: a night kill that brings parity ends the game", () => {
    const t = new Table({ settings: { blackWinsAtParity: true, firstPhase: "night" } }).advance();
    t.disqualifySeats(5, 6, 7);
    t.night({ mafia: 8 });
    expect(t.state.result).toMatchObject({ winner: "black", when: { kind: "night", n: 1 } });
  });

  it("TEAM-1 drawAfterQuietPhases: N phases in a row with nobody leaving end the game as a draw", () => {
    const t = new Table({ settings: { drawAfterQuietPhases: 2, tieRule: "nobody" } }).advance();
    voteQuietly(t);
    expect(t.state.quietPhases).toBe(1);
    expect(t.state.result).toBeNull();
    t.night({});
    expect(t.state.result).toEqual({ winner: "draw", when: { kind: "night", n: 1 }, announced: false });
    expect(t.state.phase.kind).toBe("ended");
  });

  it("TEAM-1 drawAfterQuietPhases is a sliding count: a phase in which someone leaves starts it over", () => {
    const t = new Table({ settings: { drawAfterQuietPhases: 2, tieRule: "nobody" } }).advance();
    voteQuietly(t); // day 1: quiet
    t.night({ mafia: 10 }); // night 1: seat 10 dies
    expect(t.state.quietPhases).toBe(0);
    voteQuietly(t.advance()); // day 2: quiet
    expect(t.state.result).toBeNull();
    t.night({}); // night 2: quiet
    expect(t.state.result).toMatchObject({ winner: "draw", when: { kind: "night", n: 2 } });
  });

  it("TEAM-1 drawAfterQuietPhases counts any departure, a removal included", () => {
    const t = new Table({ settings: { drawAfterQuietPhases: 1, tieRule: "nobody" } }).advance();
    voteQuietly(t.disqualifySeats(12));
    expect(t.state.result).toBeNull();
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
    t.night({});
    expect(t.state.result?.winner).toBe("draw");
  });

  it("TEAM-1 drawAfterQuietPhases off (default): quiet phases never end the game", () => {
    const t = new Table({ settings: { tieRule: "nobody" } }).advance();
    for (let day = 1; day <= 3; day++) voteQuietly(t).night({}).advance();
    expect(t.state.result).toBeNull();
    expect(t.state.quietPhases).toBe(6);
  });
});

describe("the maniac's team", () => {
  it("TEAM-2 the maniac is red: black has not won while he lives", () => {
    const t = new Table().advance().disqualifySeats(...REDS.filter((s) => s !== MANIAC));
    expect(t.state.result).toBeNull();
    t.toVoting().vote((voter) => (voter === MANIAC ? DON : MANIAC));
    expect(t.state.result?.winner).toBe("black");
  });

  it("TEAM-2 red wins when every black player is dead, even if only the maniac is left", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance();
    t.disqualifySeats(...REDS.filter((s) => s !== MANIAC), MAFIA_A, MAFIA_B, PROSTITUTE);
    expect(t.state.result).toBeNull();
    t.night({ maniac: DON });
    expect(t.state.result?.winner).toBe("red");
  });

  it("TEAM-2 the commissar's check of the maniac says red", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().night({ commissar: MANIAC });
    expect(t.state.checks).toEqual([{ night: 1, target: MANIAC, black: false }]);
    expect(t.viewAs(COMMISSAR).you?.checks).toEqual([{ night: 1, target: MANIAC, black: false }]);
  });

  it("TEAM-2 the maniac's own view and the card's team say red", () => {
    expect(teamOf("maniac")).toBe("red");
    expect(new Table().viewAs(MANIAC).you?.team).toBe("red");
  });
});

describe("a finished game and the host's undo", () => {
  it("TEAM-1 a finished game refuses every game action but the host's undo, which takes the end back", () => {
    const t = new Table().advance().disqualifySeats(DON, MAFIA_A, MAFIA_B);
    t.disqualifySeats(PROSTITUTE);
    expect(t.state.result?.winner).toBe("red");
    expect(t.refuse({ type: "remark", seat: 8, reason: "loud" }).rule).toBe("TEAM-1");
    expect(t.refuse({ actor: 8, type: "liftVote", voter: 8, yes: true }).rule).toBe("TEAM-1");
    expect(t.refuse({ type: "note", seat: COMMISSAR, leave: true }).rule).toBe("TEAM-1");
    t.do({ type: "undo" });
    expect(t.state.result).toBeNull();
    expect(t.seat(PROSTITUTE).out).toBeNull();
    expect(t.state.phase).toMatchObject({ kind: "day", n: 1, step: { kind: "discussion" } });
  });
});
