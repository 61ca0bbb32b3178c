// Who a bot plays at an online table, as the phone and the table's page hold it: a well-formed `away`
// message of this table is taken, anything else (another table, a malformed one) changes nothing,
// and every announcement has its words in ru, uk and en.

import { describe, expect, it } from "vitest";
import { AWAY_STRINGS } from "../src/i18n/core.js";
import { type Away, awayAfter, awayNotice, isAway, NOBODY_AWAY } from "../src/phone/away.js";

const TAKEN = {
  type: "away",
  table: "t1",
  seats: [{ seat: 7, reason: "deadlines", since: 1000 }],
  change: { seat: 7, away: true, reason: "deadlines" as const, at: 1000 },
};
const BACK = {
  type: "away",
  table: "t1",
  seats: [],
  change: { seat: 7, away: false, reason: "deadlines", at: 2000 },
};

describe("awayAfter", () => {
  it("takes a bot's seat and its return", () => {
    const taken = awayAfter(NOBODY_AWAY, TAKEN, "t1");
    expect(isAway(taken, 7)).toBe(true);
    expect(isAway(taken, 6)).toBe(false);
    expect(awayNotice(taken.change ?? TAKEN.change)).toEqual({ key: "away.bot.deadlines", params: { n: 7 } });
    const back = awayAfter(taken, BACK, "t1");
    expect(isAway(back, 7)).toBe(false);
    expect(back.change && awayNotice(back.change)).toEqual({ key: "away.back", params: { n: 7 } });
  });

  it("keeps the last announcement through the list sent on subscribe", () => {
    const taken = awayAfter(NOBODY_AWAY, TAKEN, "t1");
    const again = awayAfter(taken, { ...TAKEN, change: null }, "t1");
    expect(again).toEqual(taken);
  });

  const held: Away = awayAfter(NOBODY_AWAY, TAKEN, "t1");
  const malformed: [string, unknown][] = [
    ["another table's", { ...BACK, table: "t2" }],
    ["not an object", "away"],
    ["null", null],
    ["a seat out of range", { ...BACK, change: { ...BACK.change, seat: 13 } }],
    ["a seat that is not a whole number", { ...BACK, change: { ...BACK.change, seat: 7.5 } }],
    ["an unknown reason", { ...BACK, change: { ...BACK.change, reason: "asleep" } }],
    ["no seats list", { type: "away", table: "t1", change: BACK.change }],
    ["a seats list of strings", { ...BACK, seats: ["7"] }],
    ["away not a boolean", { ...BACK, change: { ...BACK.change, away: "no" } }],
    ["another type", { ...BACK, type: "view" }],
  ];
  for (const [what, message] of malformed) {
    it(`ignores ${what} message`, () => {
      expect(awayAfter(held, message, "t1")).toBe(held);
    });
  }
});

describe("away strings", () => {
  it("has every key in ru, uk and en", () => {
    const keys = Object.keys(AWAY_STRINGS.en ?? {}).sort();
    expect(keys.length).toBeGreaterThan(0);
    for (const lang of ["ru", "uk"] as const)
      expect(Object.keys(AWAY_STRINGS[lang] ?? {}).sort()).toEqual(keys);
    for (const reason of ["deadlines", "dropped"]) expect(keys).toContain(`away.bot.${reason}`);
  });
});
