// FOUL-5 … FOUL-7: the fifth foul, disqualification, and what a foul or a removal changes at once.

import { viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { choose, firstNight, nightUntil, voteOut, woken } from "./night-helpers.js";
import { COMMISSAR, DOCTOR, DON, MAFIA_A, MAFIA_B, MANIAC, PROSTITUTE, Table } from "./scenario.js";

const day1 = () => new Table().advance();
const fouls = (t: Table, seat: number, n: number) => {
  for (let i = 0; i < n; i++) t.do({ type: "foul", seat, reason: "arguing" });
};
const lastNight = (t: Table) => t.state.nights[t.state.nights.length - 1];

describe("FOUL-5 the fifth foul", () => {
  it("FOUL-5 at the fifth foul the player reveals his card and leaves without a last word; the game goes on", () => {
    const t = day1();
    fouls(t, MANIAC, 4);
    expect(t.seat(MANIAC).out).toBeNull();
    fouls(t, MANIAC, 1);
    expect(t.seat(MANIAC)).toMatchObject({ fouls: 5, revealed: true });
    expect(t.seat(MANIAC).out).toEqual({ cause: "fouls", when: { kind: "day", n: 1 }, announced: true });
    expect(viewFor(t.state, "spectator").seats[MANIAC - 1]).toMatchObject({
      card: "maniac",
      out: { cause: "fouls", kind: "day", n: 1 },
    });
    expect(t.step).toBe("discussion");
    expect(t.refuse({ actor: MANIAC, type: "speak", seat: MANIAC, text: "one more thing" }).rule).toBe(
      "NIGHT-14",
    );
    t.advance();
    while (t.step === "accusations") {
      expect(t.current).not.toBe(MANIAC);
      t.advance();
    }
  });

  it("FOUL-5 two fouls for night talk at four fouls make five, not six, and remove him at night", () => {
    const t = firstNight();
    fouls(t, 9, 4);
    t.do({ type: "foul", seat: 9, reason: "nightTalk" });
    expect(t.seat(9)).toMatchObject({ fouls: 5, revealed: true });
    expect(t.seat(9).out).toMatchObject({ cause: "fouls", when: { kind: "night", n: 1 } });
    expect(woken(t)).toBe("prostitute");
  });

  it("FOUL-5 the win check applies: fouling out the last black player ends the game for red", () => {
    const t = day1();
    for (const seat of [DON, MAFIA_A, MAFIA_B]) t.do({ type: "disqualify", seat });
    fouls(t, PROSTITUTE, 5);
    expect(t.state.result).toMatchObject({ winner: "red", when: { kind: "day", n: 1 }, announced: false });
    expect(t.refuse({ type: "foul", seat: 8, reason: "arguing" }).rule).toBe("TEAM-1");
  });

  it("FOUL-5 a fifth foul during his own accusation speech ends it: the next speaker goes on", () => {
    const t = day1();
    fouls(t, 3, 2);
    t.advance(); // the accusations, from seat 1
    t.advance(2);
    expect(t.current).toBe(3);
    t.do({ type: "foul", seat: 3, reason: "nightTalk" }); // 2 + 2 = 4: muted, the speech ends
    expect(t.current).toBe(4);
    t.do({ type: "foul", seat: 3, reason: "insult" });
    expect(t.seat(3).out?.cause).toBe("fouls");
  });
});

describe("FOUL-6 disqualification", () => {
  it("FOUL-6 a player who saw another's card reveals his card and leaves in silence", () => {
    const t = day1();
    const [event] = t.do({ type: "disqualify", seat: COMMISSAR });
    expect(event).toMatchObject({ type: "disqualified", seat: COMMISSAR });
    expect(t.seat(COMMISSAR)).toMatchObject({
      revealed: true,
      out: { cause: "disqualified", announced: true },
    });
    expect(viewFor(t.state, 9).seats[COMMISSAR - 1]?.card).toBe("commissar");
    expect(t.step).toBe("discussion");
    expect(t.refuse({ actor: COMMISSAR, type: "speak", seat: COMMISSAR, text: "but" }).rule).toBe("NIGHT-14");
  });

  it("FOUL-6 only the host disqualifies, only a player in the game, and never during the deal", () => {
    const t = new Table();
    expect(t.refuse({ type: "disqualify", seat: 8 }).rule).toBe("SETUP-4");
    t.advance();
    expect(t.refuse({ actor: 9, type: "disqualify", seat: 8 }).rule).toBe("ACTOR");
    t.do({ type: "disqualify", seat: 8 });
    expect(t.refuse({ type: "disqualify", seat: 8 }).rule).toBe("FOUL-7");
  });

  it("FOUL-6 a disqualification at night takes the player out at once and is checked for a win", () => {
    const t = firstNight();
    for (const seat of [DON, MAFIA_A, MAFIA_B]) t.do({ type: "disqualify", seat });
    expect(t.state.phase.kind).toBe("night");
    t.do({ type: "disqualify", seat: PROSTITUTE });
    expect(t.state.result).toMatchObject({ winner: "red", when: { kind: "night", n: 1 } });
  });
});

describe("FOUL-7 fouls and removals take effect at once", () => {
  it("FOUL-7 a third foul during his accusation speech ends it at once", () => {
    const t = day1();
    fouls(t, 2, 2);
    t.advance(2);
    expect(t.current).toBe(2);
    t.do({ type: "foul", seat: 2, reason: "outOfTurn" });
    expect(t.current).toBe(3);
    expect(t.refuse({ actor: 2, type: "speak", seat: 2, text: "as I was saying" }).rule).toBe("DAY-2");
  });

  it("FOUL-7 a vote already cast stands when its voter then loses his vote or leaves", () => {
    const t = day1();
    fouls(t, 2, 3);
    fouls(t, 3, 4);
    t.toVoting();
    t.do({ type: "vote", voter: 2, target: 9 });
    t.do({ type: "foul", seat: 2, reason: "arguing" }); // a fourth: no more votes, but this one stands
    t.do({ type: "vote", voter: 4, target: 9 });
    fouls(t, 4, 5); // removed: his vote stands too
    t.vote((voter) => (voter === 10 ? 9 : 10));
    const voting = t.state.votings[0];
    expect(voting?.ballots.slice(0, 2)).toEqual([
      { voter: 2, target: 9 },
      { voter: 4, target: 9 },
    ]);
    expect(voting?.ballots.map((b) => b.voter)).not.toContain(3);
  });

  it("FOUL-7 a fourth foul in the middle of the vote takes the vote of a player whose turn has not come", () => {
    const t = day1();
    fouls(t, 10, 3);
    t.toVoting();
    expect(t.current).toBe(2);
    t.do({ type: "vote", voter: 2, target: 9 });
    fouls(t, 10, 1);
    const voters: number[] = [];
    t.vote((voter) => {
      voters.push(voter);
      return voter === 9 ? 8 : 9;
    });
    expect(voters).toEqual([3, 4, 5, 6, 7, 8, 9, 11, 12, 1]);
    expect(t.state.votings[0]?.ballots.map((b) => b.voter)).not.toContain(10);
  });

  it("FOUL-7 what was done stands: a resolved night is not changed by a removal the next morning", () => {
    const t = firstNight();
    t.night({ prostitute: MANIAC, doctor: 9, mafia: 9 });
    t.do({ type: "disqualify", seat: DOCTOR });
    t.do({ type: "disqualify", seat: PROSTITUTE });
    expect(lastNight(t)?.outcome).toMatchObject({ freeze: MANIAC, heal: 9, deaths: [] });
    expect(t.seat(9).out).toBeNull();
    expect(t.step).toBe("morning");
  });

  it("FOUL-7 a player removed during a night makes no further choice: his step is passed over", () => {
    const t = firstNight();
    nightUntil(t, "doctor");
    t.do({ type: "disqualify", seat: MANIAC });
    choose(t, 6, null);
    choose(t, DON, null);
    expect(woken(t)).toBe("commissar");
  });

  it("FOUL-7 a shot naming a player removed that night has no effect on him", () => {
    const t = firstNight();
    nightUntil(t, "commissar", { mafia: 9, maniac: 10 });
    t.do({ type: "disqualify", seat: 9 });
    fouls(t, 10, 5);
    t.night({});
    expect(lastNight(t)?.outcome?.deaths).toEqual([]);
    expect(t.seat(9).out?.cause).toBe("disqualified");
    expect(t.seat(10).out?.cause).toBe("fouls");
  });

  it("FOUL-7 what was done stands: a check already answered, a freeze already made", () => {
    const t = firstNight();
    nightUntil(t, "maniac", { prostitute: MANIAC });
    t.do({ type: "disqualify", seat: PROSTITUTE });
    expect(t.refuse({ type: "choose", seat: MANIAC, target: 9 }).rule).toBe("NIGHT-2");
    choose(t, MANIAC, null);
    choose(t, COMMISSAR, DON);
    t.do({ type: "disqualify", seat: COMMISSAR });
    expect(t.nightRole).toBe("dawn"); // no note from a player out of the game
    t.advance();
    expect(t.state.checks).toEqual([{ night: 1, target: DON, black: true }]);
    expect(viewFor(t.state, COMMISSAR).you?.checks).toEqual([{ night: 1, target: DON, black: true }]);
    expect(lastNight(t)?.outcome?.freeze).toBe(MANIAC);
  });

  it("FOUL-7 fouls go only to players in the game", () => {
    const t = firstNight();
    t.night({ mafia: 9 });
    expect(t.refuse({ type: "foul", seat: 9, reason: "outOfTurn" }).rule).toBe("FOUL-7");
    t.advance();
    t.do({ type: "disqualify", seat: 10 });
    expect(t.refuse({ type: "foul", seat: 10, reason: "outOfTurn" }).rule).toBe("FOUL-7");
    voteOut(t, 11);
    expect(t.refuse({ type: "foul", seat: 11, reason: "outOfTurn" }).rule).toBe("FOUL-7");
    expect(t.refuse({ type: "foul", seat: 9, reason: "nightTalk" }).rule).toBe("FOUL-7");
  });

  it("FOUL-7 a voted-out Don may be fouled before he names his grave; two fouls then lose it", () => {
    const t = day1();
    t.do({ type: "foul", seat: DON, reason: "arguing" });
    t.toVoting().vote((voter) => (voter === DON ? 9 : DON));
    expect(t.current).toBe(DON);
    t.do({ type: "foul", seat: DON, reason: "arguing" });
    expect(t.seat(DON).fouls).toBe(2);
    expect(t.refuse({ actor: DON, type: "grave", seat: DON, target: 9 }).rule).toBe("DON-2");
  });

  it("FOUL-7 a Don who has lost his grave to two fouls gets no more: he is out of the game", () => {
    const t = new Table({ settings: { tieRule: "allTied" } }).advance();
    t.toVoting().vote((voter) => (voter === DON || (voter > 6 && voter !== 8) ? 8 : DON));
    expect(t.current).toBe(8); // the Don's last word is still to come
    fouls(t, DON, 2);
    expect(t.refuse({ type: "foul", seat: DON, reason: "arguing" }).rule).toBe("FOUL-7");
    t.advance();
    expect(t.current).toBe(DON);
    expect(t.refuse({ type: "foul", seat: DON, reason: "nightTalk" }).rule).toBe("FOUL-7");
    expect(t.seat(DON).fouls).toBe(2);
    const u = day1();
    u.toVoting().vote((voter) => (voter === DON ? 9 : DON));
    expect(u.current).toBe(DON); // in his own last word
    fouls(u, DON, 2);
    expect(u.refuse({ type: "foul", seat: DON, reason: "arguing" }).rule).toBe("FOUL-7");
  });

  it("FOUL-7 a Don who has named his grave gets no more fouls", () => {
    const t = day1();
    t.toVoting().vote((voter) => (voter === DON ? 9 : DON));
    t.do({ actor: DON, type: "grave", seat: DON, target: 9 });
    expect(t.refuse({ type: "foul", seat: DON, reason: "arguing" }).rule).toBe("FOUL-7");
  });

  it("FOUL-7 a Don voted out with others may be fouled while the others give their last words", () => {
    const t = new Table({ settings: { tieRule: "allTied" } }).advance();
    t.toVoting().vote((voter) => (voter === DON || (voter > 6 && voter !== 8) ? 8 : DON));
    expect(t.state.votings[0]?.eliminated).toEqual([8, DON]);
    expect(t.current).toBe(8);
    t.do({ type: "foul", seat: DON, reason: "arguing" });
    t.do({ type: "foul", seat: DON, reason: "arguing" });
    t.advance(); // 8's last word ends; the Don's begins
    expect(t.current).toBe(DON);
    expect(t.refuse({ actor: DON, type: "grave", seat: DON, target: 9 }).rule).toBe("DON-2");
  });
});
