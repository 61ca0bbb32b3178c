// The record's JSON Schema (draft-07), made from the engine's own declarations of the settings and
// of every event (engine settings.ts, events.ts): nothing here repeats a field. It checks form only;
// what the events mean is checked by replaying them through the engine (validate.ts).
// docs/record.schema.json is this schema as a file (`npm run schema` writes it).

import { EventSchema, SettingsSchema } from "@misto/engine";
import { READABLE_VERSIONS, RECORD_FORMAT, RecordMetaSchema } from "./types.js";

/** A JSON Schema object, kept as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** A TypeBox schema as plain JSON data: TypeBox's own markers (non-enumerable keys) dropped. */
const plain = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema));

/** The rules settings: every setting, always all of them, as createGame fills them. */
export const SETTINGS_SCHEMA: JsonSchema = plain(SettingsSchema);

/** Every event type of the engine's GameEvent union, in the order events.ts lists them. */
export const EVENT_SCHEMAS: readonly JsonSchema[] = EventSchema.anyOf.map(plain);

/** The names of every event type the schema knows. */
export const EVENT_TYPES: readonly string[] = EventSchema.anyOf.map((s) => s.properties.type.const);

/** The JSON Schema of a game record, version 2 (version 1 is read too, and migrated). */
export const RECORD_SCHEMA: JsonSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "urn:misto:record:v2",
  title: "Misto game record",
  type: "object",
  additionalProperties: false,
  required: ["format", "version", "events"],
  properties: {
    format: { const: RECORD_FORMAT },
    version: { enum: READABLE_VERSIONS },
    meta: plain(RecordMetaSchema),
    events: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string" } },
        discriminator: { propertyName: "type" },
        oneOf: EVENT_SCHEMAS,
      },
    },
  },
};

/** The schema as docs/record.schema.json holds it (`npm run schema` writes it). */
export function recordSchemaJson(): string {
  return `${JSON.stringify(RECORD_SCHEMA, null, 2)}\n`;
}
