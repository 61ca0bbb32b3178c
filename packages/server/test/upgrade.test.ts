// HOST-4's upgrade (docs/operations.md "Migrations"): a database as the version before HOST-4 left
// it (version 1 events of live and closed tables, their commands and the closed game's key), then
// the migrations run as the server runs them at start. Nothing stored is lost: the live games go on
// to their end with the host's new steps, a retried command gets its first answer, and the closed
// game's record replays to its game and is refused as a duplicate when imported again.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { type GameEvent, type GameState, replay, stateOf } from "@misto/engine/testing";
import {
  eventsFromVersion1,
  type RecapEntry,
  readRecordJson,
  recap,
  recapText,
  replayRecord,
} from "@misto/record";
import { type Kysely, Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { buildServer } from "../src/app.js";
import { type GameResult, gameResult } from "../src/rating/result.js";
import { openStore, type Store } from "../src/store/index.js";
import { KyselyStore } from "../src/store/kysely-store.js";
import { migrations } from "../src/store/migrations/index.js";
import { isPostgresUrl, openPostgres } from "../src/store/postgres.js";
import type { Database as Schema } from "../src/store/schema.js";
import { openSqlite } from "../src/store/sqlite.js";
import { cookieOf, type Harness, PASSWORD, send, setUpClub } from "./helpers/api.js";
import { finishGame } from "./helpers/finish.js";
import { type Database, postgresDatabase, sqliteDatabase } from "./store/databases.js";

const golden = (path: string) =>
  readFileSync(new URL(`../../record/test/golden/${path}.json`, import.meta.url), "utf8");
/** A golden game's events as version 1 stored them. */
const version1 = (name: string) => (JSON.parse(golden(`v1/${name}`)) as { events: GameEvent[] }).events;

const NOTE_READ = version1("note-read");
/** The version 1 tables: part-way through day 2's voting, through night 2, after day 1, and closed. */
const STORED = {
  voting: NOTE_READ.slice(0, 52),
  night: NOTE_READ.slice(0, 61),
  // Day 1 counted and its last word given: the upgrade inserts a count, and no night's end yet.
  day: NOTE_READ.slice(0, 28),
  closed: version1("undo-the-end"),
  // Its first event is not the game's creation: no engine folds it.
  broken: [NOTE_READ[15] as GameEvent, NOTE_READ[16] as GameEvent],
  // Its events fold, but one stored answer is damaged (previousClub): it cannot be renumbered.
  damaged: NOTE_READ.slice(0, 30),
} as const;
type Name = keyof typeof STORED;
/** The seq of the ballot that ended day 1's voting (seat 1 names 12): version 1 counted it there. */
const DAY_1_LAST_BALLOT = 27;

/** The game itself, without when each step began (a migrated count takes its last ballot's time). */
function game(state: GameState) {
  const { seats, votings, nights, checks, result, rating, phase, quietPhases } = state;
  return JSON.stringify({ seats, votings, nights, checks, result, rating, phase, quietPhases });
}

/** The store at 0006_rating: the schema of the version before HOST-4 (0007 is the upgrade). */
/** The previous version's database while its club is written (the result rows go in directly). */
let openedRaw: Kysely<Schema> | null = null;

async function previousStore(url: string): Promise<Store> {
  const postgres = isPostgresUrl(url);
  const sqlite = postgres ? null : openSqlite(url);
  const db = sqlite ? sqlite.db : openPostgres(url);
  const { error } = await new Migrator({ db, provider: migrations }).migrateTo("0006_rating");
  if (error) throw error;
  openedRaw = db;
  return new KyselyStore(postgres ? "postgres" : "sqlite", db, (work) => work(), {
    sqlite: sqlite?.connection,
  });
}

/**
 * Writes a table as the version before HOST-4 did: one event per command, each command's answer
 * ({ seq, events }) kept under its id, and a closed game's result keyed by the hash of its events.
 */
async function storeVersion1(store: Store, hostId: string, id: string, events: readonly GameEvent[]) {
  const status = (upTo: number) => {
    let phase = "deal";
    let winner: string | null = null;
    try {
      const state = replay(eventsFromVersion1(events.slice(0, upTo)));
      phase = state.phase.kind;
      winner = state.result?.winner ?? null;
    } catch {}
    return { phase, winner };
  };
  const [created, ...rest] = events as [GameEvent, ...GameEvent[]];
  // The table and its first event as schema 0006 had them (today's store writes later columns).
  const raw = openedRaw;
  if (!raw) throw new Error("the previous club's database is not open");
  const { phase, winner } = status(1);
  await sql`insert into tables (id, title, host_id, created_at, seq, phase, winner, online)
    values (${id}, ${id}, ${hostId}, ${created.at}, 1, ${phase}, ${winner}, 0)`.execute(raw);
  await sql`insert into events (table_id, seq, event) values (${id}, 1, ${JSON.stringify(created)})`.execute(
    raw,
  );
  for (const [i, event] of rest.entries()) {
    const seq = i + 2;
    const last = seq === events.length;
    const result = last && status(seq).phase === "closed" ? gameResult(eventsFromVersion1(events)) : null;
    const key = createHash("sha256").update(JSON.stringify(events)).digest("hex");
    const appended = await store.append(
      id,
      seq - 1,
      [event],
      { id: `version1-${seq}`, answer: { seq, events: [event] } },
      status(seq),
    );
    if (!appended.ok) throw new Error(`append ${seq}: ${appended.conflict}`);
    if (result) await insertVersion1Result(id, { ...result, key });
  }
}

/**
 * A closed game's result rows as schema 0006 had them, written directly: today's store writes the
 * columns later migrations added (0010's player_id, ended_at, skill), which 0006 does not have.
 */
async function insertVersion1Result(tableId: string, result: GameResult & { key: string }): Promise<void> {
  const raw = openedRaw;
  if (!raw) throw new Error("the previous club's database is not open");
  await sql`insert into games (table_id, record_key, started_at, ended_at, winner, days, nights, note_read)
    values (${tableId}, ${result.key}, ${result.startedAt}, ${result.endedAt}, ${result.winner},
      ${result.days}, ${result.nights}, ${result.noteRead ? 1 : 0})`.execute(raw);
  for (const s of result.seats) {
    await sql`insert into game_seats (table_id, seat, card, team, result, rated_points, points, admin,
        out_cause, out_when, out_n)
      values (${tableId}, ${s.seat}, ${s.card}, ${s.team}, ${s.result}, ${s.points}, ${s.points},
        ${s.admin ? 1 : 0}, ${s.out?.cause ?? null}, ${s.out?.when ?? null}, ${s.out?.n ?? null})`.execute(
      raw,
    );
  }
}

/** The club as the previous version left it: its admin, and the version 1 tables. */
async function previousClub(url: string): Promise<void> {
  const store = await previousStore(url);
  const app = await buildServer({ store, webRoot: "/nonexistent-misto-web" });
  await app.ready();
  await setUpClub({ app, store, close: async () => {} });
  const admin = await store.findHostByLogin("admin");
  if (!admin) throw new Error("no admin");
  for (const [name, events] of Object.entries(STORED)) await storeVersion1(store, admin.id, name, events);
  const raw = isPostgresUrl(url) ? openPostgres(url) : openSqlite(url).db;
  await sql`update commands set answer = '{"seq":' where table_id = 'damaged'`.execute(raw);
  await raw.destroy();
  await app.close();
  await store.close();
}

async function signIn(h: Harness): Promise<string> {
  const res = await h.app.inject({
    method: "POST",
    url: "/api/session",
    payload: { login: "admin", password: PASSWORD },
  });
  return cookieOf(res);
}

describe.each([
  { name: "sqlite", database: sqliteDatabase },
  { name: "postgres", database: postgresDatabase },
])("HOST-4 an upgrade of the $name store loses no stored game", ({ database }) => {
  let db: Database;
  let h: Harness;
  let cookie: string;
  let url: string;
  const warnings: string[] = [];

  beforeAll(async () => {
    db = database();
    url = await db.create();
    await previousClub(url);
    // The server's start: openStore runs the migrations not yet run.
    const warn = vi.spyOn(console, "warn").mockImplementation((line: unknown) => {
      warnings.push(String(line));
    });
    let store: Store;
    try {
      store = await openStore(url);
    } finally {
      warn.mockRestore();
    }
    const app = await buildServer({ store, webRoot: "/nonexistent-misto-web" });
    await app.ready();
    h = { app, store, close: () => app.close() };
    cookie = await signIn(h);
  });

  afterAll(async () => {
    await h?.close();
    await h?.store.close();
    await db?.drop();
  });

  const table = async (name: Name) => {
    const res = await h.app.inject({ method: "GET", url: `/api/tables/${name}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { seq: number; events: GameEvent[] };
  };

  it.each(["voting", "night"] as const)(
    "HOST-4 a retried command of the %s table gets its first answer, renumbered, and applies nothing",
    async (name) => {
      const before = await table(name);
      // The table holds version 2: day 1's count and night 1's end are the host's steps.
      expect(before.events).toEqual(eventsFromVersion1(STORED[name]));
      for (let seq = 2; seq <= STORED[name].length; seq++) {
        const res = await send(h, cookie, name, {
          id: `version1-${seq}`,
          seq: 0,
          command: { type: "advance", actor: "host" },
        });
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json() as { seq: number; events: GameEvent[] };
        // The answer's events are the table's own at the seq it names, the host's steps with them.
        expect(answer.events).toEqual(before.events.slice(answer.seq - answer.events.length, answer.seq));
        if (seq === STORED[name].length) expect(answer.seq).toBe(before.seq);
        // Day 1's last ballot: its answer carries the host's count that version 2 adds after it.
        if (seq === DAY_1_LAST_BALLOT) {
          expect(answer.events.map((e) => e.type)).toEqual(["voted", "advanced"]);
          expect(answer.events[1]).toMatchObject({ by: "host", from: "voting" });
        }
      }
      expect(await table(name)).toEqual(before);
    },
  );

  it("HOST-4 the live table stored part-way through a voting plays on to its end", async () => {
    const { events } = await table("voting");
    const state = replay(events);
    // Day 1 counted (seat 12 voted out), night 1 ended, and day 2's voting waits for 2 ballots.
    expect(state.seats[11]?.out?.cause).toBe("vote");
    expect(state.phase.kind === "day" && state.phase.n).toBe(2);
    const end = await finishGame(h, cookie, "voting", { nominate: [] });
    expect(end.phase.kind).toBe("closed");
    expect(end.seats[0]?.out?.cause).toBe("vote");
  });

  it("HOST-4 the live table stored part-way through a night plays on to its end", async () => {
    const state = replay((await table("night")).events);
    expect(state.phase.kind === "night" && state.phase.n).toBe(2);
    const end = await finishGame(h, cookie, "night", { nominate: [] });
    expect(end.phase.kind).toBe("closed");
  });

  it("RECORD the closed game's record replays to its game, and its import is refused", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/tables/closed/record", headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const exported = readRecordJson(res.body);
    if (!exported.ok) throw new Error(JSON.stringify(exported.problems));
    const today = readRecordJson(golden("undo-the-end"));
    if (!today.ok) throw new Error(JSON.stringify(today.problems));
    expect(game(stateOf(replayRecord(exported.record)))).toBe(game(stateOf(replayRecord(today.record))));

    // The archive's recap is the recap of the game its version 1 record tells.
    const shown = await h.app.inject({ method: "GET", url: "/api/games/closed", headers: { cookie } });
    expect(shown.statusCode, shown.body).toBe(200);
    const v1 = readRecordJson(golden("v1/undo-the-end"));
    if (!v1.ok) throw new Error(JSON.stringify(v1.problems));
    expect(recapText((shown.json() as { recap: RecapEntry[] }).recap)).toEqual(recapText(recap(v1.record)));

    for (const body of [JSON.parse(res.body), JSON.parse(golden("v1/undo-the-end"))]) {
      const imported = await h.app.inject({
        method: "POST",
        url: "/api/games/import",
        headers: { cookie },
        payload: body,
      });
      expect(imported.statusCode, imported.body).toBe(400);
      expect(imported.body).toContain("this game is stored already");
    }
  });

  it("HOST-4 the upgrade run again (down to 0006, then up) leaves the upgraded tables as they are", async () => {
    const names = ["voting", "night", "day", "closed"] as const;
    const before = await Promise.all(names.map((name) => table(name)));
    expect(before[2]?.events).toEqual(eventsFromVersion1(STORED.day));
    expect(before[3]?.events).toEqual(eventsFromVersion1(STORED.closed));
    const postgres = isPostgresUrl(url);
    const again = postgres ? openPostgres(url) : openSqlite(url).db;
    // The broken table is named again: it is still version 1.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const migrator = new Migrator({ db: again, provider: migrations });
      expect((await migrator.migrateTo("0006_rating")).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      warn.mockRestore();
      await again.destroy();
    }
    for (const [i, name] of names.entries()) {
      const events = (await h.store.readEvents(name)).map((e) => e.event);
      expect(events).toEqual(before[i]?.events);
    }
  });

  it.each(["broken", "damaged"] as const)(
    "HOST-4 a table that does not fold (%s) is left as it was, and named in the log",
    async (name) => {
      const stored = await h.store.readEvents(name);
      expect(stored.map((e) => e.event)).toEqual(STORED[name]);
      expect(warnings.some((w) => w.includes("0007_host_steps") && w.includes(`table ${name} `))).toBe(true);
    },
  );
});

describe.each([
  { name: "sqlite", database: sqliteDatabase },
  { name: "postgres", database: postgresDatabase },
])("HOST-4 an upgrade of the $name store that fails part-way", ({ database }) => {
  let db: Database;
  afterAll(() => db?.drop());

  it("HOST-4 loses no table's events: the failed table is as it was, and the next start upgrades it", async () => {
    db = database();
    const url = await db.create();
    await previousClub(url);
    // Each start names the broken table again.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    // The database fails while the closed game's rewritten events go in (a full disk, say).
    const raw = isPostgresUrl(url) ? openPostgres(url) : openSqlite(url).db;
    try {
      await failInsert(raw, isPostgresUrl(url));
      await expect(openStore(url)).rejects.toThrow(/0007_host_steps/);
      const { rows } = await sql<{ event: string }>`select event from events
        where table_id = 'closed' order by seq`.execute(raw);
      expect(rows.map((r) => JSON.parse(r.event))).toEqual(STORED.closed);
      await sql`drop trigger fail_insert${sql.raw(isPostgresUrl(url) ? " on events" : "")}`.execute(raw);
    } finally {
      await raw.destroy();
    }
    const store = await openStore(url);
    try {
      const events = (await store.readEvents("closed")).map((e) => e.event);
      expect(events).toEqual(eventsFromVersion1(STORED.closed));
    } finally {
      await store.close();
    }
  });
});

/** A trigger that refuses the insert of the closed game's 50th event. */
async function failInsert(db: Kysely<Schema>, postgres: boolean): Promise<void> {
  if (postgres) {
    await sql`create function fail_insert() returns trigger language plpgsql as
      $$ begin raise exception 'the disk is full'; end $$`.execute(db);
    await sql`create trigger fail_insert before insert on events for each row
      when (new.table_id = 'closed' and new.seq = 50) execute function fail_insert()`.execute(db);
  } else {
    await sql`create trigger fail_insert before insert on events
      when new.table_id = 'closed' and new.seq = 50
      begin select raise(abort, 'the disk is full'); end`.execute(db);
  }
}
