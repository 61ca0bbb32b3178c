import { describe, expect, it } from "vitest";
import { wilsonInterval } from "../src/stats.js";

// Known values: Newcombe, "Two-sided confidence intervals for the single proportion" (Statistics
// in Medicine, 1998), table I, method 3 (score interval without continuity correction).
describe("wilsonInterval", () => {
  const known: [number, number, number, number][] = [
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ];
  for (const [x, n, low, high] of known) {
    it(`${x}/${n} gives ${low}–${high}`, () => {
      const ci = wilsonInterval(x, n);
      expect(ci.low).toBeCloseTo(low, 4);
      expect(ci.high).toBeCloseTo(high, 4);
    });
  }

  it("is symmetric about one half", () => {
    const ci = wilsonInterval(5, 10);
    expect(ci.low).toBeCloseTo(0.2366, 4);
    expect(ci.high).toBeCloseTo(0.7634, 4);
    expect(ci.low + ci.high).toBeCloseTo(1, 12);
  });

  it("stays inside [0, 1] at the ends", () => {
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(10, 10).high).toBe(1);
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.7225, 4);
  });

  it("gives the whole of [0, 1] for no trials", () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("refuses impossible counts", () => {
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 2.5)).toThrow(RangeError);
  });
});
