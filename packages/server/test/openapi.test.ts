// Every route of the OpenAPI document, walked: each has its auth rule written down here, and each
// is sent no session, the wrong account, a body, path or query that breaks its schema, and broken
// JSON. Every refusal is a 4xx with the error shape and a reason, and the database is left exactly
// as it was (every row of every table compared). Then the fuzzer: fast-check's bodies, paths and
// queries built from each route's well-formed request with hostile values in it (fuzz.ts), sent
// anonymously and as a member, host and admin: never a 5xx, every answer as its route documents
// it, nothing changed by a refusal. The WebSocket at /ws is in the document as its upgrade; its
// messages are walked in realtime-messages.test.ts.

import { Ajv, type ValidateFunction } from "ajv";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addHost, type Harness, harness, newTable, PASSWORD, SEATS, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { finishGame } from "./helpers/finish.js";
import { fuzzedRequest, sweep, unfuzzed } from "./helpers/fuzz.js";
import { joinSeat, seatsOf } from "./helpers/phones.js";
import { type Snapshot, type SnapshotReader, snapshotReader } from "./helpers/snapshot.js";

/**
 * Who may call each route (docs/api.md): anyone; a phone's seat token; any signed-in account; a host
 * or admin; the admin; "record" (a host, or anyone once the result is announced); "player" (a
 * player of the game, a host or the admin: a member who did not play is refused).
 */
type Rule = "public" | "seat" | "account" | "host" | "admin" | "record" | "player";

/**
 * The access a route declares (auth/access.ts, `x-access` in the document) where it is not its
 * rule's own: the rest of the check is the handler's, as it depends on the resource or says more.
 */
const DECLARED: Record<string, string> = {
  // The admin's, or the person's own: whose they are is the person's.
  "GET /api/people/{id}/sanctions": "account",
  // Any host is past the hook; the handler's 403 names the admin.
  "POST /api/hosts": "host",
  // Any account; whether he played is the table's.
  "POST /api/tables/{id}/complaints": "account",
};

/** The access a route with this rule declares: the seat, record and public rules declare none. */
function declaredBy(key: string, rule: Rule | undefined): string | null {
  if (DECLARED[key]) return DECLARED[key];
  return rule === "account" || rule === "host" || rule === "admin" ? rule : null;
}

