// A finished game as the rating reads it: each seat's person resolved through merges, and the
// seasons' date ranges. Pure: the loader (ledger.ts) builds these from the store.

import type { GameRow, GameSeatRow } from "../store/index.js";

export interface Person {
  readonly id: string;
  readonly name: string;
  readonly kind: "member" | "guest";
  readonly council: boolean;
}

export interface PlayedSeat extends GameSeatRow {
  /** Who sat here, resolved through merges (a merged guest's seat counts for the member). */
  readonly person: Person;
}

export interface PlayedGame extends Omit<GameRow, "seats"> {
  readonly seats: readonly PlayedSeat[];
}

/** A season's dates (YYYY-MM-DD, both included). */
export interface Period {
  readonly from: string;
  readonly until: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period's first and past-the-last instants (UTC). */
export function periodBounds(period: Period): { start: number; end: number } {
  return {
    start: Date.parse(`${period.from}T00:00:00Z`),
    end: Date.parse(`${period.until}T00:00:00Z`) + DAY_MS,
  };
}

/** A game counts in a season when its end time falls within the season's dates (UTC, inclusive). */
export function endsIn(game: { endedAt: number }, period: Period): boolean {
  const { start, end } = periodBounds(period);
  return game.endedAt >= start && game.endedAt < end;
}

/** An ISO date (YYYY-MM-DD) that names a real day. */
export function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** Two periods share at least one day. */
export function overlaps(a: Period, b: Period): boolean {
  return a.from <= b.until && b.from <= a.until;
}
