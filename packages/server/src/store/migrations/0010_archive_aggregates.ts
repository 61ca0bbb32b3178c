// The archive and the rating, indexed and precomputed (docs/club-pages.md "How the pages stay fast"):
// each finished game's seats carry the person they count for (through merges), the game's end and
// the skill after it; per-person and per-season totals and the club's totals are kept up to date
// as games are stored. Games stored before this migration are folded in by the recompute job the
// server starts when it opens the store (`games.folded` is 0 for them).

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // 1 once the game is counted in the totals and its seats have their skill.
  await db.schema
    .alterTable("games")
    .addColumn("folded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [column, type] of [
    ["player_id", "text"],
    ["ended_at", "bigint"],
    ["mu", "double precision"],
    ["sigma", "double precision"],
  ] as const) {
    await db.schema.alterTable("game_seats").addColumn(column, type).execute();
  }
  await sql`update game_seats set
      ended_at = (select g.ended_at from games g where g.table_id = game_seats.table_id),
      player_id = (select coalesce(p.merged_into, ts.person_id) from table_seats ts
        left join people p on p.id = ts.person_id
        where ts.table_id = game_seats.table_id and ts.seat = game_seats.seat)`.execute(db);

  // The archive's order (newest first, keyset), the games still to fold, a player's games, a host's.
  await db.schema
    .createIndex("games_order")
    .on("games")
    .columns(["ended_at", "started_at", "record_key"])
    .execute();
  await db.schema
    .createIndex("games_folded")
    .on("games")
    .columns(["folded", "ended_at", "started_at", "record_key"])
    .execute();
  await db.schema
    .createIndex("game_seats_player")
    .on("game_seats")
    .columns(["player_id", "ended_at"])
    .execute();
  await db.schema.createIndex("tables_host_id").on("tables").column("host_id").execute();
  await db.schema.createIndex("people_name").on("people").column("name").execute();

  // Per scope ('all', or a season's id) and person: the rating table's row, skill at the scope's end.
  await db.schema
    .createTable("person_totals")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("games", "integer", (c) => c.notNull())
    .addColumn("wins", "integer", (c) => c.notNull())
    .addColumn("mu", "double precision")
    .addColumn("sigma", "double precision")
    .addPrimaryKeyConstraint("person_totals_pk", ["scope", "person_id"])
    .execute();

  // Per scope: the club's page (results, length, eliminations, the note).
  let club = db.schema.createTable("club_totals").addColumn("scope", "text", (c) => c.primaryKey());
  for (const column of CLUB_COUNTS) {
    club = club.addColumn(column, "bigint", (c) => c.notNull().defaultTo(0));
  }
  await club.execute();
}

/** The club_totals counters (each a sum over the scope's games; schema.ts ClubTotalsTable). */
const CLUB_COUNTS = [
  "games",
  "red",
  "black",
  "draw",
  "days",
  "nights",
  "duration_ms",
  "note_read",
  "voted",
  "night",
  "grave",
  "removed",
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("club_totals").execute();
  await db.schema.dropTable("person_totals").execute();
  for (const index of ["people_name", "tables_host_id", "game_seats_player", "games_folded", "games_order"]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ["sigma", "mu", "ended_at", "player_id"]) {
    await db.schema.alterTable("game_seats").dropColumn(column).execute();
  }
  await db.schema.alterTable("games").dropColumn("folded").execute();
}
