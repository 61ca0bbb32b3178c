// The phone's HTTP calls (docs/api.md, "Phones"): the seats a code offers, by their players' names;
// join a table by its code and a seat; the seat's own answer (its view, and an online table's
// deadlines); and the host's list of seats and who joined, with the table's join code.

import type { JoinSeatsAnswer, SeatAnswer, SeatsAnswer } from "@misto/protocol";
import type { Result } from "../api/client.js";
import type { JoinedSeat } from "./seatStore.js";

/** The host's list of seats: the server's answer (GET /api/tables/:id/seats). */
export type SeatsInfo = SeatsAnswer;

async function call<T>(method: string, url: string, body?: unknown, token?: string): Promise<Result<T>> {
  let response: Response;
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      ...(body === undefined
        ? { headers: auth }
        : { headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, error: { status: 0, error: "offline", message: "The server cannot be reached." } };
  }
  let parsed: unknown = null;
  if (response.status !== 204) {
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
  }
  if (response.ok) return { ok: true, value: parsed as T };
  const b = (parsed ?? {}) as { error?: unknown; message?: unknown; follow?: unknown };
  return {
    ok: false,
    error: {
      status: response.status,
      error: typeof b.error === "string" ? b.error : `http_${response.status}`,
      message: typeof b.message === "string" ? b.message : `HTTP ${response.status}`,
      // Only a path of this server: the link is shown to the player as is.
      ...(typeof b.follow === "string" && b.follow.startsWith("/display/") ? { follow: b.follow } : {}),
    },
  };
}

const tableUrl = (id: string) => `/api/tables/${encodeURIComponent(id)}`;

export const phoneApi = {
  /** The seats by their players' public names, for the join page (anyone with the code). */
  seatsByCode: (code: string) => call<JoinSeatsAnswer>("GET", `/api/join/${encodeURIComponent(code)}`),
  join: (code: string, seat: number) => call<JoinedSeat>("POST", "/api/join", { code, seat }),
  /** The seat a token holds, its view and its table's online settings (null at a live table). */
  seat: (token: string) => call<SeatAnswer>("GET", "/api/seat", undefined, token),
  seats: (table: string) => call<SeatsInfo>("GET", `${tableUrl(table)}/seats`),
  free: (table: string, seat: number) => call<null>("DELETE", `${tableUrl(table)}/seats/${seat}`),
};
