// The realtime channel (WebSocket at /ws): what a client may send and what the server pushes.
// Every message a client sends is validated against ClientMessage; anything else is refused.

import { MAX_SPEECH_LENGTH, type View } from "@misto/engine";
import { type Static, Type } from "typebox";
import { GameCommand, Id } from "./http.js";

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

/** Pushed on subscribe and after every accepted change: this viewer's view, never anyone else's. */
export interface ViewMessage {
  readonly type: "view";
  readonly table: string;
  readonly seq: number;
  readonly view: View;
}

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
  readonly unset?: readonly string[];
}

export interface ErrorMessage {
  readonly type: "error";
  readonly error: string;
  readonly message: string;
}

export interface PongMessage {
  readonly type: "pong";
}

/** A phone's command was stored: `seq` is the seat's seq after it (its new view follows). */
export interface AckMessage {
  readonly type: "ack";
  readonly id: string;
  readonly seq: number;
}

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

/** Why a bot plays a player's seat at an online table: missed deadlines, or a phone away too long. */
export type AwayReason = "deadlines" | "dropped";

/** A seat a bot plays for its absent player, since when. */
export interface AwaySeat {
  readonly seat: number;
  readonly reason: AwayReason;
  readonly since: number;
}

/**
 * Online tables (docs/api.md "Absence"): the seats a bot plays for an absent player, to every
 * subscriber of the table (spectators and every seat: it is public), on subscribe when any is
 * away and at each change. `change` is the announcement: a seat taken over by a bot (`away: true`)
 * or taken back by its player (`away: false`); null on subscribe.
 */
export interface AwayMessage {
  readonly type: "away";
  readonly table: string;
  readonly seats: readonly AwaySeat[];
  readonly change: {
    readonly seat: number;
    readonly away: boolean;
    readonly reason: AwayReason;
    readonly at: number;
  } | null;
}

export type ServerMessage =
  | ViewMessage
  | PatchMessage
  | ErrorMessage
  | PongMessage
  | AckMessage
  | RejectedMessage
  | OutChatMessage
  | AwayMessage;

/** The largest message a client may send, in bytes. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
