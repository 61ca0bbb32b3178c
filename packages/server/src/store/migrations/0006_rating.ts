// The club's rating (docs/club.md "Rating"): each finished game's result kept with the game (per
// seat: card, team, result, points, how the seat left), the hosts' point corrections, and seasons.
// Tables whose rating closed before this migration get their result here, replayed from their events.

import type { GameEvent } from "@misto/engine";
import { type Kysely, sql } from "kysely";
import { gameResult } from "../../rating/result.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("games")
    .addColumn("table_id", "text", (c) => c.primaryKey().references("tables.id"))
    .addColumn("record_key", "text", (c) => c.notNull().unique())
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("ended_at", "bigint", (c) => c.notNull())
    .addColumn("winner", "text", (c) => c.notNull().check(sql`winner in ('red', 'black', 'draw')`))
    .addColumn("days", "integer", (c) => c.notNull())
    .addColumn("nights", "integer", (c) => c.notNull())
    .addColumn("note_read", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("games_ended_at").on("games").column("ended_at").execute();

  await db.schema
    .createTable("game_seats")
    .addColumn("table_id", "text", (c) => c.notNull().references("games.table_id"))
    .addColumn("seat", "integer", (c) => c.notNull().check(sql`seat between 1 and 12`))
    .addColumn("card", "text", (c) => c.notNull())
    .addColumn("team", "text", (c) => c.notNull().check(sql`team in ('red', 'black')`))
    .addColumn("result", "text", (c) => c.notNull().check(sql`result in ('won', 'lost', 'draw')`))
    // The points the table gave (the engine's RATE result) and the points that count (after corrections).
    .addColumn("rated_points", "integer", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull().check(sql`points between 0 and 5`))
    .addColumn("admin", "integer", (c) => c.notNull())
    .addColumn("out_cause", "text")
    .addColumn("out_when", "text")
    .addColumn("out_n", "integer")
    .addPrimaryKeyConstraint("game_seats_pk", ["table_id", "seat"])
    .execute();

  await db.schema
    .createTable("point_corrections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("table_id", "text", (c) => c.notNull().references("games.table_id"))
    .addColumn("seat", "integer", (c) => c.notNull())
    .addColumn("from_points", "integer", (c) => c.notNull())
    .addColumn("to_points", "integer", (c) => c.notNull())
    .addColumn("by_host_id", "text", (c) => c.notNull().references("hosts.id"))
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("point_corrections_table_id")
    .on("point_corrections")
    .column("table_id")
    .execute();

  await db.schema
    .createTable("seasons")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    // ISO dates (YYYY-MM-DD), both days included.
    .addColumn("from_date", "text", (c) => c.notNull())
    .addColumn("until_date", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await backfill(db);
}

/** The result of every table whose rating had closed, replayed from its events. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string }>`select id from tables where phase = 'closed'`.execute(db);
  for (const { id } of rows) {
    const stored = await sql<{
      event: string;
    }>`select event from events where table_id = ${id} order by seq`.execute(db);
    const result = gameResult(stored.rows.map((r) => JSON.parse(r.event) as GameEvent));
    if (!result) continue;
    await sql`insert into games (table_id, record_key, started_at, ended_at, winner, days, nights, note_read)
      values (${id}, ${result.key}, ${result.startedAt}, ${result.endedAt}, ${result.winner}, ${result.days}, ${result.nights}, ${result.noteRead ? 1 : 0})`.execute(
      db,
    );
    for (const s of result.seats) {
      await sql`insert into game_seats (table_id, seat, card, team, result, rated_points, points, admin, out_cause, out_when, out_n)
        values (${id}, ${s.seat}, ${s.card}, ${s.team}, ${s.result}, ${s.points}, ${s.points}, ${s.admin ? 1 : 0},
          ${s.out?.cause ?? null}, ${s.out?.when ?? null}, ${s.out?.n ?? null})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["seasons", "point_corrections", "game_seats", "games"]) {
    await db.schema.dropTable(table).execute();
  }
}
