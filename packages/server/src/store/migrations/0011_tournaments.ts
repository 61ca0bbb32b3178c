// Tournaments (docs/tournaments.md): the tournament and its settings, its referees (the chief
// referee on the row, the tables' hosts in turn), its players (a dropped one with his
// replacement), and each round's seating as the nights' rounds keep it. Complaints gain a
// referee's decision (CLUB-2 objections to a tournament's game).

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tournaments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("rounds", "integer", (c) => c.notNull().check(sql`rounds >= 1`))
    .addColumn("tables", "integer", (c) => c.notNull().check(sql`tables >= 1`))
    .addColumn("final_kind", "text", (c) => c.notNull().check(sql`final_kind in ('best', 'fixed', 'none')`))
    .addColumn("chief_id", "text", (c) => c.notNull().references("hosts.id"))
    // JSON: the scoring settings the organiser changed (the rest are the defaults).
    .addColumn("scoring", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull().references("hosts.id"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tournament_hosts")
    .addColumn("tournament_id", "text", (c) => c.notNull().references("tournaments.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("host_id", "text", (c) => c.notNull().references("hosts.id"))
    .addPrimaryKeyConstraint("tournament_hosts_pk", ["tournament_id", "host_id"])
    .execute();

  await db.schema
    .createTable("tournament_players")
    .addColumn("tournament_id", "text", (c) => c.notNull().references("tournaments.id"))
    .addColumn("person_id", "text", (c) => c.notNull().references("people.id"))
    .addColumn("joined_at", "bigint", (c) => c.notNull())
    .addColumn("dropped_at", "bigint")
    .addColumn("replaced_by", "text", (c) => c.references("people.id"))
    .addPrimaryKeyConstraint("tournament_players_pk", ["tournament_id", "person_id"])
    .execute();

  await db.schema
    .createTable("tournament_rounds")
    .addColumn("tournament_id", "text", (c) => c.notNull().references("tournaments.id"))
    .addColumn("n", "integer", (c) => c.notNull().check(sql`n >= 1`))
    .addColumn("final", "integer", (c) => c.notNull())
    // JSON, as night_rounds.seating: { tables: [{ host, seats: [person × 12], table }], out: [person] }.
    .addColumn("seating", "text", (c) => c.notNull())
    .addColumn("drawn_at", "bigint", (c) => c.notNull())
    .addColumn("dealt_at", "bigint")
    .addPrimaryKeyConstraint("tournament_rounds_pk", ["tournament_id", "n"])
    .execute();

  // A referee's decision on an objection: 'upheld' or 'rejected' (null: the administration's answer).
  await db.schema.alterTable("complaints").addColumn("decision", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("complaints").dropColumn("decision").execute();
  for (const table of ["tournament_rounds", "tournament_players", "tournament_hosts", "tournaments"]) {
    await db.schema.dropTable(table).execute();
  }
}
