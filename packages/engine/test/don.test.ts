import type { Seat } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { COMMISSAR, DON, MAFIA_A, MANIAC, PROSTITUTE, Table } from "./scenario.js";

/** Everyone votes the Don out on day 1 (the Don votes seat 8). */
const outDon = (voter: Seat) => (voter === DON ? 8 : DON);
/** A 6–6 tie between seats 12 and 1. */
const tieTwelveOne = (voter: Seat) => ([2, 3, 4, 5, 6, 12].includes(voter) ? DON : 12);

function donVotedOut(): Table {
  return new Table().advance().toVoting().vote(outDon);
}

describe("the Don's grave", () => {
  it("DON-1 a Don voted out may take one living player to the grave, who leaves with a last word after him", () => {
    const t = donVotedOut();
    expect(t.viewAs("host").phase).toMatchObject({ step: "lastWords", current: DON });
    expect(t.viewAs(8).seats[DON - 1]?.card).toBe("don");
    const events = t.do({ actor: DON, type: "grave", seat: DON, target: COMMISSAR });
    expect(events).toMatchObject([{ type: "graveChosen", seat: DON, target: COMMISSAR, by: DON }]);
    expect(t.seat(COMMISSAR).out).toMatchObject({ cause: "grave", when: { kind: "day", n: 1 } });
    expect(t.viewAs("host").phase.queue).toEqual([DON, COMMISSAR]);
    t.advance();
    expect(t.current).toBe(COMMISSAR);
    expect(t.viewAs(8).seats[COMMISSAR - 1]?.card).toBe("commissar");
    expect(t.viewAs("host").phase.seconds).toBe(30);
    t.advance();
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
  });

  it("DON-1 the grave is a right, not a duty: the Don may decline, or let his last word end", () => {
    const t = donVotedOut();
    t.do({ actor: DON, type: "grave", seat: DON, target: null });
    expect(t.state.seats.filter((s) => s.out !== null).map((s) => s.seat)).toEqual([DON]);
    expect(t.refuse({ actor: DON, type: "grave", seat: DON, target: 8 }).rule).toBe("DON-1");
    const silent = donVotedOut().advance();
    expect(silent.state.phase.kind).toBe("night");
    expect(silent.state.seats.filter((s) => s.out !== null).map((s) => s.seat)).toEqual([DON]);
  });

  it("DON-1 the Don takes one player only", () => {
    const t = donVotedOut();
    t.do({ type: "grave", seat: DON, target: 9 });
    expect(t.refuse({ type: "grave", seat: DON, target: 10 }).rule).toBe("DON-1");
  });

  it("DON-1 the grave takes a living player other than the Don", () => {
    const t = new Table().advance().disqualifySeats(11).toVoting().vote(outDon);
    expect(t.refuse({ type: "grave", seat: DON, target: DON }).rule).toBe("DON-1");
    expect(t.refuse({ type: "grave", seat: DON, target: 11 }).rule).toBe("DON-1");
    expect(t.refuse({ type: "grave", seat: DON, target: 0 }).rule).toBe("DON-1");
  });

  it("DON-1 the host does not interfere: a black player may be taken too", () => {
    const t = donVotedOut();
    t.do({ type: "grave", seat: DON, target: MAFIA_A });
    expect(t.seat(MAFIA_A).out?.cause).toBe("grave");
  });

  it("DON-1 only the Don, and only in his own last word after a day's vote", () => {
    const maniac = new Table()
      .advance()
      .toVoting()
      .vote((voter) => (voter === MANIAC ? 8 : MANIAC));
    expect(maniac.refuse({ actor: MANIAC, type: "grave", seat: MANIAC, target: 8 }).rule).toBe("DON-1");
    const day = new Table().advance();
    expect(day.refuse({ type: "grave", seat: DON, target: 8 }).rule).toBe("DON-1");
    const after = donVotedOut().advance();
    expect(after.refuse({ type: "grave", seat: DON, target: 8 }).rule).toBe("DON-1");
  });

  it("DON-1 nobody may make the choice for the Don", () => {
    const t = donVotedOut();
    expect(t.refuse({ actor: MAFIA_A, type: "grave", seat: DON, target: 8 }).rule).toBe("ACTOR");
    expect(t.refuse({ actor: 8, type: "grave", seat: DON, target: 9 }).rule).toBe("ACTOR");
  });

  it("DON-1 a Don eliminated with others takes his grave in his own last word; the victim speaks after them", () => {
    const t = new Table({ settings: { tieRule: "allTied" } }).advance().toVoting().vote(tieTwelveOne);
    expect(t.viewAs("host").phase.queue).toEqual([12, DON]);
    expect(t.refuse({ type: "grave", seat: DON, target: 8 }).rule).toBe("DON-1");
    t.advance();
    t.do({ type: "grave", seat: DON, target: 8 });
    expect(t.viewAs("host").phase.queue).toEqual([12, DON, 8]);
    t.advance();
    expect(t.current).toBe(8);
  });

  it("DON-1 a Don killed at night or removed for fouls takes nobody", () => {
    const night = new Table({ settings: { firstPhase: "night" } }).advance().night({ maniac: DON });
    expect(night.seat(DON).out?.cause).toBe("night");
    night.advance();
    expect(night.refuse({ type: "grave", seat: DON, target: 8 }).rule).toBe("DON-1");
    const fouls = new Table().advance().giveFouls(DON, 5);
    expect(fouls.seat(DON).out?.cause).toBe("fouls");
    expect(fouls.refuse({ type: "grave", seat: DON, target: 8 }).rule).toBe("DON-1");
  });

  it("DON-1 the Don card's right stays with its holder: a mafioso voted out has no grave", () => {
    const t = new Table()
      .advance()
      .toVoting()
      .vote((voter) => (voter === MAFIA_A ? 8 : MAFIA_A));
    expect(t.current).toBe(MAFIA_A);
    expect(t.refuse({ type: "grave", seat: MAFIA_A, target: 8 }).rule).toBe("DON-1");
  });
});

