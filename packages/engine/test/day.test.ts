import type { Seat } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { COMMISSAR, DON, MANIAC, Table } from "./scenario.js";

/** Everyone votes seat 9, who votes seat 10. */
const outNine = (voter: Seat) => (voter === 9 ? 10 : 9);
/** A 6–6 tie between seats 8 and 9 (each votes for the other). */
const tieEightNine = (voter: Seat) => ([1, 2, 3, 4, 5, 9].includes(voter) ? 8 : 9);

/** Plays a day on which nobody leaves (tieRule "nobody") and a night on which nobody acts. */
function quietDayAndNight(t: Table): void {
  t.toVoting().vote(tieEightNine);
  t.night({});
  t.advance(); // the morning's announcement
}

describe("the discussion", () => {
  it("DAY-1 the general discussion lasts 150 seconds on days 1, 2 and 3", () => {
    const t = new Table({ settings: { tieRule: "nobody" } }).advance();
    for (const day of [1, 2, 3]) {
      expect(t.viewAs("host").phase).toMatchObject({ kind: "day", n: day, step: "discussion", seconds: 150 });
      quietDayAndNight(t);
    }
    expect(t.viewAs("host").phase).toMatchObject({ n: 4, step: "discussion", seconds: 150 });
  });

  it("DAY-1 a club lists its own discussion lengths; later days use the last entry", () => {
    const t = new Table({ settings: { tieRule: "nobody", discussionSeconds: [60, 90] } }).advance();
    const seconds: (number | null)[] = [];
    for (let day = 1; day <= 3; day++) {
      seconds.push(t.viewAs("host").phase.seconds);
      quietDayAndNight(t);
    }
    expect(seconds).toEqual([60, 90, 90]);
  });

  it("DAY-1 every living player may speak in the discussion; a player killed at night may not", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().night({ mafia: 11 }).advance();
    expect(t.step).toBe("discussion");
    t.do({ actor: 8, type: "speak", seat: 8, text: "I am a civilian" });
    t.do({ actor: 2, type: "speak", seat: 2, text: "So am I" });
    expect(t.state.speeches.map((s) => s.seat)).toEqual([8, 2]);
    expect(t.refuse({ actor: 11, type: "speak", seat: 11, text: "wait" }).rule).toBe("NIGHT-14");
  });
});

describe("the accusation speeches", () => {
  it("DAY-2 after the discussion every living player in turn has a 30-second accusation speech", () => {
    const t = new Table().advance();
    t.advance();
    const host = t.viewAs("host").phase;
    expect(host).toMatchObject({ step: "accusations", seconds: 30, current: 1 });
    expect(host.queue).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const speakers: Seat[] = [];
    while (t.step === "accusations") {
      speakers.push(t.current as Seat);
      t.advance();
    }
    expect(speakers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(t.step).toBe("voting");
  });

  it("DAY-2 the speech length is the speechSeconds setting", () => {
    const t = new Table({ settings: { speechSeconds: 45 } }).advance(2);
    expect(t.viewAs("host").phase.seconds).toBe(45);
  });

  it("DAY-2 only the player whose speech it is may speak", () => {
    const t = new Table().advance(2);
    t.do({ actor: 1, type: "speak", seat: 1, text: "I accuse seat 7" });
    const before = t.state.speeches.length;
    expect(t.refuse({ actor: 7, type: "speak", seat: 7, text: "That is a lie!" }).rule).toBe("DAY-2");
    expect(t.state.speeches).toHaveLength(before);
  });

  it("DAY-2 players out of the game have no accusation speech", () => {
    const t = new Table().advance().toVoting().vote(outNine).endSpeeches("lastWords");
    t.night({ mafia: COMMISSAR });
    t.advance(2); // announcement, discussion
    expect(t.state.phase).toMatchObject({ kind: "day", n: 2 });
    expect(t.viewAs("host").phase.queue).toEqual([3, 4, 6, 7, 8, 10, 11, 12, 1, 2]);
  });
});

describe("the vote", () => {
  it("DAY-3 the vote is open and in turn: each voter names one living player", () => {
    const t = new Table().advance().toVoting();
    expect(t.current).toBe(2);
    expect(t.refuse({ actor: 5, type: "vote", voter: 5, target: 9 }).rule).toBe("DAY-3");
    t.do({ actor: 2, type: "vote", voter: 2, target: 9 });
    t.do({ type: "vote", voter: 3, target: 10 });
    expect(t.viewAs(12).phase.ballots).toEqual([
      { voter: 2, target: 9 },
      { voter: 3, target: 10 },
    ]);
    expect(t.viewAs("spectator").phase.ballots).toHaveLength(2);
  });

  it("DAY-3 nobody may vote for himself, nor for a player who is out", () => {
    const t = new Table().advance().disqualifySeats(11).toVoting();
    expect(t.refuse({ type: "vote", voter: 2, target: 2 }).rule).toBe("DAY-3");
    expect(t.refuse({ type: "vote", voter: 2, target: 11 }).rule).toBe("DAY-3");
    expect(t.refuse({ type: "vote", voter: 2, target: 13 }).rule).toBe("DAY-3");
  });

  it("DAY-3 every voter must vote: the host cannot move past the vote", () => {
    const t = new Table().advance().toVoting();
    t.do({ type: "vote", voter: 2, target: 9 });
    expect(t.refuse({ type: "advance" }).rule).toBe("DAY-3");
  });

  it("DAY-3 there is no vote outside the voting", () => {
    const t = new Table().advance();
    expect(t.refuse({ type: "vote", voter: 1, target: 9 }).rule).toBe("DAY-3");
    t.advance();
    expect(t.refuse({ type: "vote", voter: 1, target: 9 }).rule).toBe("DAY-3");
  });

  it("DAY-3 a player who has lost his vote is passed over", () => {
    const t = new Table().advance().giveFouls(3, 4).toVoting();
    const voters: Seat[] = [];
    t.vote((voter) => (voters.push(voter) && voter === 9 ? 10 : 9));
    expect(voters).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1]);
  });

  it("DAY-3 if nobody may vote there is no vote: nobody leaves and foul votes wait", () => {
    const t = new Table().advance();
    for (let seat = 1; seat <= 12; seat++) t.giveFouls(seat, 4);
    t.advance(); // every accusation speech is muted, and nobody may vote
    expect(t.viewAs("host").host?.awaiting).toEqual(["host"]);
    t.count(); // HOST-4: the host announces that there is no vote
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
    expect(t.state.votings).toEqual([]);
    expect(t.state.seats.every((s) => s.out === null && s.foulVotes === 3)).toBe(true);
  });

  it("DAY-3 every voter losing his vote after the voting opens, before any ballot, means no vote that day", () => {
    const t = new Table().advance().toVoting();
    expect(t.current).toBe(2);
    for (let seat = 1; seat <= 12; seat++) t.giveFouls(seat, 4); // the voting starter first
    t.count();
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
    expect(t.state.votings).toEqual([]);
    expect(t.state.seats.every((s) => s.out === null && s.foulVotes === 3)).toBe(true);
  });
});

