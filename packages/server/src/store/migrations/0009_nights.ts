// Club nights (docs/club-nights.md): the evening, its hosts, who signed up (or came to the door)
// and who checked in, the pairs kept apart or together, and each round's seating as the optimiser drew it (with the tables made
// for it once dealt).

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("nights")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("place", "text", (c) => c.notNull())
    .addColumn("capacity", "integer", (c) => c.notNull().check(sql`capacity >= 1`))
    .addColumn("tables", "integer", (c) => c.notNull().check(sql`tables >= 1`))
    .addColumn("created_by", "text", (c) => c.notNull().references("hosts.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("nights_starts_at").on("nights").column("starts_at").execute();

  await db.schema
    .createTable("night_hosts")
    .addColumn("night_id", "text", (c) => c.notNull().references("nights.id"))
    .addColumn("host_id", "text", (c) => c.notNull().references("hosts.id"))
    .addPrimaryKeyConstraint("night_hosts_pk", ["night_id", "host_id"])
    .execute();

  // The waiting list is not stored: it is the sign-ups past the capacity, in the order they came,
  // so a cancellation moves the next one up with no write of its own.
  await db.schema
    .createTable("night_entries")
    .addColumn("night_id", "text", (c) => c.notNull().references("nights.id"))
    .addColumn("person_id", "text", (c) => c.notNull().references("people.id"))
    .addColumn("signed_at", "bigint", (c) => c.notNull())
    // Added by a host at the door: going whatever the capacity.
    .addColumn("door", "integer", (c) => c.notNull())
    .addColumn("checked_in_at", "bigint")
    .addPrimaryKeyConstraint("night_entries_pk", ["night_id", "person_id"])
    .execute();

  await db.schema
    .createTable("night_rounds")
    .addColumn("night_id", "text", (c) => c.notNull().references("nights.id"))
    .addColumn("n", "integer", (c) => c.notNull().check(sql`n >= 1`))
    // JSON: { tables: [{ host, seats: [person × 12], table }], out: [person] }.
    .addColumn("seating", "text", (c) => c.notNull())
    .addColumn("drawn_at", "bigint", (c) => c.notNull())
    .addColumn("dealt_at", "bigint")
    .addPrimaryKeyConstraint("night_rounds_pk", ["night_id", "n"])
    .execute();

  // A host's pair policies for the night's draws: two people kept apart (a couple), or together.
  await db.schema
    .createTable("night_pairs")
    .addColumn("night_id", "text", (c) => c.notNull().references("nights.id"))
    .addColumn("a", "text", (c) => c.notNull().references("people.id"))
    .addColumn("b", "text", (c) => c.notNull().references("people.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('apart', 'together')`))
    .addPrimaryKeyConstraint("night_pairs_pk", ["night_id", "a", "b"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["night_pairs", "night_rounds", "night_entries", "night_hosts", "nights"]) {
    await db.schema.dropTable(table).execute();
  }
}
