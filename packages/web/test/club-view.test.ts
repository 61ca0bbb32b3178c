// The club pages' view models: numbers in the reader's language, shares, series and bars for the
// charts, the charts' geometry.

import { describe, expect, it } from "vitest";
import type { PersonStats, PlayedGame, SeasonResults } from "../src/api/club.js";
import { bandPath, linePath, scale, ticks, yRange } from "../src/club/chart.js";
import {
  cardRows,
  eliminationBars,
  formatDate,
  formatNumber,
  formatPercent,
  mayCorrect,
  pointsSeries,
  resultBars,
  seasonsInOrder,
  share,
  skillSeries,
} from "../src/club/view.js";

const game = (table: string, points: number, title = ""): PlayedGame => ({
  table,
  title,
  endedAt: 1_767_225_600_000,
  card: "civilian",
  team: "red",
  result: "won",
  points,
  out: null,
});

const season = (
  id: string | null,
  games: number,
  red: number,
  black: number,
  draw: number,
): SeasonResults => ({
  season: id === null ? null : { id, name: `S${id}`, from: "2026-01-01", until: "2026-03-31" },
  games,
  red,
  black,
  draw,
});

describe("numbers and dates in the reader's language", () => {
  it("writes decimals as each language does, at most two by default", () => {
    expect(formatNumber(2.5, "en")).toBe("2.5");
    expect(formatNumber(2.5, "ru")).toBe("2,5");
    expect(formatNumber(1 / 3, "uk")).toBe("0,33");
    expect(formatNumber(1 / 3, "en", 1)).toBe("0.3");
  });
  it("writes a share as a whole percentage", () => {
    expect(formatPercent(2 / 3, "en")).toBe("67%");
    expect(formatPercent(0, "en")).toBe("0%");
  });
  it("reads a YYYY-MM-DD as that calendar day, whatever the reader's time zone", () => {
    expect(formatDate("2026-01-01", "en")).toBe("Jan 1, 2026");
    expect(formatDate("2026-12-31", "en")).toBe("Dec 31, 2026");
    expect(formatDate("not a date", "en")).toBe("not a date");
  });
  it("answers a share of nothing as 0, never NaN", () => {
    expect(share(3, 0)).toBe(0);
    expect(share(1, 4)).toBe(0.25);
  });
});

describe("a player's series", () => {
  it("points per game, oldest first, with the running average", () => {
    const { points, average } = pointsSeries([game("a", 3, "Friday"), game("b", 0), game("c", 1)]);
    expect(points.map((p) => [p.x, p.y, p.label])).toEqual([
      [1, 3, "Friday"],
      [2, 0, "b"],
      [3, 1, "c"],
    ]);
    expect(average.map((p) => p.y)).toEqual([3, 1.5, 4 / 3]);
  });
  it("the skill's ordinal, its estimate mu and the band mu ± sigma after each game", () => {
    const skill: PersonStats["skill"] = [
      { table: "a", endedAt: 1, mu: 25, sigma: 8, ordinal: 1 },
      { table: "b", endedAt: 2, mu: 27, sigma: 7, ordinal: 6 },
    ];
    const s = skillSeries(skill);
    expect(s.ordinal.map((p) => p.y)).toEqual([1, 6]);
    expect(s.mu.map((p) => [p.x, p.y, p.label])).toEqual([
      [1, 25, "a"],
      [2, 27, "b"],
    ]);
    expect(s.low.map((p) => p.y)).toEqual([17, 20]);
    expect(s.high.map((p) => p.y)).toEqual([33, 34]);
  });
  it("cards received in the deck's order, only those the player had", () => {
    expect(
      cardRows({
        civilian: { games: 5, wins: 2 },
        don: { games: 1, wins: 1 },
        doctor: { games: 0, wins: 0 },
      }),
    ).toEqual([
      { card: "don", games: 1, wins: 1 },
      { card: "civilian", games: 5, wins: 2 },
    ]);
  });
});

describe("the club's bars", () => {
  it("eliminations by cause, each a share of all eliminations", () => {
    const bars = eliminationBars({ voted: 6, night: 3, grave: 1, removed: 0 });
    expect(bars.map((b) => [b.key, b.count, b.share])).toEqual([
      ["voted", 6, 0.6],
      ["night", 3, 0.3],
      ["grave", 1, 0.1],
      ["removed", 0, 0],
    ]);
  });
  it("a season's results as shares of its games", () => {
    expect(resultBars(season("1", 4, 2, 1, 1)).map((b) => [b.key, b.share])).toEqual([
      ["red", 0.5],
      ["black", 0.25],
      ["draw", 0.25],
    ]);
    expect(resultBars(season("2", 0, 0, 0, 0)).every((b) => b.share === 0)).toBe(true);
  });
  it("seasons oldest first, all time last (the server sends newest first)", () => {
    const order = seasonsInOrder([
      season(null, 9, 5, 3, 1),
      season("2", 4, 2, 2, 0),
      season("1", 5, 3, 1, 1),
    ]);
    expect(order.map((s) => s.season?.id ?? "all")).toEqual(["1", "2", "all"]);
  });
});

describe("the charts' geometry", () => {
  const box = { width: 120, height: 60, left: 10, right: 10, top: 5, bottom: 5 };
  it("includes 0 in the range and never lets it be empty", () => {
    expect(yRange([[{ x: 1, y: 3, label: "" }]])).toEqual({ min: 0, max: 3 });
    expect(yRange([[{ x: 1, y: -2, label: "" }], [{ x: 1, y: 5, label: "" }]])).toEqual({ min: -2, max: 5 });
    expect(yRange([[{ x: 1, y: 0, label: "" }]])).toEqual({ min: -1, max: 1 });
    expect(yRange([])).toEqual({ min: -1, max: 1 });
  });
  it("maps the first and last points to the box's edges, y upwards", () => {
    const at = scale(box, 3, { min: 0, max: 10 });
    expect([at.x(1), at.x(3), at.y(0), at.y(10), at.y(5)]).toEqual([10, 110, 55, 5, 30]);
    expect(scale(box, 1, { min: 0, max: 10 }).x(1)).toBe(60);
  });
  it("draws a path through the points and a closed band", () => {
    const at = scale(box, 2, { min: 0, max: 10 });
    const line = [
      { x: 1, y: 0, label: "" },
      { x: 2, y: 10, label: "" },
    ];
    expect(linePath(line, at)).toBe("M10 55 L110 5");
    expect(linePath([], at)).toBe("");
    const low = [
      { x: 1, y: 0, label: "" },
      { x: 2, y: 5, label: "" },
    ];
    expect(bandPath(low, line, at)).toBe("M10 55 L110 5 L110 30 L10 55 Z");
  });
  it("puts ticks on round numbers", () => {
    expect(ticks({ min: 0, max: 5 })).toEqual([0, 2, 4]);
    expect(ticks({ min: 0, max: 40 })).toEqual([0, 10, 20, 30, 40]);
    expect(ticks({ min: -1, max: 1 })).toEqual([-1, -0.5, 0, 0.5, 1]);
  });
});

describe("who may correct a game's points", () => {
  it("a host or an admin, never a member", () => {
    expect([mayCorrect("admin"), mayCorrect("host"), mayCorrect("member"), mayCorrect(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
