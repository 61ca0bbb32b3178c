// The game record: a versioned JSON document holding a game's every event (its first, `created`,
// carries the settings, the seats and the deal). Replaying its events with the engine gives the game.

import { ClosedObject, type GameEvent } from "@misto/engine";
import { type Static, Type } from "typebox";

export const RECORD_FORMAT = "misto-record";
/** 2: the host's count and end of the night are steps of their own (HOST-4). */
export const RECORD_VERSION = 2;
/** Versions a record may be stored in: older ones are migrated on read (migrate.ts). */
export const READABLE_VERSIONS = [1, 2] as const;

/** Free-form labels a club may add: a table name, the host's name, a club. */
export const RecordMetaSchema = ClosedObject({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  host: Type.Optional(Type.String({ maxLength: 200 })),
  club: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RecordMeta = Static<typeof RecordMetaSchema>;

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly meta?: RecordMeta;
  /** Every event in order, undos included; the first is `created`. */
  readonly events: readonly GameEvent[];
}
