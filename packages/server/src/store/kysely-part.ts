// What every part of the Kysely store shares (kysely-store.ts composes them): the database, its
// dialect, the writer lock, and the archive's index, which a write that changes the totals tells.

import type BetterSqlite3 from "better-sqlite3";
import type { Kysely } from "kysely";
import type { ArchiveIndex } from "./archive-index.js";
import type { Database } from "./schema.js";

/**
 * Every write of the store goes through it. SQLite: one writer per file in this process, answered
 * after the flush of the `-wal` file that follows its COMMIT (./lock.ts durably); PostgreSQL runs
 * them as they come.
 */
export type Write = <T>(work: () => Promise<T>) => Promise<T>;

export interface StoreContext {
  readonly kind: "sqlite" | "postgres";
  readonly db: Kysely<Database>;
  /** SQLite's connection itself, for the append's batch (sqlite-appends.ts); null on PostgreSQL. */
  readonly sqlite: BetterSqlite3.Database | null;
  readonly write: Write;
  /** The club pages' reads and totals (archive-index.ts): told of the writes that change them. */
  readonly archive: ArchiveIndex;
}

/** One aggregate's queries over the shared context (its fields under the names each query uses). */
export abstract class StorePart {
  protected readonly kind: StoreContext["kind"];
  protected readonly db: Kysely<Database>;
  protected readonly write: Write;
  protected readonly archive: ArchiveIndex;

  constructor(context: StoreContext) {
    this.kind = context.kind;
    this.db = context.db;
    this.write = context.write;
    this.archive = context.archive;
  }
}
