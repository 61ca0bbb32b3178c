// FOUL-1 … FOUL-4: fouls and their reasons, remarks, foul votes, and the rights three and four fouls take.

import { FOUL_REASONS, REMARK_REASONS, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { firstNight, voteOut } from "./night-helpers.js";
import { Table } from "./scenario.js";

/** Day 1's discussion on the standard table. */
const day1 = () => new Table().advance();
const fouls = (t: Table, seat: number, n: number) => {
  for (let i = 0; i < n; i++) t.do({ type: "foul", seat, reason: "arguing" });
};
/** A day-1 vote where seats 1–5 and 8 vote for 9 and the rest for 8: six ballots each. */
const sixEach = (voter: number) => (voter <= 5 || voter === 8 ? 9 : 8);
const lastVoting = (t: Table) => t.state.votings[t.state.votings.length - 1];

describe("FOUL-1 fouls and their reasons", () => {
  it("FOUL-1 the host gives a foul with a reason, at once", () => {
    const t = day1();
    expect(t.do({ type: "foul", seat: 8, reason: "insult" })).toMatchObject([
      { type: "fouled", seat: 8, reason: "insult", count: 1, by: "host" },
    ]);
    expect(t.seat(8).fouls).toBe(1);
  });

  it("FOUL-1 every listed reason gives one foul; talking or gesturing at night gives two at once", () => {
    for (const reason of FOUL_REASONS) {
      const t = firstNight();
      t.do({ type: "foul", seat: 9, reason, note: "what happened" }); // FOUL-1: "other" needs its note
      expect(t.seat(9).fouls).toBe(reason === "nightTalk" ? 2 : 1);
    }
  });

  it("FOUL-1 a foul with another reason carries the host's note", () => {
    const t = day1();
    const [event] = t.do({ type: "foul", seat: 8, reason: "other", note: "left the table" });
    expect(event).toMatchObject({ reason: "other", note: "left the table" });
    expect(t.refuse({ type: "foul", seat: 8, reason: "other", note: "x".repeat(501) }).rule).toBe("COMMAND");
  });

  it("FOUL-1 a foul for another reason (other) carries the host's note: without one it is refused", () => {
    const t = day1();
    expect(t.refuse({ type: "foul", seat: 8, reason: "other" }).rule).toBe("FOUL-1");
    expect(t.refuse({ type: "foul", seat: 8, reason: "other", note: "  " }).rule).toBe("FOUL-1");
    expect(t.seat(8).fouls).toBe(0);
    t.do({ type: "foul", seat: 8, reason: "unethical" }); // a listed reason needs no note
    expect(t.seat(8).fouls).toBe(1);
  });

  it("FOUL-1 an unknown reason is refused, and only the host gives fouls", () => {
    const t = day1();
    expect(t.refuse({ type: "foul", seat: 8, reason: "sleeping" as never }).rule).toBe("FOUL-1");
    expect(t.refuse({ actor: 9, type: "foul", seat: 8, reason: "insult" }).rule).toBe("ACTOR");
    expect(t.refuse({ type: "foul", seat: 13, reason: "insult" }).rule).toBe("COMMAND");
  });

  it("FOUL-1 an outburst in the discussion may be a foul or a remark, as the host chooses", () => {
    const t = day1();
    t.do({ type: "foul", seat: 8, reason: "insult" });
    t.do({ type: "remark", seat: 8, reason: "insult" });
    expect(t.seat(8)).toMatchObject({ fouls: 1, remarks: 1 });
  });

  it("FOUL-1 nobody speaks at night", () => {
    const t = firstNight();
    expect(t.refuse({ actor: 9, type: "speak", seat: 9, text: "psst" }).rule).toBe("FOUL-1");
  });
});

describe("FOUL-2 remarks", () => {
  it("FOUL-2 every third remark becomes a foul, counted over the whole game", () => {
    const t = day1();
    t.do({ type: "remark", seat: 8, reason: "loud" });
    t.do({ type: "remark", seat: 8, reason: "swearing" });
    expect(t.seat(8)).toMatchObject({ remarks: 2, fouls: 0 });
    voteOut(t, 12);
    t.night({});
    t.advance(); // day 2's announcement
    const [event] = t.do({ type: "remark", seat: 8, reason: "insult" });
    expect(event).toMatchObject({ type: "remarked", seat: 8 });
    expect(t.seat(8)).toMatchObject({ remarks: 3, fouls: 1, foulVotes: 0 });
    for (let i = 0; i < 3; i++) t.do({ type: "remark", seat: 8, reason: "loud" });
    expect(t.seat(8)).toMatchObject({ remarks: 6, fouls: 2, foulVotes: 1 });
  });

  it("FOUL-2 a remark is for loud talk, insults or swearing: no other reason", () => {
    expect([...REMARK_REASONS]).toEqual(["loud", "insult", "swearing"]);
    const t = day1();
    expect(t.refuse({ type: "remark", seat: 8, reason: "other" as never }).rule).toBe("FOUL-2");
    for (const reason of REMARK_REASONS) t.do({ type: "remark", seat: 8, reason });
    expect(t.seat(8)).toMatchObject({ remarks: 3, fouls: 1 });
  });

  it("FOUL-2 remarks are made only in the day's discussion", () => {
    const t = new Table();
    expect(t.refuse({ type: "remark", seat: 8, reason: "loud" }).rule).toBe("FOUL-2"); // the deal
    t.advance();
    t.advance(); // the accusations
    expect(t.refuse({ type: "remark", seat: 8, reason: "loud" }).rule).toBe("FOUL-2");
    const n = firstNight();
    expect(n.refuse({ type: "remark", seat: 8, reason: "loud" }).rule).toBe("FOUL-2");
    n.night({});
    expect(n.refuse({ type: "remark", seat: 8, reason: "loud" }).rule).toBe("FOUL-2"); // the morning
  });

  it("FOUL-2 a remark has a listed reason, goes to a player in the game, and comes from the host", () => {
    const t = day1();
    expect(t.refuse({ type: "remark", seat: 8, reason: "yawning" as never }).rule).toBe("FOUL-2");
    expect(t.refuse({ actor: 9, type: "remark", seat: 8, reason: "loud" }).rule).toBe("ACTOR");
    t.do({ type: "disqualify", seat: 10 });
    expect(t.refuse({ type: "remark", seat: 10, reason: "loud" }).rule).toBe("FOUL-7");
  });
});

describe("FOUL-3 foul votes", () => {
  it("FOUL-3 the first foul is a warning; from the second on each foul adds a vote", () => {
    const t = day1();
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      t.do({ type: "foul", seat: 8, reason: "arguing" });
      seen.push(t.seat(8).foulVotes);
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    const u = day1();
    u.do({ type: "foul", seat: 8, reason: "nightTalk" }); // two at once: the second is a vote
    expect(u.seat(8)).toMatchObject({ fouls: 2, foulVotes: 1 });
  });

  it("FOUL-3 foul votes count in today's vote and can decide it", () => {
    const t = day1();
    fouls(t, 8, 3);
    t.toVoting().vote(sixEach);
    expect(lastVoting(t)?.foulVotes).toEqual([{ seat: 8, votes: 2 }]);
    expect(lastVoting(t)?.tally).toEqual([
      { seat: 8, votes: 8 },
      { seat: 9, votes: 6 },
    ]);
    expect(lastVoting(t)?.eliminated).toEqual([8]);
    expect(t.seat(8).foulVotes).toBe(0);
  });

  it("FOUL-3 a foul given during today's vote, before the count, counts today", () => {
    const t = day1();
    t.toVoting();
    t.do({ type: "vote", voter: 2, target: 9 });
    fouls(t, 11, 2);
    t.vote((voter) => (voter === 9 ? 10 : 9));
    expect(lastVoting(t)?.foulVotes).toEqual([{ seat: 11, votes: 1 }]);
  });

  it("FOUL-3 a foul vote given at night counts in the next day's vote", () => {
    const t = firstNight();
    t.do({ type: "foul", seat: 8, reason: "nightTalk" });
    expect(t.seat(8)).toMatchObject({ fouls: 2, foulVotes: 1 });
    t.night({});
    t.advance(); // day 1's announcement
    voteOut(t, 12);
    expect(lastVoting(t)).toMatchObject({ day: 1, round: "vote", foulVotes: [{ seat: 8, votes: 1 }] });
    expect(t.seat(8).foulVotes).toBe(0);
  });

  it("FOUL-3 each foul vote counts in one voting only", () => {
    const t = day1();
    fouls(t, 8, 2);
    voteOut(t, 12);
    expect(lastVoting(t)?.foulVotes).toEqual([{ seat: 8, votes: 1 }]);
    t.night({});
    voteOut(t, 11);
    expect(lastVoting(t)?.foulVotes).toEqual([]);
    expect(lastVoting(t)?.tally.find((x) => x.seat === 8)).toBeUndefined();
  });

  it("FOUL-3 never in a re-vote: a foul given after today's count waits for the next day's vote", () => {
    const t = day1();
    t.toVoting().vote(sixEach);
    expect(t.step).toBe("splitSpeeches");
    fouls(t, 8, 2);
    expect(t.seat(8).foulVotes).toBe(1);
    t.endSpeeches("splitSpeeches");
    t.vote(sixEach);
    expect(lastVoting(t)).toMatchObject({ round: "revote", foulVotes: [], tied: [8, 9] });
    t.liftAll(() => false);
    expect(t.state.phase.kind).toBe("night");
    expect(t.seat(8).foulVotes).toBe(1);
    t.night({});
    voteOut(t, 12);
    const day2 = t.state.votings.find((v) => v.day === 2 && v.round === "vote");
    expect(day2?.foulVotes).toEqual([{ seat: 8, votes: 1 }]);
  });
});

describe("FOUL-4 three and four fouls", () => {
  it("FOUL-4 after three fouls a player may not speak in the discussion nor make his accusation", () => {
    const t = day1();
    fouls(t, 8, 3);
    expect(viewFor(t.state, "spectator").seats[7]).toMatchObject({ fouls: 3, muted: true, noVote: false });
    expect(t.refuse({ actor: 8, type: "speak", seat: 8, text: "but…" }).rule).toBe("FOUL-4");
    t.advance();
    const speakers: number[] = [];
    while (t.step === "accusations") {
      speakers.push(t.current as number);
      t.advance();
    }
    expect(speakers).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12]);
    expect(viewFor(t.state, "spectator").phase.queue).toContain(8); // he keeps his vote
  });

  it("FOUL-4 with three fouls he keeps his split speech and his last word", () => {
    const t = day1();
    fouls(t, 8, 3);
    t.toVoting().vote((voter) => (voter <= 5 ? 9 : voter === 8 ? 10 : 8)); // 8 is ahead even without foul votes
    expect(lastVoting(t)?.eliminated).toEqual([8]);
    expect(t.current).toBe(8);
    t.do({ actor: 8, type: "speak", seat: 8, text: "my last word" });
    const v = day1();
    v.toVoting().vote(sixEach);
    fouls(v, 8, 3);
    expect(v.current).toBe(8);
    v.do({ actor: 8, type: "speak", seat: 8, text: "my split speech" });
  });

  it("FOUL-4 after four fouls he also loses his vote: in the vote, the re-vote and the lift-all", () => {
    const t = day1();
    fouls(t, 11, 4);
    fouls(t, 12, 4);
    expect(viewFor(t.state, "spectator").seats[11]).toMatchObject({ muted: true, noVote: true });
    t.toVoting();
    const voters: number[] = [];
    const record = (voter: number) => {
      voters.push(voter);
      return [1, 2, 3, 4, 8].includes(voter) ? 9 : 8;
    };
    t.vote(record);
    expect(voters).not.toContain(11);
    expect(voters).not.toContain(12);
    expect(lastVoting(t)?.ballots).toHaveLength(10);
    t.endSpeeches("splitSpeeches");
    expect(t.refuse({ actor: 12, type: "vote", voter: 12, target: 9 }).rule).toBe("FOUL-4");
    voters.length = 0;
    t.vote(record);
    expect(voters).toHaveLength(10);
    expect(voters).not.toContain(12);
    const answered: number[] = [];
    t.liftAll((voter) => answered.push(voter) < 0);
    expect(answered).toHaveLength(10);
    expect(answered).not.toContain(12);
  });
});
