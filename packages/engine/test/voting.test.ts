import type { Seat, Settings } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { DON, MANIAC, Table } from "./scenario.js";

/** A 6–6 tie between seats 12 and 1: each votes for the other. */
const tieTwelveOne = (voter: Seat) => ([2, 3, 4, 5, 6, 12].includes(voter) ? DON : 12);
/** A 6–6 tie between seats 8 and 9. */
const tieEightNine = (voter: Seat) => ([1, 2, 3, 4, 5, 9].includes(voter) ? 8 : 9);

/** Day 1, through a tied vote between seats 12 and 1 (voting starter: seat 2). */
function tiedDay(settings: Partial<Settings> = {}): Table {
  return new Table({ settings }).advance().toVoting().vote(tieTwelveOne);
}

/** The starters of the accusation round and of the voting round, in that order. */
function starters(t: Table): [Seat, Seat] {
  while (t.step !== "accusations") t.advance();
  const accusations = t.state.lastStarter as Seat;
  t.toVoting();
  return [accusations, t.state.votingStarter as Seat];
}

describe("who starts", () => {
  it("DAY-5 with everyone alive: day 1 accusations at 1, voting at 2, day 2 accusations at 3, voting at 4", () => {
    const t = new Table({ settings: { tieRule: "nobody" } }).advance();
    expect(starters(t)).toEqual([1, 2]);
    expect(t.current).toBe(2);
    t.vote(tieEightNine).night({});
    expect(t.state.seats.every((s) => s.out === null)).toBe(true);
    expect(starters(t)).toEqual([3, 4]);
    expect(t.viewAs("host").phase.queue).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3]);
  });

  it("DAY-5 the first accusation round starts at the next living seat when seat 1 is out", () => {
    const t = new Table().advance().disqualifySeats(1);
    expect(starters(t)).toEqual([2, 3]);
  });

  it("DAY-5 each round starts at the first living seat after the previous starter, clockwise 12 → 1", () => {
    // Only seats 1 (the Don), 7 (the maniac) and 12 (a civilian) are left at the table.
    const t = new Table({ settings: { tieRule: "nobody" } }).advance();
    t.disqualifySeats(2, 3, 4, 5, 6, 8, 9, 10, 11);
    expect(starters(t)).toEqual([1, 7]);
    t.vote((voter) => (voter === 7 ? 1 : voter === 1 ? 12 : 7)).night({});
    expect(starters(t)).toEqual([12, 1]);
    expect(t.viewAs("host").phase.queue).toEqual([1, 7, 12]);
  });

  it("DAY-5 a muted starter is passed over in his accusation round but still counts as its starter", () => {
    const t = new Table().advance().giveFouls(DON, 3).advance();
    expect(t.state.lastStarter).toBe(DON);
    expect(t.current).toBe(2);
    t.toVoting();
    expect(t.state.votingStarter).toBe(2);
  });

  it("DAY-5 a voting starter without a vote is passed over but still counts as its starter", () => {
    const t = new Table({ settings: { tieRule: "nobody" } }).advance().giveFouls(2, 4).toVoting();
    expect(t.state.votingStarter).toBe(2);
    expect(t.current).toBe(3);
    t.vote((voter) => (voter === 9 ? 10 : 9))
      .endSpeeches("lastWords")
      .night({});
    expect(t.state.votings[0]?.starter).toBe(2);
    expect(starters(t)).toEqual([3, 4]);
  });

  it("DAY-5 a day without a vote still counts its voting round", () => {
    const t = new Table().advance();
    for (let seat = 1; seat <= 12; seat++) t.giveFouls(seat, 4);
    t.advance().count();
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
    expect(t.state.lastStarter).toBe(2);
    // Day 2: the accusations (all muted) start at seat 3 and the voting (nobody may vote) at seat 4.
    t.night({}).advance(2).count();
    expect(t.state.phase).toMatchObject({ kind: "night", n: 2 });
    expect(t.state.lastStarter).toBe(4);
  });

  it("DAY-5 split speeches and re-votes do not start a new round", () => {
    const t = tiedDay();
    t.endSpeeches("splitSpeeches");
    expect(t.current).toBe(2);
    t.vote(tieTwelveOne);
    t.liftAll(() => false);
    t.night({});
    expect(starters(t)).toEqual([3, 4]);
  });
});

