// The SQLite store's flush to disk (src/store/wal-flush.ts): COMMIT does not wait for the disk
// (synchronous=NORMAL), so every write, whatever its path, is answered only after an fsync of the
// `-wal` file that began after its COMMIT; a failed flush fails its writes and all later ones;
// flushes asked for while one runs share the next; the real fsync keeps every answered write
// across a close and reopen; and a write outside the writer is refused.

import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { type FlushWrapper, openStore, type Store } from "../../src/store/index.js";
import { exclusive } from "../../src/store/lock.js";
import { openSqlite } from "../../src/store/sqlite.js";
import { WalFlush } from "../../src/store/wal-flush.js";
import { TableService } from "../../src/tables/service.js";
import { SEATS } from "../helpers/api.js";
import { newGame } from "./game.js";

const dir = mkdtempSync(join(tmpdir(), "misto-flush-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(dir, `db-${++files}`, "misto.db");

const HOST = {
  id: "h",
  name: "Host",
  login: "host",
  role: "host",
  passwordHash: "x",
  createdAt: 1,
  personId: null,
} as const;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Turns of the event loop, enough for any write that did not wait for its flush to have settled. */
async function turns(n = 30): Promise<void> {
  for (let i = 0; i < n; i++) await turn();
}

/**
 * Flushes that pass through until `hold()`; then each waits (its real fsync not yet run) until the
 * test releases or fails it. `begun` counts the flushes begun.
 */
function gate() {
  let holding = false;
  const held: { release(): void; fail(error: Error): void }[] = [];
  let begun = 0;
  const wrap: FlushWrapper = (fsync) => {
    begun++;
    if (!holding) return fsync();
    return new Promise<void>((resolve, reject) => {
      held.push({ release: () => void fsync().then(resolve, reject), fail: reject });
    });
  };
  return {
    wrap,
    held,
    get begun() {
      return begun;
    },
    hold() {
      holding = true;
    },
    /** Waits (bounded, in turns) until a flush is held. */
    async waitHeld(): Promise<void> {
      for (let i = 0; i < 1000 && held.length === 0; i++) await turn();
      if (held.length === 0) throw new Error("no flush began");
    },
    releaseAll() {
      for (const h of held.splice(0)) h.release();
    },
  };
}

/** A promise and whether it has settled yet. */
function track<T>(promise: Promise<T>) {
  const tracked = { promise, settled: false };
  promise.then(
    () => {
      tracked.settled = true;
    },
    () => {
      tracked.settled = true;
    },
  );
  return tracked;
}

/** The write, held at its flush: not settled until the flush is released, then settled. */
async function heldUntilFlushed<T>(flushes: ReturnType<typeof gate>, write: () => Promise<T>): Promise<T> {
  const tracked = track(write());
  await flushes.waitHeld();
  await turns();
  expect(tracked.settled, "answered before its flush").toBe(false);
  for (let i = 0; i < 1000 && !tracked.settled; i++) {
    flushes.releaseAll();
    await turn();
  }
  return tracked.promise;
}

const game = newGame("flush");
const tableRow = (id: string) => ({
  id,
  title: id,
  hostId: HOST.id,
  createdAt: 1,
  online: false,
  ...game.status(),
});
const member = {
  id: "m",
  name: "Member",
  kind: "member",
  council: false,
  mergedInto: null,
  createdAt: 1,
} as const;

/** Every kind of write the store has (its other paths go through the same writer). */
const WRITES: [string, (store: Store) => Promise<unknown>][] = [
  ["createHost", (s) => s.createHost({ ...HOST, id: "h2", login: "second" })],
  ["createPerson", (s) => s.createPerson(member)],
  ["setCouncil", (s) => s.setCouncil(member.id, true)],
  ["setSetupToken", (s) => s.setSetupToken("hash")],
  ["createSession", (s) => s.createSession({ tokenHash: "s1", hostId: HOST.id, createdAt: 1, expiresAt: 9 })],
  ["deleteSession", (s) => s.deleteSession("s1")],
  ["deleteSessionsOf", (s) => s.deleteSessionsOf(HOST.id)],
  ["setPasswordHash", (s) => s.setPasswordHash(HOST.id, "y")],
  ["setRole", (s) => s.setRole("h2", "host")],
  ["createTable", (s) => s.createTable(tableRow("t"), game.created)],
  ["setTableSeats", (s) => s.setTableSeats("t", [{ seat: 1, personId: member.id }])],
  ["setJoinCode", (s) => s.setJoinCode("t", "1234")],
  ["createSeatToken", (s) => s.createSeatToken({ tokenHash: "seat", tableId: "t", seat: 2, createdAt: 1 })],
  ["deleteSeatToken", (s) => s.deleteSeatToken("t", 2)],
  ["addOutChatLine", (s) => s.addOutChatLine("t", { id: "l1", seat: 3, at: 1, text: "hi" })],
  [
    "append",
    (s) =>
      s.append("t", 1, newGame("flush").play({ type: "advance" }), { id: "c1", answer: 1 }, game.status()),
  ],
  [
    "createSanction",
    (s) =>
      s.createSanction({
        id: "x",
        personId: member.id,
        kind: "warning",
        reason: "r",
        from: null,
        until: null,
        byHostId: HOST.id,
        createdAt: 1,
      }),
  ],
  [
    "createComplaint",
    (s) =>
      s.createComplaint({
        id: "k",
        tableId: "t",
        about: "game",
        text: "t",
        byHostId: HOST.id,
        createdAt: 1,
        answer: null,
      }),
  ],
  ["answerComplaint", (s) => s.answerComplaint("k", { text: "a", byHostId: HOST.id, at: 2 })],
  [
    "createSeason",
    (s) => s.createSeason({ id: "s", name: "S", from: "2026-01-01", until: "2027-01-01", createdAt: 1 }),
  ],
  ["deleteSeason", (s) => s.deleteSeason("s")],
  [
    "nights.createNight",
    (s) =>
      s.nights.createNight({
        id: "n",
        title: "N",
        startsAt: 1,
        place: "p",
        capacity: 12,
        tables: 1,
        hosts: [HOST.id],
        createdBy: HOST.id,
        createdAt: 1,
      }),
  ],
  [
    "tournaments.createTournament",
    (s) =>
      s.tournaments.createTournament({
        id: "tt",
        title: "T",
        startsAt: 1,
        rounds: 1,
        tables: 1,
        final: "none",
        chiefId: HOST.id,
        hosts: [HOST.id],
        scoring: {},
        createdBy: HOST.id,
        createdAt: 1,
      }),
  ],
  // A refusal too waits: the login may be taken by a COMMIT not yet on disk.
  ["createHost (refused)", (s) => s.createHost(HOST).catch((error: unknown) => String(error))],
];

describe("the SQLite store's flush", () => {
  it("opens (migrates) only after its flush", async () => {
    const flushes = gate();
    flushes.hold();
    const store = await heldUntilFlushed(flushes, () => openStore(newFile(), { wrapFlush: flushes.wrap }));
    await store.close();
  });

  it("answers no write, of any path, before the flush that follows its COMMIT", async () => {
    const flushes = gate();
    const store = await openStore(newFile(), { wrapFlush: flushes.wrap });
    try {
      await store.createHost(HOST);
      flushes.hold();
      for (const [name, write] of WRITES) {
        const begun = flushes.begun;
        const answer = await heldUntilFlushed(flushes, () => write(store));
        expect(flushes.begun, name).toBeGreaterThan(begun);
        expect(answer, name).not.toBeInstanceOf(Error);
      }
      expect(await store.readEvents("t")).toHaveLength(2);
      expect(await store.getHost("h2")).toMatchObject({ role: "host" });
      expect(await store.getComplaint("k")).toMatchObject({ answer: { text: "a" } });
    } finally {
      flushes.releaseAll();
      await store.close();
    }
  });

  it("flushes after the batch's COMMIT, and answers the batch's appends only after that flush", async () => {
    const file = newFile();
    const flushes = gate();
    const store = await openStore(file, { wrapFlush: flushes.wrap });
    const raw = new BetterSqlite3(file, { readonly: true });
    try {
      await store.createHost(HOST);
      const games = ["a", "b", "c"].map((id) => ({ id, game: newGame(id) }));
      for (const { id, game } of games)
        await store.createTable({ ...tableRow(id), ...game.status() }, game.created);
      const events = () => raw.prepare("select count(*) from events").pluck().get();
      expect(events()).toBe(3);
      flushes.hold();
      const appends = games.map(({ id, game }) =>
        track(store.append(id, 1, game.play({ type: "advance" }), { id: "c", answer: id }, game.status())),
      );
      await flushes.waitHeld();
      // The flush began after the COMMIT: another connection reads the batch whole.
      expect(events()).toBe(3 + games.length);
      await turns();
      expect(appends.map((a) => a.settled)).toEqual([false, false, false]);
      flushes.releaseAll();
      expect(await Promise.all(appends.map((a) => a.promise))).toEqual(
        games.map(() => ({ ok: true, seq: 2 })),
      );
    } finally {
      raw.close();
      flushes.releaseAll();
      await store.close();
    }
  });

  it("answers a write committed while an earlier flush runs only after the next flush", async () => {
    const file = newFile();
    const flushes = gate();
    const store = await openStore(file, { wrapFlush: flushes.wrap });
    const raw = new BetterSqlite3(file, { readonly: true });
    try {
      await store.createHost(HOST);
      flushes.hold();
      const first = track(store.setSetupToken("first"));
      await flushes.waitHeld();
      // The writer lock is free while the first one's flush runs: the second commits meanwhile.
      const second = track(
        store.createSession({ tokenHash: "s", hostId: HOST.id, createdAt: 1, expiresAt: 9 }),
      );
      await turns();
      expect(raw.prepare("select count(*) from sessions").pluck().get()).toBe(1);
      expect(flushes.held).toHaveLength(1);
      flushes.held.shift()?.release();
      await first.promise;
      await flushes.waitHeld();
      await turns();
      expect(second.settled, "answered by a flush that began before its COMMIT").toBe(false);
      flushes.releaseAll();
      await second.promise;
    } finally {
      raw.close();
      flushes.releaseAll();
      await store.close();
    }
  });

  it("fails the writes whose flush failed, and every write after (until the store is reopened)", async () => {
    const file = newFile();
    const flushes = gate();
    const store = await openStore(file, { wrapFlush: flushes.wrap });
    try {
      await store.createHost(HOST);
      await store.createTable(tableRow("t"), game.created);
      flushes.hold();
      const failing = newGame("flush");
      const events = failing.play({ type: "advance" });
      const writes = (
        [
          store.append("t", 1, events, { id: "c1", answer: 1 }, failing.status()),
          store.createSession({ tokenHash: "s", hostId: HOST.id, createdAt: 1, expiresAt: 9 }),
          store.createTable(tableRow("u"), game.created),
        ] as Promise<unknown>[]
      ).map(track);
      for (let i = 0; i < 1000 && writes.some((w) => !w.settled); i++) {
        for (const h of flushes.held.splice(0)) h.fail(new Error("EIO: the disk failed"));
        await turn();
      }
      const outcomes = await Promise.allSettled(writes.map((w) => w.promise));
      const failed = /EIO: the disk failed|failed: restart the server/;
      expect(outcomes.map((o) => o.status === "rejected" && failed.test(String(o.reason)))).toEqual([
        true,
        true,
        true,
      ]);
      // What reached the disk is no longer known: no later write is answered, none flushed.
      const begun = flushes.begun;
      const later = track(store.setSetupToken("later"));
      await turns();
      expect(later.settled, "a write after a failed flush waited for another").toBe(true);
      await expect(later.promise).rejects.toThrow(/flush to disk of .*-wal failed: restart the server/);
      expect(flushes.begun).toBe(begun);
    } finally {
      flushes.releaseAll();
      await store.close();
    }
    // Reopened (a restart), it reads what the disk kept and answers writes again.
    const reopened = await openStore(file);
    try {
      await reopened.setSetupToken("again");
      expect(await reopened.getSetupToken()).toBe("again");
    } finally {
      await reopened.close();
    }
  });

  it("moves the live table only after the flush", async () => {
    const flushes = gate();
    const store = await openStore(newFile(), { wrapFlush: flushes.wrap });
    try {
      await store.createHost(HOST);
      const tables = new TableService(store);
      const { id } = await tables.create(HOST, { seats: SEATS, deal: { seed: "live" } });
      await tables.get(id);
      const changes: number[] = [];
      tables.onChange((table) => changes.push(table.seq));
      flushes.hold();
      const command = track(tables.command(id, { id: "c1", seq: 1, command: { type: "advance" } }));
      await flushes.waitHeld();
      await turns();
      expect({ settled: command.settled, seq: tables.heldSeq(id), changes }).toEqual({
        settled: false,
        seq: 1,
        changes: [],
      });
      flushes.releaseAll();
      const answer = await command.promise;
      expect(tables.heldSeq(id)).toBe(answer.seq);
      expect(changes).toEqual([answer.seq]);
    } finally {
      flushes.releaseAll();
      await store.close();
    }
  });

  it("with the real fsync, keeps every answered write across a close and reopen", async () => {
    const file = newFile();
    let flushed = 0;
    const store = await openStore(file, {
      wrapFlush: async (fsync) => {
        await fsync();
        flushed++;
      },
    });
    const stored = newGame("real");
    const answers: unknown[] = [];
    try {
      await store.createHost(HOST);
      await store.createTable({ ...tableRow("t"), ...stored.status() }, stored.created);
      let seq = 1;
      for (let i = 0; i < 20; i++) {
        const command =
          i === 0 ? { type: "advance" } : { type: "foul", seat: (i % 10) + 1, reason: "arguing" };
        const result = await store.append(
          "t",
          seq,
          stored.play(command as never),
          {
            id: `c${i}`,
            answer: i,
          },
          stored.status(),
        );
        answers.push(result);
        if (result.ok) seq = result.seq;
      }
    } finally {
      await store.close();
    }
    expect(answers.at(-1)).toEqual({ ok: true, seq: 21 });
    expect(flushed).toBeGreaterThanOrEqual(22);
    const reopened = await openStore(file);
    try {
      expect((await reopened.readEvents("t")).map((e) => e.seq)).toEqual(
        Array.from({ length: 21 }, (_, i) => i + 1),
      );
      expect(await reopened.findCommand("t", "c19")).toBe(19);
    } finally {
      await reopened.close();
    }
  });
});

describe("the store's connection", () => {
  it("refuses a write outside the writer (it would take neither the lock nor the flush)", async () => {
    const file = newFile();
    await (await openStore(file)).close();
    const { db, lockKey, wal } = openSqlite(file, { writerOnly: true });
    const insert = () => db.insertInto("setup").values({ slot: 1, token_hash: "x" }).execute();
    try {
      await expect(insert()).rejects.toThrow(/a write outside the store's writer/);
      expect(await db.selectFrom("setup").selectAll().execute()).toEqual([]);
      await exclusive(lockKey, insert);
      expect(await db.selectFrom("setup").select("token_hash").execute()).toEqual([{ token_hash: "x" }]);
    } finally {
      await db.destroy();
      await wal?.close();
    }
  });
});

describe("WalFlush", () => {
  it("makes a flush asked for while one runs wait for the next, which they all share", async () => {
    const file = newFile();
    mkdirSync(dirname(file), { recursive: true });
    const raw = new BetterSqlite3(file);
    raw.pragma("journal_mode = WAL");
    raw.exec("create table if not exists x (n)");
    const flushes = gate();
    flushes.hold();
    const wal = new WalFlush(file, flushes.wrap);
    try {
      const first = track(wal.flush());
      await flushes.waitHeld();
      // Asked for after the first began: a COMMIT before them may have missed it.
      const second = track(wal.flush());
      const third = track(wal.flush());
      await turns();
      expect(flushes.begun).toBe(1);
      flushes.releaseAll();
      await first.promise;
      await flushes.waitHeld();
      expect(flushes.begun).toBe(2);
      await turns();
      expect([second.settled, third.settled]).toEqual([false, false]);
      flushes.releaseAll();
      await Promise.all([second.promise, third.promise]);
      expect(flushes.begun).toBe(2);
      // Nothing running: the next starts at once.
      const fourth = track(wal.flush());
      await flushes.waitHeld();
      expect(flushes.begun).toBe(3);
      flushes.releaseAll();
      await fourth.promise;
    } finally {
      flushes.releaseAll();
      await wal.close();
      raw.close();
    }
  });
});
