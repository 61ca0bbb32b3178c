// The realtime channel at /ws: each client message is size-checked, rate-limited, parsed and
// validated against ClientMessage before it is acted on.

import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Seat, View } from "@misto/engine";
import {
  MAX_CLIENT_MESSAGE_BYTES,
  Ping,
  Say,
  SeatCommand,
  type ServerMessage,
  Subscribe,
  Unsubscribe,
} from "@misto/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import type { WebSocket } from "ws";
import { tokenHash } from "../auth/secrets.js";
import { runsTables, SESSION_COOKIE, sessionHost } from "../auth/sessions.js";
import { HttpError, refusalOf } from "../errors.js";
import { doc } from "../openapi.js";
import type { Store } from "../store/index.js";
import type { TableService } from "../tables/service.js";
import { badFrame } from "./bad-frames.js";
import type { Hub, Subscriber } from "./hub.js";
import type { OutChat } from "./out-chat.js";

/** A client may send this many messages in any one second; one more closes the socket. */
export const MAX_MESSAGES_PER_SECOND = 20;
/** A connection's fifth malformed message (in all, not in a row) closes it: no working client sends one. */
export const MAX_MALFORMED_MESSAGES = 5;

const CLOSE_POLICY = 1008;
const CLOSE_TOO_BIG = 1009;

function checker(schema: TSchema) {
  return Compile(schema);
}
const CHECKS = {
  subscribe: checker(Subscribe),
  command: checker(SeatCommand),
  say: checker(Say),
  unsubscribe: checker(Unsubscribe),
  ping: checker(Ping),
};
type Checked =
  | { ok: true; message: Subscribe }
  | { ok: true; message: SeatCommand }
  | { ok: true; message: Say }
  | { ok: true; message: { type: "unsubscribe"; table: string } }
  | { ok: true; message: { type: "ping" } }
  | { ok: false; reason: string };

/** Parses and validates one client message, with the first reason it is refused. */
export function parseClientMessage(text: string): Checked {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: "a message is one JSON object" };
  }
  const type = (data as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !Object.hasOwn(CHECKS, type)) {
    return {
      ok: false,
      reason: 'a message\'s type is "subscribe", "command", "say", "unsubscribe" or "ping"',
    };
  }
  const check = CHECKS[type as keyof typeof CHECKS];
  if (check.Check(data)) return { ok: true, message: data as never };
  const first = [...check.Errors(data)][0];
  const where = first?.instancePath ? ` at ${first.instancePath}` : "";
  return { ok: false, reason: `${type}: ${first?.message ?? "invalid"}${where}` };
}

/**
 * Sends on `socket`, the messages of one turn of the event loop in one write: the first corks the
 * connection's TCP socket and the next turn uncorks it, so a change's view and the ack after it (or
 * a view and an out-chat push) leave in one system call, not one each. Each is still its own frame.
 */
function batched(socket: WebSocket): (text: string) => void {
  // ws keeps its TCP socket in a private field; read it without claiming a type it does not declare.
  const tcp: Socket | undefined = Reflect.get(socket, "_socket");
  let corked = false;
  return (text) => {
    if (tcp && !corked) {
      corked = true;
      tcp.cork();
      setImmediate(() => {
        corked = false;
        tcp.uncork();
      });
    }
    socket.send(text);
  };
}

