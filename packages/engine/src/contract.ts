// The contract's building blocks as TypeBox schemas (a seat, an actor, a card, a night role), shared
// by the declarations of the settings, commands and events: each schema is its TypeScript type too.

import { type TProperties, type TSchemaOptions, Type } from "typebox";
import { CARDS } from "./cards.js";
import { CALL_ORDER, SEATS } from "./state.js";

/** SETUP-1: a seat number. */
export const SeatSchema = Type.Integer({ minimum: 1, maximum: SEATS });
/** A night choice, a grave or a rating vote may name nobody. */
export const SeatOrNullSchema = Type.Union([SeatSchema, Type.Null()]);
/** Who acts: the host, or a seat acting for itself. */
export const ActorSchema = Type.Union([Type.Literal("host"), SeatSchema]);
/** SETUP-2: a card of the deck. */
export const CardSchema = Type.Enum(CARDS);
/** SETUP-2: the twelve cards of one deal (deckProblems checks that they are the deck). */
export const CardsSchema = Type.Immutable(Type.Array(CardSchema, { minItems: SEATS, maxItems: SEATS }));
/** SETUP-3: a deal's seed. */
export const SeedSchema = Type.String({ minLength: 1, maxLength: 200 });
/** FLOW-3: a role the night calls. */
export const NightRoleSchema = Type.Enum(CALL_ORDER);
/** Milliseconds since the epoch (or any clock the caller keeps): time enters only as data. */
export const AtSchema = Type.Number();

/**
 * A read-only object of exactly these fields (no others: additionalProperties false). TypeBox's
 * ReadonlyObject takes the options itself: given to the inner Object, they would be dropped.
 */
export function ClosedObject<P extends TProperties>(fields: P, options: TSchemaOptions = {}) {
  return Type.ReadonlyObject(Type.Object(fields), { additionalProperties: false, ...options });
}
