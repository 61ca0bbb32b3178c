// Events: the facts a game is folded from. Each carries its time and its actor ("by"). Declared
// once, as TypeBox schemas: the TypeScript types and the record's JSON Schema (record package,
// docs/record.schema.json) both come from them.

import { type Static, type TProperties, Type } from "typebox";
import { FoulNoteSchema, FoulReasonSchema, RemarkReasonSchema, SplitPointsSchema } from "./commands.js";
import {
  ActorSchema,
  AtSchema,
  CardsSchema,
  ClosedObject,
  NightRoleSchema,
  SeatOrNullSchema,
  SeatSchema,
  SeedSchema,
} from "./contract.js";
import { SettingsSchema } from "./settings.js";

export const SeatSetupSchema = ClosedObject({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  admin: Type.Optional(Type.Boolean({ description: "RATE-7: a member of the club administration." })),
});
export type SeatSetup = Static<typeof SeatSetupSchema>;

/** SETUP-3: the seed the cards were dealt from, or null for cards dealt by hand. */
const DealSeed = Type.Union([SeedSchema, Type.Null()]);

/** The first event of every game: its settings, its seats and its deal. */
export const CreatedSchema = ClosedObject({
  type: Type.Literal("created"),
  at: AtSchema,
  by: Type.Literal("host"),
  settings: SettingsSchema,
  seats: Type.Immutable(Type.Array(SeatSetupSchema, { minItems: 12, maxItems: 12 })),
  seed: DealSeed,
  cards: CardsSchema,
});
export type Created = Static<typeof CreatedSchema>;

/**
 * The steps an `advance` may end. Its TypeScript type stays a string (the step kinds are the
 * state's); the record's schema lists them. HOST-4 (version 2): the host's count of a voting
 * round ("voting", "liftAll") and his end of the night ("dawn").
 */
const AdvancedFrom = Type.Unsafe<string>(
  Type.Enum([
    "deal",
    "acquaintance",
    "morning",
    "discussion",
    "accusations",
    "splitSpeeches",
    "lastWords",
    "voting",
    "liftAll",
    "dawn",
  ]),
);

/** One event after `created`: its `type`, its time, its actor and its own fields, read-only. */
function fact<T extends string, P extends TProperties>(type: T, fields: P) {
  return ClosedObject({ type: Type.Literal(type), at: AtSchema, by: ActorSchema, ...fields });
}

/** Every event type, in this order in the record's schema. */
export const EventSchema = Type.Union([
  CreatedSchema,
  fact("redealt", { seed: DealSeed, cards: CardsSchema }),
  // `from`: the step the host's advance ended (the engine refuses it in every other step).
  fact("advanced", { from: AdvancedFrom }),
  fact("chose", { role: NightRoleSchema, seat: SeatSchema, target: SeatOrNullSchema }),
  fact("noted", { seat: SeatSchema, leave: Type.Boolean() }),
  fact("voted", { voter: SeatSchema, target: SeatSchema }),
  fact("liftVoted", { voter: SeatSchema, yes: Type.Boolean() }),
  fact("graveChosen", { seat: SeatSchema, target: SeatOrNullSchema }),
  fact("fouled", {
    seat: SeatSchema,
    reason: FoulReasonSchema,
    /** FOUL-1: "nightTalk" gives two fouls at once. */
    count: Type.Integer({ minimum: 1, maximum: 2 }),
    note: Type.Optional(FoulNoteSchema),
  }),
  fact("remarked", { seat: SeatSchema, reason: RemarkReasonSchema }),
  fact("disqualified", { seat: SeatSchema }),
  fact("spoke", { seat: SeatSchema, text: Type.String({ minLength: 1, maxLength: 1000 }) }),
  fact("undone", {}),
  fact("resultAnnounced", {}),
  fact("nominated", { candidate: SeatSchema }),
  fact("nominationsClosed", {}),
  fact("ratingVoted", { voter: SeatSchema, candidate: SeatOrNullSchema }),
  fact("splitSet", { points: SplitPointsSchema }),
  fact("bonusGiven", { seat: SeatSchema, points: Type.Integer({ minimum: 1, maximum: 2 }) }),
  fact("contestOpened", { seat: SeatSchema, points: Type.Integer({ minimum: 0, maximum: 5 }) }),
  fact("contestVoted", { voter: SeatSchema, support: Type.Boolean() }),
  fact("ratingClosed", {}),
]);

export type GameEvent = Static<typeof EventSchema>;
export type EventType = GameEvent["type"];
