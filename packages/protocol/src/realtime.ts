// The realtime channel (WebSocket at /ws): what a client may send and what the server pushes.
// Every message a client sends is validated against ClientMessage; anything else is refused.

import { MAX_SPEECH_LENGTH, type View } from "@misto/engine";
import { type Static, Type } from "typebox";
import { Value } from "typebox/value";
import { ClockMessage } from "./clock.js";
import { GameCommand, Id } from "./http.js";
import { ViewJson } from "./tables.js";

/** A seat token (32 random bytes, base64url) as a phone sends it. */
export const SeatToken = Type.String({ minLength: 16, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" });

/** Watch a table: as its host (needs the host's session cookie) or as a spectator (public facts). */
export const SubscribeWatch = Type.Object(
  {
    type: Type.Literal("subscribe"),
    table: Id,
    as: Type.Union([Type.Literal("host"), Type.Literal("spectator")]),
  },
  { additionalProperties: false },
);

/** A phone watches its own seat: the seat's view only (docs/api.md "Phones"). */
export const SubscribeSeat = Type.Object(
  {
    type: Type.Literal("subscribe"),
    table: Id,
    as: Type.Literal("seat"),
    token: SeatToken,
  },
  { additionalProperties: false },
);

export const Subscribe = Type.Union([SubscribeWatch, SubscribeSeat]);
export type Subscribe = Static<typeof Subscribe>;

/**
 * A phone's command for its own seat. The server sets `actor` to the token's seat and `at` to its
 * clock; `seq` is the seat's seq (from its last view) the command was made against.
 */
export const SeatCommand = Type.Object(
  {
    type: Type.Literal("command"),
    table: Id,
    token: SeatToken,
    id: Type.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
    seq: Type.Integer({ minimum: 0 }),
    command: GameCommand,
  },
  { additionalProperties: false },
);
export type SeatCommand = Static<typeof SeatCommand>;

/**
 * A line in the out chat, from a phone whose seat is out of the game (docs/api.md "The out chat").
 * `id` pairs the answer (`ack` or `rejected`) with the line. The text is trimmed and checked as a
 * city speech is (1 to MAX_SPEECH_LENGTH characters, no control characters but line breaks).
 */
export const Say = Type.Object(
  {
    type: Type.Literal("say"),
    table: Id,
    token: SeatToken,
    id: Type.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
    // Not Lines: the line's own check (the engine's speechTextProblem) answers a bad one as
    // `rejected` with its id, so the phone knows which line it was.
    text: Type.String({ minLength: 1, maxLength: MAX_SPEECH_LENGTH }),
  },
  { additionalProperties: false },
);
export type Say = Static<typeof Say>;

export const Unsubscribe = Type.Object(
  { type: Type.Literal("unsubscribe"), table: Id },
  { additionalProperties: false },
);

export const Ping = Type.Object({ type: Type.Literal("ping") }, { additionalProperties: false });

export const ClientMessage = Type.Union([SubscribeWatch, SubscribeSeat, SeatCommand, Say, Unsubscribe, Ping]);
export type ClientMessage = Static<typeof ClientMessage>;

// What the server pushes. Each message is a TypeBox schema (a client checks what it receives
// against it: checkServerMessage) beside the interface the server builds it by; the view itself
// is checked loosely (an object: ViewJson), its exact shape being the engine's type.

const Seq = Type.Integer({ minimum: 0 });

/** Pushed on subscribe and after every accepted change: this viewer's view, never anyone else's. */
export interface ViewMessage {
  readonly type: "view";
  readonly table: string;
  readonly seq: number;
  readonly view: View;
}
export const ViewMessage = Type.Object({
  type: Type.Literal("view"),
  table: Type.String(),
  seq: Seq,
  view: ViewJson,
});

/**
 * What changed in the view the client holds at seq `base`, pushed instead of the whole view: the
 * top-level members in `set` replace the view's (each whole); for a member in `sub` (an array that
 * kept its length, an object that kept its keys) the elements given replace its elements of that
 * index or key; those in `unset` are removed; and the view is then at `seq`. Every member is this viewer's own view's, as `view` would carry it. A
 * client holding any other seq (or none) subscribes again and is sent the whole view.
 */
export interface PatchMessage {
  readonly type: "patch";
  readonly table: string;
  readonly base: number;
  readonly seq: number;
  readonly set: Readonly<Partial<Record<keyof View, unknown>>>;
  readonly sub?: Readonly<Partial<Record<keyof View, Readonly<Record<string, unknown>>>>>;
  /** An element of a member by its changed children: member → element → child → value. */
  readonly deep?: Readonly<
    Partial<Record<keyof View, Readonly<Record<string, Readonly<Record<string, unknown>>>>>>
  >;
  readonly unset?: readonly string[];
}
export const PatchMessage = Type.Object({
  type: Type.Literal("patch"),
  table: Type.String(),
  base: Seq,
  seq: Seq,
  set: Type.Record(Type.String(), Type.Unknown()),
  sub: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()))),
  deep: Type.Optional(
    Type.Record(Type.String(), Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()))),
  ),
  unset: Type.Optional(Type.Array(Type.String())),
});

