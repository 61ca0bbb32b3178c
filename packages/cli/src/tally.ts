// The running totals of a batch of simulated games: what a worker posts back instead of one
// object per game, and what the report is computed from. Totals only, so merging is a sum.

import type { GameSummary } from "@misto/bots";
import type { OutCause, Winner } from "@misto/engine";

export const OUT_CAUSES: readonly OutCause[] = ["vote", "night", "grave", "fouls", "disqualified"];
export const WINNERS: readonly Winner[] = ["red", "black", "draw"];

export interface Tally {
  games: number;
  wins: Record<Winner, number>;
  days: number;
  nights: number;
  commands: number;
  /** The longest game, in days. */
  maxDays: number;
  eliminations: Record<OutCause, number>;
}

export function emptyTally(): Tally {
  return {
    games: 0,
    wins: { red: 0, black: 0, draw: 0 },
    days: 0,
    nights: 0,
    commands: 0,
    maxDays: 0,
    eliminations: { vote: 0, night: 0, grave: 0, fouls: 0, disqualified: 0 },
  };
}

/** Counts one game into the tally (in place: this runs once per game in the hot loop). */
export function addGame(tally: Tally, game: GameSummary): void {
  tally.games++;
  tally.wins[game.winner]++;
  tally.days += game.days;
  tally.nights += game.nights;
  tally.commands += game.commands;
  if (game.days > tally.maxDays) tally.maxDays = game.days;
  for (const cause of OUT_CAUSES) tally.eliminations[cause] += game.eliminations[cause];
}

/** The sum of tallies: the order of the parts does not matter. */
export function mergeTallies(parts: readonly Tally[]): Tally {
  const total = emptyTally();
  for (const part of parts) {
    total.games += part.games;
    for (const winner of WINNERS) total.wins[winner] += part.wins[winner];
    total.days += part.days;
    total.nights += part.nights;
    total.commands += part.commands;
    total.maxDays = Math.max(total.maxDays, part.maxDays);
    for (const cause of OUT_CAUSES) total.eliminations[cause] += part.eliminations[cause];
  }
  return total;
}
