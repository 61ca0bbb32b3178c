// The benches' PostgreSQL (MISTO_BENCH_PG, default postgres://postgres@127.0.0.1:5432) and a
// database made for one run, dropped after it.

import { randomBytes } from "node:crypto";
import pg from "pg";

export const PG_SERVER = process.env.MISTO_BENCH_PG ?? "postgres://postgres@127.0.0.1:5432";

async function onPostgres<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database for this run: its URL, and how to drop it. */
export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `misto_bench_${randomBytes(6).toString("hex")}`;
  await onPostgres((c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: `${PG_SERVER}/${name}`,
    async drop() {
      await onPostgres((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
