// The rating table's order (docs/club.md "Tie-break") and who it lists (RATE-7).

import { describe, expect, it } from "vitest";
import { skillRatings } from "../../src/rating/skill.js";
import { ratingTable } from "../../src/rating/table.js";
import { game, person, twelve } from "./fixtures.js";

const names = (rows: { person: { name: string } }[]) => rows.map((r) => r.person.name);

describe("the rating table", () => {
  it("sums each person's points, games and wins, and the average per game", () => {
    const p = twelve();
    const rows = ratingTable(
      [game("g1", 1, "red", p, { p5: 3, p6: 1 }), game("g2", 2, "black", p, { p5: 2, p1: 3 })],
      new Set(),
      new Map(),
    );
    const p5 = rows.find((r) => r.person.id === "p5");
    expect(p5).toMatchObject({ points: 5, games: 2, average: 2.5, wins: 1 });
    expect(rows.find((r) => r.person.id === "p1")).toMatchObject({ points: 3, games: 2, wins: 1 });
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.place)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("orders by points, then average, then wins, then fewer games, then name", () => {
    const a = twelve("a");
    const b = twelve("b");
    // In b's game only: b5 has 3 points in 1 game; a5 has 3 points in 2 games (lower average).
    const rows = ratingTable(
      [game("g1", 1, "red", a, { a5: 3 }), game("g2", 2, "red", a, {}), game("g3", 3, "red", b, { b5: 3 })],
      new Set(),
      new Map(),
    );
    expect(names(rows).slice(0, 2)).toEqual(["b5", "a5"]);
    // Zero points: b's red seats (1 game, 1 win, average 0) before a's red seats (2 games, 2 wins)?
    // Average ties at 0, then wins: a's red (2 wins) first; among equal wins, fewer games, then name.
    const zero = rows.filter((r) => r.points === 0);
    expect(zero[0]?.wins).toBe(2);
    const oneWin = zero.filter((r) => r.wins === 1).map((r) => r.person.name);
    expect(oneWin).toEqual([...oneWin].sort());
  });

  it("puts fewer games first when points, average and wins tie", () => {
    const x = person("x", "Xenia");
    const y = person("y", "Yuri");
    const fill = (prefix: string) => Array.from({ length: 11 }, (_, i) => person(`${prefix}${i}`));
    // x: 2 points in 1 game (red, won); y: 4 points in 2 games (red won, red lost) — averages 2 and 2.
    const games = [
      game("g1", 1, "red", [...fill("f").slice(0, 4), x, ...fill("f").slice(4, 11)], { x: 2 }),
      game("g2", 2, "red", [...fill("g").slice(0, 4), y, ...fill("g").slice(4, 11)], { y: 2 }),
      game("g3", 3, "black", [...fill("h").slice(0, 4), y, ...fill("h").slice(4, 11)], { y: 2 }),
    ];
    const rows = ratingTable(games, new Set(), new Map());
    expect(names(rows).slice(0, 2)).toEqual(["Yuri", "Xenia"]);
    // Same points: give x another 2-point lost game: 4 points, 2 games, 1 win each: then the name.
    games.push(game("g4", 4, "black", [...fill("i").slice(0, 4), x, ...fill("i").slice(4, 11)], { x: 2 }));
    expect(names(ratingTable(games, new Set(), new Map())).slice(0, 2)).toEqual(["Xenia", "Yuri"]);
  });

  it("RATE-7: never lists the administration, nor a seat played as the administration", () => {
    const p = twelve();
    const rows = ratingTable(
      [game("g1", 1, "red", p, { p5: 3 }, new Set(["p6"]))],
      new Set(["p12"]),
      new Map(),
    );
    expect(rows.map((r) => r.person.id)).not.toContain("p12");
    expect(rows.map((r) => r.person.id)).not.toContain("p6");
    expect(rows).toHaveLength(10);
  });

  it("shows the skill beside the points, never mixed into them", () => {
    const p = twelve();
    const games = [game("g1", 1, "red", p, { p5: 3 })];
    const skill = skillRatings(games, new Set()).now;
    const rows = ratingTable(games, new Set(), skill);
    const p5 = rows.find((r) => r.person.id === "p5");
    expect(p5?.points).toBe(3);
    expect(p5?.skill).toEqual(skill.get("p5"));
  });
});
