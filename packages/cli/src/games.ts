// Playing a numbered run of games into a tally: the one loop both `misto simulate` (in-process)
// and each of its workers run, so one worker or many give the same totals for the same seed.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BotKind, playGame } from "@misto/bots";
import type { Settings } from "@misto/engine";
import { recordJson, toRecord } from "@misto/record";
import { addGame, emptyTally, type Tally } from "./tally.js";

export type { BotKind };
export const BOT_KINDS: readonly BotKind[] = ["random", "heuristic"];

/** Games `from` to `to - 1` of a run; game i is played from the seed `${seed}-${i}`. */
export interface Batch {
  readonly seed: string;
  readonly from: number;
  readonly to: number;
  readonly settings: Settings;
  readonly bots: BotKind;
  /** Where each game's record is written, or null for none. */
  readonly recordDir: string | null;
}

export function gameSeed(seed: string, game: number): string {
  return `${seed}-${game}`;
}

/** The record file of a game: the seed, kept to characters safe in a file name everywhere. */
export function recordFileName(gameSeed: string): string {
  return `game-${gameSeed.replace(/[^A-Za-z0-9._-]/g, "_")}.json`;
}

/**
 * Plays the batch and returns its tally. `onGame` is called after every game with the number done
 * so far; callers throttle what they do with it.
 */
export function playBatch(batch: Batch, onGame?: (done: number) => void): Tally {
  const tally = emptyTally();
  const record = batch.recordDir !== null;
  for (let game = batch.from; game < batch.to; game++) {
    const seed = gameSeed(batch.seed, game);
    // The rating vote after the game does not change what a simulation reports; records keep it.
    const summary = playGame({ seed, settings: batch.settings, bots: batch.bots, record, rating: record });
    addGame(tally, summary);
    if (batch.recordDir !== null) {
      if (!summary.events) throw new Error(`the bots returned no events for game ${seed}`);
      const record = toRecord(summary.events, { title: `Simulated game ${seed} (${batch.bots} bots)` });
      writeFileSync(join(batch.recordDir, recordFileName(seed)), recordJson(record));
    }
    onGame?.(game - batch.from + 1);
  }
  return tally;
}
