// The archive's tables vacuumed and analysed again on PostgreSQL once a tenth more games were stored
// than its statistics counted (store/statistics.ts): its planner must not plan a large archive as a
// small one, and an index-only scan must not read the table for rows no VACUUM marked visible.

import { type Kysely, Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "../../src/store/migrations/index.js";
import { openPostgres } from "../../src/store/postgres.js";
import type { Database as Schema } from "../../src/store/schema.js";
import { Statistics } from "../../src/store/statistics.js";
import { postgresDatabase } from "./databases.js";

describe("the archive's statistics on PostgreSQL", () => {
  const database = postgresDatabase();
  let db: Kysely<Schema> | null = null;
  afterAll(async () => {
    await db?.destroy();
    await database.drop();
  });

  it("are gathered again, the tables vacuumed, after more than 50 games and a tenth of those counted, not before", async () => {
    db = openPostgres(await database.create());
    const { error } = await new Migrator({ db, provider: migrations }).migrateToLatest();
    if (error) throw error;
    const counted = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select reltuples::float8 as n from pg_class where oid = to_regclass('games')`.execute(
            db as Kysely<Schema>,
          )
        ).rows[0]?.n,
      );
    const vacuums = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select vacuum_count as n from pg_stat_user_tables where relname = 'game_seats'`.execute(
            db as Kysely<Schema>,
          )
        ).rows[0]?.n,
      );
    // Never analysed: PostgreSQL does not know the games' number.
    expect(await counted()).toBe(-1);
    expect(await vacuums()).toBe(0);
    const statistics = new Statistics("postgres", db);
    statistics.grew(50);
    await statistics.settled();
    expect(await counted()).toBe(-1);
    expect(await vacuums()).toBe(0);
    statistics.grew(1);
    await statistics.settled();
    expect(await counted()).toBe(0);
    expect(await vacuums()).toBe(1);
  });
});