const ROUTES: Record<string, Rule> = {
  "GET /api/health": "public",
  "GET /api/ready": "public",
  "GET /api/openapi.json": "public",
  "GET /api/setup": "public",
  "POST /api/setup": "public",
  "POST /api/session": "public",
  "DELETE /api/session": "account",
  "GET /api/me": "account",
  "POST /api/hosts": "admin",
  "GET /api/tables": "host",
  "POST /api/tables": "host",
  "GET /api/tables/{id}": "host",
  "POST /api/tables/{id}/commands": "host",
  "POST /api/tables/{id}/clock": "host",
  "GET /api/tables/{id}/record": "record",
  "GET /api/tables/{id}/display": "public",
  "GET /api/tables/{id}/seats": "host",
  "DELETE /api/tables/{id}/seats/{seat}": "host",
  "POST /api/join": "public",
  "GET /api/join/{code}": "public",
  "GET /api/seat": "seat",
  "GET /api/lobby": "account",
  "POST /api/lobby/{id}/join": "account",
  "GET /api/people": "account",
  "POST /api/people": "admin",
  "GET /api/people/{id}": "account",
  "PATCH /api/people/{id}": "admin",
  "POST /api/people/{id}/merge": "admin",
  "POST /api/people/{id}/password": "admin",
  "DELETE /api/people/{id}/sessions": "admin",
  "DELETE /api/sessions": "account",
  // The admin's or the person's own: the walk uses the admin's person, so a member or host is refused.
  "GET /api/people/{id}/sanctions": "admin",
  "POST /api/people/{id}/sanctions": "admin",
  "GET /api/people/{id}/stats": "account",
  "POST /api/tables/{id}/complaints": "player",
  "GET /api/tables/{id}/complaints": "account",
  "GET /api/complaints": "admin",
  "POST /api/complaints/{id}/answer": "admin",
  "GET /api/seasons": "account",
  "POST /api/seasons": "admin",
  "DELETE /api/seasons/{id}": "admin",
  "GET /api/rating": "account",
  "GET /api/club/stats": "account",
  "GET /api/rating/recompute": "account",
  "POST /api/rating/recompute": "admin",
  "GET /api/games": "account",
  "GET /api/games/{id}": "account",
  "GET /api/games/{id}/record": "account",
  "GET /api/games/{id}/protocol.pdf": "account",
  "PUT /api/games/{id}/points": "host",
  "POST /api/games/import": "admin",
  "GET /api/export/rating.csv": "account",
  "GET /api/export/games.csv": "account",
  "GET /api/export/records": "account",
  "GET /api/nights": "account",
  "GET /api/nights.ics": "public",
  "POST /api/nights": "host",
  "GET /api/nights/{id}": "account",
  "POST /api/nights/{id}/signup": "account",
  "DELETE /api/nights/{id}/signup": "account",
  "POST /api/nights/{id}/guests": "host",
  "POST /api/nights/{id}/checkin": "host",
  "POST /api/nights/{id}/pairs": "host",
  "DELETE /api/nights/{id}/pairs/{a}/{b}": "host",
  "POST /api/nights/{id}/rounds": "host",
  "POST /api/nights/{id}/rounds/{n}/swap": "host",
  "POST /api/nights/{id}/rounds/{n}/tables": "host",
  "GET /api/nights/{id}/board": "public",
  "GET /api/tables/{id}/broadcast": "host",
  "GET /api/nights/{id}/rounds/{n}/seating.pdf": "account",
  "GET /api/nights/{id}/standings": "account",
  "GET /api/nights/{id}/standings.pdf": "account",
  "GET /api/tournaments": "account",
  "POST /api/tournaments": "host",
  "GET /api/tournaments/{id}": "account",
  "GET /api/tournaments/{id}/standings.pdf": "account",
  "GET /api/tournaments/{id}/rounds/{n}/seating.pdf": "account",
  "POST /api/tournaments/{id}/players": "host",
  "POST /api/tournaments/{id}/draw": "host",
  "POST /api/tournaments/{id}/rounds/{n}/tables": "host",
  "POST /api/tournaments/{id}/final": "host",
  "POST /api/tournaments/{id}/players/{person}/replace": "host",
  "PUT /api/tournaments/{id}/games/{table}/points": "host",
  "POST /api/tournaments/{id}/objections/{complaint}": "host",
  // The WebSocket's upgrade; its messages are walked in realtime-messages.test.ts.
  "GET /ws": "public",
};

interface Parameter {
  readonly in: "path" | "query" | "header" | "cookie";
  readonly name: string;
  readonly schema: Record<string, unknown>;
}

interface Operation {
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body: Record<string, unknown> | null;
  readonly responses: Record<string, unknown>;
  /** Who may call it, as the route declares (auth/access.ts): null when the route checks it itself. */
  readonly access: string | null;
  readonly security: unknown;
}

/** Who the fuzzer calls as: nobody, an account by its session cookie, or a phone by its seat token. */
type Caller = "anonymous" | "member" | "host" | "admin" | "phone";

/** Routes whose accepted call ends the caller's session: the fuzzer sends them no session of its own. */
const ENDS_SESSIONS = new Set(["DELETE /api/session", "DELETE /api/sessions"]);
/** The fuzzer's base for the public routes with a body (the walk's calls send those none). */
const FUZZ_BASES: Record<string, unknown> = {
  "POST /api/setup": {
    token: "t".repeat(32),
    club: { name: "C" },
    admin: { name: "A", login: "zed", password: PASSWORD },
  },
  "POST /api/session": { login: "admin", password: "not the password" },
};

/**
 * Routes whose success the fuzzer must see and check against its documented schema at least once
 * (a schema names every field the route sends, or Fastify drops the field: docs/api.md).
 */