describe("the count", () => {
  it("DAY-4 the player with the most votes is eliminated", () => {
    const t = new Table().advance().toVoting();
    t.vote((voter) => (voter <= 4 ? 10 : voter === 9 ? 10 : 9));
    expect(t.seat(9).out).toMatchObject({ cause: "vote", when: { kind: "day", n: 1 } });
    expect(t.seat(10).out).toBeNull();
    const voting = t.state.votings[0];
    expect(voting?.tally).toEqual([
      { seat: 9, votes: 7 },
      { seat: 10, votes: 5 },
    ]);
    expect(voting?.eliminated).toEqual([9]);
  });

  it("DAY-4 foul votes count in the day's vote", () => {
    const t = new Table().advance().giveFouls(9, 3).toVoting();
    const choice: Record<Seat, Seat> = { 2: 9, 3: 9, 4: 10, 5: 10, 6: 10, 7: 11, 8: 11, 9: 11 };
    Object.assign(choice, { 10: 12, 11: 12, 12: 8, 1: 12 });
    t.vote((voter) => choice[voter] as Seat);
    const voting = t.state.votings[0];
    expect(voting?.foulVotes).toEqual([{ seat: 9, votes: 2 }]);
    expect(voting?.tally.find((x) => x.seat === 9)?.votes).toBe(4);
    expect(voting?.eliminated).toEqual([9]);
  });

  it("DAY-4 votes for a player who left the game before the count are void", () => {
    const t = new Table().advance().toVoting();
    for (const voter of [2, 3, 4, 5]) t.do({ type: "vote", voter, target: 9 });
    t.disqualifySeats(9);
    const choice: Record<Seat, Seat> = { 6: 10, 7: 10, 8: 10, 10: 12, 11: 12, 12: 11, 1: 11 };
    t.vote((voter) => choice[voter] as Seat);
    const voting = t.state.votings[0];
    expect(voting?.ballots.filter((b) => b.target === 9)).toHaveLength(4);
    expect(voting?.tally.map((x) => x.seat)).not.toContain(9);
    expect(voting?.eliminated).toEqual([10]);
  });
});

describe("last words", () => {
  it("DAY-7 a player voted out has a 30-second last word and his card is shown", () => {
    const t = new Table().advance().toVoting();
    t.vote((voter) => (voter === MANIAC ? 8 : MANIAC));
    expect(t.viewAs("host").phase).toMatchObject({ step: "lastWords", current: MANIAC, seconds: 30 });
    expect(t.viewAs(12).seats[MANIAC - 1]?.card).toBe("maniac");
    t.do({ actor: MANIAC, type: "speak", seat: MANIAC, text: "I was the maniac" });
    expect(t.refuse({ actor: 8, type: "speak", seat: 8, text: "Knew it" }).rule).toBe("DAY-2");
    t.advance();
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
  });

  it("DAY-7 the last word's length is the lastWordSeconds setting", () => {
    const t = new Table({ settings: { lastWordSeconds: 20 } }).advance().toVoting().vote(outNine);
    expect(t.viewAs("host").phase.seconds).toBe(20);
  });

  it("DAY-7 players eliminated together speak in seat order from the voting starter, each revealing his card", () => {
    // The voting starts at seat 2, so seat 1 speaks after seats 3 and 12.
    const t = new Table({ settings: { tieRule: "allTied" } }).advance().toVoting();
    const choice: Record<Seat, Seat> = { 12: 1, 2: 1, 4: 1, 5: 1, 1: 3, 6: 3, 7: 3, 8: 3 };
    t.vote((voter) => choice[voter] ?? 12);
    expect(t.state.votings.at(-1)?.eliminated).toEqual([3, 12, 1]);
    const order: Seat[] = [];
    while (t.step === "lastWords") {
      const speaker = t.current as Seat;
      order.push(speaker);
      expect(t.viewAs(8).seats[speaker - 1]?.card).toBe(t.seat(speaker).card);
      t.advance();
    }
    expect(order).toEqual([3, 12, 1]);
  });
});

