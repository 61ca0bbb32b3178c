// What only the SQLite file has to promise: its folder is made, the file is in WAL mode with
// synchronous=NORMAL (the flush after COMMIT is the store's own, ./flush.test.ts), and a writer on
// another connection (another thread here, another process in production) makes an append wait
// for it instead of failing.

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.js";
import { migrations } from "../../src/store/migrations/index.js";
import { openSqlite } from "../../src/store/sqlite.js";
import { newGame } from "./game.js";

const dir = mkdtempSync(join(tmpdir(), "misto-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOST = {
  id: "h",
  name: "Host",
  login: "host",
  role: "host",
  passwordHash: "x",
  createdAt: 1,
  personId: null,
} as const;

describe("the SQLite store", () => {
  it("creates the file with its folders and migrates it", async () => {
    const file = join(dir, "a", "b", "misto.db");
    const store = await openStore(file);
    await store.createHost(HOST);
    await store.close();
    expect(existsSync(file)).toBe(true);
    const raw = new BetterSqlite3(file, { readonly: true });
    try {
      const names = raw
        .prepare("select name from sqlite_master where type = 'table' order by name")
        .pluck()
        .all();
      expect(names).toEqual(
        expect.arrayContaining([
          "club",
          "commands",
          "events",
          "hosts",
          "out_chat",
          "people",
          "sessions",
          "tables",
          "table_seats",
        ]),
      );
      expect(raw.prepare("select name from kysely_migration").pluck().all()).toEqual([
        "0001_initial",
        "0002_seats",
        "0003_online",
        "0004_chat",
        "0005_people",
        "0006_rating",
        "0007_host_steps",
        "0008_online_settings",
        "0009_nights",
        "0010_archive_aggregates",
        "0011_tournaments",
        "0012_archive_indexes",
        "0013_player_tally",
      ]);
    } finally {
      raw.close();
    }
  });

  it("can take every migration back down: each has its down step", async () => {
    const all = Object.entries(await migrations.getMigrations());
    expect(all.length).toBeGreaterThanOrEqual(9);
    for (const [name, migration] of all) expect([name, typeof migration.down]).toEqual([name, "function"]);
  });

  it("runs in WAL mode with synchronous=NORMAL (it flushes the -wal file itself) and foreign keys on", async () => {
    const { db } = openSqlite(join(dir, "pragmas", "misto.db"));
    try {
      const one = async (pragma: string) =>
        Object.values((await sql.raw(`pragma ${pragma}`).execute(db)).rows[0] as object)[0];
      expect(await one("journal_mode")).toBe("wal");
      expect(await one("synchronous")).toBe(1); // NORMAL
      expect(await one("foreign_keys")).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it("refuses an event for a table that does not exist (foreign keys are enforced)", async () => {
    const store = await openStore(join(dir, "fk", "misto.db"));
    try {
      const game = newGame();
      await expect(
        store.append("nowhere", 1, game.play({ type: "advance" }), { id: "c", answer: 1 }, game.status()),
      ).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await store.close();
    }
  });

  it("commits the appends waiting at once together; a refused one in the batch leaves the others", async () => {
    const file = join(dir, "batch", "misto.db");
    const store = await openStore(file);
    try {
      await store.createHost(HOST);
      const games = Array.from({ length: 6 }, (_, i) => ({ id: `t${i}`, game: newGame(`batch-${i}`) }));
      for (const { id, game } of games) {
        await store.createTable(
          { id, title: id, hostId: HOST.id, createdAt: 1, online: false, ...game.status() },
          game.created,
        );
      }
      const plays = games.map(({ id, game }) => ({ id, game, events: game.play({ type: "advance" }) }));
      // One turn: six good appends, one at a stale seq, one with a command id already in the batch.
      const results = await Promise.all([
        ...plays.map(({ id, game, events }) =>
          store.append(id, 1, events, { id: "c1", answer: id }, game.status()),
        ),
        store.append(
          "t0",
          1,
          plays[0]?.events ?? [],
          { id: "late", answer: 0 },
          { phase: "x", winner: null },
        ),
        store.append("t1", 2, plays[1]?.events ?? [], { id: "c1", answer: 0 }, { phase: "x", winner: null }),
      ]);
      expect(results).toEqual([
        ...plays.map(() => ({ ok: true, seq: 2 })),
        { ok: false, conflict: "seq" },
        { ok: false, conflict: "command" },
      ]);
      await store.close();
      // On disk, read by another connection: every good append whole, nothing of the refused ones.
      const raw = new BetterSqlite3(file, { readonly: true });
      try {
        expect(raw.prepare("select id, seq, phase from tables order by id").all()).toEqual(
          plays.map(({ id, game }) => ({ id, seq: 2, phase: game.status().phase })),
        );
        expect(raw.prepare("select count(*) from events").pluck().get()).toBe(12);
        expect(raw.prepare("select table_id, command_id from commands order by table_id").all()).toEqual(
          plays.map(({ id }) => ({ table_id: id, command_id: "c1" })),
        );
      } finally {
        raw.close();
      }
    } finally {
      await store.close();
    }
  });

  it("waits for a writer on another connection, then commits the append", async () => {
    const file = join(dir, "busy", "misto.db");
    const store = await openStore(file);
    try {
      await store.createHost(HOST);
      const game = newGame();
      const row = { id: "t", title: "T", hostId: HOST.id, createdAt: 1, online: false, ...game.status() };
      await store.createTable(row, game.created);

      // Another thread takes the write lock and holds it for 300 ms.
      const worker = new Worker(
        `const { parentPort, workerData } = require("node:worker_threads");
         const Database = require(workerData.module);
         const db = new Database(workerData.file);
         db.exec("begin immediate");
         db.prepare("update tables set title = 'held' where id = 't'").run();
         parentPort.postMessage("locked");
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
         db.exec("commit");
         db.close();`,
        {
          eval: true,
          workerData: { file, module: createRequire(import.meta.url).resolve("better-sqlite3") },
        },
      );
      // Listened for at once: the append's flush turns the event loop, and the exit may come then.
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      await new Promise((resolve) => worker.once("message", resolve));
      const started = performance.now();
      const events = game.play({ type: "advance" });
      expect(await store.append("t", 1, events, { id: "c", answer: 1 }, game.status())).toEqual({
        ok: true,
        seq: 2,
      });
      expect(performance.now() - started).toBeGreaterThan(200);
      await exited;
      expect(await store.getTable("t")).toMatchObject({ title: "held", seq: 2 });
    } finally {
      await store.close();
    }
  });
});
