// @misto/record: the game record format, its JSON Schema, validation, replay and the recap.

export { eventGroupsFromVersion1, eventsFromVersion1 } from "./migrate.js";
export * from "./recap.js";
export {
  EVENT_SCHEMAS,
  EVENT_TYPES,
  type JsonSchema,
  RECORD_SCHEMA,
  recordSchemaJson,
  SETTINGS_SCHEMA,
} from "./schema.js";
export * from "./types.js";
export {
  type ParseResult,
  type PlayEvent,
  parseRecord,
  type RecordProblem,
  readRecordJson,
  recordJson,
  replayRecord,
  toRecord,
} from "./validate.js";
