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
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    const out: Snapshot = {};
    for (const { name } of rows) out[name] = sorted((await client.query(`SELECT * FROM "${name}"`)).rows);
    return out;
  } finally {
    await client.end();
  }
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

/** The whole database at `url` (a SQLite file or a postgres:// URL), rows sorted per table. */
export function snapshot(url: string): Promise<Snapshot> {
  return /^postgres(ql)?:\/\//.test(url) ? postgresSnapshot(url) : Promise.resolve(sqliteSnapshot(url));
}
