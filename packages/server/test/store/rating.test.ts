// The rating's storage on SQLite and PostgreSQL: a game's result committed with its closing events
// (or not at all), the 0006_rating backfill of games closed before it, corrections, imports, seasons.

import { playGame } from "@misto/bots";
import type { GameEvent } from "@misto/engine";
import { type Kysely, Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLedger } from "../../src/rating/ledger.js";
import { gameResult } from "../../src/rating/result.js";
import { openStore, type Store, StoreConflict } from "../../src/store/index.js";
import { migrations } from "../../src/store/migrations/index.js";
import { isPostgresUrl, openPostgres } from "../../src/store/postgres.js";
import type { Database as Schema } from "../../src/store/schema.js";
import { openSqlite } from "../../src/store/sqlite.js";
import { type Database, postgresDatabase, sqliteDatabase } from "./databases.js";

const NOW = 1_767_225_600_000;

/** A finished bot game's events (rating played: RATE-1…7). */
function finished(seed: string): GameEvent[] {
  return playGame({ seed, bots: "heuristic", record: true }).events as GameEvent[];
}

async function migratedTo(url: string, last: string): Promise<Kysely<Schema>> {
  const db = isPostgresUrl(url) ? openPostgres(url) : openSqlite(url).db;
  const { error } = await new Migrator({ db, provider: migrations }).migrateTo(last);
  if (error) throw error;
  return db as Kysely<Schema>;
}

