// Helpers for the API tests: a server on a fresh store, the club set up, tables and commands.

import {
  type Action,
  type Card,
  DECK,
  type GameEvent,
  type GameState,
  legalActions,
  replay,
} from "@misto/engine/testing";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildServer, type ServerOptions } from "../../src/app.js";
import { prepareSetup } from "../../src/auth/setup.js";
import type { Store } from "../../src/store/index.js";
import type { OnlineOptions } from "../../src/tables/online.js";
import type { Backend } from "./backends.js";

export const PASSWORD = "correct horse battery";
export const SEATS = Array.from({ length: 12 }, (_, i) => ({ name: `Player ${i + 1}` }));
/** The deck in its listed order: 1 Don, 2–3 Mafia, 4 Prostitute, 5 Commissar, 6 Doctor, 7 Maniac, 8–12 Civilians. */
export const CARDS: readonly Card[] = DECK;

export interface Harness {
  readonly app: FastifyInstance;
  readonly store: Store;
  /** The database's url (a SQLite file or postgres://), for tests that read it directly. */
  readonly url?: string;
  close(): Promise<void>;
}

/** Starts `app` listening on a free port of 127.0.0.1: its base URL, for WebSockets and fetch. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

export async function harness(
  backend: Backend,
  webRoot = "/nonexistent-misto-web",
  online?: OnlineOptions,
  /** Any other server option (the broadcast's delay). */
  more: Omit<ServerOptions, "store" | "webRoot" | "online"> = {},
): Promise<Harness> {
  const { store, url, dispose } = await backend.open();
  const app = await buildServer({ store, webRoot, ...(online ? { online } : {}), ...more });
  await app.ready();
  return {
    app,
    store,
    ...(url ? { url } : {}),
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function cookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === "misto_session");
  if (!c) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `misto_session=${c.value}`;
}

/** Sets the club up with the one-time token and returns the admin's cookie. */
export async function setUpClub(h: Harness, login = "admin"): Promise<string> {
  const token = await prepareSetup(h.store);
  if (!token) throw new Error("the club is set up already");
  const res = await h.app.inject({
    method: "POST",
    url: "/api/setup",
    payload: { token, club: { name: "Misto Club" }, admin: { name: "Anna", login, password: PASSWORD } },
  });
  if (res.statusCode !== 201) throw new Error(`setup: ${res.statusCode} ${res.body}`);
  return cookieOf(res);
}

/** The admin adds a host and the host signs in: the host's cookie. */
export async function addHost(h: Harness, adminCookie: string, login = "boris"): Promise<string> {
  const res = await h.app.inject({
    method: "POST",
    url: "/api/hosts",
    headers: { cookie: adminCookie },
    payload: { name: "Boris", login, password: PASSWORD },
  });
  if (res.statusCode !== 201) throw new Error(`add host: ${res.statusCode} ${res.body}`);
  const signIn = await h.app.inject({
    method: "POST",
    url: "/api/session",
    payload: { login, password: PASSWORD },
  });
  return cookieOf(signIn);
}

/** A member with an account (no host rights), signed in: his session's cookie. */
export async function addMember(
  h: Harness,
  adminCookie: string,
  name: string,
  login: string,
): Promise<string> {
  const res = await h.app.inject({
    method: "POST",
    url: "/api/people",
    headers: { cookie: adminCookie },
    payload: { name, account: { login, password: PASSWORD, role: "member" } },
  });
  if (res.statusCode !== 201) throw new Error(`add member: ${res.statusCode} ${res.body}`);
  return cookieOf(
    await h.app.inject({ method: "POST", url: "/api/session", payload: { login, password: PASSWORD } }),
  );
}

export async function newTable(
  h: Harness,
  cookie: string,
  deal: unknown = { cards: CARDS },
): Promise<{ id: string; seq: number; events: GameEvent[] }> {
  const res = await h.app.inject({
    method: "POST",
    url: "/api/tables",
    headers: { cookie },
    payload: { title: "Friday", seats: SEATS, deal },
  });
  if (res.statusCode !== 201) throw new Error(`new table: ${res.statusCode} ${res.body}`);
  return res.json();
}

let counter = 0;
export function commandId(): string {
  counter += 1;
  return `cmd-${process.pid}-${Date.now()}-${counter}`;
}

export function send(h: Harness, cookie: string | undefined, table: string, body: unknown) {
  return h.app.inject({
    method: "POST",
    url: `/api/tables/${table}/commands`,
    headers: cookie ? { cookie } : {},
    payload: body as object,
  });
}

/** The table's state as the host's console rebuilds it: every event, replayed with the engine. */
export async function tableState(
  h: Harness,
  cookie: string,
  table: string,
): Promise<{ state: GameState; seq: number }> {
  const res = await h.app.inject({ method: "GET", url: `/api/tables/${table}`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`get table: ${res.statusCode} ${res.body}`);
  const body = res.json() as { seq: number; events: GameEvent[] };
  return { state: replay(body.events), seq: body.seq };
}

/** Command types a test driver plays: the game goes forward, never back or off the table. */
const FORWARD = new Set([
  "advance",
  "choose",
  "note",
  "vote",
  "liftVote",
  "grave",
  "nominate",
  "closeNominations",
  "ratingVote",
  "closeRating",
  "announceResult",
  "split",
]);

/** A legal host command that moves the game on (the first one, or one picked by `pick`). */
export function nextAction(state: GameState, pick: (n: number) => number = () => 0): Action | null {
  const actions = legalActions(state, "host").filter((a) => FORWARD.has(a.type));
  if (actions.length === 0) return null;
  return actions[pick(actions.length)] ?? null;
}

/** Plays `steps` forward host commands through the API; returns the last seq. */
export async function play(h: Harness, cookie: string, table: string, steps: number): Promise<number> {
  let { state, seq } = await tableState(h, cookie, table);
  for (let i = 0; i < steps; i++) {
    const action = nextAction(state);
    if (!action) break;
    const res = await send(h, cookie, table, { id: commandId(), seq, command: action });
    if (res.statusCode !== 200) throw new Error(`${action.type}: ${res.statusCode} ${res.body}`);
    seq = (res.json() as { seq: number }).seq;
    ({ state } = await tableState(h, cookie, table));
  }
  return seq;
}
