// Commands: what an actor asks of the game. Each names its actor and carries its time as data.
// Declared once, as TypeBox schemas: the TypeScript types, the server's validation of a command's
// shape and the docs come from them; the rules a command must also keep are decide.ts's.

import { type Static, type TProperties, Type } from "typebox";
import {
  ActorSchema,
  AtSchema,
  CardsSchema,
  ClosedObject,
  SeatOrNullSchema,
  SeatSchema,
  SeedSchema,
} from "./contract.js";

/** FOUL-1: why a foul is given; "nightTalk" gives two fouls at once; "other" carries the host's note. */
export const FOUL_REASONS = [
  "arguing",
  "outOfTurn",
  "insult",
  "ignoringHost",
  "promptingDon",
  "unethical",
  "nightTalk",
  "other",
] as const;
export const FoulReasonSchema = Type.Enum(FOUL_REASONS);
export type FoulReason = Static<typeof FoulReasonSchema>;

/** FOUL-2: why a remark is made in the discussion: loud talk, insults or swearing, nothing else. */
export const REMARK_REASONS = ["loud", "insult", "swearing"] as const;
export const RemarkReasonSchema = Type.Enum(REMARK_REASONS);
export type RemarkReason = Static<typeof RemarkReasonSchema>;

/** FOUL-1: the host's note on a foul. */
export const FoulNoteSchema = Type.String({ maxLength: 500 });
/** RATE-5: the points of a split place, seat by seat. */
export const SplitPointsSchema = Type.Immutable(
  Type.Array(ClosedObject({ seat: SeatSchema, points: Type.Integer({ minimum: 1, maximum: 3 }) }), {
    maxItems: 12,
  }),
);

/** One command: its `type` and its own fields, read-only. */
function command<T extends string, P extends TProperties>(type: T, fields: P, description?: string) {
  return ClosedObject({ type: Type.Literal(type), ...fields }, description ? { description } : {});
}

/** Every command without its actor and time, as a client sends it (docs/engine.md "Commands"). */
export const CommandBodySchema = Type.Union([
  command(
    "redeal",
    { seed: Type.Optional(SeedSchema), cards: Type.Optional(CardsSchema) },
    "SETUP-4: a new deal, from a seed or from cards dealt by hand.",
  ),
  command(
    "advance",
    {},
    "The host's primary button: ends the current step (deal, announcement, discussion, a speech…).",
  ),
  command(
    "choose",
    { seat: SeatSchema, target: SeatOrNullSchema },
    "A night choice for `seat` (his own, or entered by the host); null skips.",
  ),
  command(
    "note",
    { seat: SeatSchema, leave: Type.Boolean() },
    "NIGHT-12: the commissar leaves (or does not leave) his note after seeing tonight's check.",
  ),
  command("vote", { voter: SeatSchema, target: SeatSchema }, "DAY-3: a vote for a nominee."),
  command(
    "liftVote",
    { voter: SeatSchema, yes: Type.Boolean() },
    "DAY-6: a yes/no answer in the lift-all vote.",
  ),
  command(
    "grave",
    { seat: SeatSchema, target: SeatOrNullSchema },
    "DON-1: the Don takes a player to the grave, or declines (null).",
  ),
  command(
    "foul",
    { seat: SeatSchema, reason: FoulReasonSchema, note: Type.Optional(FoulNoteSchema) },
    "FOUL-1: a foul; the reason `other` carries the host's note.",
  ),
  command("remark", { seat: SeatSchema, reason: RemarkReasonSchema }, "FOUL-2: a remark."),
  command("disqualify", { seat: SeatSchema }, "FOUL-6: the seat saw another's card outside the deal."),
  command(
    "speak",
    { seat: SeatSchema, text: Type.String({ minLength: 1, maxLength: 1000 }) },
    "A line of speech (online chat), allowed only when the rules let the seat speak.",
  ),
  command("undo", {}, "HOST-3: undo the last step."),
  command("announceResult", {}, "HOST-2: the host announces the result; from then on it is final."),
  command(
    "nominate",
    { candidate: SeatSchema },
    "RATE-1, RATE-3: the host names a candidate, or a player proposes one (never himself).",
  ),
  command(
    "closeNominations",
    {},
    "RATE-1: nominations are over; RATE-2: with none, the city gives no points.",
  ),
  command(
    "ratingVote",
    { voter: SeatSchema, candidate: SeatOrNullSchema },
    "RATE-3: a player's vote for one candidate (null only when no candidate but himself).",
  ),
  command("split", { points: SplitPointsSchema }, "RATE-5: the host splits a tied place."),
  command(
    "bonus",
    { seat: SeatSchema, points: Type.Integer({ minimum: 1, maximum: 2 }) },
    "RATE-4: the host's bonus.",
  ),
  command(
    "contest",
    { seat: SeatSchema, points: Type.Integer({ minimum: 0, maximum: 5 }) },
    "RATE-6: the host puts a contested change to the table.",
  ),
  command(
    "contestVote",
    { voter: SeatSchema, support: Type.Boolean() },
    "RATE-6: a vote on a contested change.",
  ),
  command("closeRating", {}, "RATE-1: the rating is final."),
]);
export type CommandBody = Static<typeof CommandBodySchema>;

/** A command's actor and time, which the caller (the server, the console) adds to a body. */
export const CommandStampSchema = ClosedObject({ actor: ActorSchema, at: AtSchema });

export type Command = CommandBody & Static<typeof CommandStampSchema>;

export type CommandType = CommandBody["type"];