describe("a tie (default: re-vote, then lift all)", () => {
  it("DAY-6 each tied player has a 30-second split speech in seat order from the voting starter", () => {
    const t = tiedDay();
    expect(t.state.votings[0]).toMatchObject({ round: "vote", tied: [12, 1], eliminated: [] });
    expect(t.viewAs("host").phase).toMatchObject({ step: "splitSpeeches", queue: [12, DON], seconds: 30 });
    t.do({ actor: 12, type: "speak", seat: 12, text: "I am red" });
    expect(t.refuse({ actor: DON, type: "speak", seat: DON, text: "Me too" }).rule).toBe("DAY-2");
    t.advance();
    expect(t.current).toBe(DON);
  });

  it("DAY-6 the split speech's length is the splitSpeechSeconds setting", () => {
    const t = tiedDay({ splitSpeechSeconds: 40 });
    expect(t.viewAs("host").phase.seconds).toBe(40);
  });

  it("DAY-6 a muted player keeps his split speech", () => {
    const t = new Table().advance().giveFouls(12, 3).toVoting();
    t.vote((voter) => (voter === 7 || voter === 8 ? 10 : tieTwelveOne(voter))); // 12: 4 votes + 2 foul votes
    expect(t.state.votings[0]?.tied).toEqual([12, DON]);
    expect(t.step).toBe("splitSpeeches");
    expect(t.current).toBe(12);
  });

  it("DAY-6 the re-vote is in the order of the day's vote, for one of the tied players only, not oneself", () => {
    const t = tiedDay().endSpeeches("splitSpeeches");
    expect(t.viewAs("host").phase).toMatchObject({ step: "voting", candidates: [12, DON], current: 2 });
    expect(t.refuse({ type: "vote", voter: 2, target: 5 }).rule).toBe("DAY-6");
    for (let voter = 2; voter < 12; voter++) t.do({ type: "vote", voter, target: voter === 2 ? 12 : DON });
    expect(t.refuse({ type: "vote", voter: 12, target: 12 }).rule).toBe("DAY-6");
    t.do({ type: "vote", voter: 12, target: DON });
    t.do({ type: "vote", voter: DON, target: 12 });
    t.count();
    expect(t.state.votings[1]).toMatchObject({ round: "revote", starter: 2, eliminated: [DON] });
    expect(t.state.votings[1]?.tally).toEqual([
      { seat: 12, votes: 2 },
      { seat: DON, votes: 10 },
    ]);
    expect(t.viewAs("host").phase).toMatchObject({ step: "lastWords", current: DON });
  });

  it("DAY-6 foul votes are not counted again in the re-vote", () => {
    const t = new Table().advance().giveFouls(12, 2).toVoting();
    t.vote((voter) => (voter === 11 ? 10 : tieTwelveOne(voter))); // 12: 5 votes + 1 foul vote, 1: 6
    expect(t.state.votings[0]).toMatchObject({ tied: [12, DON], foulVotes: [{ seat: 12, votes: 1 }] });
    t.endSpeeches("splitSpeeches").vote(tieTwelveOne);
    expect(t.state.votings[1]).toMatchObject({ round: "revote", foulVotes: [], tied: [12, DON] });
  });

  it("DAY-6 a second tie goes to a lift-all vote in the same order; more than half yes eliminates them all", () => {
    const t = tiedDay().endSpeeches("splitSpeeches").vote(tieTwelveOne);
    expect(t.viewAs("host").phase).toMatchObject({ step: "liftAll", candidates: [12, DON], current: 2 });
    expect(t.refuse({ type: "liftVote", voter: 3, yes: true }).rule).toBe("DAY-6");
    expect(t.refuse({ type: "advance" }).rule).toBe("DAY-6");
    const answerers: Seat[] = [];
    t.liftAll((voter) => answerers.push(voter) <= 7);
    expect(answerers).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1]);
    expect(t.state.votings[2]).toMatchObject({ round: "liftAll", eliminated: [12, DON] });
    expect(t.seat(12).out?.cause).toBe("vote");
    expect(t.seat(DON).out?.cause).toBe("vote");
    expect(t.viewAs("host").phase).toMatchObject({ step: "lastWords", queue: [12, DON] });
  });

  it("DAY-6 half the answers yes is not more than half: nobody is eliminated", () => {
    const t = tiedDay().endSpeeches("splitSpeeches").vote(tieTwelveOne);
    let yes = 6;
    t.liftAll(() => yes-- > 0);
    expect(t.state.votings[2]).toMatchObject({ round: "liftAll", eliminated: [] });
    expect(t.state.seats.every((s) => s.out === null)).toBe(true);
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
  });

  it("DAY-6 a three-way tie gives three split speeches and a re-vote among the three", () => {
    const t = new Table().advance().toVoting();
    const choice: Record<Seat, Seat> = { 12: 1, 2: 1, 4: 1, 5: 1, 1: 3, 6: 3, 7: 3, 8: 3 };
    t.vote((voter) => choice[voter] ?? 12);
    expect(t.viewAs("host").phase.queue).toEqual([3, 12, 1]);
    t.endSpeeches("splitSpeeches");
    expect(t.viewAs("host").phase.candidates).toEqual([3, 12, 1]);
    t.vote((voter) => (voter === MANIAC ? 1 : (choice[voter] ?? 12)));
    expect(t.state.votings[1]?.eliminated).toEqual([1]);
  });
  it("DAY-6 the lift-all vote is on the players tied in the re-vote only", () => {
    const t = new Table().advance().toVoting();
    const choice: Record<Seat, Seat> = { 12: 1, 2: 1, 4: 1, 5: 1, 1: 3, 6: 3, 7: 3, 8: 3 };
    t.vote((voter) => choice[voter] ?? 12).endSpeeches("splitSpeeches");
    const revote: Record<Seat, Seat> = { 1: 3, 12: 3, 2: 3, 4: 3, 5: 3, 10: 1, 11: 1 };
    t.vote((voter) => revote[voter] ?? 12); // 3: 5, 12: 5, 1: 2
    expect(t.viewAs("host").phase).toMatchObject({ step: "liftAll", candidates: [3, 12] });
    t.liftAll(() => true);
    expect(t.state.votings[2]?.eliminated).toEqual([3, 12]);
    expect(t.seat(DON).out).toBeNull();
  });
});

