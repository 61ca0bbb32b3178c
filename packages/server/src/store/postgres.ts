// PostgreSQL, for a club that outgrows one machine: several server processes share one database,
// and the (table_id, seq) primary key still lets only one writer win each seq.
//
// Its connections may be lost at any moment (a network blip, a failover, a restart of the
// database). The process lives on: the call that needed the database fails with StoreUnavailable
// (a 503 to the client, who sends it again), and the next call opens new connections.

import {
  Kysely,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from "kysely";
import pg from "pg";
import type { Database } from "./schema.js";
import { type Connections, StoreUnavailable } from "./types.js";

/** How long opening a connection may take before the database counts as not answering. */
const CONNECT_TIMEOUT_MS = 5_000;

/** The socket errors of a lost or refused connection. */
const SOCKET_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * The server's own words for a lost connection: SQLSTATE class 08 (connection exception), and
 * 57P01–57P03 (the session ended by a shutdown, a crash, or a server still starting up).
 */
function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return code.startsWith("08") || /^57P0[123]$/.test(code) || SOCKET_ERRORS.has(code);
}

export function openPostgres(url: string): Kysely<Database> {
  return openPostgresPool(url).db;
}

/** The database and its pool's connections now (for /metrics): open, idle, and callers waiting for one. */
export function openPostgresPool(url: string): { db: Kysely<Database>; connections: () => Connections } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client that loses its connection emits here; without a listener it would crash the
  // process. The pool drops the client and the next query opens a new one.
  pool.on("error", () => {});
  // A client in use emits on itself instead (the pool listens only to its idle ones): unheard, that
  // "Connection terminated unexpectedly" killed the process. Its query fails with the loss too, and
  // the pool drops it when it is released.
  const lost = new WeakSet<pg.PoolClient>();
  pool.on("connect", (client) => client.on("error", () => lost.add(client)));
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: answering(pool, lost) }) }),
    connections: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** The pool as Kysely uses it, each failure of a lost or refused connection a StoreUnavailable. */
function answering(pool: pg.Pool, lost: WeakSet<pg.PoolClient>): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const failed = (error: unknown): never => {
      // The client's own "error" event comes before its query's failure (pg fails it a tick later).
      if (lost.has(client) || isConnectionLoss(error)) throw new StoreUnavailable({ cause: error });
      throw error;
    };
    // Kysely's two forms of query: a statement (its failure translated), or a cursor (passed on).
    function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(
      text: string | PostgresCursor<unknown>,
      parameters?: readonly unknown[],
    ): Promise<PostgresQueryResult<unknown>> | PostgresCursor<unknown> {
      if (typeof text !== "string") return client.query(text as never);
      // pg's result is the one Kysely's type describes, with its command as a wider string.
      const result: Promise<{ command: string; rowCount: number | null; rows: unknown[] }> = client
        .query(text, parameters as unknown[])
        .catch(failed);
      return result as Promise<PostgresQueryResult<unknown>>;
    }
    return {
      query,
      release: (destroy) => client.release(destroy),
    };
  };
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // Refused, timed out, or cut while opening: whatever the reason, there is no database to ask.
        throw new StoreUnavailable({ cause: error });
      }
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
