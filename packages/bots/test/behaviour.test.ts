// The heuristic bot's behaviours, one scripted table each: the test plays every other seat by hand
// and asks one seat's bot, over many seeds, what it would do from its own view. Each test also asks
// a random bot at the same moment, so it shows the behaviour is the heuristic's and not chance.

import type { Seat } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { against, COMMISSAR, DOCTOR, DON, MANIAC, Table } from "./table.js";

/** Day 1 votes out 12; night 1 the Don shoots 11 and the commissar checks `check`. */
function toDayTwo(check: Seat): Table {
  const t = new Table();
  t.until("voting").vote(against(12, 11));
  return t.night({ mafia: 11, commissar: check });
}

/** toDayTwo, then the commissar's own bot gives his accusation speech (his claims). */
function claimed(check: Seat): Table {
  const t = toDayTwo(check).until("accusations", COMMISSAR);
  const speech = t.ask(COMMISSAR, "speech");
  if (speech?.type !== "speak") throw new Error("the commissar did not speak");
  const { actor, ...body } = speech;
  return t.do(body, actor).until("voting");
}

describe("HeuristicBot: the commissar", () => {
  it("NIGHT-11 checks only players he has not checked yet", () => {
    // Night 2: he checked the Don on night 1; he never spends a check on him again.
    const t = toDayTwo(DON).until("voting").vote(against(10, 9));
    t.night({}, "commissar");
    const picks = t.picks(COMMISSAR);
    expect(picks.has(DON)).toBe(false);
    expect(picks.size).toBeGreaterThan(3); // the others are all unknown to him: he spreads over them
    expect(t.picks(COMMISSAR, 40, "random").has(DON)).toBe(true);
    // Night 3: two checks behind him, neither repeated.
    const second = t.ask(COMMISSAR, "night-2");
    if (second?.type !== "choose" || second.target === null) throw new Error("no check");
    t.do({ type: "choose", seat: COMMISSAR, target: second.target }, COMMISSAR);
    t.do({ type: "note", seat: COMMISSAR, leave: false }, COMMISSAR);
    const voter = (v: Seat) => (v === 8 ? 9 : 8);
    t.until("voting").vote(voter);
    t.night({}, "commissar");
    const third = t.picks(COMMISSAR);
    expect(third.has(DON)).toBe(false);
    expect(third.has(second.target)).toBe(false);
  });

  it("NIGHT-11 DAY-2 says what he found in his accusation speech, and only in his own", () => {
    const t = toDayTwo(DON).until("accusations", 4);
    expect(t.ask(COMMISSAR, "early")).toBeNull();
    t.do({ type: "advance" });
    expect(t.current).toBe(COMMISSAR);
    const claim = t.ask(COMMISSAR, "claim");
    expect(claim).toMatchObject({ actor: COMMISSAR, type: "speak", seat: COMMISSAR });
    // A sentence for the city, then the claim grammar for the bots (claims.ts).
    expect(claim?.type === "speak" && claim.text.split("\n").slice(1)).toEqual(["CHECK 1 BLACK"]);
    expect(t.ask(COMMISSAR, "claim", "random")).toBeNull();
  });
});

describe("HeuristicBot: the doctor", () => {
  it("NIGHT-6 heals the commissar once he has exposed himself by his claim", () => {
    const t = claimed(DON).vote(against(10, 9));
    t.night({}, "doctor");
    expect(t.picks(DOCTOR)).toEqual(new Set([COMMISSAR]));
    expect(t.picks(DOCTOR, 40, "random").size).toBeGreaterThan(1);
  });
});

describe("HeuristicBot: the mafia", () => {
  it("DAY-3 FLOW-4 once they have met, the mafiosi never vote for one another", () => {
    // Day 2, no claims: the Don and the mafia vote, each asked before his own ballot.
    const t = toDayTwo(8).until("voting");
    t.vote(against(10, 9), DON);
    for (const mafioso of [1, 2, 3] as const) {
      const picks = t.picks(mafioso);
      for (const partner of [1, 2, 3]) expect(picks.has(partner), `${mafioso} → ${partner}`).toBe(false);
      expect(picks.size).toBeGreaterThan(2);
      t.do({ type: "vote", voter: mafioso, target: 10 }, mafioso);
    }
  });

  it("DAY-3 FLOW-4 a random mafioso does vote for a partner now and then (the test can fail)", () => {
    const t = toDayTwo(8).until("voting");
    t.vote(against(10, 9), DON);
    const picks = t.picks(DON, 60, "random");
    expect(picks.has(2) || picks.has(3)).toBe(true);
  });
});

describe("HeuristicBot: the city votes on its evidence", () => {
  it("DAY-3 civilians vote for the player the commissar's claim names black", () => {
    const t = claimed(DON);
    t.vote(() => 10, 8);
    expect(t.picks(8)).toEqual(new Set([DON]));
    t.do({ type: "vote", voter: 8, target: DON }, 8);
    expect(t.picks(9)).toEqual(new Set([DON]));
    expect(t.picks(9, 40, "random").size).toBeGreaterThan(1);
  });

  it("DAY-3 civilians vote for a player who voted against the claimed commissar", () => {
    // The commissar checked 8 (red) and says so; seat 4 votes against him, then the city votes.
    const t = claimed(8);
    expect(t.current).toBe(4);
    t.do({ type: "vote", voter: 4, target: COMMISSAR }, 4);
    t.vote(() => 10, 8);
    expect(t.picks(8)).toEqual(new Set([4]));
    t.do({ type: "vote", voter: 8, target: 4 }, 8);
    expect(t.picks(9)).toEqual(new Set([4]));
  });
});

describe("HeuristicBot: the maniac", () => {
  it("NIGHT-10 shoots the player the commissar's claim names black", () => {
    const t = claimed(DON).vote(against(10, 9));
    t.night({}, "maniac");
    expect(t.picks(MANIAC)).toEqual(new Set([DON]));
    expect(t.picks(MANIAC, 40, "random").size).toBeGreaterThan(1);
  });

  it("NIGHT-10 shoots a player who voted against the claimed commissar", () => {
    const t = claimed(8);
    t.do({ type: "vote", voter: 4, target: COMMISSAR }, 4);
    t.vote(against(10, 9));
    t.night({}, "maniac");
    expect(t.picks(MANIAC)).toEqual(new Set([4]));
  });
});
