// PostgreSQL plans the archive's queries from its statistics of the tables. An import can make the
// archive ten times larger at once, before autovacuum looks again (a minute later, or never where
// it is off): planned for the small archive, a page of 50 games' seats became a scan of every seat
// (33 ms at 10,000 games, growing with them). So once more games were stored than a tenth of those
// the statistics last counted, the archive's tables are analysed again, in the background: ANALYZE
// reads a sample of bounded size, a fraction of a second at any size. SQLite plans without them.
// They are vacuumed in the same statement: a page whose rows VACUUM marked visible to everyone
// (the visibility map) spares an index-only scan its heap, and a player's page sums his seats from
// the covering index game_seats_groups alone (at 20,000 games 38 pages read instead of 3,004: each
// of his seats read twice from the table, once more for each fold's update). VACUUM reads only the
// pages changed since the last one, so it costs what was stored, not the archive's size.

import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.js";

/** The tables the club pages read by the games' number of rows. */
const ARCHIVE_TABLES = ["games", "game_seats", "tables", "table_seats"] as const;

export class Statistics {
  /** Games counted by the last statistics (null: not read yet), and stored since. */
  private counted: number | null = null;
  private stored = 0;
  /** The look (and VACUUM) under way: in the background, so no page waits for it. */
  private running: Promise<void> | null = null;

  constructor(
    private readonly kind: "sqlite" | "postgres",
    private readonly db: Kysely<Database>,
  ) {}

  /** `games` more games are stored: the archive's tables are vacuumed and analysed when they grew by a tenth. */
  grew(games: number): void {
    if (this.kind !== "postgres" || games === 0) return;
    this.stored += games;
    if (this.running) return;
    this.running = this.analyseIfGrown()
      .catch((error) => console.warn(`the archive's statistics could not be gathered: ${error}`))
      .finally(() => {
        this.running = null;
      });
  }

  /** Waits for the ANALYZE under way, if any (the store is closing). */
  async settled(): Promise<void> {
    await this.running;
  }

  private async analyseIfGrown(): Promise<void> {
    this.counted ??= await this.countedGames();
    if (this.stored <= 50 + this.counted / 10) return;
    this.stored = 0;
    // Outside any transaction (VACUUM cannot run in one): one statement on a connection of the pool.
    await sql`vacuum (analyze) ${sql.join(ARCHIVE_TABLES.map((t) => sql.table(t)))}`.execute(this.db);
    this.counted = await this.countedGames();
  }

  /** The games' rows as the planner knows them (-1 or 0 before the first ANALYZE). */
  private async countedGames(): Promise<number> {
    const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class
      where oid = to_regclass('games')`.execute(this.db);
    return Math.max(0, Number(rows[0]?.n ?? 0));
  }
}
