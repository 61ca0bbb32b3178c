// The skill rating: OpenSkill (Plackett-Luce), red team against black team, draws as ties.

import { ordinal, rate, rating } from "openskill";
import { describe, expect, it } from "vitest";
import { NEW_SKILL, skillRatings } from "../../src/rating/skill.js";
import { game, twelve } from "./fixtures.js";

describe("the skill rating", () => {
  it("starts everyone at OpenSkill's prior, ordinal = mu − 3σ", () => {
    expect(NEW_SKILL.mu).toBe(25);
    expect(NEW_SKILL.ordinal).toBeCloseTo(NEW_SKILL.mu - 3 * NEW_SKILL.sigma, 10);
  });

  it("raises the winners and lowers the losers, as openskill rates one red-vs-black match", () => {
    const p = twelve();
    const { now, history } = skillRatings([game("g1", 1, "red", p)], new Set());
    const red = p.slice(4).map(() => rating());
    const black = p.slice(0, 4).map(() => rating());
    const [redAfter, blackAfter] = rate([red, black], { rank: [1, 2] });
    expect(now.get("p5")?.mu).toBeCloseTo(redAfter?.[0]?.mu ?? 0, 10);
    expect(now.get("p1")?.mu).toBeCloseTo(blackAfter?.[0]?.mu ?? 0, 10);
    expect(now.get("p5")?.ordinal).toBeCloseTo(ordinal(redAfter?.[0] ?? rating()), 10);
    expect(now.get("p5")?.mu).toBeGreaterThan(25);
    expect(now.get("p1")?.mu).toBeLessThan(25);
    expect(history.get("p5")).toEqual([{ table: "g1", endedAt: 1, ...now.get("p5") }]);
  });

  it("carries ratings from game to game in the order given, and a draw is a tie", () => {
    const p = twelve();
    const twoWins = skillRatings([game("g1", 1, "red", p), game("g2", 2, "red", p)], new Set()).now;
    const oneWin = skillRatings([game("g1", 1, "red", p)], new Set()).now;
    expect(twoWins.get("p5")?.mu).toBeGreaterThan(oneWin.get("p5")?.mu ?? 0);
    expect(twoWins.get("p5")?.sigma).toBeLessThan(oneWin.get("p5")?.sigma ?? 0);
    const draw = skillRatings([game("g1", 1, "draw", p)], new Set()).now;
    // A draw is a tie: openskill's rank [1, 1]. Eight red seats against four black make red the
    // favourite (team strength sums its players), so the tie lifts black and lowers red.
    const [redTie, blackTie] = rate([p.slice(4).map(() => rating()), p.slice(0, 4).map(() => rating())], {
      rank: [1, 1],
    });
    expect(draw.get("p5")?.mu).toBeCloseTo(redTie?.[0]?.mu ?? 0, 10);
    expect(draw.get("p1")?.mu).toBeCloseTo(blackTie?.[0]?.mu ?? 0, 10);
    expect(draw.get("p1")?.mu).toBeGreaterThan(25);
    expect(draw.get("p5")?.mu).toBeLessThan(25);
  });

  it("RATE-7: leaves the administration out", () => {
    const p = twelve();
    const { now } = skillRatings([game("g1", 1, "red", p, {}, new Set(["p6"]))], new Set(["p7"]));
    expect(now.has("p6")).toBe(false);
    expect(now.has("p7")).toBe(false);
    expect(now.has("p5")).toBe(true);
  });
});
