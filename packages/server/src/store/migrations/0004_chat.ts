// The out chat: lines written by players out of the game, kept apart from the game's events (the
// engine never sees them; docs/api.md "The out chat"). `n` numbers a table's lines from 1.

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("out_chat")
    .addColumn("table_id", "text", (c) => c.notNull().references("tables.id"))
    .addColumn("n", "integer", (c) => c.notNull())
    .addColumn("seat", "integer", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    // The phone's id for the line: a repeated id is answered as before and stored once.
    .addColumn("said_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("out_chat_pk", ["table_id", "n"])
    .addUniqueConstraint("out_chat_said_id", ["table_id", "said_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("out_chat").execute();
}