describe("the other tie rules", () => {
  it('DAY-6 tieRule "revoteThenNobody": after a second tie nobody is eliminated', () => {
    const t = tiedDay({ tieRule: "revoteThenNobody" });
    expect(t.step).toBe("splitSpeeches");
    t.endSpeeches("splitSpeeches").vote(tieTwelveOne);
    expect(t.state.votings.map((v) => v.round)).toEqual(["vote", "revote"]);
    expect(t.state.votings[1]?.eliminated).toEqual([]);
    expect(t.state.seats.every((s) => s.out === null)).toBe(true);
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
  });

  it('DAY-6 tieRule "revoteThenNobody": a re-vote with a leader still eliminates him', () => {
    const t = tiedDay({ tieRule: "revoteThenNobody" }).endSpeeches("splitSpeeches");
    t.vote((voter) => (voter === 7 ? DON : tieTwelveOne(voter)));
    expect(t.state.votings[1]?.eliminated).toEqual([DON]);
    expect(t.step).toBe("lastWords");
  });

  it('DAY-6 tieRule "nobody": a tie eliminates nobody at once, with no split speeches', () => {
    const t = tiedDay({ tieRule: "nobody" });
    expect(t.state.votings).toHaveLength(1);
    expect(t.state.votings[0]).toMatchObject({ eliminated: [], tied: [] });
    expect(t.state.seats.every((s) => s.out === null)).toBe(true);
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
  });

  it('DAY-6 tieRule "allTied": a tie eliminates every tied player at once, each with a last word', () => {
    const t = tiedDay({ tieRule: "allTied" });
    expect(t.state.votings).toHaveLength(1);
    expect(t.state.votings[0]?.eliminated).toEqual([12, DON]);
    expect(t.viewAs("host").phase).toMatchObject({ step: "lastWords", queue: [12, DON], current: 12 });
    t.endSpeeches("lastWords");
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
  });

  it("DAY-6 a clear plurality is the same under every tie rule", () => {
    for (const tieRule of ["revoteThenLiftAll", "revoteThenNobody", "nobody", "allTied"] as const) {
      const t = new Table({ settings: { tieRule } }).advance().toVoting();
      t.vote((voter) => (voter === 7 ? DON : tieTwelveOne(voter)));
      expect(t.state.votings.map((v) => v.eliminated)).toEqual([[DON]]);
    }
  });
});

describe("who starts, with the night first", () => {
  it('DAY-5 with firstPhase "night" the first accusation round is still day 1\'s, at seat 1 or the next living seat', () => {
    const alive = new Table({ settings: { firstPhase: "night" } }).advance().night({}).advance();
    expect(starters(alive)).toEqual([1, 2]);
    // Seat 1 (the Don) dies in night 1: the first round starts at seat 2, the voting at seat 3.
    const t = new Table({ settings: { firstPhase: "night" } }).advance().night({ maniac: DON }).advance();
    expect(t.seat(DON).out?.cause).toBe("night");
    expect(starters(t)).toEqual([2, 3]);
  });
});

describe("a tied player who leaves before the re-vote", () => {
  it("DAY-4 DAY-6 a tied player removed during the split speeches is no candidate, and no vote can name him", () => {
    const t = tiedDay(); // 12 and 1 tied; split speeches 12, then 1
    t.disqualifySeats(12);
    expect(t.current).toBe(DON);
    t.advance();
    expect(t.viewAs("host").phase).toMatchObject({ step: "voting", candidates: [DON] });
    expect(t.refuse({ type: "vote", voter: 2, target: 12 }).rule).toBe("DAY-6");
    t.vote(() => DON);
    expect(t.state.votings[1]).toMatchObject({ round: "revote", eliminated: [DON] });
    expect(t.step).toBe("lastWords");
  });
});
