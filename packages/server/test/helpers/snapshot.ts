// Every row of every table of a test's database, read beside the server's own connection: a
// refused request must leave it exactly as it was.

import BetterSqlite3 from "better-sqlite3";
import pg from "pg";

export type Snapshot = Record<string, string[]>;

function sorted(rows: readonly unknown[]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}

async function postgresSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await readPostgres(client);
  } finally {
    await client.end();
  }
}

async function readPostgres(client: pg.Client): Promise<Snapshot> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  const out: Snapshot = {};
  for (const { name } of rows) out[name] = sorted((await client.query(`SELECT * FROM "${name}"`)).rows);
  return out;
}

function sqliteSnapshot(file: string): Snapshot {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1")
      .all() as { name: string }[];
    const out: Snapshot = {};
    for (const { name } of names) out[name] = sorted(db.prepare(`SELECT * FROM "${name}"`).all());
    return out;
  } finally {
    db.close();
  }
}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** The whole database at `url` (a SQLite file or a postgres:// URL), rows sorted per table. */
export function snapshot(url: string): Promise<Snapshot> {
  return isPostgres(url) ? postgresSnapshot(url) : Promise.resolve(sqliteSnapshot(url));
}

/** Many snapshots over one connection (a fuzzer reads one per request); close it when done. */
export async function snapshotReader(
  url: string,
): Promise<{ read(): Promise<Snapshot>; close(): Promise<void> }> {
  if (!isPostgres(url)) return { read: async () => sqliteSnapshot(url), close: async () => undefined };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { read: () => readPostgres(client), close: () => client.end() };
}
