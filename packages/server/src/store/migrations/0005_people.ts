// The club's people (docs/club.md): every player is a person, a member or a guest; accounts gain
// the role "member" and a link to their person; each table records who sat in which seat; the
// administration's sanctions on a person and the complaints filed about a game.

import { randomUUID } from "node:crypto";
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("people")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    // The name in lower case, for search as you type: SQLite's lower() knows only ASCII.
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('member', 'guest')`))
    .addColumn("council", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("merged_into", "text", (c) => c.references("people.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("people_name_key").on("people").column("name_key").execute();
  // One guest by each name: seating a name reuses its guest (two tables at once cannot make two).
  await db.schema
    .createIndex("people_guest_name")
    .on("people")
    .column("name")
    .unique()
    .where(sql.ref("kind"), "=", "guest")
    .where(sql.ref("merged_into"), "is", null)
    .execute();

  await linkAccounts(db);

  await db.schema
    .createTable("table_seats")
    .addColumn("table_id", "text", (c) => c.notNull().references("tables.id"))
    .addColumn("seat", "integer", (c) => c.notNull().check(sql`seat between 1 and 12`))
    .addColumn("person_id", "text", (c) => c.notNull().references("people.id"))
    .addPrimaryKeyConstraint("table_seats_pk", ["table_id", "seat"])
    .execute();
  await db.schema.createIndex("table_seats_person_id").on("table_seats").column("person_id").execute();

  await db.schema
    .createTable("sanctions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("person_id", "text", (c) => c.notNull().references("people.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('warning', 'ban')`))
    .addColumn("reason", "text", (c) => c.notNull())
    // A ban's period (epoch ms, the end excluded); null for a warning.
    .addColumn("starts_at", "bigint")
    .addColumn("ends_at", "bigint")
    .addColumn("by_host_id", "text", (c) => c.notNull().references("hosts.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sanctions_person_id").on("sanctions").column("person_id").execute();

  await db.schema
    .createTable("complaints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("table_id", "text", (c) => c.notNull().references("tables.id"))
    .addColumn("about", "text", (c) => c.notNull().check(sql`about in ('game', 'host')`))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("by_host_id", "text", (c) => c.notNull().references("hosts.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("answer", "text")
    .addColumn("answered_by", "text", (c) => c.references("hosts.id"))
    .addColumn("answered_at", "bigint")
    .execute();
  await db.schema.createIndex("complaints_table_id").on("complaints").column("table_id").execute();
}

/**
 * Accounts (the `hosts` table) may be members too, and each links to its person: every existing
 * account gets a member person by its name. PostgreSQL replaces the role's check; SQLite cannot
 * alter a check, so it rebuilds the table.
 */
async function linkAccounts(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await setRoles(db, sql`role in ('admin', 'host', 'member')`);
    await db.schema
      .alterTable("hosts")
      .addColumn("person_id", "text", (c) => c.references("people.id").unique())
      .execute();
    await fillPeople(db);
    return;
  }
  await rebuildHosts(db, true, fillPeople);
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function setRoles(db: Kysely<unknown>, roles: RawBuilder<unknown>): Promise<void> {
  await sql`alter table hosts drop constraint if exists hosts_role_check`.execute(db);
  await sql`alter table hosts add constraint hosts_role_check check (${roles})`.execute(db);
}

/**
 * SQLite's documented procedure for a change ALTER TABLE cannot make: foreign keys off, a new
 * table, copy, drop, rename, check the keys, foreign keys on (SQLite migrations run outside a
 * transaction, so the pragma takes effect). With `people` the table has the member role and
 * `person_id` (0004); without, it is as 0001 made it.
 */
async function rebuildHosts(
  db: Kysely<unknown>,
  people: boolean,
  then: (tx: Kysely<unknown>) => Promise<void> = async () => {},
): Promise<void> {
  const roles = people ? sql`role in ('admin', 'host', 'member')` : sql`role in ('admin', 'host')`;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      let table = tx.schema
        .createTable("hosts_new")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("login", "text", (c) => c.notNull().unique())
        .addColumn("role", "text", (c) => c.notNull().check(roles))
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull());
      if (people) table = table.addColumn("person_id", "text", (c) => c.references("people.id").unique());
      await table.execute();
      await sql`insert into hosts_new (id, name, login, role, password_hash, created_at)
        select id, name, login, role, password_hash, created_at from hosts`.execute(tx);
      await tx.schema.dropTable("hosts").execute();
      await tx.schema.alterTable("hosts_new").renameTo("hosts").execute();
      await then(tx);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length > 0) throw new Error("0005_people: the accounts' foreign keys broke");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** A member person for every account that has none. */
async function fillPeople(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    id: string;
    name: string;
    created_at: number | string;
  }>`select id, name, created_at from hosts where person_id is null`.execute(db);
  for (const host of rows) {
    const person = randomUUID();
    await sql`insert into people (id, name, name_key, kind, council, merged_into, created_at)
      values (${person}, ${host.name}, ${host.name.toLowerCase()}, 'member', 0, null, ${Number(host.created_at)})`.execute(
      db,
    );
    await sql`update hosts set person_id = ${person} where id = ${host.id}`.execute(db);
  }
}

/** Back to 0004: refused (by the role check) while any account is a member. */
export async function down(db: Kysely<unknown>): Promise<void> {
  // Checked first: SQLite runs a migration outside a transaction, so a late failure would leave half of it.
  const members = await sql<{ id: string }>`select id from hosts where role = 'member'`.execute(db);
  if (members.rows.length > 0) throw new Error("0005_people: members' accounts exist; 0004 has no such role");
  for (const table of ["complaints", "sanctions", "table_seats"]) await db.schema.dropTable(table).execute();
  if (isPostgres(db)) {
    await db.schema.alterTable("hosts").dropColumn("person_id").execute();
    await setRoles(db, sql`role in ('admin', 'host')`);
  } else await rebuildHosts(db, false);
  await db.schema.dropTable("people").execute();
}
