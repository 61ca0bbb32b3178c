// The club's people in storage (docs/club.md), the same suite on SQLite and on PostgreSQL: the
// 0005_people migration of existing accounts, people and their search, guests, merges, and who sat
// where at each table.

import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ComplaintRow,
  type HostRow,
  openStore,
  type PersonRow,
  type SanctionRow,
  type Store,
  StoreConflict,
  type TableRow,
} from "../../src/store/index.js";
import { migrations } from "../../src/store/migrations/index.js";
import { isPostgresUrl, openPostgres } from "../../src/store/postgres.js";
import { openSqlite } from "../../src/store/sqlite.js";
import { type Database, postgresDatabase, sqliteDatabase } from "./databases.js";
import { newGame } from "./game.js";

const NOW = 1_767_225_600_000;

function person(id: string, name: string, overrides: Partial<PersonRow> = {}): PersonRow {
  return { id, name, kind: "member", council: false, mergedInto: null, createdAt: NOW, ...overrides };
}

function account(id: string, personId: string | null, overrides: Partial<HostRow> = {}): HostRow {
  return {
    id,
    name: `Account ${id}`,
    login: `login-${id}`,
    role: "host",
    passwordHash: `scrypt$${id}`,
    createdAt: NOW,
    personId,
    ...overrides,
  };
}

/** A database migrated up to `last` only (a club from before a migration). */
async function migratedTo(url: string, last: string) {
  const db = isPostgresUrl(url) ? openPostgres(url) : openSqlite(url).db;
  const { error } = await new Migrator({ db, provider: migrations }).migrateTo(last);
  if (error) throw error;
  return db;
}

