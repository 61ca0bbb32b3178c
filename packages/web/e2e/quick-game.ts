// Games played quickly to their end through the API by their table's host (the tournament's and
// the club night's browser tests): the losing team disqualified, one seat removed by fouls, then
// the result announced and the game closed. And the API from Node with a session's cookie.

import {
  type Action,
  evolve,
  type GameEvent,
  type GameState,
  legalActions,
  replay,
} from "@misto/engine/testing";
import { decidingAction } from "../../server/test/helpers/deciding.js";

export const PASSWORD = "correct horse 42";

/** The API from node with a session's cookie. */
export async function api(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A signed-in session's cookie for `login`. */
export async function session(base: string, login: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
  const cookie = /misto_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`no session for ${login}: ${res.status}`);
  return cookie;
}

/** The host's next quick command: disqualify the losing team (one seat by five fouls), then close the game. */
function quick(state: GameState, seed: number): Action | null {
  const legal = legalActions(state, "host");
  const find = (type: string) => legal.find((a) => a.type === type) ?? null;
  const kind = state.phase.kind;
  if (kind === "closed") return null;
  if (kind === "rating") return find("closeNominations") ?? find("split") ?? find("closeRating");
  return decidingAction(state, seed) ?? find("announceResult") ?? find("advance");
}

/** Plays `table` to its end by its host (`cookie`); `seed` picks the losing team (even: the city). */
export async function playQuickly(base: string, cookie: string, table: string, seed: number): Promise<void> {
  const got = await fetch(`${base}/api/tables/${table}`, { headers: { cookie } });
  if (!got.ok) throw new Error(`GET /api/tables/${table}: ${got.status} ${await got.text()}`);
  const body = (await got.json()) as { seq: number; events: GameEvent[] };
  let state = replay(body.events);
  let seq = body.seq;
  for (let i = 0; i < 300; i++) {
    const command = quick(state, seed);
    if (!command) return;
    const sent = await api(base, cookie, "POST", `/api/tables/${table}/commands`, {
      id: `t-${table.slice(0, 8)}-${i}`,
      seq,
      command,
    });
    if (sent.status !== 200) throw new Error(`${command.type}: ${sent.status} ${JSON.stringify(sent.body)}`);
    for (const event of sent.body.events as GameEvent[]) state = evolve(state, event);
    seq = sent.body.seq as number;
  }
  throw new Error("the game did not close");
}
