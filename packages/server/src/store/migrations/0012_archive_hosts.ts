// The archive filtered by host, indexed (docs/operations.md "The archive's totals"): each finished
// game keeps its table's host (a table's host never changes), so a host's games come newest first
// from one index, and the archive's list of hosts asks that index once per account instead of
// joining every game to its table.

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("games").addColumn("host_id", "text").execute();
  await sql`update games set host_id = (select t.host_id from tables t where t.id = games.table_id)`.execute(
    db,
  );
  await db.schema
    .createIndex("games_host")
    .on("games")
    .columns(["host_id", "ended_at", "started_at", "record_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("games_host").execute();
  await db.schema.alterTable("games").dropColumn("host_id").execute();
}
