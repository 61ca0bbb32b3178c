// PostgreSQL, for a club that outgrows one machine: several server processes share one database,
// and the (table_id, seq) primary key still lets only one writer win each seq.

import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function openPostgres(url: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection emits here; without a listener it would crash the
  // process. The pool drops the client and the next query opens a new one.
  pool.on("error", () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
