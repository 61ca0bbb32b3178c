// Every row of every table of a test's database, read beside the server's own connection: a
// refused request must leave it exactly as it was. Each table is read as one digest of its rows'
// texts in order, made by the database itself: on PostgreSQL one query for the whole database
// (reading every table's rows into the test took 31 round trips a snapshot, most of the fuzzer's
// time), on SQLite one statement a table. Two snapshots are equal exactly when every table holds
// the same rows; one that differs names the tables that changed.
//
// A reader kept open (the fuzzer's, a walk's) reads again only what may have moved: on SQLite
// nothing at all while `PRAGMA data_version` says no other connection has committed since its last
// read; on PostgreSQL its digest query is a prepared statement (planning its thirty-one parts was
// three quarters of its 8 ms), and the tables are listed from the catalog, not information_schema.
import { createHash } from "node:crypto";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";

/** Each table's name, and a digest of its rows (the same rows give the same digest, whatever their order). */
export type Snapshot = Record<string, string>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema's tables (ordinary and partitioned: information_schema's base tables), by name. */
const PG_TABLES =
  "SELECT relname::text AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') ORDER BY 1";

async function readPostgres(client: pg.Client): Promise<Snapshot> {
  const { rows } = await client.query<{ name: string }>({ name: "snapshot-tables", text: PG_TABLES });
  if (rows.length === 0) return {};
  // A row's text (`t::text`) holds every column: the rows sorted by it and joined are the table.
  const parts = rows.map(
    ({ name }, i) =>
      `SELECT $${i + 1}::text AS name, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C"), '')) AS digest FROM ${quoted(name)} t`,
  );
  const text = parts.join(" UNION ALL ");
  // Named by its text: the same tables, the same statement, planned once per connection.
  const name = `snapshot-${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  const values = rows.map((row) => row.name);
  const digests = await client.query<{ name: string; digest: string }>({ name, text, values });
  return Object.fromEntries(digests.rows.map((r) => [r.name, r.digest]));
}

/** One read-only connection's statements: the tables' list, and each table's digest text. */
function sqliteReader(file: string): { read(): Snapshot; close(): void } {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  const list = db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1",
  );
  /** Bumped by SQLite when another connection commits (https://sqlite.org/pragma.html#pragma_data_version). */
  const version = db.prepare("PRAGMA data_version").pluck();
  let last: { version: unknown; snapshot: Snapshot } | null = null;
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
      const now = version.get();
      if (last !== null && last.version === now) return { ...last.snapshot };
      const out: Snapshot = {};
      for (const { name } of list.all() as { name: string }[])
        out[name] = createHash("sha1").update(textOf(name)).digest("hex");
      last = { version: now, snapshot: out };
      return { ...out };
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

/** Snapshots read over one connection. */
export interface SnapshotReader {
  read(): Promise<Snapshot>;
  close(): Promise<void>;
}

/** Many snapshots over one connection (a fuzzer reads one per request); close it when done. */
export async function snapshotReader(url: string): Promise<SnapshotReader> {
  if (!isPostgres(url)) {
    const reader = sqliteReader(url);
    return { read: async () => reader.read(), close: async () => reader.close() };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { read: () => readPostgres(client), close: () => client.end() };
}
