// The scoring module (docs/tournaments.md "Scoring", "Standings"): each setting and its default,
// the tie-breaks in order, and a property test: the standings are a permutation of the players,
// their order total (a strict order of distinct keys) and sorted by score.

import type { Scoring } from "@misto/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCORING, scoringWith } from "../../src/scoring/settings.js";
import { type ScoredGame, type ScoredSeat, standings } from "../../src/scoring/standings.js";

const seat = (
  person: string,
  result: ScoredSeat["result"],
  points = 0,
  removal: ScoredSeat["removal"] = null,
) => ({
  person,
  result,
  points,
  removal,
});
const people = (...ids: string[]) => ids.map((id) => ({ id, name: id.toUpperCase() }));

describe("scoring", () => {
  it("has documented defaults: a win 1, a draw 0, rating points added, fouls −0.5, disqualified −1, final ×1.5", () => {
    expect(DEFAULT_SCORING).toEqual({
      win: 1,
      draw: 0,
      ratingPoints: true,
      foulRemoval: 0.5,
      disqualification: 1,
      finalMultiplier: 1.5,
      tieBreaks: ["wins", "final", "ratingPoints", "penalties"],
    });
    expect(scoringWith({ win: 2 })).toMatchObject({ win: 2, draw: 0, ratingPoints: true });
  });

  it("scores a win, the rating points, both penalties and the final's multiplier", () => {
    const games: ScoredGame[] = [
      {
        id: "g1",
        final: false,
        seats: [seat("a", "won", 3), seat("b", "lost", 1, "fouls"), seat("c", "lost", 0, "disqualified")],
      },
      { id: "g2", final: true, seats: [seat("a", "won", 1), seat("b", "won", 0)] },
    ];
    const rows = standings(people("a", "b", "c", "d"), games, DEFAULT_SCORING);
    const by = Object.fromEntries(rows.map((r) => [r.person, r]));
    expect(by.a).toMatchObject({ score: 4 + 3, games: 2, wins: 2, ratingPoints: 4, final: 3 });
    expect(by.b).toMatchObject({ score: 0.5 + 1.5, penalties: 0.5, final: 1.5 });
    expect(by.c).toMatchObject({ score: -1, penalties: 1 });
    expect(by.d).toMatchObject({ score: 0, games: 0 });
    expect(rows.map((r) => r.person)).toEqual(["a", "b", "d", "c"]);
    const plain = standings(
      people("a", "b"),
      games,
      scoringWith({ ratingPoints: false, finalMultiplier: 1 }),
    );
    expect(plain.map((r) => [r.person, r.score])).toEqual([
      ["a", 2],
      ["b", 0.5],
    ]);
  });

  it("breaks ties in the settings' order, then by name", () => {
    // a and b: 1 point each; a by a win, b by rating points.
    const games: ScoredGame[] = [
      {
        id: "g",
        final: false,
        seats: [
          seat("a", "won", 0),
          seat("b", "lost", 1),
          seat("c", "lost", 1),
          seat("d", "lost", 1, "fouls"),
        ],
      },
      { id: "h", final: false, seats: [seat("d", "lost", 0)] },
    ];
    const order = (tieBreaks: Scoring["tieBreaks"]) =>
      standings(people("c", "b", "a"), games, scoringWith({ tieBreaks })).map((r) => r.person);
    expect(order(["wins"])).toEqual(["a", "b", "c"]);
    expect(order(["ratingPoints", "wins"])).toEqual(["b", "c", "a"]);
    expect(order([])).toEqual(["a", "b", "c"]);
    // Fewer penalties rank higher: d (0.5 after a penalty, two games) below e (0.5, none).
    const pen = standings(
      people("d", "e"),
      [
        ...games,
        { id: "i", final: false, seats: [seat("e", "lost", 0)] },
        { id: "j", final: false, seats: [seat("e", "draw", 0)] },
      ],
      scoringWith({ draw: 0.5, ratingPoints: false, tieBreaks: ["penalties"] }),
    );
    expect(pen.map((r) => [r.person, r.score])).toEqual([
      ["e", 0.5],
      ["d", -0.5],
    ]);
  });

  it("gives a permutation of the players in a total order, sorted by score (property)", () => {
    const result = fc.constantFrom<ScoredSeat["result"]>("won", "lost", "draw");
    const removal = fc.constantFrom<ScoredSeat["removal"]>(null, null, "fouls", "disqualified");
    const arb = fc.record({
      players: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 20 }),
      names: fc.array(fc.constantFrom("Ann", "Bo", "Ann"), { minLength: 20, maxLength: 20 }),
      games: fc.array(
        fc.array(fc.record({ pick: fc.nat(), result, points: fc.integer({ min: 0, max: 5 }), removal }), {
          minLength: 1,
          maxLength: 12,
        }),
        { maxLength: 12 },
      ),
      finals: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      tieBreaks: fc.shuffledSubarray(["wins", "final", "ratingPoints", "penalties"] as const),
      win: fc.integer({ min: 0, max: 12 }).map((x) => x / 4),
    });
    fc.assert(
      fc.property(arb, ({ players, names, games, finals, tieBreaks, win }) => {
        const contenders = players.map((id, i) => ({ id, name: names[i] as string }));
        const scored: ScoredGame[] = games.map((seats, g) => ({
          id: `g${g}`,
          final: finals[g] === true,
          seats: seats.map((s) =>
            seat(players[s.pick % players.length] as string, s.result, s.points, s.removal),
          ),
        }));
        const scoring = scoringWith({ tieBreaks: [...tieBreaks], win });
        const rows = standings(contenders, scored, scoring);
        expect(rows.map((r) => r.person).sort()).toEqual([...players].sort());
        expect(rows.map((r) => r.place)).toEqual(rows.map((_, i) => i + 1));
        for (let i = 1; i < rows.length; i++) {
          expect((rows[i - 1] as (typeof rows)[0]).score).toBeGreaterThanOrEqual(
            (rows[i] as (typeof rows)[0]).score,
          );
        }
        // Total: the same input in any order gives the same standings.
        const again = standings([...contenders].reverse(), [...scored].reverse(), scoring);
        expect(again).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });
});