describe.each([
  { name: "sqlite", database: sqliteDatabase },
  { name: "postgres", database: postgresDatabase },
])("people in the $name store", ({ database }) => {
  let db: Database;
  let store: Store;
  let tables = 0;
  const HOST = account("host-main", "person-host-main");

  async function newTable(id = `table-${++tables}`) {
    const game = newGame(id);
    const row: Omit<TableRow, "seq"> = {
      id,
      title: id,
      hostId: HOST.id,
      createdAt: NOW,
      online: false,
      ...game.status(),
    };
    return { row, created: game.created };
  }

  beforeAll(async () => {
    db = database();
    store = await openStore(await db.create());
    await store.createHost(HOST, person("person-host-main", "Host"));
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it("CLUB-1 0005_people gives every existing account a member person by its name, keeping its sessions", async () => {
    const url = await db.another();
    const old = await migratedTo(url, "0003_online");
    await sql`insert into hosts (id, name, login, role, password_hash, created_at)
      values ('old-admin', 'Олена Ґудзь', 'olena', 'admin', 'scrypt$x', ${NOW})`.execute(old);
    await sql`insert into sessions (token_hash, host_id, created_at, expires_at)
      values ('session-1', 'old-admin', ${NOW}, ${NOW + 1000})`.execute(old);
    await old.destroy();

    const migrated = await openStore(url);
    try {
      const admin = await migrated.getHost("old-admin");
      expect(admin).toMatchObject({ name: "Олена Ґудзь", login: "olena", role: "admin" });
      const own = await migrated.getPerson(admin?.personId ?? "");
      expect(own).toMatchObject({ name: "Олена Ґудзь", kind: "member", council: false, mergedInto: null });
      expect(own?.createdAt).toBe(NOW);
      expect(await migrated.getSession("session-1")).toEqual({ hostId: "old-admin", expiresAt: NOW + 1000 });
      expect(await migrated.listPeople({ q: "ҐУДЗЬ", limit: 5 })).toEqual([own]);
      // The role "member" is allowed now, and the accounts' foreign keys still hold.
      const ann = account("ann", "person-ann", { role: "member" });
      await migrated.createHost(ann, person("person-ann", "Ann"));
      expect(await migrated.getHost("ann")).toEqual(ann);
      await migrated.createSession({
        tokenHash: "session-2",
        hostId: "ann",
        createdAt: NOW,
        expiresAt: NOW + 1,
      });
      await expect(
        migrated.createSession({ tokenHash: "session-3", hostId: "nobody", createdAt: NOW, expiresAt: NOW }),
      ).rejects.toThrow();
    } finally {
      await migrated.close();
    }
  });

  it("0005_people goes down to 0004 keeping the accounts (refused while one is a member), and up again", async () => {
    const url = await db.another();
    const fresh = await openStore(url);
    await fresh.createHost(account("down-host", "p-down-host"), person("p-down-host", "Down Host"));
    await fresh.createHost(
      account("down-member", "p-down-member", { role: "member" }),
      person("p-down-member", "M"),
    );
    await fresh.close();
    const old = await migratedTo(url, "0005_people");
    const migrator = new Migrator({ db: old, provider: migrations });
    expect((await migrator.migrateTo("0004_chat")).error).toBeDefined();
    await sql`delete from hosts where id = 'down-member'`.execute(old);
    expect((await migrator.migrateTo("0004_chat")).error).toBeUndefined();
    const { rows } = await sql<{ id: string }>`select id from hosts`.execute(old);
    expect(rows.map((r) => r.id)).toEqual(["down-host"]);
    await old.destroy();
    const again = await openStore(url);
    try {
      const host = await again.getHost("down-host");
      expect(host?.personId).not.toBeNull();
      expect((await again.getPerson(host?.personId ?? ""))?.name).toBe("Account down-host");
    } finally {
      await again.close();
    }
  });

  it("CLUB-1 stores members and guests; a second unmerged guest by one name is a StoreConflict", async () => {
    const vera = person("p-vera", "Vera");
    const guest = person("p-guest-ivan", "Ivan", { kind: "guest" });
    await store.createPerson(vera);
    await store.createPerson(guest);
    expect(await store.getPerson("p-vera")).toEqual(vera);
    expect(await store.getPerson("p-guest-ivan")).toEqual(guest);
    expect(await store.getPerson("nobody")).toBeNull();
    expect(await store.findGuest("Ivan")).toEqual(guest);
    expect(await store.findGuest("ivan")).toBeNull();
    expect(await store.findGuest("Vera")).toBeNull();
    await expect(
      store.createPerson(person("p-guest-ivan-2", "Ivan", { kind: "guest" })),
    ).rejects.toBeInstanceOf(StoreConflict);
    await expect(store.createPerson(person("p-vera", "Other"))).rejects.toBeInstanceOf(StoreConflict);
    // A member may share a guest's name: the guest is not the member until merged.
    await store.createPerson(person("p-member-ivan", "Ivan"));
  });

  it("CLUB-1 a guest merged into a member resolves to the member and frees the name for a new guest", async () => {
    await store.createPerson(person("p-max", "Max"));
    await store.createPerson(person("p-guest-max", "Maxim", { kind: "guest", mergedInto: "p-max" }));
    expect((await store.resolvePerson("p-guest-max"))?.id).toBe("p-max");
    expect((await store.resolvePerson("p-max"))?.id).toBe("p-max");
    expect(await store.resolvePerson("nobody")).toBeNull();
    expect(await store.findGuest("Maxim")).toBeNull();
    await store.createPerson(person("p-guest-max-2", "Maxim", { kind: "guest" }));
    expect((await store.findGuest("Maxim"))?.id).toBe("p-guest-max-2");
  });

  it("searches people by any part of the name in any case, members first, merged ones left out, limited", async () => {
    await store.createPerson(person("p-s1", "Тарас Шевчук"));
    await store.createPerson(person("p-s2", "Шевченко", { kind: "guest" }));
    await store.createPerson(person("p-s3", "Anna Шевчик", { council: true }));
    await store.createPerson(person("p-s4", "Шевцов", { kind: "guest", mergedInto: "p-s1" }));
    await store.createPerson(person("p-s5", "100%_sure"));

    const found = await store.listPeople({ q: "ШЕВ", limit: 10 });
    expect(found.map((p) => p.id)).toEqual(["p-s3", "p-s1", "p-s2"]);
    expect(found[0]?.council).toBe(true);
    expect((await store.listPeople({ q: "шев", limit: 2 })).map((p) => p.id)).toEqual(["p-s3", "p-s1"]);
    // % and _ are letters here, not patterns.
    expect((await store.listPeople({ q: "%_", limit: 10 })).map((p) => p.id)).toEqual(["p-s5"]);
    expect(await store.listPeople({ q: "0%s", limit: 10 })).toEqual([]);
    expect((await store.listPeople({ limit: 1000 })).some((p) => p.id === "p-s4")).toBe(false);
  });

  it("finds the account of a person; creating an account with its person is one transaction", async () => {
    expect(await store.findHostByPerson("person-host-main")).toEqual(HOST);
    expect(await store.findHostByPerson("p-vera")).toBeNull();
    const taken = account("dup", "person-dup", { login: HOST.login });
    await expect(store.createHost(taken, person("person-dup", "Dup"))).rejects.toBeInstanceOf(StoreConflict);
    expect(await store.getPerson("person-dup")).toBeNull();
    expect((await store.listHosts()).map((h) => h.id)).toContain(HOST.id);
  });

  it("sets a member's council seat, never a guest's or an unknown person's", async () => {
    await store.createPerson(person("p-council", "Council"));
    await store.createPerson(person("p-council-guest", "Council Guest", { kind: "guest" }));
    expect(await store.setCouncil("p-council", true)).toBe(true);
    expect((await store.getPerson("p-council"))?.council).toBe(true);
    expect(await store.setCouncil("p-council", false)).toBe(true);
    expect((await store.getPerson("p-council"))?.council).toBe(false);
    expect(await store.setCouncil("p-council-guest", true)).toBe(false);
    expect((await store.getPerson("p-council-guest"))?.council).toBe(false);
    expect(await store.setCouncil("nobody", true)).toBe(false);
  });

  it("CLUB-3 keeps a person's sanctions newest first; a ban holds within its period, and follows a merged guest", async () => {
    await store.createPerson(person("p-sanctioned", "Sanctioned"));
    const warning: SanctionRow = {
      id: "s-warning",
      personId: "p-sanctioned",
      kind: "warning",
      reason: "late",
      from: null,
      until: null,
      byHostId: HOST.id,
      createdAt: NOW,
    };
    const ban: SanctionRow = {
      ...warning,
      id: "s-ban",
      kind: "ban",
      reason: "rude",
      from: NOW + 1000,
      until: NOW + 5000,
      createdAt: NOW + 1,
    };
    await store.createSanction(warning);
    await store.createSanction(ban);
    expect(await store.listSanctions("p-sanctioned")).toEqual([ban, warning]);
    expect(await store.listSanctions("nobody")).toEqual([]);
    expect(await store.activeBan("p-sanctioned", NOW + 999)).toBeNull();
    expect(await store.activeBan("p-sanctioned", NOW + 1000)).toEqual(ban);
    // `until` is excluded.
    expect(await store.activeBan("p-sanctioned", NOW + 5000)).toBeNull();

    await store.createPerson(person("p-banned-guest", "Banned Guest", { kind: "guest" }));
    await store.createSanction({ ...ban, id: "s-guest-ban", personId: "p-banned-guest", createdAt: NOW + 2 });
    expect(await store.mergeGuest("p-banned-guest", "p-sanctioned")).toBe(true);
    expect((await store.listSanctions("p-sanctioned")).map((s) => s.id)).toEqual([
      "s-guest-ban",
      "s-ban",
      "s-warning",
    ]);
    expect(await store.listSanctions("p-banned-guest")).toEqual([]);
  });

  it("CLUB-2 keeps complaints by table and the open ones; a complaint is answered once", async () => {
    const { row, created } = await newTable();
    await store.createTable(row, created);
    const first: ComplaintRow = {
      id: "c-first",
      tableId: row.id,
      about: "game",
      text: "too loud",
      byHostId: HOST.id,
      createdAt: NOW,
      answer: null,
    };
    const second: ComplaintRow = {
      ...first,
      id: "c-second",
      about: "host",
      text: "late",
      createdAt: NOW + 1,
    };
    await store.createComplaint(second);
    await store.createComplaint(first);
    expect(await store.getComplaint("c-first")).toEqual(first);
    expect(await store.getComplaint("nobody")).toBeNull();
    expect(await store.listComplaints({ tableId: row.id })).toEqual([first, second]);
    expect(await store.listComplaints({ tableId: "no-table" })).toEqual([]);

    const answer = { text: "upheld", byHostId: HOST.id, at: NOW + 2, decision: "upheld" as const };
    expect(await store.answerComplaint("c-first", answer)).toBe(true);
    expect(await store.answerComplaint("c-first", { ...answer, text: "again" })).toBe(false);
    expect(await store.answerComplaint("nobody", answer)).toBe(false);
    expect(await store.getComplaint("c-first")).toEqual({ ...first, answer });
    const open = (await store.listComplaints({ open: true })).map((c) => c.id);
    expect(open).toContain("c-second");
    expect(open).not.toContain("c-first");
  });

  it("records who sat where with the table, in one transaction, and replaces it", async () => {
    const guests = Array.from({ length: 12 }, (_, i) =>
      person(`p-seat-${i + 1}`, `Seat ${i + 1}`, { kind: "guest" }),
    );
    for (const g of guests) await store.createPerson(g);
    const seats = guests.map((g, i) => ({ seat: i + 1, personId: g.id }));
    const { row, created } = await newTable();
    await store.createTable(row, created, seats);
    expect(await store.listTableSeats(row.id)).toEqual(seats);

    // A refused table (its id is taken) records no seats either.
    const again = await newTable(row.id);
    await expect(store.createTable(again.row, again.created, seats.slice(0, 1))).rejects.toBeInstanceOf(
      StoreConflict,
    );
    expect(await store.listTableSeats(row.id)).toEqual(seats);

    const swapped = seats.map((s) => (s.seat === 1 ? { seat: 1, personId: "p-vera" } : s));
    await store.setTableSeats(row.id, swapped);
    expect(await store.listTableSeats(row.id)).toEqual(swapped);
    expect(await store.listTableSeats("no-table")).toEqual([]);
    // The games of a person, a guest merged into them counting as theirs, newest first.
    await store.createPerson(person("p-games", "Games"));
    await store.createPerson(
      person("p-games-guest", "Games Guest", { kind: "guest", mergedInto: "p-games" }),
    );
    const later = await newTable();
    await store.createTable({ ...later.row, createdAt: NOW + 10 }, later.created, [
      { seat: 4, personId: "p-games-guest" },
    ]);
    await store.setTableSeats(row.id, [{ seat: 2, personId: "p-games" }]);
    const games = await store.listGamesOf("p-games", 10);
    expect(games.map((g) => [g.table.id, g.seat])).toEqual([
      [later.row.id, 4],
      [row.id, 2],
    ]);
    expect(games[0]?.table).toMatchObject({ title: later.row.title, phase: later.row.phase, seq: 1 });
    expect(await store.listGamesOf("p-games", 1)).toHaveLength(1);
    expect(await store.listGamesOf("p-games-guest", 10)).toHaveLength(1);
    // A seat names a person who exists.
    const bad = await newTable();
    await expect(
      store.createTable(bad.row, bad.created, [{ seat: 1, personId: "nobody" }]),
    ).rejects.toThrow();
    expect(await store.getTable(bad.row.id)).toBeNull();
  });
});
