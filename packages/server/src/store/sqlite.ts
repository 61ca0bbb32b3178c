// The embedded database: one SQLite file, in WAL mode with synchronous=NORMAL: COMMIT writes the
// `-wal` file without waiting for the disk, and the flush (an fsync of the `-wal` file) runs on
// libuv's thread pool after it (./wal-flush.ts), not on the server's only thread. Every write is
// answered only after that flush (./lock.ts durably), so a committed append is on disk before it
// is answered (it survives a kill -9 or a power cut), as with synchronous=FULL. SQLite still flushes
// the WAL itself before each checkpoint, and the database file after it.

import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, type SqliteDatabase, SqliteDialect } from "kysely";
import { writing } from "./lock.js";
import type { Database } from "./schema.js";
import { type FlushWrapper, WalFlush } from "./wal-flush.js";

/** How long a writer waits for another process's write lock before failing (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 5000;

export interface SqliteOptions {
  /** Runs each flush of the `-wal` file, given the real one (tests delay or fail it). */
  readonly wrapFlush?: FlushWrapper;
  /**
   * The store's connection: a statement that writes outside the writer (./lock.ts, held under
   * `lockKey`) throws, since it would take neither the lock nor the flush. Off for a test's raw
   * connection.
   */
  readonly writerOnly?: boolean;
}

/**
 * The file at `path` (":memory:": a database in memory, nothing to flush) and its flush: `wal`
 * must have flushed after a COMMIT before that COMMIT's write is answered.
 */
export function openSqlite(
  path: string,
  options: SqliteOptions = {},
): { db: Kysely<Database>; lockKey: string; wal: WalFlush | null; connection: BetterSqlite3.Database } {
  const memory = path === ":memory:";
  const file = memory ? path : resolve(path);
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  const mode = sqlite.pragma("journal_mode = WAL", { simple: true });
  if (!memory && mode !== "wal") {
    sqlite.close();
    // The flush is of the `-wal` file: without one a COMMIT would be answered unflushed.
    throw new Error(`SQLite could not run ${file} in WAL mode (journal_mode is ${mode})`);
  }
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  const lockKey = memory ? `:memory:${Math.random()}` : file;
  const database = immediate(sqlite, options.writerOnly ? lockKey : null);
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    lockKey,
    wal: memory ? null : new WalFlush(file, options.wrapFlush),
    // better-sqlite3 itself, for the append's batch (./sqlite-appends.ts), which runs in the writer.
    connection: sqlite,
  };
}

/** Prepared statements kept for reuse: Kysely prepares each query anew, which costs more than running it. */
const STATEMENT_CACHE = 256;

/**
 * better-sqlite3 as Kysely sees it, with three changes. Every transaction here writes, so it takes
 * the write lock when it begins (BEGIN IMMEDIATE): another process's writer then waits in the busy
 * handler at BEGIN, instead of failing with SQLITE_BUSY_SNAPSHOT when a deferred transaction tries
 * to upgrade a stale read. Statements are prepared once per SQL text. And with a `writerKey`, a
 * statement that writes (not `readonly`) while no writer runs under that key throws: a write path
 * that forgot the writer would be answered before its flush. (One that writes while another
 * write holds the writer passes unseen; the tests' writes mostly run alone.)
 */
function immediate(sqlite: BetterSqlite3.Database, writerKey: string | null): SqliteDatabase {
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
      if (writerKey !== null && !statement.readonly && !writing(writerKey))
        throw new Error(`a write outside the store's writer (store/lock.ts), answered unflushed: ${sql}`);
      return statement;
    },
  };
}
