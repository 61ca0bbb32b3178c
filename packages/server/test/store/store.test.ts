// The storage layer, the same suite on SQLite and on PostgreSQL: migrations, the club and its
// hosts, sessions, and each table's append-only event stream with its seq and command guards.

import { playGame } from "@misto/bots";
import { type GameEvent, replay } from "@misto/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type HostRow,
  openStore,
  type PersonRow,
  type Store,
  StoreConflict,
  type TableRow,
} from "../../src/store/index.js";
import { type Database, postgresDatabase, sqliteDatabase } from "./databases.js";
import { newGame } from "./game.js";

const NOW = 1_767_225_600_000; // 2026-01-01: epoch milliseconds do not fit in 32 bits

function host(id: string, overrides: Partial<HostRow> = {}): HostRow {
  return {
    id,
    name: `Host ${id}`,
    login: `login-${id}`,
    role: "host",
    passwordHash: `scrypt$${id}`,
    createdAt: NOW,
    personId: null,
    ...overrides,
  };
}

function member(id: string, name = `Member ${id}`): PersonRow {
  return { id, name, kind: "member", council: false, mergedInto: null, createdAt: NOW };
}

describe.each([
  { name: "sqlite", database: sqliteDatabase },
  { name: "postgres", database: postgresDatabase },
])("the $name store", ({ name, database }) => {
  let db: Database;
  let url: string;
  let store: Store;
  let tables = 0;
  const HOST = host("host-main");

  /** A new table for one test, with its `created` event stored as event 1. */
  async function newTable(seed = `t${tables + 1}`) {
    const game = newGame(seed);
    const row: Omit<TableRow, "seq"> = {
      id: `table-${++tables}`,
      title: `Table ${tables}`,
      hostId: HOST.id,
      createdAt: NOW + tables,
      online: false,
      onlineSettings: null,
      ...game.status(),
    };
    await store.createTable(row, game.created);
    return { game, row };
  }

  beforeAll(async () => {
    db = database();
    url = await db.create();
    store = await openStore(url);
    await store.createHost(HOST);
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it(`opens the ${name} backend`, () => {
    expect(store.kind).toBe(name);
  });

  it("runs the migrations again harmlessly: a second and third opening keep every row", async () => {
    const again = await openStore(url);
    const third = await openStore(url);
    expect(await again.getHost(HOST.id)).toEqual(HOST);
    await again.close();
    expect(await third.getHost(HOST.id)).toEqual(HOST);
    await third.close();
    expect(await store.getHost(HOST.id)).toEqual(HOST);
  });

  it("creates the club and its admin once; the setup token is stored, replaced and cleared", async () => {
    const fresh = await openStore(await db.another());
    try {
      expect(await fresh.getClub()).toBeNull();
      expect(await fresh.getSetupToken()).toBeNull();
      await fresh.setSetupToken("hash-1");
      await fresh.setSetupToken("hash-2");
      expect(await fresh.getSetupToken()).toBe("hash-2");

      const admin = host("admin-1", { role: "admin", name: "Адмін", personId: "person-admin-1" });
      await fresh.createClub({ id: "club-1", name: "Місто" }, admin, member("person-admin-1", "Адмін"));
      expect(await fresh.getClub()).toEqual({ id: "club-1", name: "Місто" });
      expect(await fresh.getHost(admin.id)).toEqual(admin);

      const second = fresh.createClub(
        { id: "club-2", name: "Other" },
        host("admin-2", { role: "admin", personId: "person-admin-2" }),
        member("person-admin-2"),
      );
      await expect(second).rejects.toBeInstanceOf(StoreConflict);
      // The refused club's admin was rolled back with it.
      expect(await fresh.getHost("admin-2")).toBeNull();
      expect(await fresh.getPerson("person-admin-2")).toBeNull();
      expect(await fresh.findHostByPerson("person-admin-1")).toEqual(admin);
      expect(await fresh.getClub()).toEqual({ id: "club-1", name: "Місто" });

      await fresh.setSetupToken(null);
      expect(await fresh.getSetupToken()).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it("stores hosts and finds them by login and by id; a taken login or id is a StoreConflict", async () => {
    const ann = host("host-ann", { login: "ann" });
    await store.createHost(ann);
    expect(await store.findHostByLogin("ann")).toEqual(ann);
    expect(await store.getHost("host-ann")).toEqual(ann);
    expect(typeof (await store.getHost("host-ann"))?.createdAt).toBe("number");
    expect(await store.findHostByLogin("nobody")).toBeNull();
    expect(await store.getHost("nobody")).toBeNull();

    await expect(store.createHost(host("host-ann-2", { login: "ann" }))).rejects.toBeInstanceOf(
      StoreConflict,
    );
    await expect(store.createHost(host("host-ann", { login: "ann-2" }))).rejects.toBeInstanceOf(
      StoreConflict,
    );
    expect(await store.getHost("host-ann-2")).toBeNull();
    expect(await store.findHostByLogin("ann-2")).toBeNull();
  });

  it("keeps sessions by token hash and ends one, or every one of a host", async () => {
    const bob = host("host-bob", { login: "bob" });
    await store.createHost(bob);
    const expiresAt = NOW + 30 * 24 * 3600_000;
    await store.createSession({ tokenHash: "s-1", hostId: bob.id, createdAt: NOW, expiresAt });
    await store.createSession({ tokenHash: "s-2", hostId: bob.id, createdAt: NOW, expiresAt: expiresAt + 1 });
    await store.createSession({ tokenHash: "s-3", hostId: HOST.id, createdAt: NOW, expiresAt });

    expect(await store.getSession("s-1")).toEqual({ hostId: bob.id, expiresAt });
    expect(await store.getSession("s-2")).toEqual({ hostId: bob.id, expiresAt: expiresAt + 1 });
    expect(await store.getSession("missing")).toBeNull();

    await store.deleteSession("s-1");
    expect(await store.getSession("s-1")).toBeNull();
    expect(await store.getSession("s-2")).not.toBeNull();

    await store.deleteSessionsOf(bob.id);
    expect(await store.getSession("s-2")).toBeNull();
    expect(await store.getSession("s-3")).toEqual({ hostId: HOST.id, expiresAt });
  });

  it("sets an account's role and password hash; an unknown account changes nothing", async () => {
    const cara = host("host-cara", { login: "cara" });
    await store.createHost(cara);
    expect(await store.setRole(cara.id, "member")).toBe(true);
    expect(await store.setPasswordHash(cara.id, "scrypt$new")).toBe(true);
    expect(await store.getHost(cara.id)).toEqual({ ...cara, role: "member", passwordHash: "scrypt$new" });
    expect(await store.setRole("nobody", "admin")).toBe(false);
    expect(await store.setPasswordHash("nobody", "scrypt$x")).toBe(false);
    expect(await store.getHost("nobody")).toBeNull();
  });

  it("keeps a table's join code and its phones' seat tokens; a taken code or seat is a StoreConflict", async () => {
    const { row } = await newTable();
    const other = await newTable();
    await store.setJoinCode(row.id, "123456");
    expect(await store.getJoinCode(row.id)).toBe("123456");
    expect(await store.findTableByCode("123456")).toBe(row.id);
    expect(await store.findTableByCode("654321")).toBeNull();
    expect(await store.getJoinCode(other.row.id)).toBeNull();
    await expect(store.setJoinCode(other.row.id, "123456")).rejects.toBeInstanceOf(StoreConflict);
    expect(await store.getJoinCode(other.row.id)).toBeNull();

    const token = { tokenHash: "tok-1", tableId: row.id, seat: 3, createdAt: NOW };
    expect(await store.createSeatToken(token)).toBe(true);
    expect(await store.getSeatToken("tok-1")).toEqual(token);
    expect(await store.getSeatToken("tok-none")).toBeNull();
    await expect(store.createSeatToken({ ...token, tokenHash: "tok-2" })).rejects.toBeInstanceOf(
      StoreConflict,
    );
    // Only while the table is in the phase named: past it, nothing is stored.
    expect(await store.createSeatToken({ ...token, tokenHash: "tok-3", seat: 4 }, "not-its-phase")).toBe(
      false,
    );
    expect(await store.createSeatToken({ ...token, tokenHash: "tok-4", seat: 5 }, row.phase)).toBe(true);
    expect((await store.listSeatTokens(row.id)).map((t) => [t.seat, t.tokenHash])).toEqual([
      [3, "tok-1"],
      [5, "tok-4"],
    ]);
    expect(await store.deleteSeatToken(row.id, 3)).toBe(true);
    expect(await store.deleteSeatToken(row.id, 3)).toBe(false);
    expect(await store.getSeatToken("tok-1")).toBeNull();
    expect(await store.listSeatTokens(other.row.id)).toEqual([]);
  });

  it("creates a table with its created event as event 1, read back exactly", async () => {
    const { game, row } = await newTable();
    expect(await store.getTable(row.id)).toEqual({ ...row, seq: 1 });
    const events = await store.readEvents(row.id);
    expect(events).toEqual([{ seq: 1, event: game.created }]);
    expect(JSON.stringify(events[0]?.event)).toBe(JSON.stringify(game.created));
    expect(await store.getTable("no-such-table")).toBeNull();
    expect(await store.readEvents("no-such-table")).toEqual([]);

    await expect(store.createTable(row, game.created)).rejects.toBeInstanceOf(StoreConflict);
    expect(await store.readEvents(row.id)).toHaveLength(1);
  });

  it("lists the tables newest first", async () => {
    const a = await newTable();
    const b = await newTable();
    const listed = await store.listTables();
    const ids = listed.map((t) => t.id);
    expect(ids.indexOf(b.row.id)).toBeLessThan(ids.indexOf(a.row.id));
    expect(listed.find((t) => t.id === a.row.id)).toEqual({ ...a.row, seq: 1 });
  });

  it("appends a command's events at the expected seq, stores its answer and updates the table", async () => {
    const { game, row } = await newTable();
    const first = game.play({ type: "advance" });
    expect(await store.append(row.id, 1, first, { id: "c1", answer: { seq: 2 } }, game.status())).toEqual({
      ok: true,
      seq: 2,
    });
    const second = [
      ...game.play({ type: "advance" }),
      ...game.play({ type: "foul", seat: 3, reason: "arguing" }),
    ];
    const answer = { seq: 4, events: second, note: "«ґ» — ok" };
    expect(await store.append(row.id, 2, second, { id: "c2", answer }, game.status())).toEqual({
      ok: true,
      seq: 4,
    });

    const stored = await store.readEvents(row.id);
    expect(stored.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(stored.map((e) => e.event)).toEqual([game.created, ...first, ...second]);
    expect(replay(stored.map((e) => e.event))).toEqual(game.state);
    expect(await store.getTable(row.id)).toEqual({ ...row, seq: 4, phase: "day", winner: null });
    expect(await store.findCommand(row.id, "c2")).toEqual(answer);
  });

  it("refuses an append at a stale or a future seq and changes nothing", async () => {
    const { game, row } = await newTable();
    const events = game.play({ type: "advance" });
    expect(await store.append(row.id, 1, events, { id: "c1", answer: 1 }, game.status())).toMatchObject({
      ok: true,
    });

    const next = game.play({ type: "advance" });
    const before = await store.readEvents(row.id);
    expect(await store.append(row.id, 1, next, { id: "stale", answer: 2 }, game.status())).toEqual({
      ok: false,
      conflict: "seq",
    });
    expect(await store.append(row.id, 5, next, { id: "future", answer: 2 }, game.status())).toEqual({
      ok: false,
      conflict: "seq",
    });
    expect(
      await store.append(row.id, 1, [], { id: "empty-stale", answer: 2 }, { phase: "x", winner: "red" }),
    ).toEqual({
      ok: false,
      conflict: "seq",
    });
    expect(await store.readEvents(row.id)).toEqual(before);
    expect((await store.getTable(row.id))?.seq).toBe(2);
    expect(await store.findCommand(row.id, "stale")).toBeNull();
    expect(await store.findCommand(row.id, "future")).toBeNull();

    // The rolled-back attempts left the seq free for the right append.
    expect(await store.append(row.id, 2, next, { id: "stale", answer: 3 }, game.status())).toEqual({
      ok: true,
      seq: 3,
    });
  });

  it("commits the appends around a refused one sent at once (on SQLite, one batch)", async () => {
    const tables = [await newTable(), await newTable(), await newTable(), await newTable()];
    const events = tables.map(({ game }) => game.play({ type: "advance" }));
    const append = (i: number, seq: number, id: string) => {
      const t = tables[i] as (typeof tables)[number];
      return store.append(t.row.id, seq, events[i] ?? [], { id, answer: id }, t.game.status());
    };
    const results = await Promise.all([
      append(0, 1, "x0"),
      append(1, 5, "x1"),
      append(2, 1, "x2"),
      append(3, 1, "x3"),
    ]);
    expect(results).toEqual([
      { ok: true, seq: 2 },
      { ok: false, conflict: "seq" },
      { ok: true, seq: 2 },
      { ok: true, seq: 2 },
    ]);
    const stored = await Promise.all(tables.map(({ row }) => store.readEvents(row.id)));
    expect(stored.map((s) => s.length)).toEqual([2, 1, 2, 2]);
    expect(await store.findCommand(tables[1]?.row.id ?? "", "x1")).toBeNull();
    expect(await store.findCommand(tables[3]?.row.id ?? "", "x3")).toBe("x3");
    // A repeated id in the next batch is refused alone, the others of its batch kept.
    const again = await Promise.all([append(0, 2, "x0"), append(2, 2, "y2")]);
    expect(again).toEqual([
      { ok: false, conflict: "command" },
      { ok: true, seq: 3 },
    ]);
  });

  it("lets exactly one of two concurrent appends at the same seq win (Promise.all on one store)", async () => {
    const { game, row } = await newTable();
    const events = game.play({ type: "advance" });
    const results = await Promise.all([
      store.append(row.id, 1, events, { id: "a", answer: "a" }, game.status()),
      store.append(row.id, 1, events, { id: "b", answer: "b" }, game.status()),
    ]);
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, seq: 2 }]);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, conflict: "seq" }]);
    const winner = results[0].ok ? "a" : "b";
    const loser = winner === "a" ? "b" : "a";
    expect(await store.findCommand(row.id, winner)).toBe(winner);
    expect(await store.findCommand(row.id, loser)).toBeNull();
    expect(await store.readEvents(row.id)).toHaveLength(2);
  });

  it("lets exactly one of eight concurrent appends win, across two store objects on one database", async () => {
    const { game, row } = await newTable();
    const other = await openStore(url);
    try {
      const events = game.play({ type: "advance" });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : store).append(row.id, 1, events, { id: `w${i}`, answer: i }, game.status()),
        ),
      );
      expect(results.filter((r) => r.ok)).toEqual([{ ok: true, seq: 2 }]);
      expect(results.filter((r) => !r.ok && r.conflict === "seq")).toHaveLength(7);
      expect(await other.readEvents(row.id)).toEqual(await store.readEvents(row.id));
      expect((await other.getTable(row.id))?.seq).toBe(2);
    } finally {
      await other.close();
    }
  });

  it("refuses a repeated command id; findCommand returns the first answer", async () => {
    const { game, row } = await newTable();
    const { row: otherTable } = await newTable();
    const first = game.play({ type: "advance" });
    expect(
      await store.append(row.id, 1, first, { id: "same", answer: { seq: 2, first: true } }, game.status()),
    ).toMatchObject({ ok: true });

    const again = game.play({ type: "advance" });
    // At the next seq, and at the stale one: either way it is the command that is refused.
    expect(await store.append(row.id, 2, again, { id: "same", answer: { seq: 3 } }, game.status())).toEqual({
      ok: false,
      conflict: "command",
    });
    expect(await store.append(row.id, 1, again, { id: "same", answer: { seq: 3 } }, game.status())).toEqual({
      ok: false,
      conflict: "command",
    });
    expect(await store.findCommand(row.id, "same")).toEqual({ seq: 2, first: true });
    expect((await store.readEvents(row.id)).map((e) => e.seq)).toEqual([1, 2]);
    expect(await store.findCommand(row.id, "never")).toBeNull();
    // Command ids belong to their table.
    expect(await store.findCommand(otherTable.id, "same")).toBeNull();
  });

  it("reads the events after a seq", async () => {
    const { game, row } = await newTable();
    let seq = 1;
    const all: GameEvent[] = [game.created];
    for (let i = 0; i < 4; i++) {
      const events = game.play({ type: "advance" });
      const done = await store.append(row.id, seq, events, { id: `c${i}`, answer: null }, game.status());
      if (!done.ok) throw new Error(`append ${i} refused`);
      seq = done.seq;
      all.push(...events);
    }
    expect((await store.readEvents(row.id, 3)).map((e) => e.seq)).toEqual([4, 5]);
    expect((await store.readEvents(row.id, 3)).map((e) => e.event)).toEqual(all.slice(3));
    expect(await store.readEvents(row.id, 5)).toEqual([]);
    expect((await store.readEvents(row.id, 0)).map((e) => e.event)).toEqual(all);
  });

  it("stores a whole bot game, one append per event, and replays it to the same result", async () => {
    const played = playGame({ seed: `store-${name}`, bots: "heuristic", record: true });
    const events = played.events ?? [];
    expect(events.length).toBeGreaterThan(20);
    const [created, ...rest] = events;
    if (created === undefined) throw new Error("a played game starts with its created event");
    const row = {
      id: `bot-${name}`,
      title: "Bots",
      hostId: HOST.id,
      createdAt: NOW,
      phase: "deal",
      winner: null,
      online: false,
      onlineSettings: null,
    };
    await store.createTable(row, created);
    let seq = 1;
    for (const [i, event] of rest.entries()) {
      const done = await store.append(
        row.id,
        seq,
        [event],
        { id: `bot-${i}`, answer: { seq: seq + 1 } },
        {
          phase: event.type,
          winner: null,
        },
      );
      if (!done.ok) throw new Error(`append ${i} refused: ${done.conflict}`);
      seq = done.seq;
    }
    const stored = (await store.readEvents(row.id)).map((e) => e.event);
    expect(stored).toEqual(events);
    expect(replay(stored).result?.winner).toBe(played.winner);
  });

  it("keeps everything across close and reopen", async () => {
    const { game, row } = await newTable();
    const events = game.play({ type: "advance" });
    await store.append(row.id, 1, events, { id: "kept", answer: { kept: true } }, game.status());
    const before = { table: await store.getTable(row.id), events: await store.readEvents(row.id) };

    await store.close();
    store = await openStore(url);
    expect(await store.getTable(row.id)).toEqual(before.table);
    expect(await store.readEvents(row.id)).toEqual(before.events);
    expect(await store.findCommand(row.id, "kept")).toEqual({ kept: true });
    expect(await store.getHost(HOST.id)).toEqual(HOST);
    expect(replay(before.events.map((e) => e.event))).toEqual(game.state);
  });
  it("keeps each table's out chat apart, in order, numbered from 1, epoch times intact", async () => {
    const a = (await newTable()).row;
    const b = (await newTable()).row;
    expect(await store.readOutChat(a.id)).toEqual([]);
    expect(await store.addOutChatLine(a.id, { id: "l1", seat: 9, at: NOW + 1, text: "first" })).toEqual({
      n: 1,
      seat: 9,
      at: NOW + 1,
      text: "first",
    });
    await store.addOutChatLine(b.id, { id: "l1", seat: 3, at: NOW + 2, text: "другой стол" });
    await store.addOutChatLine(a.id, { id: "l2", seat: 4, at: NOW + 3, text: "second\nline" });
    // A repeated id at one table is stored once: the second answer is null.
    expect(await store.addOutChatLine(a.id, { id: "l2", seat: 4, at: NOW + 4, text: "again" })).toBeNull();
    expect(await store.readOutChat(a.id)).toEqual([
      { n: 1, seat: 9, at: NOW + 1, text: "first" },
      { n: 2, seat: 4, at: NOW + 3, text: "second\nline" },
    ]);
    expect(await store.readOutChat(b.id)).toEqual([{ n: 1, seat: 3, at: NOW + 2, text: "другой стол" }]);
  });

  it("numbers concurrent out-chat lines from two store objects on one database without a gap or a loss", async () => {
    const { row } = await newTable();
    const other = await openStore(url);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : store).addOutChatLine(row.id, {
            id: `l${i}`,
            seat: 1 + i,
            at: NOW + i,
            text: `line ${i}`,
          }),
        ),
      );
      const lines = answers.flatMap((l) => (l ? [l] : []));
      expect(lines.map((l) => l.n).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const stored = await store.readOutChat(row.id);
      expect(stored.map((l) => l.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(stored.map((l) => l.text).sort()).toEqual(lines.map((l) => l.text).sort());
    } finally {
      await other.close();
    }
  });
});