describe("the Don's fouls", () => {
  it("DON-2 a Don with two fouls (a foul vote) has lost the grave", () => {
    const t = new Table().advance().giveFouls(DON, 2).toVoting().vote(outDon);
    expect(t.current).toBe(DON);
    expect(t.refuse({ type: "grave", seat: DON, target: 8 }).rule).toBe("DON-2");
    expect(t.seat(8).out).toBeNull();
  });

  it("DON-2 a Don with one foul (a warning only) keeps the grave", () => {
    const t = new Table().advance().giveFouls(DON, 1).toVoting().vote(outDon);
    t.do({ type: "grave", seat: DON, target: 8 });
    expect(t.seat(8).out?.cause).toBe("grave");
  });

  it("DON-2 a second foul given during his last word, before he names the grave, takes the right away", () => {
    const t = new Table().advance().giveFouls(DON, 1).toVoting().vote(outDon);
    t.do({ type: "foul", seat: DON, reason: "arguing" });
    expect(t.seat(DON).fouls).toBe(2);
    expect(t.refuse({ type: "grave", seat: DON, target: 8 }).rule).toBe("DON-2");
    t.advance();
    expect(t.state.phase.kind).toBe("night");
  });

  it("DON-2 three remarks make a foul, and a second foul that way also takes the grave", () => {
    const t = new Table().advance().giveFouls(DON, 1);
    for (let i = 0; i < 3; i++) t.do({ type: "remark", seat: DON, reason: "loud" });
    expect(t.seat(DON).fouls).toBe(2);
    t.toVoting().vote(outDon);
    expect(t.refuse({ type: "grave", seat: DON, target: PROSTITUTE }).rule).toBe("DON-2");
  });
});

describe("the grave after a tie", () => {
  it("DON-1 a Don voted out in the re-vote takes his grave in his last word", () => {
    const t = new Table().advance().toVoting().vote(tieTwelveOne).endSpeeches("splitSpeeches");
    t.vote((voter) => (voter === 7 ? DON : tieTwelveOne(voter)));
    expect(t.state.votings[1]).toMatchObject({ round: "revote", eliminated: [DON] });
    t.do({ actor: DON, type: "grave", seat: DON, target: 9 });
    expect(t.seat(9).out?.cause).toBe("grave");
    expect(t.viewAs("host").phase.queue).toEqual([DON, 9]);
  });

  it("DON-1 a Don voted out by the lift-all vote takes his grave in his own last word, after the seat before him", () => {
    const t = new Table().advance().toVoting().vote(tieTwelveOne).endSpeeches("splitSpeeches");
    t.vote(tieTwelveOne);
    t.liftAll(() => true);
    expect(t.viewAs("host").phase.queue).toEqual([12, DON]);
    expect(t.refuse({ type: "grave", seat: DON, target: 9 }).rule).toBe("DON-1");
    t.advance();
    t.do({ type: "grave", seat: DON, target: 9 });
    expect(t.viewAs("host").phase.queue).toEqual([12, DON, 9]);
  });

  it("DON-1 a Don voted out by allTied together with the last red ends the game: he takes nobody", () => {
    const t = new Table({ settings: { tieRule: "allTied" } }).advance();
    t.disqualifySeats(5, 6, 7, 8, 9, 10, 11); // living: 1 Don, 2–3 Mafia, 4 Prostitute, 12 a civilian
    const choice: Record<Seat, Seat> = { 2: 12, 3: DON, 4: 12, 12: DON, 1: MAFIA_A };
    t.toVoting().vote((voter) => choice[voter] as Seat);
    expect(t.state.votings[0]?.eliminated).toEqual([12, DON]);
    expect(t.state.result?.winner).toBe("black");
    expect(t.refuse({ type: "grave", seat: DON, target: PROSTITUTE }).rule).toBe("TEAM-1");
    expect(t.seat(PROSTITUTE).out).toBeNull();
  });
});
