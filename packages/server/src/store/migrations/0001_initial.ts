// The first schema: the club, its hosts and their sessions, and each table's event stream.
// Column types are the portable ones (text, integer, bigint); JSON is stored as text.

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("club")
    .addColumn("slot", "integer", (c) => c.primaryKey().check(sql`slot = 1`))
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("setup")
    .addColumn("slot", "integer", (c) => c.primaryKey().check(sql`slot = 1`))
    .addColumn("token_hash", "text")
    .execute();

  await db.schema
    .createTable("hosts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("login", "text", (c) => c.notNull().unique())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'host')`))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("host_id", "text", (c) => c.notNull().references("hosts.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_host_id").on("sessions").column("host_id").execute();

  await db.schema
    .createTable("tables")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("host_id", "text", (c) => c.notNull().references("hosts.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("phase", "text", (c) => c.notNull())
    .addColumn("winner", "text")
    .execute();
  await db.schema.createIndex("tables_created_at").on("tables").column("created_at").execute();

  // The (table_id, seq) primary key is what makes two writers at the same seq impossible.
  await db.schema
    .createTable("events")
    .addColumn("table_id", "text", (c) => c.notNull().references("tables.id"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("events_pk", ["table_id", "seq"])
    .execute();

  await db.schema
    .createTable("commands")
    .addColumn("table_id", "text", (c) => c.notNull().references("tables.id"))
    .addColumn("command_id", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("commands_pk", ["table_id", "command_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["commands", "events", "tables", "sessions", "hosts", "setup", "club"]) {
    await db.schema.dropTable(table).execute();
  }
}