export interface ErrorMessage {
  readonly type: "error";
  readonly error: string;
  readonly message: string;
}
export const ErrorMessage = Type.Object({
  type: Type.Literal("error"),
  error: Type.String(),
  message: Type.String(),
});

export interface PongMessage {
  readonly type: "pong";
}
export const PongMessage = Type.Object({ type: Type.Literal("pong") });

/** A phone's command was stored: `seq` is the seat's seq after it (its new view follows). */
export interface AckMessage {
  readonly type: "ack";
  readonly id: string;
  readonly seq: number;
}
export const AckMessage = Type.Object({ type: Type.Literal("ack"), id: Type.String(), seq: Seq });

/**
 * A phone's command was refused (nothing changed); `seq` is the seat's current seq. A `stale` one
 * carries the seat's view now (`view`), so the phone can decide again without waiting for a push.
 */
export interface RejectedMessage {
  readonly type: "rejected";
  readonly id: string;
  readonly error: string;
  readonly message: string;
  readonly rule?: string;
  readonly seq: number;
  readonly view?: View;
}
export const RejectedMessage = Type.Object({
  type: Type.Literal("rejected"),
  id: Type.String(),
  error: Type.String(),
  message: Type.String(),
  rule: Type.Optional(Type.String()),
  seq: Seq,
  view: Type.Optional(ViewJson),
});

/** One line of the out chat: who wrote it (a seat out of the game), when, and what. */
export interface OutChatLine {
  readonly n: number;
  readonly seat: number;
  readonly at: number;
  readonly text: string;
}

/**
 * The out chat, to those who may read it: `full` replaces what the client holds (on subscribe, on
 * becoming a reader, and an empty list when it stops being one); otherwise `lines` are new lines.
 */
export interface OutChatMessage {
  readonly type: "outChat";
  readonly table: string;
  readonly full: boolean;
  readonly lines: readonly OutChatLine[];
}
export const OutChatMessage = Type.Object({
  type: Type.Literal("outChat"),
  table: Type.String(),
  full: Type.Boolean(),
  lines: Type.Array(
    Type.Object({
      n: Type.Integer(),
      seat: Type.Integer({ minimum: 1, maximum: 12 }),
      at: Type.Number(),
      text: Type.String(),
    }),
  ),
});

/** Why a bot plays a player's seat at an online table: missed deadlines, or a phone away too long. */
export const AwayReason = Type.Union([Type.Literal("deadlines"), Type.Literal("dropped")]);
export type AwayReason = Static<typeof AwayReason>;

const SeatNumber = Type.Integer({ minimum: 1, maximum: 12 });

/** A seat a bot plays for its absent player, since when. */
export const AwaySeat = Type.Object({ seat: SeatNumber, reason: AwayReason, since: Type.Number() });
export type AwaySeat = Static<typeof AwaySeat>;

/**
 * Online tables (docs/api.md "Absence"): the seats a bot plays for an absent player, to every
 * subscriber of the table (spectators and every seat: it is public), on subscribe when any is
 * away and at each change. `change` is the announcement: a seat taken over by a bot (`away: true`)
 * or taken back by its player (`away: false`); null on subscribe. A client checks it on receipt
 * (isAwayMessage) and ignores a malformed one.
 */
export const AwayMessage = Type.Object({
  type: Type.Literal("away"),
  table: Type.String(),
  seats: Type.Array(AwaySeat, { maxItems: 12 }),
  change: Type.Union([
    Type.Object({ seat: SeatNumber, away: Type.Boolean(), reason: AwayReason, at: Type.Number() }),
    Type.Null(),
  ]),
});
export type AwayMessage = Static<typeof AwayMessage>;

/** Whether a message received is a well-formed `away` message (no code generation: fine under a CSP). */
export function isAwayMessage(message: unknown): message is AwayMessage {
  return Value.Check(AwayMessage, message);
}

export type ServerMessage =
  | ViewMessage
  | PatchMessage
  | ErrorMessage
  | PongMessage
  | AckMessage
  | RejectedMessage
  | OutChatMessage
  | AwayMessage
  | ClockMessage;

/** Each server message's schema, by its `type`. */
export const SERVER_MESSAGES = {
  view: ViewMessage,
  patch: PatchMessage,
  error: ErrorMessage,
  pong: PongMessage,
  ack: AckMessage,
  rejected: RejectedMessage,
  outChat: OutChatMessage,
  away: AwayMessage,
  clock: ClockMessage,
} as const;

/**
 * Whether a message received is a well-formed server message: its `type` names one and it passes
 * that one's schema (Value.Check: no code generation, fine under a page's CSP).
 */
export function checkServerMessage(message: unknown): message is ServerMessage {
  if (typeof message !== "object" || message === null) return false;
  const type: unknown = Reflect.get(message, "type");
  if (typeof type !== "string" || !Object.hasOwn(SERVER_MESSAGES, type)) return false;
  return Value.Check(SERVER_MESSAGES[type as keyof typeof SERVER_MESSAGES], message);
}

/** The largest message a client may send, in bytes. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
