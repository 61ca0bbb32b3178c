// The server's storage: the club, its hosts and sessions, and each table's append-only event
// stream, on SQLite (the default, one file) or PostgreSQL, with the same migrations and queries.

import { KyselyStore } from "./kysely-store.js";
import { durably, exclusive } from "./lock.js";
import { isPostgresUrl, openPostgresPool } from "./postgres.js";
import { openSqlite } from "./sqlite.js";
import type { Store } from "./types.js";
import type { FlushWrapper } from "./wal-flush.js";

export type {
  CorrectionRow,
  GameRow,
  GameSeatRow,
  ImportedGame,
  RatingStore,
  SeasonRow,
} from "./rating-types.js";

export {
  type AppendResult,
  type ComplaintRow,
  type Connections,
  type HostRow,
  type NewOutChatLine,
  type OutChatLine,
  type PersonRow,
  type Role,
  type SanctionRow,
  type SeatPerson,
  type SeatTokenRow,
  type Store,
  StoreConflict,
  type StoreGauges,
  StoreUnavailable,
  type TableRow,
} from "./types.js";

export type { FlushWrapper, Fsync } from "./wal-flush.js";

export interface StoreOptions {
  /** SQLite: runs each flush of the `-wal` file, given the real one (tests delay or fail it). */
  readonly wrapFlush?: FlushWrapper;
}

/**
 * "postgres://…" / "postgresql://…" opens PostgreSQL; anything else is a SQLite file path
 * (created with its folder; WAL mode, every write answered only after the `-wal` file's flush, so
 * a committed append survives a kill -9 or a power cut). Runs the migrations that have not run yet.
 */
export async function openStore(url: string, options: StoreOptions = {}): Promise<Store> {
  let store: KyselyStore;
  if (isPostgresUrl(url)) {
    // Its COMMIT returns once the commit is durable (on the database server).
    const { db, connections } = openPostgresPool(url);
    store = new KyselyStore("postgres", db, (work) => work(), { connections });
  } else {
    const { db, lockKey, wal, connection } = openSqlite(url, {
      wrapFlush: options.wrapFlush,
      writerOnly: true,
    });
    store = wal
      ? new KyselyStore("sqlite", db, (work) => durably(lockKey, work, () => wal.flush()), {
          release: () => wal.close(),
          sqlite: connection,
        })
      : new KyselyStore("sqlite", db, (work) => exclusive(lockKey, work), { sqlite: connection });
  }
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
