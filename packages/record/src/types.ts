// The game record: a versioned JSON document holding a game's every event (its first, `created`,
// carries the settings, the seats and the deal). Replaying its events with the engine gives the game.

import type { GameEvent } from "@misto/engine";

export const RECORD_FORMAT = "misto-record";
/** 2: the host's count and end of the night are steps of their own (HOST-4). */
export const RECORD_VERSION = 2;
/** Versions a record may be stored in: older ones are migrated on read (migrate.ts). */
export const READABLE_VERSIONS = [1, 2] as const;

export interface RecordMeta {
  /** Free-form labels a club may add: a table name, the host's name, a club. */
  readonly title?: string;
  readonly host?: string;
  readonly club?: string;
}

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly meta?: RecordMeta;
  /** Every event in order, undos included; the first is `created`. */
  readonly events: readonly GameEvent[];
}
