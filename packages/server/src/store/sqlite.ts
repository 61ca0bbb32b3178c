// The embedded database: one SQLite file, in WAL mode with synchronous=FULL so that a committed
// append is on disk before it is answered (it survives a kill -9 or a power cut).

import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, type SqliteDatabase, SqliteDialect } from "kysely";
import type { Database } from "./schema.js";

/** How long a writer waits for another process's write lock before failing (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 5000;

export function openSqlite(path: string): { db: Kysely<Database>; lockKey: string } {
  const memory = path === ":memory:";
  const file = memory ? path : resolve(path);
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: immediate(sqlite) }) }),
    lockKey: memory ? `:memory:${Math.random()}` : file,
  };
}

/** Prepared statements kept for reuse: Kysely prepares each query anew, which costs more than running it. */
const STATEMENT_CACHE = 256;

/**
 * better-sqlite3 as Kysely sees it, with two changes. Every transaction here writes, so it takes
 * the write lock when it begins (BEGIN IMMEDIATE): another process's writer then waits in the busy
 * handler at BEGIN, instead of failing with SQLITE_BUSY_SNAPSHOT when a deferred transaction tries
 * to upgrade a stale read. And statements are prepared once per SQL text.
 */
function immediate(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const sql = /^begin$/i.test(text.trim()) ? "begin immediate" : text;
      let statement = statements.get(sql);
      if (statement) {
        // Refreshes its place in the (insertion-ordered) map: the least recently used goes first.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
