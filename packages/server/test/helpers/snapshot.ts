// Every row of every table of a test's database, read beside the server's own connection: a
// refused request must leave it exactly as it was. Each table is read as one digest of its rows'
// texts in order, made by the database itself: on PostgreSQL one query for the whole database
// (reading every table's rows into the test took 31 round trips a snapshot, most of the fuzzer's
// time), on SQLite one statement a table. Two snapshots are equal exactly when every table holds
// the same rows; one that differs names the tables that changed.

import { createHash } from "node:crypto";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";

/** Each table's name, and a digest of its rows (the same rows give the same digest, whatever their order). */
export type Snapshot = Record<string, string>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function readPostgres(client: pg.Client): Promise<Snapshot> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  if (rows.length === 0) return {};
  // A row's text (`t::text`) holds every column: the rows sorted by it and joined are the table.
  const parts = rows.map(
    ({ name }, i) =>
      `SELECT $${i + 1}::text AS name, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C"), '')) AS digest FROM ${quoted(name)} t`,
  );
  const digests = await client.query<{ name: string; digest: string }>(
    parts.join(" UNION ALL "),
    rows.map(({ name }) => name),
  );
  return Object.fromEntries(digests.rows.map((r) => [r.name, r.digest]));
}

/** One read-only connection's statements: the tables' list, and each table's digest text. */
function sqliteReader(file: string): { read(): Snapshot; close(): void } {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  const list = db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1",
  );
  const texts = new Map<string, BetterSqlite3.Statement>();
  const textOf = (name: string) => {
    let statement = texts.get(name);
    if (!statement) {
      const columns = db.prepare("SELECT name FROM pragma_table_info(?)").all(name) as { name: string }[];
      // quote() writes each value as SQL would (text, number, blob and NULL apart): a row's text.
      const row = columns.map((c) => `quote(${quoted(c.name)})`).join(" || ',' || ");
      statement = db.prepare(
        `SELECT coalesce(group_concat(r, char(10)), '') AS text FROM (SELECT ${row} AS r FROM ${quoted(name)} ORDER BY r)`,
      );
      texts.set(name, statement);
    }
    return (statement.get() as { text: string }).text;
  };
  return {
    read() {
      const out: Snapshot = {};
      for (const { name } of list.all() as { name: string }[])
        out[name] = createHash("sha1").update(textOf(name)).digest("hex");
      return out;
    },
    close: () => db.close(),
  };
}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** The whole database at `url` (a SQLite file or a postgres:// URL), a digest per table. */
export async function snapshot(url: string): Promise<Snapshot> {
  const reader = await snapshotReader(url);
  try {
    return await reader.read();
  } finally {
    await reader.close();
  }
}

/** Many snapshots over one connection (a fuzzer reads one per request); close it when done. */
export async function snapshotReader(
  url: string,
): Promise<{ read(): Promise<Snapshot>; close(): Promise<void> }> {
  if (!isPostgres(url)) {
    const reader = sqliteReader(url);
    return { read: async () => reader.read(), close: async () => reader.close() };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { read: () => readPostgres(client), close: () => client.end() };
}
