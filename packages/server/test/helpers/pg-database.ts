// The test databases on the shared PostgreSQL server (backends.ts, redis.ts, store/databases.ts).

import type pg from "pg";

/**
 * Makes an empty test database on the shared server. Its sessions commit without waiting for the
 * WAL's flush to disk (synchronous_commit = off, for this database only): a test's commands are
 * still committed, in order and atomically, and seen by every session at once; only a crash of
 * the server's machine could lose the last of them, which no test makes. On the shared disk a
 * flush per command was most of a server test's time. Production keeps the server's own setting
 * (README, "Tests and their time").
 */
export async function createDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`CREATE DATABASE ${name}`);
  await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
}