describe.each([
  { name: "sqlite", database: sqliteDatabase },
  { name: "postgres", database: postgresDatabase },
])("the rating in the $name store", ({ database }) => {
  let db: Database;
  let store: Store;
  const HOST = {
    id: "host-1",
    name: "Boris",
    login: "boris",
    role: "host" as const,
    passwordHash: "x",
    createdAt: NOW,
    personId: "person-host",
  };
  const seats = Array.from({ length: 12 }, (_, i) => ({ seat: i + 1, personId: `p${i + 1}` }));
  /** The seats' people, each a guest named by its id. */
  const addSeatGuests = async (into: Store) => {
    for (const { personId } of seats) {
      await into.createPerson({
        id: personId,
        name: personId,
        kind: "guest",
        council: false,
        mergedInto: null,
        createdAt: NOW,
      });
    }
  };

  beforeAll(async () => {
    db = database();
    store = await openStore(await db.create());
    await store.createHost(HOST, {
      id: "person-host",
      name: "Boris",
      kind: "member",
      council: false,
      mergedInto: null,
      createdAt: NOW,
    });
    await addSeatGuests(store);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it("commits a game's result with its closing events, and with a refused append stores none", async () => {
    const events = finished("store-close");
    const [created, ...rest] = events as [GameEvent, ...GameEvent[]];
    const table = {
      id: "t-close",
      title: "Close",
      hostId: HOST.id,
      createdAt: NOW,
      online: false,
      phase: "deal",
      winner: null,
    };
    await store.createTable(table, created, seats);
    const last = rest.slice(-1);
    const before = rest.slice(0, -1);
    expect(
      await store.append("t-close", 1, before, { id: "c1", answer: {} }, { phase: "rating", winner: null }),
    ).toEqual({
      ok: true,
      seq: events.length - 1,
    });
    const result = gameResult(events);
    expect(result).not.toBeNull();
    if (!result) return;
    // The command id is taken: the append is refused and takes its result with it.
    const refused = await store.append(
      "t-close",
      events.length - 1,
      last,
      { id: "c1", answer: {} },
      { phase: "closed", winner: result.winner },
      result,
    );
    expect(refused).toEqual({ ok: false, conflict: "command" });
    expect(await store.getGame("t-close")).toBeNull();
    const stored = await store.append(
      "t-close",
      events.length - 1,
      last,
      { id: "c2", answer: {} },
      { phase: "closed", winner: result.winner },
      result,
    );
    expect(stored.ok).toBe(true);
    const game = await store.getGame("t-close");
    expect(game).toMatchObject({
      id: "t-close",
      key: result.key,
      winner: result.winner,
      days: result.days,
      nights: result.nights,
      endedAt: result.endedAt,
    });
    expect(
      game?.seats.map((s) => ({
        seat: s.seat,
        personId: s.personId,
        points: s.points,
        ratedPoints: s.ratedPoints,
        card: s.card,
        out: s.out,
      })),
    ).toEqual(
      result.seats.map((s, i) => ({
        seat: s.seat,
        personId: `p${i + 1}`,
        points: s.points,
        ratedPoints: s.points,
        card: s.card,
        out: s.out,
      })),
    );
  });

  it("records a correction and counts the corrected points; the table's points stay beside them", async () => {
    await store.correctPoints({
      id: "c-1",
      tableId: "t-close",
      seat: 5,
      from: 0,
      to: 4,
      byHostId: HOST.id,
      at: NOW + 5,
      reason: "contest",
    });
    const game = await store.getGame("t-close");
    expect(game?.seats[4]).toMatchObject({ points: 4 });
    expect(await store.listCorrections("t-close")).toEqual([
      {
        id: "c-1",
        tableId: "t-close",
        seat: 5,
        from: 0,
        to: 4,
        byHostId: HOST.id,
        at: NOW + 5,
        reason: "contest",
      },
    ]);
  });

  it("stores an imported game whole: table, events, seats and result; a taken id is a StoreConflict", async () => {
    const events = finished("store-import");
    const result = gameResult(events);
    if (!result) throw new Error("not finished");
    const table = { id: "t-import", title: "Imported", hostId: HOST.id, createdAt: NOW, online: false };
    await store.importGame(table, events, seats, result);
    expect((await store.readEvents("t-import")).map((e) => e.event)).toEqual(events);
    expect(await store.getTable("t-import")).toMatchObject({
      phase: "closed",
      seq: events.length,
      winner: result.winner,
    });
    expect((await store.getGame("t-import"))?.seats).toHaveLength(12);
    await expect(store.importGame(table, events, seats, result)).rejects.toBeInstanceOf(StoreConflict);
    const games = await store.listGames();
    expect(games.map((g) => g.id)).toEqual(expect.arrayContaining(["t-close", "t-import"]));
    expect(games.map((g) => g.endedAt)).toEqual([...games.map((g) => g.endedAt)].sort((a, b) => a - b));
  });

  it("stores a batch of imported games in one transaction: a taken id among them stores none", async () => {
    const game = (id: string) => {
      const events = finished(id);
      const result = gameResult(events);
      if (!result) throw new Error("not finished");
      return {
        table: { id, title: id, hostId: HOST.id, createdAt: NOW, online: false },
        events,
        seats,
        result,
      };
    };
    await store.importGames([game("t-batch-1"), game("t-batch-2")]);
    expect((await store.getGame("t-batch-2"))?.seats).toHaveLength(12);
    await expect(store.importGames([game("t-batch-3"), game("t-batch-1")])).rejects.toBeInstanceOf(
      StoreConflict,
    );
    expect(await store.getTable("t-batch-3")).toBeNull();
    // Every person, a merged guest too (the rating's ledger reads them all; the directory does not).
    const into = seats[0]?.personId as string;
    const merged = { id: "p-batch-merged", name: "Batch Merged", kind: "guest" as const, council: false };
    await store.createPerson({ ...merged, mergedInto: into, createdAt: NOW });
    const everyone = (await store.listAllPeople()).map((p) => p.id);
    expect(everyone).toEqual(expect.arrayContaining([...seats.map((s) => s.personId), "p-batch-merged"]));
    expect((await store.listPeople({ q: "batch merged", limit: 10 })).map((p) => p.id)).toEqual([]);
  });

  it("reads a merged guest's seats as the member's, and knows the administration (RATE-7)", async () => {
    const member = {
      id: "m-vera",
      name: "Vera",
      kind: "member" as const,
      council: true,
      mergedInto: null,
      createdAt: NOW,
    };
    await store.createPerson(member);
    // A guest already merged into Vera; the table was seated with the guest.
    await store.createPerson({
      id: "g-vera",
      name: "Verochka",
      kind: "guest",
      council: false,
      mergedInto: "m-vera",
      createdAt: NOW,
    });
    await store.createHost(
      {
        id: "admin-1",
        name: "Anna",
        login: "anna",
        role: "admin",
        passwordHash: "x",
        createdAt: NOW,
        personId: "p-anna",
      },
      { id: "p-anna", name: "Anna", kind: "member", council: false, mergedInto: null, createdAt: NOW },
    );
    const events = finished("store-merge");
    const result = gameResult(events);
    if (!result) throw new Error("not finished");
    const merged = seats.map((s) => (s.seat === 3 ? { seat: 3, personId: "g-vera" } : s));
    await store.importGame(
      { id: "t-merge", title: "Merge", hostId: HOST.id, createdAt: NOW, online: false },
      events,
      merged,
      result,
    );
    expect((await store.getGame("t-merge"))?.seats[2]?.personId).toBe("g-vera");
    const ledger = await loadLedger(store);
    const game = ledger.games.find((g) => g.id === "t-merge");
    expect(game?.seats[2]?.person).toEqual({ id: "m-vera", name: "Vera", kind: "member", council: true });
    expect(ledger.person("g-vera")?.id).toBe("m-vera");
    expect([...ledger.excluded]).toEqual(["p-anna"]);
  });

  it("keeps seasons, newest first, and deletes them", async () => {
    await store.createSeason({
      id: "s1",
      name: "Spring",
      from: "2026-03-01",
      until: "2026-05-31",
      createdAt: NOW,
    });
    await store.createSeason({
      id: "s2",
      name: "Summer",
      from: "2026-06-01",
      until: "2026-08-31",
      createdAt: NOW,
    });
    expect((await store.listSeasons()).map((s) => s.name)).toEqual(["Summer", "Spring"]);
    expect(await store.deleteSeason("s1")).toBe(true);
    expect(await store.deleteSeason("s1")).toBe(false);
    expect(await store.listSeasons()).toEqual([
      { id: "s2", name: "Summer", from: "2026-06-01", until: "2026-08-31", createdAt: NOW },
    ]);
  });

  it("0006_rating gives each table closed before it its result, replayed from its events", async () => {
    const url = await db.another();
    const old = await migratedTo(url, "0005_people");
    const events = finished("store-backfill");
    try {
      await sql`insert into hosts (id, name, login, role, password_hash, created_at) values ('h', 'Host', 'host', 'host', 'x', ${NOW})`.execute(
        old,
      );
      await sql`insert into tables (id, title, host_id, created_at, seq, phase, winner, online)
        values ('old', 'Old', 'h', ${NOW}, ${events.length}, 'closed', 'red', 0)`.execute(old);
      for (const [i, event] of events.entries()) {
        await sql`insert into events (table_id, seq, event) values ('old', ${i + 1}, ${JSON.stringify(event)})`.execute(
          old,
        );
      }
      for (let seat = 1; seat <= 12; seat++) {
        await sql`insert into people (id, name, name_key, kind, council, merged_into, created_at)
          values (${`o${seat}`}, ${`Old ${seat}`}, ${`old ${seat}`}, 'guest', 0, null, ${NOW})`.execute(old);
        await sql`insert into table_seats (table_id, seat, person_id) values ('old', ${seat}, ${`o${seat}`})`.execute(
          old,
        );
      }
    } finally {
      await old.destroy();
    }
    const migrated = await openStore(url);
    try {
      const game = await migrated.getGame("old");
      const result = gameResult(events);
      expect(game).toMatchObject({ key: result?.key, winner: result?.winner, endedAt: result?.endedAt });
      expect(game?.seats.map((s) => s.points)).toEqual(result?.seats.map((s) => s.points));
      expect(game?.seats[0]?.personId).toBe("o1");
    } finally {
      await migrated.close();
    }
  });

  it("0012_archive_indexes gives each stored game its table's host, which the archive filters by", async () => {
    const url = await db.another();
    const old = await migratedTo(url, "0011_tournaments");
    try {
      for (const [id, name] of [
        ["ha", "Anna"],
        ["hb", "Boris"],
      ]) {
        await sql`insert into hosts (id, name, login, role, password_hash, created_at)
          values (${id}, ${name}, ${id}, 'host', 'x', ${NOW})`.execute(old);
      }
      for (const [i, host] of ["ha", "hb", "hb"].entries()) {
        await sql`insert into tables (id, title, host_id, created_at, seq, phase, winner, online)
          values (${`g${i}`}, 'Old', ${host}, ${NOW}, 1, 'closed', 'red', 0)`.execute(old);
        await sql`insert into games (table_id, record_key, started_at, ended_at, winner, days, nights, note_read, folded)
          values (${`g${i}`}, ${`key-${i}`}, ${NOW + i}, ${NOW + i}, 'red', 1, 1, 0, 1)`.execute(old);
      }
    } finally {
      await old.destroy();
    }
    const migrated = await openStore(url);
    try {
      const ids = async (hostId: string) =>
        (await migrated.archive.page({ hostId }, null, 10)).games.map((g) => g.id);
      expect(await ids("ha")).toEqual(["g0"]);
      expect(await ids("hb")).toEqual(["g2", "g1"]);
      expect(await migrated.archive.archiveHosts()).toEqual([
        { id: "ha", name: "Anna" },
        { id: "hb", name: "Boris" },
      ]);
      // A game stored after it carries its host too.
      const table = { id: "t-new", title: "New", hostId: "ha", createdAt: NOW, online: false };
      const events = finished("store-host");
      const result = gameResult(events);
      if (!result) throw new Error("the bot game is not finished");
      await addSeatGuests(migrated);
      await migrated.importGame(table, events, seats, result);
      expect((await ids("ha")).sort()).toEqual(["g0", "t-new"]);
      expect(await ids("hb")).toEqual(["g2", "g1"]);
    } finally {
      await migrated.close();
    }
  });
});