const SUCCESS_CHECKED = [
  "GET /api/tables",
  "POST /api/tables",
  "GET /api/tables/{id}",
  "POST /api/tables/{id}/commands",
  "GET /api/tables/{id}/record",
  "GET /api/tables/{id}/display",
  "GET /api/tables/{id}/seats",
  "POST /api/join",
  "GET /api/join/{code}",
  "GET /api/seat",
  // POST /api/lobby/{id}/join's 201 is checked in lobby.test.ts (the walk has no open online table).
  "GET /api/lobby",
  "GET /api/seasons",
  "POST /api/seasons",
  "GET /api/rating",
  "GET /api/people/{id}/stats",
  "GET /api/club/stats",
  "GET /api/games",
  "GET /api/games/{id}",
  "GET /api/games/{id}/record",
  "PUT /api/games/{id}/points",
  "POST /api/games/import",
  "GET /api/export/records",
  "GET /api/nights",
  "POST /api/nights",
  "GET /api/nights/{id}",
  "GET /api/nights/{id}/board",
  "GET /api/tables/{id}/broadcast",
  "GET /api/nights/{id}/standings",
  "GET /api/tournaments",
  "POST /api/tournaments",
  "GET /api/tournaments/{id}",
];
/** Routes whose success is no JSON: nothing (204), CSV, iCalendar or a PDF. */
const SUCCESS_NOT_JSON = [
  "GET /api/games/{id}/protocol.pdf",
  "DELETE /api/tables/{id}/seats/{seat}",
  "DELETE /api/seasons/{id}",
  "GET /api/export/rating.csv",
  "GET /api/export/games.csv",
  "GET /api/nights.ics",
];
/** Routes whose success answer is documented in words only: the OpenAPI document itself. */
const SCHEMA_PENDING = new Set(["GET /api/openapi.json"]);
/** The club's people, complaint and sign-in routes the fuzzer reaches with a success: each checked. */
const ANSWERED_IN_THE_WALK = [
  "DELETE /api/people/{id}/sessions",
  "GET /api/me",
  "GET /api/people",
  "GET /api/people/{id}",
  "GET /api/people/{id}/sanctions",
  "GET /api/setup",
  "GET /api/tables/{id}/complaints",
  "POST /api/complaints/{id}/answer",
  "POST /api/hosts",
  "POST /api/people",
  "POST /api/tables/{id}/complaints",
];

/** The routes of club/people-routes.ts, club/complaint-routes.ts and auth/routes.ts. */
const CLUB_ROUTES = [
  ...ANSWERED_IN_THE_WALK,
  "DELETE /api/session",
  "DELETE /api/sessions",
  "PATCH /api/people/{id}",
  "POST /api/people/{id}/merge",
  "POST /api/people/{id}/password",
  "POST /api/people/{id}/sanctions",
  "POST /api/session",
  "POST /api/setup",
  "GET /api/complaints",
];

/** A schema that says what an answer is; a bare description takes any value. */
function typed(schema: unknown): schema is object {
  const s = schema as Record<string, unknown> | undefined;
  return s !== undefined && ("type" in s || "anyOf" in s || "oneOf" in s || "$ref" in s);
}

/** Requests the fuzzer sends each route, per database: bounded, as the whole file must stay quick. */
const FUZZ_RUNS = 12;
/** fast-check's seed: the same requests every run, so a failure can be run again. */
const FUZZ_SEED = 20261201;

function operations(document: { paths: Record<string, Record<string, Record<string, unknown>>> }) {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Record<string, unknown> }> })
        ?.content;
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.["application/json"]?.schema ?? null,
        responses: (op.responses as Record<string, unknown>) ?? {},
        access: (op["x-access"] as string | undefined) ?? null,
        security: op.security,
      });
    }
  }
  return out;
}

/** A value that breaks a parameter's schema, or null when any string passes it. */
function breaking(schema: Record<string, unknown>): string | null {
  if (typeof schema.maxLength === "number") return "x".repeat(schema.maxLength + 1);
  if (typeof schema.pattern === "string") return "~not~it~";
  if (schema.enum || schema.anyOf) return "not-one-of-them";
  return null;
}

