// The answers of the table and phone routes (docs/api.md "Tables", "Phones"), as TypeBox schemas:
// the OpenAPI document's response schemas, which Fastify also serialises with, and the clients'
// types. A response schema drops every field it does not name: each one names all the route sends.

import type { GameEvent, View } from "@misto/engine";
import { type Static, Type } from "typebox";

/**
 * The engine's events and views, described loosely (an object with any members): their exact
 * schemas are the record package's and the engine's types, far too large to repeat here. The
 * TypeScript type is still the engine's.
 */
// An event declares no properties: Fastify's serialiser writes declared properties first, which
// would reorder each event's members, and the console compares the server's events with its own
// byte for byte (e2e/offline.test.ts). `required` still checks that it has a type.
export const EventJson = Type.Unsafe<GameEvent>({
  type: "object",
  required: ["type"],
  additionalProperties: true,
  description: "a game event (docs/record.md)",
});
export const ViewJson = Type.Unsafe<View>(
  Type.Object({}, { additionalProperties: true, description: "a viewer's view of the game (docs/api.md)" }),
);

/**
 * A 204 answer: no body. `type: null` makes the OpenAPI document list no content for it; its
 * TypeScript type is undefined, as the route sends nothing.
 */
export const NoContent = (description: string) => Type.Unsafe<undefined>(Type.Null({ description }));

/** A list of events as the engine hands them out (readonly). */
const Events = Type.Unsafe<readonly GameEvent[]>(Type.Array(EventJson));

/** GET /api/tables: a table as the list shows it, its status as the caller may know it. */
export const TableSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** The account that made the table. */
  host: Type.Object({ id: Type.String(), name: Type.String() }),
  createdAt: Type.Number(),
  seq: Type.Integer(),
  phase: Type.String(),
  winner: Type.Union([Type.String(), Type.Null()]),
  /** An online table: the server is its host (docs/api.md "Online tables"). */
  online: Type.Boolean(),
});
export type TableSummary = Static<typeof TableSummary>;

export const TablesAnswer = Type.Object({ tables: Type.Array(TableSummary) });
export type TablesAnswer = Static<typeof TablesAnswer>;

/** POST /api/tables (201): the new table, its first event and its join code. */
export const NewTableAnswer = Type.Object({
  id: Type.String(),
  seq: Type.Integer(),
  events: Events,
  code: Type.String(),
});
export type NewTableAnswer = Static<typeof NewTableAnswer>;

/** GET /api/tables/:id: every event of a table (its host's). */
export const TableEvents = Type.Object({
  id: Type.String(),
  title: Type.String(),
  seq: Type.Integer(),
  events: Events,
});
export type TableEvents = Static<typeof TableEvents>;

/** POST /api/tables/:id/commands: the events a command made, stored, and the table's seq after them. */
export const Committed = Type.Object({ seq: Type.Integer(), events: Events });
export type Committed = Static<typeof Committed>;

/**
 * GET /api/tables/:id/record, GET /api/games/:id/record: a misto-record (docs/record.md). The
 * route sends the record's own JSON text: this schema documents it, it serialises nothing.
 */
export const RecordFile = Type.Object(
  {
    format: Type.Literal("misto-record"),
    version: Type.Integer(),
    meta: Type.Optional(Type.Object({}, { additionalProperties: true })),
    events: Events,
  },
  { additionalProperties: false },
);

/** GET /api/tables/:id/display: the spectator's view and how often it changed. */
export const DisplayAnswer = Type.Object({
  seq: Type.Integer(),
  view: ViewJson,
  /**
   * The table's join code while its deal lasts (the room's screen shows it with its QR code, so the
   * players' phones join), null from the first day on: phones join during the deal.
   */
  code: Type.Union([Type.String(), Type.Null()]),
});
export type DisplayAnswer = Static<typeof DisplayAnswer>;

/** An online table's own settings, as it runs with them (docs/settings.md "Online tables"). */
export const OnlineSettingsJson = Type.Object({
  language: Type.Union([Type.Literal("ru"), Type.Literal("uk"), Type.Literal("en")]),
  humanSeats: Type.Integer(),
  startMs: Type.Integer(),
  nightMs: Type.Integer(),
  voteMs: Type.Integer(),
  missedDeadlines: Type.Integer(),
  graceMs: Type.Integer(),
  spectatorDelayMs: Type.Integer(),
});
export type OnlineSettingsJson = Static<typeof OnlineSettingsJson>;

/** GET /api/tables/:id/seats (host): the join code, which seats have a phone, an online table's settings. */
export const SeatsAnswer = Type.Object({
  code: Type.String(),
  /** An online table's settings (null for a table with a host). */
  online: Type.Optional(Type.Union([OnlineSettingsJson, Type.Null()])),
  seats: Type.Array(
    Type.Object({
      seat: Type.Integer({ minimum: 1, maximum: 12 }),
      name: Type.String(),
      phone: Type.Boolean(),
      joinedAt: Type.Union([Type.Number(), Type.Null()]),
      /** Who sat there: a person of the club's directory (null for a table from before 0005_people). */
      person: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type SeatsAnswer = Static<typeof SeatsAnswer>;

/**
 * GET /api/seat (Bearer seat token): the phone's seat, its player's name and the seat's view, and an
 * online table's settings (its deadlines, said on the phone before they pass; null at a live table).
 */
export const SeatAnswer = Type.Object({
  table: Type.String(),
  seat: Type.Integer({ minimum: 1, maximum: 12 }),
  name: Type.String(),
  seq: Type.Integer(),
  view: ViewJson,
  online: Type.Union([OnlineSettingsJson, Type.Null()]),
});
export type SeatAnswer = Static<typeof SeatAnswer>;
