// Seasons' dates: a game counts when it ends within them (UTC, both days included).

import { describe, expect, it } from "vitest";
import { endsIn, isDate, overlaps } from "../../src/rating/played.js";

describe("seasons' dates", () => {
  const spring = { from: "2026-03-01", until: "2026-05-31" };
  it("count a game ending on the first and on the last day, not a millisecond outside", () => {
    expect(endsIn({ endedAt: Date.parse("2026-03-01T00:00:00Z") }, spring)).toBe(true);
    expect(endsIn({ endedAt: Date.parse("2026-05-31T23:59:59.999Z") }, spring)).toBe(true);
    expect(endsIn({ endedAt: Date.parse("2026-06-01T00:00:00Z") }, spring)).toBe(false);
    expect(endsIn({ endedAt: Date.parse("2026-02-28T23:59:59.999Z") }, spring)).toBe(false);
  });

  it("are real days of the calendar", () => {
    expect(isDate("2026-02-28")).toBe(true);
    expect(isDate("2024-02-29")).toBe(true);
    expect(isDate("2026-02-29")).toBe(false);
    expect(isDate("2026-13-01")).toBe(false);
    expect(isDate("26-01-01")).toBe(false);
  });

  it("overlap when they share a day", () => {
    expect(overlaps(spring, { from: "2026-05-31", until: "2026-08-31" })).toBe(true);
    expect(overlaps(spring, { from: "2026-06-01", until: "2026-08-31" })).toBe(false);
    expect(overlaps(spring, { from: "2026-01-01", until: "2026-12-31" })).toBe(true);
  });
});