function expectRefusal(res: LightMyRequestResponse, status: number | "4xx", what: string) {
  if (status === "4xx") expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  else expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
  expect(res.statusCode, what).toBeLessThan(500);
  const body = res.json() as { error?: unknown; message?: unknown };
  expect(typeof body.error, `${what}: ${res.body}`).toBe("string");
  expect(typeof body.message, `${what}: ${res.body}`).toBe("string");
  expect((body.message as string).length, what).toBeGreaterThan(3);
}

const STORED = BACKENDS.filter((b) => b.name !== "memory");

describe.each(STORED)("every route of the OpenAPI document on $name", (backend) => {
  let h: Harness;
  let url: string;
  let ops: Operation[];
  const cookies: Record<"admin" | "host" | "member", string> = { admin: "", host: "", member: "" };
  const ids: Record<string, string> = {};

  /** The route's path with this walk's ids in it (a real table, person, season…). */
  function fill(op: Operation, override: Record<string, string> = {}): string {
    return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (override[name] !== undefined) return encodeURIComponent(override[name]);
      if (op.path.startsWith("/api/tournaments/")) {
        const tournament: Record<string, string | undefined> = {
          id: ids.tournament,
          n: "1",
          person: ids.person,
          table: ids.game,
          complaint: ids.complaint,
        };
        return tournament[name] as string;
      }
      if (name === "seat") return "3";
      if (name === "code") return ids.code as string;
      if (name === "n") return "1";
      if (name === "a" || name === "b") return ids.person as string;
      if (op.path.startsWith("/api/nights")) return ids.night as string;
      if (op.path.startsWith("/api/people")) return ids.person as string;
      if (op.path.startsWith("/api/seasons")) return ids.season as string;
      if (op.path.startsWith("/api/complaints")) return ids.complaint ?? "no-such-complaint";
      // A complaint waits for the game's end (CLUB-2).
      if (op.path.endsWith("/complaints")) return ids.finished as string;
      if (op.path.startsWith("/api/games/")) return ids.game as string;
      return ids.table as string;
    });
  }

  /** A body each route takes (the walk's unauthorised calls send it: a refusal is then the rule's). */
  function wellFormed(op: Operation): unknown {
    const bodies: Record<string, unknown> = {
      "POST /api/hosts": { name: "Vera", login: "vera", password: PASSWORD },
      "POST /api/tables": { seats: SEATS, deal: { seed: "walk" } },
      "POST /api/tables/{id}/commands": { id: "walk-0001", seq: 1, command: { type: "advance" } },
      "POST /api/tables/{id}/clock": { since: 1, running: false, leftMs: 1000 },
      "POST /api/people": { name: "Galina" },
      "PATCH /api/people/{id}": { council: true },
      "POST /api/people/{id}/merge": { into: ids.person },
      "POST /api/people/{id}/password": { password: PASSWORD },
      "POST /api/people/{id}/sanctions": { kind: "warning", reason: "late" },
      "POST /api/tables/{id}/complaints": { about: "game", text: "too loud" },
      "POST /api/complaints/{id}/answer": { text: "noted" },
      "POST /api/seasons": { name: "Winter", from: "2031-01-01", until: "2031-02-28" },
      "PUT /api/games/{id}/points": { seat: 1, points: 1, reason: "walk" },
      "POST /api/games/import": { format: "misto-archive", version: 1, records: [] },
      "POST /api/join": { code: ids.code, seat: 1 },
      "POST /api/nights": {
        title: "Friday",
        startsAt: 1_900_000_000_000,
        place: "Club",
        capacity: 24,
        tables: 2,
        hosts: [ids.hostAccount],
      },
      "POST /api/nights/{id}/guests": { name: "Door guest" },
      "POST /api/nights/{id}/checkin": { person: ids.person, present: true },
      "POST /api/nights/{id}/rounds": { balance: false },
      "POST /api/nights/{id}/pairs": { a: ids.person, b: ids.hostPerson, kind: "apart" },
      "POST /api/nights/{id}/rounds/{n}/swap": { a: ids.person, b: ids.person },
      "POST /api/tournaments": {
        title: "Cup",
        startsAt: 1_900_000_000_000,
        rounds: 2,
        tables: 1,
        final: "best",
        chief: ids.hostAccount,
        hosts: [ids.hostAccount],
        scoring: { win: 2 },
      },
      "POST /api/tournaments/{id}/players": { name: "Cup guest" },
      "POST /api/tournaments/{id}/final": {
        players: Array.from({ length: 12 }, (_, i) => `finalist-${i + 1}`),
      },
      "POST /api/tournaments/{id}/players/{person}/replace": { name: "Substitute" },
      "PUT /api/tournaments/{id}/games/{table}/points": { seat: 1, points: 1, reason: "walk" },
      "POST /api/tournaments/{id}/objections/{complaint}": { decision: "rejected", reason: "walk" },
    };
    return bodies[op.key];
  }

  function call(op: Operation, cookie: string | null, payload?: unknown, path = fill(op)) {
    return h.app.inject({
      method: op.method as "GET",
      url: path,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(payload !== undefined
        ? { payload: typeof payload === "string" ? payload : JSON.stringify(payload) }
        : {}),
    });
  }

  /**
   * The database as the last check read it. Within a test only refused requests run, so one check's
   * "after" is the next one's "before": half the reads (on PostgreSQL each is a new connection).
   */
  let known: Snapshot | null = null;
  /** One connection for every check's reads (a new one each was a third of a walk's time on PostgreSQL). */
  let reader: SnapshotReader;
  beforeEach(() => {
    known = null;
  });

  /** Runs `send` and checks the database did not change. */
  async function unchanged(what: string, send: () => Promise<void>) {
    const before = known ?? (await reader.read());
    await send();
    const after = await reader.read();
    expect(after, `${what} changed the database`).toEqual(before);
    known = after;
  }

  beforeAll(async () => {
    h = await harness(backend);
    url = h.url as string;
    cookies.admin = await setUpClub(h);
    cookies.host = await addHost(h, cookies.admin);
    const member = await h.app.inject({
      method: "POST",
      url: "/api/people",
      headers: { cookie: cookies.admin },
      payload: { name: "Mila", account: { login: "mila", password: PASSWORD, role: "member" } },
    });
    expect(member.statusCode).toBe(201);
    const signIn = await h.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { login: "mila", password: PASSWORD },
    });
    cookies.member = `misto_session=${signIn.cookies.find((c) => c.name === "misto_session")?.value}`;
    const me = await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookies.admin } });
    ids.person = (me.json() as { host: { person: string } }).host.person;
    ids.table = (await newTable(h, cookies.host)).id;
    ids.code = (await seatsOf(h, cookies.host, ids.table)).code;
    ids.seatToken = await joinSeat(h, ids.code, 2);
    const season = await h.app.inject({
      method: "POST",
      url: "/api/seasons",
      headers: { cookie: cookies.admin },
      payload: { name: "Autumn", from: "2030-09-01", until: "2030-11-30" },
    });
    ids.season = (season.json() as { id: string }).id;
    // A finished game and a complaint about it, so the complaint routes answer as well as refuse,
    // and the archive's routes answer with a game, not a 404.
    ids.finished = (await newTable(h, cookies.host)).id;
    await finishGame(h, cookies.host, ids.finished, { nominate: [8] });
    ids.game = ids.finished;
    const complaint = await h.app.inject({
      method: "POST",
      url: `/api/tables/${ids.finished}/complaints`,
      headers: { cookie: cookies.admin },
      payload: { about: "host", text: "walk" },
    });
    expect(complaint.statusCode).toBe(201);
    ids.complaint = (complaint.json() as { complaint: { id: string } }).complaint.id;
    const hostMe = (
      (await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookies.host } })).json() as {
        host: { id: string; person: string };
      }
    ).host;
    ids.hostAccount = hostMe.id;
    ids.hostPerson = hostMe.person;
    const night = await h.app.inject({
      method: "POST",
      url: "/api/nights",
      headers: { cookie: cookies.host },
      payload: wellFormed({ key: "POST /api/nights" } as Operation) as object,
    });
    expect(night.statusCode, night.body).toBe(201);
    ids.night = (night.json() as { night: { id: string } }).night.id;
    const tournament = await h.app.inject({
      method: "POST",
      url: "/api/tournaments",
      headers: { cookie: cookies.host },
      payload: wellFormed({ key: "POST /api/tournaments" } as Operation) as object,
    });
    expect(tournament.statusCode, tournament.body).toBe(201);
    ids.tournament = (tournament.json() as { tournament: { id: string } }).tournament.id;
    const document = await h.app.inject({ method: "GET", url: "/api/openapi.json" });
    ops = operations(document.json());
    reader = await snapshotReader(url);
  });
  afterAll(async () => {
    await reader?.close();
    await h.close();
  });

  it("has an auth rule here for every route of the document, and no rule for a route it lacks", () => {
    expect(ops.map((op) => op.key).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it("declares on each route the access its rule here wants, and documents the session it needs", () => {
    for (const op of ops) {
      expect(op.access, op.key).toBe(declaredBy(op.key, ROUTES[op.key]));
      expect(op.security, op.key).toEqual(op.access ? [{ session: [] }] : undefined);
    }
    expect(ops.filter((op) => op.access).length).toBeGreaterThanOrEqual(70);
  });

  it("documents the shared error answer on every route", () => {
    for (const op of ops) {
      const errors = op.responses["4XX"] as { content?: Record<string, { schema?: unknown }> } | undefined;
      const schema = errors?.content?.["application/json"]?.schema as { properties?: object } | undefined;
      expect(Object.keys(schema?.properties ?? {}), op.key).toEqual(
        expect.arrayContaining(["error", "message", "rule"]),
      );
    }
  });

  it("documents the success answer of the table, phone, rating and archive routes by its status", () => {
    const byKey = new Map(ops.map((op) => [op.key, op]));
    for (const key of [...SUCCESS_CHECKED, ...SUCCESS_NOT_JSON]) {
      const responses = (byKey.get(key)?.responses ?? {}) as Record<string, { content?: object }>;
      const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
      expect(success, key).toHaveLength(1);
      const content = Object.keys(responses[success[0] as string]?.content ?? {});
      const expected =
        success[0] === "204"
          ? []
          : key.endsWith(".csv")
            ? ["text/csv"]
            : key.endsWith(".ics")
              ? ["text/calendar"]
              : key.endsWith(".pdf")
                ? ["application/pdf"]
                : ["application/json"];
      expect(content, key).toEqual(expected);
    }
  });

  it("documents the success answer of every people, complaint and sign-in route as a schema", () => {
    const club = ops.filter((op) => CLUB_ROUTES.includes(op.key));
    expect(club.map((op) => op.key).sort()).toEqual([...CLUB_ROUTES].sort());
    for (const op of club) {
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
      expect(success.length, op.key).toBeGreaterThan(0);
      for (const [status, response] of success) {
        const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.[
          "application/json"
        ]?.schema;
        // A 204 has no body to describe.
        if (status !== "204") expect(typed(schema), `${op.key} ${status}`).toBe(true);
      }
    }
  });

  // The attacker's walk: a route that declares its access in the document (x-access) is refused by
  // that declaration, whatever this file's rules say; the others by their rule here.
  it("refuses every route but the public ones without a session: 401 (403 for a live table's record), nothing changed", async () => {
    let declared = 0;
    for (const op of ops) {
      const rule = ROUTES[op.key];
      if (rule === "public" && !op.access) continue;
      await unchanged(`${op.key} without a session`, async () => {
        const res = await call(op, null, wellFormed(op));
        if (op.access || (rule !== "seat" && rule !== "record")) {
          expectRefusal(res, 401, op.key);
          expect(res.json().error, op.key).toBe("signed_out");
        } else expectRefusal(res, rule === "seat" ? 401 : 403, op.key);
      });
      // A cookie that is no session (forged, or signed out) is no better.
      if (op.access) {
        declared += 1;
        await unchanged(`${op.key} with a forged session`, async () => {
          expectRefusal(await call(op, "misto_session=forged-token", wellFormed(op)), 401, op.key);
        });
      }
    }
    expect(declared).toBeGreaterThanOrEqual(70);
  });

  it("refuses a member every host and admin route, and a host every admin route: 403, nothing changed", async () => {
    for (const op of ops) {
      const rule = ROUTES[op.key];
      const refused = new Set<"member" | "host">(
        rule === "admin" ? ["member", "host"] : rule === "host" || rule === "player" ? ["member"] : [],
      );
      if (op.access === "host" || op.access === "admin") refused.add("member");
      if (op.access === "admin") refused.add("host");
      for (const who of refused) {
        await unchanged(`${op.key} as a ${who}`, async () => {
          const res = await call(op, cookies[who], wellFormed(op));
          expectRefusal(res, rule === "player" ? "4xx" : 403, `${op.key} as a ${who}`);
          // The hook's own refusal, where the declaration refuses him.
          if (who === "member" && (op.access === "host" || op.access === "admin"))
            expect(res.json().error, `${op.key} as a member`).toBe("forbidden");
        });
      }
    }
  });

  it("refuses a body that breaks its schema, or is not JSON, with 400 and the reason, nothing changed", async () => {
    let bodies = 0;
    for (const op of ops) {
      if (!op.body) continue;
      bodies += 1;
      const bad: unknown[] = ['{"broken": ', "[1, 2", { unexpected: true }, []];
      // A field of the right name and the wrong type, where the schema names its fields.
      const fields = Object.keys((op.body.properties as object | undefined) ?? {});
      if (fields[0]) bad.push({ ...(wellFormed(op) as object), [fields[0]]: { wrong: ["type"] } });
      for (const payload of bad) {
        const what = `${op.key} ${typeof payload === "string" ? payload : JSON.stringify(payload)}`;
        await unchanged(what, async () => {
          const res = await call(op, cookies.admin, payload);
          expectRefusal(res, 400, what);
        });
      }
    }
    expect(bodies).toBeGreaterThanOrEqual(15);
  });

  it("answers a path parameter that breaks its schema with 404 (it names nothing), a query one with 400, nothing changed", async () => {
    let checked = 0;
    for (const op of ops) {
      for (const parameter of op.parameters) {
        const value = breaking(parameter.schema);
        if (value === null || (parameter.in !== "path" && parameter.in !== "query")) continue;
        checked += 1;
        const path =
          parameter.in === "path"
            ? fill(op, { [parameter.name]: value })
            : `${fill(op)}?${parameter.name}=${encodeURIComponent(value)}`;
        const what = `${op.key} ${parameter.in} ${parameter.name}=${value.slice(0, 12)}…`;
        await unchanged(what, async () => {
          const res = await call(op, cookies.admin, wellFormed(op), path);
          expectRefusal(res, parameter.in === "path" ? 404 : 400, what);
        });
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it("refuses a query parameter a route does not take, where its query is a schema: 400", async () => {
    for (const op of ops.filter((o) => o.parameters.some((p) => p.in === "query"))) {
      const what = `${op.key} ?surprise=1`;
      await unchanged(what, async () => {
        expectRefusal(await call(op, cookies.admin, undefined, `${fill(op)}?surprise=1`), 400, what);
      });
    }
  });

  it("fuzzes every route (hostile bodies, paths and queries, each caller): no 5xx, every answer as documented, nothing changed by a refusal", async () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
    const compiled = new Map<unknown, ValidateFunction>();
    /** The documented schema of this status's answer (its own, else its class's), if any. */
    function documented(op: Operation, status: number): ValidateFunction | null {
      const responses = op.responses as Record<string, { content?: Record<string, { schema?: object }> }>;
      const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
      const schema = response?.content?.["application/json"]?.schema;
      if (!typed(schema)) return null;
      if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema));
      return compiled.get(schema) as ValidateFunction;
    }
    // The people routes' :id is a member made for the fuzzer: a password set or sessions ended
    // there never reach the walk's own accounts.
    const target = await h.app.inject({
      method: "POST",
      url: "/api/people",
      headers: { cookie: cookies.admin },
      payload: { name: "Fuzz", account: { login: "fuzz", password: PASSWORD, role: "member" } },
    });
    expect(target.statusCode).toBe(201);
    const targetId = (target.json() as { person: { id: string } }).person.id;
    await h.store.archive.idle();
    let known = await reader.read();
    let sent = 0;
    /** Routes that answered a success in JSON, checked against its schema, or with none to check. */
    const checked = new Set<string>();
    const unchecked = new Set<string>();
    const statuses = new Map<number, number>();
    /** The routes whose success answer was checked against its schema. */
    const succeeded = new Set<string>();
    for (const op of ops) {
      const base = wellFormed(op) ?? FUZZ_BASES[op.key] ?? {};
      // A seat's route is called by its phone too (its seat token), else it is only ever refused.
      const callers: readonly Caller[] = ENDS_SESSIONS.has(op.key)
        ? ["anonymous"]
        : ROUTES[op.key] === "seat"
          ? ["anonymous", "phone", "member"]
          : ["anonymous", "member", "host", "admin"];
      // Every field swept with the worst texts, as the admin (who gets furthest) and anonymously;
      // then fast-check's sample, each request from a caller of its own.
      // A body's texts as the admin, who gets past every check before the body's; ids and
      // queries anonymously too (a malformed id was a 500 to anyone).
      const swept = sweep(op, base).flatMap(({ in: where, fuzzed }) =>
        callers
          .filter((c) => c === "admin" || (c === "anonymous" && where === "url"))
          .map((c) => [fuzzed, c] as const),
      );
      const sampled = fc.sample(fc.tuple(fuzzedRequest(op, base), fc.constantFrom(...callers)), {
        numRuns: FUZZ_RUNS,
        seed: FUZZ_SEED + sent,
      });
      // The well-formed request too, from each caller: every success answer is checked.
      const asIs = callers.map((c) => [unfuzzed(op, base), c] as const);
      for (const [fuzzed, who] of [...asIs, ...swept, ...sampled]) {
        const path = fill(op, op.path.startsWith("/api/people/") ? { id: targetId } : {});
        const url = fuzzed.path(path) + fuzzed.query;
        const what = `${op.key} as ${who}: ${url.slice(0, 120)} ${fuzzed.payload?.slice(0, 120) ?? ""}`;
        const before = known;
        const res = await h.app.inject({
          method: op.method as "GET",
          url,
          headers: {
            ...(who === "anonymous"
              ? {}
              : who === "phone"
                ? { authorization: `Bearer ${ids.seatToken}` }
                : { cookie: cookies[who] }),
            ...(fuzzed.payload !== undefined ? { "content-type": "application/json" } : {}),
          },
          ...(fuzzed.payload !== undefined ? { payload: fuzzed.payload } : {}),
        });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
        const json = /^application\/json/.test(String(res.headers["content-type"]));
        if (json && res.body !== "") {
          const check = documented(op, res.statusCode);
          if (res.statusCode < 300) (check ? checked : unchecked).add(op.key);
          if (check && !check(res.json())) {
            expect.fail(
              `${what} → ${res.statusCode} breaks its documented schema: ${ajv.errorsText(check.errors)}`,
            );
          }
          if (check && res.statusCode < 300) succeeded.add(op.key);
        }
        // A success may leave work behind (a stored game's fold into the totals, the recompute
        // job): it is done before the database is read, so a refusal is judged on its own writes.
        await h.store.archive.idle();
        const after = await reader.read();
        if (res.statusCode >= 400) {
          expectRefusal(res, "4xx", what);
          expect(after, `${what} was refused but changed the database`).toEqual(before);
        }
        known = after;
      }
    }
    // The figures of docs/operations.md: requests sent, and their answers by status.
    console.log(`fuzzed ${sent} requests on ${backend.name}:`, Object.fromEntries(statuses));
    expect(sent).toBeGreaterThan(ops.length * FUZZ_RUNS);
    expect(
      SUCCESS_CHECKED.filter((key) => !succeeded.has(key)),
      "routes whose success went unchecked",
    ).toEqual([]);
    // A JSON success with no schema to check it against was not checked at all.
    expect([...unchecked].filter((key) => !SCHEMA_PENDING.has(key)).sort()).toEqual([]);
    expect([...checked].sort()).toEqual(expect.arrayContaining(ANSWERED_IN_THE_WALK));
  }, 600_000);
});