/** The Origin of a browser's upgrade request must be this server's own, or a host's cookie is not trusted. */
function sameOrigin(request: IncomingMessage | FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export function realtimeRoute(
  app: FastifyInstance,
  store: Store,
  tables: TableService,
  hub: Hub,
  outChat: OutChat,
): void {
  app.route({
    method: "GET",
    url: "/ws",
    schema: doc("realtime", "The realtime channel: a WebSocket upgrade (426 without one); docs/api.md"),
    // A plain request (no upgrade) is told what this address is, not given an empty 404.
    handler: async () => {
      throw new HttpError(
        426,
        "upgrade_required",
        "the realtime channel is a WebSocket: connect with an upgrade",
      );
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const cookie = request.cookies[SESSION_COOKIE];
      const trustedOrigin = sameOrigin(request);
      const times: number[] = [];
      let malformed = 0;
      let closed = false;
      const write = batched(socket);
      const subscriber: Subscriber = {
        send(message: ServerMessage) {
          if (!closed && socket.readyState === socket.OPEN) write(JSON.stringify(message));
        },
        sendJson(json: string) {
          if (!closed && socket.readyState === socket.OPEN) write(json);
        },
      };
      const refuse = (error: string, message: string) => subscriber.send({ type: "error", error, message });
      const close = (code: number, error: string, message: string) => {
        refuse(error, message);
        closed = true;
        hub.drop(subscriber);
        socket.close(code, error);
      };
      subscriber.kick = (error, message) => {
        if (!closed) close(CLOSE_POLICY, error, message);
      };
      // The database away is said as such (the client tries again); anything else is logged.
      const failed = (what: string, table: string, error: unknown) => {
        const refusal = refusalOf(error);
        if (refusal) return refuse(refusal.code, refusal.message);
        request.log.error({ err: error, table }, `${what} failed`);
        refuse("internal", "something went wrong on the server");
      };
      const invalid = (reason: string) => {
        badFrame(request, socket, reason);
        if (++malformed < MAX_MALFORMED_MESSAGES) refuse("invalid", reason);
        else
          close(
            CLOSE_POLICY,
            "malformed",
            `${MAX_MALFORMED_MESSAGES} malformed messages (the last: ${reason})`,
          );
      };

      socket.on("message", (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
        if (closed) return;
        const now = Date.now();
        times.push(now);
        if (times.length > MAX_MESSAGES_PER_SECOND) {
          const first = times.shift() as number;
          if (now - first < 1000) {
            close(CLOSE_POLICY, "flood", `more than ${MAX_MESSAGES_PER_SECOND} messages a second`);
            return;
          }
        }
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        if (bytes.length > MAX_CLIENT_MESSAGE_BYTES) {
          badFrame(request, socket, `a message of ${bytes.length} bytes`);
          close(CLOSE_TOO_BIG, "too_large", `a message is at most ${MAX_CLIENT_MESSAGE_BYTES} bytes`);
          return;
        }
        if (isBinary) {
          invalid("messages are JSON text");
          return;
        }
        const parsed = parseClientMessage(bytes.toString("utf8"));
        if (!parsed.ok) {
          invalid(parsed.reason);
          return;
        }
        const message = parsed.message;
        switch (message.type) {
          case "ping":
            subscriber.send({ type: "pong" });
            return;
          case "unsubscribe":
            hub.unsubscribe(message.table, subscriber);
            return;
          case "subscribe":
            void (
              message.as === "seat"
                ? subscribeSeat(message.table, message.token)
                : subscribe(message.table, message.as)
            ).catch((error: unknown) => failed("subscribe", message.table, error));
            return;
          case "command":
            void seatCommand(message);
            return;
          case "say":
            void outChat
              .say(message, () => seatOf(message.table, message.token))
              .then((answer) => subscriber.send(answer))
              .catch((error: unknown) => failed("say", message.table, error));
        }
      });
      socket.on("close", () => {
        closed = true;
        hub.drop(subscriber);
      });
      socket.on("error", () => {
        closed = true;
        hub.drop(subscriber);
      });

      async function subscribe(tableId: string, as: "host" | "spectator") {
        if (as === "host") {
          const host = trustedOrigin ? await sessionHost(store, cookie) : null;
          if (!host || !cookie || !runsTables(host)) {
            refuse("signed_out", "watching as the host needs a host's session");
            return;
          }
          // Signing out of this session closes this connection too (Hub.endSession).
          subscriber.session = tokenHash(cookie);
        }
        // Under the table's lock: no change slips between this view and the next broadcast.
        await tables.with(tableId, async (table) => {
          if (closed) return;
          if (!table) refuse("not_found", "there is no such table");
          else if (as === "host" && table.online)
            refuse("online", "this is an online table: the server is its host; watch it as a spectator");
          else await outChat.subscribe(table, subscriber, as);
        });
      }

      /** The seat a phone's token stands for at this table, or null (unknown, freed, or another table's). */
      async function seatOf(tableId: string, token: string): Promise<Seat | null> {
        const row = await store.getSeatToken(tokenHash(token));
        return row && row.tableId === tableId ? row.seat : null;
      }

      async function subscribeSeat(tableId: string, token: string) {
        // Under the table's lock: freeing the seat (also under it) cannot slip between check and subscribe.
        await tables.with(tableId, async (table) => {
          if (closed) return;
          const seat = table ? await seatOf(tableId, token) : null;
          if (!table) refuse("not_found", "there is no such table");
          else if (seat === null) refuse("forbidden", "this seat token is not valid at this table");
          else await outChat.subscribe(table, subscriber, { seat });
        });
      }

      async function seatCommand(message: SeatCommand) {
        const { id, table: tableId } = message;
        let seat: Seat | null = null;
        try {
          const { seq } = await tables.seatCommand(
            tableId,
            async () => {
              seat = await seatOf(tableId, message.token);
              if (seat === null)
                throw new HttpError(403, "forbidden", "this seat token is not valid at this table");
              return seat;
            },
            { id, seq: message.seq, command: message.command },
          );
          subscriber.send({ type: "ack", id, seq });
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal) request.log.error({ err: error, table: tableId }, "seat command failed");
          const known = refusal ?? new HttpError(500, "internal", "something went wrong");
          const rule = known.extra.rule;
          let seq = typeof known.extra.seq === "number" ? known.extra.seq : 0;
          if (seat !== null && typeof known.extra.seq !== "number") {
            const live = await tables.get(tableId).catch(() => null);
            seq = live?.seatSeqs[(seat as Seat) - 1] ?? 0;
          }
          subscriber.send({
            type: "rejected",
            id,
            error: known.code,
            message: known.message,
            ...(typeof rule === "string" ? { rule } : {}),
            seq,
            // A stale command is refused with the seat's own view now (TableService.seatCommand).
            ...(known.extra.view !== undefined ? { view: known.extra.view as View } : {}),
          });
        }
      }
    },
  });
}