describe("the host's announcement", () => {
  it("DAY-8 a night victim's death and card become public only when the host announces them", () => {
    const t = new Table().advance().toVoting().vote(outNine).endSpeeches("lastWords");
    t.night({ mafia: COMMISSAR });
    expect(t.step).toBe("morning");
    expect(t.seat(COMMISSAR).out?.cause).toBe("night");
    const before = t.viewAs(8);
    expect(before.seats[COMMISSAR - 1]).toMatchObject({ out: null, card: null });
    expect(before.nights).toEqual([]);
    expect(t.viewAs("host").host?.announce?.deaths).toEqual([{ seat: COMMISSAR, card: "commissar" }]);
    t.advance();
    const after = t.viewAs(8);
    expect(after.seats[COMMISSAR - 1]).toMatchObject({ out: { cause: "night" }, card: "commissar" });
    expect(after.nights[0]?.deaths).toEqual([{ seat: COMMISSAR, card: "commissar" }]);
  });

  it("DAY-8 the winner is public only when the host announces it", () => {
    const t = new Table().advance().disqualifySeats(2, 3, 4).toVoting();
    t.vote((voter) => (voter === DON ? 8 : DON));
    expect(t.state.phase.kind).toBe("ended");
    expect(t.viewAs("host").result).toMatchObject({ winner: "red", announced: false });
    expect(t.viewAs(8).result).toBeNull();
    expect(t.viewAs(DON).seats[7]?.card).toBeNull();
    t.do({ type: "announceResult" });
    expect(t.viewAs(8).result).toMatchObject({ winner: "red", announced: true });
    expect(t.viewAs(8).seats.every((s) => s.card !== null)).toBe(true);
  });
});

describe("the vote names somebody", () => {
  it("DAY-3 every voter must vote: a vote for nobody is refused", () => {
    const t = new Table().advance().toVoting();
    expect(t.refuse({ type: "vote", voter: 2, target: null as never }).rule).toBe("DAY-3");
    expect(t.refuse({ actor: 2, type: "vote", voter: 2, target: undefined as never }).rule).toBe("DAY-3");
    expect(t.current).toBe(2);
  });
});

describe("every way out of the day's vote has a last word", () => {
  /** The seats speaking their last words now, each with his card public to seat 8 as he speaks. */
  function lastWords(t: Table): Seat[] {
    const order: Seat[] = [];
    while (t.step === "lastWords") {
      const speaker = t.current as Seat;
      order.push(speaker);
      expect(t.viewAs("host").phase.seconds).toBe(30);
      expect(t.viewAs(8).seats[speaker - 1]?.card).toBe(t.seat(speaker).card);
      t.advance();
    }
    return order;
  }
  /** A 6–6 tie between seats 12 and 1. */
  const tieTwelveOne = (voter: Seat) => ([2, 3, 4, 5, 6, 12].includes(voter) ? DON : 12);

  it("DAY-7 plurality, re-vote, lift-all and allTied each give the eliminated a last word with his card", () => {
    const plurality = new Table().advance().toVoting().vote(outNine);
    expect(lastWords(plurality)).toEqual([9]);

    const revote = new Table().advance().toVoting().vote(tieTwelveOne).endSpeeches("splitSpeeches");
    revote.vote((voter) => (voter === 2 ? 12 : tieTwelveOne(voter)));
    expect(revote.state.votings[1]?.eliminated).toEqual([12]);
    expect(lastWords(revote)).toEqual([12]);

    const lift = new Table().advance().toVoting().vote(tieTwelveOne).endSpeeches("splitSpeeches");
    lift.vote(tieTwelveOne);
    lift.liftAll(() => true);
    expect(lift.state.votings[2]?.eliminated).toEqual([12, DON]);
    lift.advance(); // seat 12's word; the Don's word follows
    lift.do({ type: "grave", seat: DON, target: COMMISSAR });
    expect(lift.current).toBe(DON);
    expect(lastWords(lift)).toEqual([DON, COMMISSAR]);

    const allTied = new Table({ settings: { tieRule: "allTied" } }).advance().toVoting().vote(tieTwelveOne);
    expect(lastWords(allTied)).toEqual([12, DON]);
  });
});
