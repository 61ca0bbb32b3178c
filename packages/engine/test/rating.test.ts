// RATE-1 … RATE-7: after the game, the city's vote for the best players, the host's bonus and contests.

import { viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { toRating } from "./night-helpers.js";
import { Table } from "./scenario.js";

const points = (t: Table) => t.state.rating?.points;
const nominate = (t: Table, ...seats: number[]) => {
  for (const candidate of seats) t.do({ type: "nominate", candidate });
};
/** Every rated player votes in turn as `choose` says. */
const rate = (t: Table, choose: (voter: number) => number | null) => {
  while (t.step === "votes") {
    const voter = t.current as number;
    t.do({ actor: voter, type: "ratingVote", voter, candidate: choose(voter) });
  }
};
/** Candidates 5, 6 and 7 with four votes each. */
const fourEach = (voter: number) => ([1, 2, 3, 6].includes(voter) ? 5 : [4, 5, 7, 8].includes(voter) ? 6 : 7);
const contest = (t: Table, seat: number, value: number, supporters: readonly number[]) => {
  t.do({ type: "contest", seat, points: value });
  while (t.step === "contest") {
    const voter = t.current as number;
    t.do({ actor: voter, type: "contestVote", voter, support: supporters.includes(voter) });
  }
};

describe("RATE-1 after the game", () => {
  it("RATE-1 the rating begins only once the host has announced the result", () => {
    const t = new Table().advance();
    expect(t.refuse({ type: "nominate", candidate: 5 }).rule).toBe("RATE-1");
    for (const seat of [1, 2, 3, 4]) t.do({ type: "disqualify", seat });
    expect(t.state.phase.kind).toBe("ended");
    expect(t.refuse({ type: "nominate", candidate: 5 }).rule).toBe("RATE-1");
    t.do({ type: "announceResult" });
    expect(t.state.phase).toEqual({ kind: "rating", step: { kind: "nominations" } });
    expect(viewFor(t.state, "spectator").result).toMatchObject({ winner: "red", announced: true });
  });

  it("RATE-1 the host nominates, the city votes, and the host closes the rating", () => {
    const t = toRating();
    nominate(t, 5);
    expect(t.refuse({ type: "closeRating" }).rule).toBe("RATE-1");
    t.do({ type: "closeNominations" });
    expect(t.refuse({ type: "nominate", candidate: 6 }).rule).toBe("RATE-1");
    expect(t.refuse({ type: "closeNominations" }).rule).toBe("RATE-1");
    rate(t, (voter) => (voter === 5 ? null : 5));
    expect(t.step).toBe("review");
    expect(t.refuse({ actor: 5, type: "closeRating" }).rule).toBe("ACTOR");
    t.do({ type: "closeRating" });
    expect(t.state.phase.kind).toBe("closed");
    expect(points(t)?.[4]).toBe(3);
    expect(t.refuse({ type: "bonus", seat: 6, points: 1 }).rule).toBe("RATE-1");
  });
});

describe("RATE-2 a game that was not active", () => {
  it("RATE-2 with no candidates the city gives no points; the host's bonus and a contest remain", () => {
    const t = toRating();
    t.do({ type: "closeNominations" });
    expect(t.step).toBe("review");
    expect(t.state.rating?.votes).toEqual([]);
    expect(points(t)?.every((p) => p === 0)).toBe(true);
    t.do({ type: "bonus", seat: 8, points: 2 });
    contest(t, 9, 1, [1, 2]);
    expect(points(t)?.slice(7, 9)).toEqual([2, 1]);
  });
});

describe("RATE-3 the city's vote", () => {
  it("RATE-3 the three best get 3, 2 and 1 points", () => {
    const t = toRating();
    nominate(t, 5, 6, 7, 8);
    t.do({ type: "closeNominations" });
    rate(t, (v) => ([1, 2, 3, 4, 6].includes(v) ? 5 : [7, 8, 9, 10].includes(v) ? 6 : v === 12 ? 8 : 7));
    expect(points(t)?.slice(4, 8)).toEqual([3, 2, 1, 0]);
    expect(t.step).toBe("review");
  });

  it("RATE-3 only candidates with at least two votes get points", () => {
    const t = toRating();
    nominate(t, 5, 6, 7);
    t.do({ type: "closeNominations" });
    rate(t, (v) => (v === 5 ? 6 : v === 12 ? 7 : 5));
    expect(points(t)?.slice(4, 7)).toEqual([3, 0, 0]);
  });

  it("RATE-3 players may propose candidates, never themselves", () => {
    const t = toRating();
    nominate(t, 5);
    expect(t.refuse({ actor: 9, type: "nominate", candidate: 9 }).rule).toBe("RATE-3");
    t.do({ actor: 9, type: "nominate", candidate: 10 });
    expect(t.refuse({ actor: 8, type: "nominate", candidate: 10 }).rule).toBe("RATE-3"); // already one
    expect(t.state.rating?.candidates).toEqual([
      { seat: 5, by: "host" },
      { seat: 10, by: 9 },
    ]);
  });

  it("RATE-3 everyone who played votes in turn, the removed too, for one candidate, never himself", () => {
    const t = toRating();
    nominate(t, 5, 6);
    t.do({ type: "closeNominations" });
    expect(t.state.phase).toMatchObject({
      step: { kind: "votes", queue: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    });
    expect(t.seat(1).out?.cause).toBe("disqualified");
    expect(t.refuse({ actor: 2, type: "ratingVote", voter: 2, candidate: 5 }).rule).toBe("RATE-3");
    expect(t.refuse({ actor: 1, type: "ratingVote", voter: 1, candidate: 7 }).rule).toBe("RATE-3");
    expect(t.refuse({ actor: 1, type: "ratingVote", voter: 1, candidate: null }).rule).toBe("RATE-3");
    expect(t.refuse({ actor: 2, type: "ratingVote", voter: 1, candidate: 5 }).rule).toBe("ACTOR");
    rate(t, (v) => {
      if (v === 5)
        expect(t.refuse({ actor: 5, type: "ratingVote", voter: 5, candidate: 5 }).rule).toBe("RATE-3");
      return v === 5 ? 6 : 5;
    });
    expect(t.state.rating?.votes).toHaveLength(12);
  });

  it("RATE-3 a sole candidate votes for nobody, since he may not vote for himself", () => {
    const t = toRating();
    nominate(t, 5);
    t.do({ type: "closeNominations" });
    rate(t, (v) => {
      if (v === 5) return null;
      expect(t.refuse({ actor: v, type: "ratingVote", voter: v, candidate: null }).rule).toBe("RATE-3");
      return 5;
    });
    expect(t.state.rating?.votes.find((v) => v.voter === 5)).toEqual({ voter: 5, candidate: null });
  });
});

describe("RATE-4 the host's bonus", () => {
  it("RATE-4 the host adds 1 or 2 points to one player by default", () => {
    const t = toRating();
    t.do({ type: "closeNominations" });
    expect(t.refuse({ type: "bonus", seat: 8, points: 3 }).rule).toBe("RATE-4");
    expect(t.refuse({ type: "bonus", seat: 8, points: 0 }).rule).toBe("RATE-4");
    expect(t.refuse({ actor: 8, type: "bonus", seat: 8, points: 1 }).rule).toBe("ACTOR");
    t.do({ type: "bonus", seat: 8, points: 1 });
    expect(t.refuse({ type: "bonus", seat: 9, points: 1 }).rule).toBe("RATE-4");
    expect(t.state.rating?.bonuses).toEqual([{ seat: 8, points: 1 }]);
    expect(points(t)?.[7]).toBe(1);
  });

  it("RATE-4 hostBonusPlayers sets how many players may get the bonus, each once", () => {
    const two = new Table({ settings: { hostBonusPlayers: 2 } }).advance();
    for (const seat of [1, 2, 3, 4]) two.do({ type: "disqualify", seat });
    two.do({ type: "announceResult" });
    two.do({ type: "closeNominations" });
    two.do({ type: "bonus", seat: 8, points: 2 });
    expect(two.refuse({ type: "bonus", seat: 8, points: 1 }).rule).toBe("RATE-4");
    two.do({ type: "bonus", seat: 9, points: 1 });
    expect(two.refuse({ type: "bonus", seat: 10, points: 1 }).rule).toBe("RATE-4");
    const none = new Table({ settings: { hostBonusPlayers: 0 } }).advance();
    for (const seat of [1, 2, 3, 4]) none.do({ type: "disqualify", seat });
    none.do({ type: "announceResult" });
    none.do({ type: "closeNominations" });
    expect(none.refuse({ type: "bonus", seat: 8, points: 1 }).rule).toBe("RATE-4");
  });

  it("RATE-4 the bonus comes after the city's vote and adds to its points, up to 5", () => {
    const t = toRating();
    nominate(t, 5);
    expect(t.refuse({ type: "bonus", seat: 5, points: 2 }).rule).toBe("RATE-4");
    t.do({ type: "closeNominations" });
    rate(t, (v) => (v === 5 ? null : 5));
    t.do({ type: "bonus", seat: 5, points: 2 });
    expect(points(t)?.[4]).toBe(5);
  });

  it("RATE-4 no player gets more than 5 points for one game", () => {
    const t = toRating();
    t.do({ type: "closeNominations" });
    contest(t, 8, 5, [1, 2, 3]);
    expect(points(t)?.[7]).toBe(5);
    expect(t.refuse({ type: "bonus", seat: 8, points: 1 }).rule).toBe("RATE-4");
    expect(t.refuse({ type: "contest", seat: 8, points: 6 }).rule).toBe("RATE-4");
  });
});

describe("RATE-5 ties", () => {
  it("RATE-5 candidates tied for a place are split by the host, 1 to 3 points each", () => {
    const t = toRating();
    nominate(t, 5, 6, 7);
    t.do({ type: "closeNominations" });
    rate(t, fourEach);
    expect(t.state.phase).toEqual({ kind: "rating", step: { kind: "split", tied: [5, 6, 7] } });
    expect(t.refuse({ type: "bonus", seat: 5, points: 1 }).rule).toBe("RATE-4");
    const split = (p: number[]) => p.map((points, i) => ({ seat: 5 + i, points }));
    expect(t.refuse({ type: "split", points: split([2, 2]) }).rule).toBe("RATE-5");
    expect(t.refuse({ type: "split", points: split([3, 2, 0]) }).rule).toBe("RATE-5");
    expect(t.refuse({ type: "split", points: split([4, 2, 1]) }).rule).toBe("RATE-5");
    expect(t.refuse({ actor: 5, type: "split", points: split([2, 2, 2]) }).rule).toBe("ACTOR");
    t.do({ type: "split", points: split([2, 2, 2]) });
    expect(points(t)?.slice(4, 7)).toEqual([2, 2, 2]);
    expect(t.step).toBe("review");
  });

  it("RATE-5 a tie for second place: the first keeps his 3, the host splits the rest", () => {
    const t = toRating();
    nominate(t, 5, 6, 7);
    t.do({ type: "closeNominations" });
    rate(t, (v) => ([1, 2, 3, 4, 6, 7].includes(v) ? 5 : [5, 8, 9].includes(v) ? 6 : 7));
    expect(t.state.phase).toMatchObject({ step: { kind: "split", tied: [6, 7] } });
    expect(points(t)?.[4]).toBe(3);
    t.do({
      type: "split",
      points: [
        { seat: 6, points: 2 },
        { seat: 7, points: 1 },
      ],
    });
    expect(points(t)?.slice(4, 7)).toEqual([3, 2, 1]);
  });

  it("RATE-5 there is no split without a tie", () => {
    const t = toRating();
    t.do({ type: "closeNominations" });
    expect(t.refuse({ type: "split", points: [] }).rule).toBe("RATE-5");
  });
});

describe("RATE-6 contests", () => {
  it("RATE-6 a change passes with at least two supporting players, voting in turn", () => {
    const t = toRating();
    nominate(t, 5);
    t.do({ type: "closeNominations" });
    rate(t, (v) => (v === 5 ? null : 5));
    t.do({ type: "contest", seat: 5, points: 1 });
    expect(t.current).toBe(1);
    expect(t.refuse({ actor: 2, type: "contestVote", voter: 2, support: true }).rule).toBe("RATE-6");
    expect(t.refuse({ type: "bonus", seat: 5, points: 1 }).rule).toBe("RATE-4");
    while (t.step === "contest") {
      const voter = t.current as number;
      t.do({ actor: voter, type: "contestVote", voter, support: voter === 3 || voter === 9 });
    }
    expect(t.state.rating?.contests).toEqual([{ seat: 5, points: 1, support: [3, 9], passed: true }]);
    expect(points(t)?.[4]).toBe(1);
  });

  it("RATE-6 a change with one supporter fails and the points stand", () => {
    const t = toRating();
    t.do({ type: "closeNominations" });
    contest(t, 8, 2, [9]);
    expect(t.state.rating?.contests[0]).toMatchObject({ support: [9], passed: false });
    expect(points(t)?.[7]).toBe(0);
  });

  it("RATE-6 the contested player does not vote on his own change (the seed forbids supporting oneself)", () => {
    const t = toRating();
    t.do({ type: "closeNominations" });
    t.do({ type: "contest", seat: 1, points: 2 });
    expect(t.current).toBe(2);
    expect(t.refuse({ actor: 1, type: "contestVote", voter: 1, support: true }).rule).toBe("RATE-6");
    const voters: number[] = [];
    while (t.step === "contest") {
      const voter = t.current as number;
      voters.push(voter);
      t.do({ actor: voter, type: "contestVote", voter, support: true });
    }
    expect(voters).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(points(t)?.[0]).toBe(2);
  });

  it("RATE-6 a contest is put to the table by the host, after the city's vote", () => {
    const t = toRating();
    expect(t.refuse({ type: "contest", seat: 8, points: 2 }).rule).toBe("RATE-6");
    t.do({ type: "closeNominations" });
    expect(t.refuse({ actor: 8, type: "contest", seat: 8, points: 2 }).rule).toBe("ACTOR");
    expect(t.refuse({ type: "contestVote", voter: 1, support: true }).rule).toBe("RATE-6");
  });
});

describe("RATE-7 the club administration", () => {
  it("RATE-7 an administrator plays but is never a candidate and proposes nobody", () => {
    const t = toRating([9]);
    expect(t.seat(9).card).toBe("civilian");
    expect(t.refuse({ type: "nominate", candidate: 9 }).rule).toBe("RATE-7");
    expect(t.refuse({ actor: 9, type: "nominate", candidate: 5 }).rule).toBe("RATE-7");
    t.do({ actor: 8, type: "nominate", candidate: 5 });
  });

  it("RATE-7 an administrator does not vote in the rating vote nor in a contest", () => {
    const t = toRating([9]);
    nominate(t, 5);
    t.do({ type: "closeNominations" });
    expect(t.state.phase).toMatchObject({ step: { queue: [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12] } });
    rate(t, (v) => (v === 5 ? null : 5));
    expect(t.state.rating?.votes.map((v) => v.voter)).not.toContain(9);
    t.do({ type: "contest", seat: 5, points: 2 });
    expect(t.state.phase).toMatchObject({ step: { queue: [1, 2, 3, 4, 6, 7, 8, 10, 11, 12] } });
  });

  it("RATE-7 an administrator gets no points: no bonus, no contest", () => {
    const t = toRating([9]);
    t.do({ type: "closeNominations" });
    expect(t.refuse({ type: "bonus", seat: 9, points: 1 }).rule).toBe("RATE-7");
    expect(t.refuse({ type: "contest", seat: 9, points: 1 }).rule).toBe("RATE-7");
    expect(points(t)?.[8]).toBe(0);
  });
});

describe("HOST-3 undo in the rating", () => {
  it("HOST-3 nominations, votes, the split, the bonus and contests are undone step by step", () => {
    const t = toRating();
    const positions: string[] = [];
    const step = (body: Parameters<Table["do"]>[0]) => {
      positions.push(t.position());
      t.do(body);
    };
    for (const candidate of [5, 6, 7]) step({ type: "nominate", candidate });
    step({ type: "closeNominations" });
    while (t.step === "votes") {
      const voter = t.current as number;
      step({ actor: voter, type: "ratingVote", voter, candidate: fourEach(voter) });
    }
    step({ type: "split", points: [5, 6, 7].map((seat) => ({ seat, points: 2 })) });
    step({ type: "bonus", seat: 8, points: 1 });
    step({ type: "contest", seat: 9, points: 1 });
    while (t.step === "contest") {
      const voter = t.current as number;
      step({ actor: voter, type: "contestVote", voter, support: true });
    }
    expect(t.state.rating?.contests).toHaveLength(1);
    expect(t.viewAs("host").host?.canUndo).toBe(true);
    while (positions.length > 0) {
      t.do({ type: "undo" });
      expect(t.position()).toBe(positions.pop());
    }
    expect(t.state.phase).toEqual({ kind: "rating", step: { kind: "nominations" } });
    expect(t.refuse({ type: "undo" }).rule).toBe("HOST-3"); // the announced result stays final
    expect(t.viewAs("host").host?.canUndo).toBe(false);
  });

  it("HOST-3 once the rating is closed nothing is undone", () => {
    const t = toRating();
    t.do({ type: "closeNominations" });
    t.do({ type: "bonus", seat: 8, points: 2 });
    t.do({ type: "closeRating" });
    expect(t.refuse({ type: "undo" }).rule).toBe("HOST-3");
    expect(t.viewAs("host").host?.canUndo).toBe(false);
  });
});
