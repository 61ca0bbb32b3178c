// Phones: each table's join code, and the seat tokens (only their SHA-256) of the phones that joined.

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One code per table, never reused: unique among all tables, so among the live ones too.
  await db.schema
    .createTable("join_codes")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("table_id", "text", (c) => c.notNull().unique().references("tables.id"))
    .execute();

  // One phone per seat: the (table_id, seat) key refuses a second token for a taken seat.
  await db.schema
    .createTable("seat_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("table_id", "text", (c) => c.notNull().references("tables.id"))
    .addColumn("seat", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("seat_tokens_seat", ["table_id", "seat"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("seat_tokens").execute();
  await db.schema.dropTable("join_codes").execute();
}
