// What one finished game adds to the club's totals (docs/club-pages.md "How the pages stay fast"):
// the rating rows of its rated seats (RATE-7: never the administration's), its skill step, and the
// club page's sums. Pure: the store folds these in as a game is stored (store/archive-fold.ts),
// and the recompute job folds every game in order the same way (replay.ts).

import { rate, rating } from "openskill";
import type { LeftBy } from "./result.js";

/** A stored seat as the totals read it. */
export interface TallySeat {
  readonly seat: number;
  readonly team: "red" | "black";
  readonly result: "won" | "lost" | "draw";
  readonly points: number;
  readonly admin: boolean;
  /** The person the seat counts for (through merges). */
  readonly playerId: string;
  readonly out: LeftBy | null;
  /** The skill after the game, as stored (folded games' rated seats). */
  readonly skill?: SkillModel | null;
}

/** A stored game as the totals read it, with the keys of its place in the club's order. */
export interface TallyGame {
  readonly id: string;
  readonly endedAt: number;
  readonly startedAt: number;
  readonly key: string;
  readonly winner: "red" | "black" | "draw";
  readonly days: number;
  readonly nights: number;
  readonly noteRead: boolean;
  readonly seats: readonly TallySeat[];
}

export interface SkillModel {
  readonly mu: number;
  readonly sigma: number;
}

/** A rating row's increments: one game's points, one game, a win or not. */
export interface PersonStep {
  readonly personId: string;
  readonly points: number;
  readonly wins: number;
  /** The skill after the game; null when the game moved no skill (one team had no rated seat). */
  readonly skill: SkillModel | null;
}

/** A person's rating row in one scope (all time or a season), as person_totals keeps it. */
export interface PersonTotal {
  scope: string;
  personId: string;
  points: number;
  games: number;
  wins: number;
  mu: number | null;
  sigma: number | null;
}

/** Adds one game's step to the person's row under `key` in `rows` (a new row when there is none). */
export function addStep(rows: Map<string, PersonTotal>, key: string, scope: string, step: PersonStep): void {
  const row = rows.get(key) ?? {
    scope,
    personId: step.personId,
    points: 0,
    games: 0,
    wins: 0,
    mu: null,
    sigma: null,
  };
  row.points += step.points;
  row.games += 1;
  row.wins += step.wins;
  if (step.skill) {
    row.mu = step.skill.mu;
    row.sigma = step.skill.sigma;
  }
  rows.set(key, row);
}

/** The club_totals counters, by column. */
export type ClubCounts = Record<(typeof CLUB_COUNTS)[number], number>;

export const CLUB_COUNTS = [
  "games",
  "red",
  "black",
  "draw",
  "days",
  "nights",
  "duration_ms",
  "note_read",
  "voted",
  "night",
  "grave",
  "removed",
] as const;

export const noCounts = (): ClubCounts => Object.fromEntries(CLUB_COUNTS.map((c) => [c, 0])) as ClubCounts;

/** The seats that count (RATE-7: not the administration's seat, nor a person now of the administration). */
export function ratedSeats(game: TallyGame, excluded: ReadonlySet<string>): TallySeat[] {
  return game.seats.filter((s) => !s.admin && !excluded.has(s.playerId));
}

/**
 * The game's step for each rated seat, the skill moved by OpenSkill (red against black, a draw a
 * tie) from each person's skill before it (`before`; none: the prior).
 */
export function personSteps(
  game: TallyGame,
  excluded: ReadonlySet<string>,
  before: (personId: string) => SkillModel | undefined,
): Map<number, PersonStep> {
  const seats = ratedSeats(game, excluded);
  const red = seats.filter((s) => s.team === "red");
  const black = seats.filter((s) => s.team === "black");
  const after = new Map<number, SkillModel>();
  if (red.length > 0 && black.length > 0) {
    const rank = game.winner === "red" ? [1, 2] : game.winner === "black" ? [2, 1] : [1, 1];
    const model = (s: TallySeat) => {
      const b = before(s.playerId);
      return b ? rating({ mu: b.mu, sigma: b.sigma }) : rating();
    };
    const rated = rate([red.map(model), black.map(model)], { rank });
    for (const [t, team] of [red, black].entries()) {
      for (const [i, seat] of team.entries()) {
        const r = rated[t]?.[i];
        if (r) after.set(seat.seat, { mu: r.mu, sigma: r.sigma });
      }
    }
  }
  // Red then black, as the replay has always set them: a merged guest and his member in one game
  // (a person in two seats) ends with his black seat's skill, as skill.ts gives it.
  return new Map(
    [...red, ...black].map((s) => [
      s.seat,
      {
        personId: s.playerId,
        points: s.points,
        wins: s.result === "won" ? 1 : 0,
        skill: after.get(s.seat) ?? null,
      },
    ]),
  );
}

/** What the game adds to the club page's sums. */
export function clubCounts(game: TallyGame): ClubCounts {
  const counts = noCounts();
  counts.games = 1;
  counts[game.winner] = 1;
  counts.days = game.days;
  counts.nights = game.nights;
  counts.duration_ms = game.endedAt - game.startedAt;
  counts.note_read = game.noteRead ? 1 : 0;
  for (const seat of game.seats) if (seat.out) counts[seat.out] += 1;
  return counts;
}

/** A season's bounds as the totals use them (endsIn: its first day 00:00 UTC up to past its last). */
export interface ScopeBounds {
  readonly id: string;
  readonly start: number;
  readonly end: number;
}

/** 'all' and every season the game's end falls in. */
export function scopesOf(game: { endedAt: number }, seasons: readonly ScopeBounds[]): string[] {
  return ["all", ...seasons.filter((s) => game.endedAt >= s.start && game.endedAt < s.end).map((s) => s.id)];
}

/** Orders games as the club does: end, then start, then key (the same on every server). */
export function compareGames(a: TallyGame | GameOrder, b: TallyGame | GameOrder): number {
  return a.endedAt - b.endedAt || a.startedAt - b.startedAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

export interface GameOrder {
  readonly endedAt: number;
  readonly startedAt: number;
  readonly key: string;
}
