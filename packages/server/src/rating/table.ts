// The rating table (RATE-1…7 points summed per person): who is listed, what is counted, and the
// documented tie-break: points desc, average desc, wins desc, games asc, then name.

import type { Person, PlayedGame } from "./played.js";
import { NEW_SKILL, type Skill } from "./skill.js";

export interface RatingRow {
  readonly place: number;
  readonly person: { readonly id: string; readonly name: string; readonly council: boolean };
  readonly points: number;
  readonly games: number;
  /** Points per game, rounded to two decimals (the order uses the exact value). */
  readonly average: number;
  readonly wins: number;
  readonly skill: Skill;
}

interface Tally {
  person: Person;
  points: number;
  games: number;
  wins: number;
}

/** What the tie-break reads of a row. */
export interface Ranked {
  readonly person: { readonly id: string; readonly name: string };
  readonly points: number;
  readonly games: number;
  readonly wins: number;
}

/** Orders two rows by the tie-break; names by code point, so every machine orders alike. */
export function compareTallies(a: Ranked, b: Ranked): number {
  return (
    b.points - a.points ||
    b.points / b.games - a.points / a.games ||
    b.wins - a.wins ||
    a.games - b.games ||
    (a.person.name < b.person.name ? -1 : a.person.name > b.person.name ? 1 : 0) ||
    (a.person.id < b.person.id ? -1 : a.person.id > b.person.id ? 1 : 0)
  );
}

/**
 * The table over the given games (those of the season): every person who played one, except the
 * administration (`excluded`, RATE-7) and seats played as the administration. Points are the
 * counting points (host corrections applied).
 */
export function ratingTable(
  games: readonly PlayedGame[],
  excluded: ReadonlySet<string>,
  skill: ReadonlyMap<string, Skill>,
): RatingRow[] {
  const tallies = new Map<string, Tally>();
  for (const game of games) {
    for (const seat of game.seats) {
      if (seat.admin || excluded.has(seat.person.id)) continue;
      const tally = tallies.get(seat.person.id) ?? { person: seat.person, points: 0, games: 0, wins: 0 };
      tally.points += seat.points;
      tally.games += 1;
      if (seat.result === "won") tally.wins += 1;
      tallies.set(seat.person.id, tally);
    }
  }
  return [...tallies.values()].sort(compareTallies).map((t, i) => ({
    place: i + 1,
    person: { id: t.person.id, name: t.person.name, council: t.person.council },
    points: t.points,
    games: t.games,
    average: Math.round((t.points / t.games) * 100) / 100,
    wins: t.wins,
    skill: skill.get(t.person.id) ?? NEW_SKILL,
  }));
}
