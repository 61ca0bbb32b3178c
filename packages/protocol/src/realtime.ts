// The realtime channel (WebSocket at /ws): what a client may send and what the server pushes.
// Every message a client sends is validated against ClientMessage; anything else is refused.

import type { View } from "@misto/engine";
import { type Static, Type } from "typebox";

/** Watch a table: as its host (needs the host's session cookie) or as a spectator (public facts). */
export const Subscribe = Type.Object(
  {
    type: Type.Literal("subscribe"),
    table: Type.String({ minLength: 1, maxLength: 64 }),
    as: Type.Union([Type.Literal("host"), Type.Literal("spectator")]),
  },
  { additionalProperties: false },
);

export const Unsubscribe = Type.Object(
  { type: Type.Literal("unsubscribe"), table: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const Ping = Type.Object({ type: Type.Literal("ping") }, { additionalProperties: false });

export const ClientMessage = Type.Union([Subscribe, Unsubscribe, Ping]);
export type ClientMessage = Static<typeof ClientMessage>;

/** Pushed on subscribe and after every accepted change: this viewer's view, never anyone else's. */
export interface ViewMessage {
  readonly type: "view";
  readonly table: string;
  readonly seq: number;
  readonly view: View;
}

export interface ErrorMessage {
  readonly type: "error";
  readonly error: string;
  readonly message: string;
}

export interface PongMessage {
  readonly type: "pong";
}

export type ServerMessage = ViewMessage | ErrorMessage | PongMessage;

/** The largest message a client may send, in bytes. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
