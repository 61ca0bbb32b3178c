// Helpers for phone tests: joining seats, reading views and acks off a phone's socket.

import type { SeatsAnswer, ServerMessage } from "@misto/protocol";
import type { Harness } from "./api.js";
import type { Client } from "./ws.js";

export type ViewMsg = Extract<ServerMessage, { type: "view" }>;

export async function seatsOf(h: Harness, cookie: string, table: string) {
  const res = await h.app.inject({ method: "GET", url: `/api/tables/${table}/seats`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`seats: ${res.statusCode} ${res.body}`);
  return res.json() as SeatsAnswer;
}

export function join(h: Pick<Harness, "app">, code: string, seat: number) {
  return h.app.inject({ method: "POST", url: "/api/join", payload: { code, seat } });
}

/** Joins a seat and returns its token (fails the test on anything but 201). */
export async function joinSeat(h: Harness, code: string, seat: number): Promise<string> {
  const res = await join(h, code, seat);
  if (res.statusCode !== 201) throw new Error(`join ${seat}: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** The next message of one of the given types, skipping others (bounded by `ms`). */
export async function nextOf<T extends ServerMessage["type"]>(
  c: Client,
  types: readonly T[],
  ms = 10_000,
): Promise<Extract<ServerMessage, { type: T }>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = await c.next(Math.max(1, deadline - Date.now()));
    if ((types as readonly string[]).includes(m.type)) return m as Extract<ServerMessage, { type: T }>;
  }
}
