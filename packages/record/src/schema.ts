// The record's JSON Schema (draft-07): the shape of a record and of every event, field by field.
// It checks form only; what the events mean is checked by replaying them through the engine (validate.ts).

import { CALL_ORDER, CARDS, FOUL_REASONS, REMARK_REASONS } from "@misto/engine";
import { READABLE_VERSIONS, RECORD_FORMAT } from "./types.js";

/** A JSON Schema object, kept as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** SETUP-1: a seat number. */
const seat: JsonSchema = { type: "integer", minimum: 1, maximum: 12 };
/** A night choice, a grave or a rating vote may name nobody. */
const seatOrNull: JsonSchema = { type: ["integer", "null"], minimum: 1, maximum: 12 };
/** Who acted: the host, or a seat acting for itself. */
// biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a thenable.
const actor: JsonSchema = { if: { type: "string" }, then: { const: "host" }, else: seat };
const seconds: JsonSchema = { type: "integer", minimum: 5, maximum: 3600 };
const card: JsonSchema = { enum: [...CARDS] };

/** The rules settings (engine settings.ts): every setting, always all of them, as createGame fills them. */
export const SETTINGS_SCHEMA: JsonSchema = {
  type: "object",
  additionalProperties: false,
  required: [
    "blackWinsAtParity",
    "drawAfterQuietPhases",
    "firstPhase",
    "firstNightActions",
    "prostituteKnowsMafia",
    "discussionSeconds",
    "speechSeconds",
    "lastWordSeconds",
    "splitSpeechSeconds",
    "tieRule",
    "repeatLimitScope",
    "revealNightVictims",
    "frozenDonStopsShot",
    "hostBonusPlayers",
  ],
  properties: {
    blackWinsAtParity: { type: "boolean" },
    drawAfterQuietPhases: { type: ["integer", "null"], minimum: 1, maximum: 100 },
    firstPhase: { enum: ["day", "night"] },
    firstNightActions: { type: "boolean" },
    prostituteKnowsMafia: { type: "boolean" },
    discussionSeconds: { type: "array", minItems: 1, maxItems: 50, items: seconds },
    speechSeconds: seconds,
    lastWordSeconds: seconds,
    splitSpeechSeconds: seconds,
    tieRule: { enum: ["revoteThenLiftAll", "revoteThenNobody", "nobody", "allTied"] },
    repeatLimitScope: { enum: ["sameTarget", "anyTarget"] },
    revealNightVictims: { type: "boolean" },
    frozenDonStopsShot: { type: "boolean" },
    hostBonusPlayers: { type: "integer", minimum: 0, maximum: 12 },
  },
};

/** One event type: `type`, `at` and `by` plus its own fields, all required unless listed as optional. */
function event(type: string, fields: JsonSchema, optional: readonly string[] = []): JsonSchema {
  return {
    type: "object",
    additionalProperties: false,
    required: ["type", "at", "by", ...Object.keys(fields).filter((f) => !optional.includes(f))],
    properties: { type: { const: type }, at: { type: "number" }, by: actor, ...fields },
  };
}

const created: JsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["type", "at", "by", "settings", "seats", "seed", "cards"],
  properties: {
    type: { const: "created" },
    at: { type: "number" },
    by: { const: "host" },
    settings: SETTINGS_SCHEMA,
    seats: {
      type: "array",
      minItems: 12,
      maxItems: 12,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["name"],
        properties: { name: { type: "string", minLength: 1, maxLength: 60 }, admin: { type: "boolean" } },
      },
    },
    seed: { type: ["string", "null"], minLength: 1, maxLength: 200 },
    cards: { type: "array", minItems: 12, maxItems: 12, items: card },
  },
};

const points: JsonSchema = { type: "integer", minimum: 0, maximum: 5 };

/** Every event type of the engine's GameEvent union (events.ts), in the order that file lists them. */
export const EVENT_SCHEMAS: readonly JsonSchema[] = [
  created,
  event("redealt", {
    seed: { type: ["string", "null"], minLength: 1, maxLength: 200 },
    cards: { type: "array", minItems: 12, maxItems: 12, items: card },
  }),
  // `from`: the step the host's advance ended (the engine refuses it in every other step).
  event("advanced", {
    from: {
      enum: [
        "deal",
        "acquaintance",
        "morning",
        "discussion",
        "accusations",
        "splitSpeeches",
        "lastWords",
        // HOST-4 (version 2): the host's count of a voting round, and his end of the night.
        "voting",
        "liftAll",
        "dawn",
      ],
    },
  }),
  event("chose", { role: { enum: [...CALL_ORDER] }, seat, target: seatOrNull }),
  event("noted", { seat, leave: { type: "boolean" } }),
  event("voted", { voter: seat, target: seat }),
  event("liftVoted", { voter: seat, yes: { type: "boolean" } }),
  event("graveChosen", { seat, target: seatOrNull }),
  event(
    "fouled",
    {
      seat,
      reason: { enum: [...FOUL_REASONS] },
      count: { type: "integer", minimum: 1, maximum: 2 },
      note: { type: "string", maxLength: 500 },
    },
    ["note"],
  ),
  event("remarked", { seat, reason: { enum: [...REMARK_REASONS] } }),
  event("disqualified", { seat }),
  event("spoke", { seat, text: { type: "string", minLength: 1, maxLength: 1000 } }),
  event("undone", {}),
  event("resultAnnounced", {}),
  event("nominated", { candidate: seat }),
  event("nominationsClosed", {}),
  event("ratingVoted", { voter: seat, candidate: seatOrNull }),
  event("splitSet", {
    points: {
      type: "array",
      maxItems: 12,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["seat", "points"],
        properties: { seat, points: { type: "integer", minimum: 1, maximum: 3 } },
      },
    },
  }),
  event("bonusGiven", { seat, points: { type: "integer", minimum: 1, maximum: 2 } }),
  event("contestOpened", { seat, points }),
  event("contestVoted", { voter: seat, support: { type: "boolean" } }),
  event("ratingClosed", {}),
];

/** The names of every event type the schema knows. */
export const EVENT_TYPES: readonly string[] = EVENT_SCHEMAS.map(
  (s) => ((s.properties as JsonSchema).type as { const: string }).const,
);

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
    meta: {
      type: "object",
      additionalProperties: false,
      properties: {
        title: { type: "string", maxLength: 200 },
        host: { type: "string", maxLength: 200 },
        club: { type: "string", maxLength: 200 },
      },
    },
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
