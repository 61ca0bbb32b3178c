// Starts Misto: opens the database, prepares the one-time setup link if the club is new, listens.

import type { FastifyServerOptions } from "fastify";
import { buildServer, REDIS_NEEDS_POSTGRES } from "./app.js";
import { prepareSetup, setupLink } from "./auth/setup.js";
import type { RedisOptions } from "./realtime/redis.js";
import { openStore } from "./store/index.js";
import { isPostgresUrl } from "./store/postgres.js";
import type { OnlineOptions } from "./tables/online.js";

export interface StartOptions {
  readonly port: number;
  /** Default 127.0.0.1: only this machine, until the club chooses otherwise. */
  readonly host?: string;
  /** A SQLite file path or a postgres:// URL. */
  readonly db: string;
  readonly webRoot?: string;
  readonly log?: FastifyServerOptions["logger"];
  /** The online tables' timers (docs/api.md "Online tables"); the defaults unless a test sets them. */
  readonly online?: OnlineOptions;
  /** The reverse proxies whose X-Forwarded-* headers are believed (ServerOptions.trustProxy). */
  readonly trustProxy?: string;
  /** Several processes on one PostgreSQL database: Redis for their fan-out (docs/operations.md). */
  readonly redis?: RedisOptions;
  /** The bearer token GET /metrics wants (ServerOptions.metricsToken). */
  readonly metricsToken?: string;
  /** The broadcast view's delay in ms (ServerOptions.broadcastDelayMs). */
  readonly broadcastDelayMs?: number;
}

export interface RunningServer {
  readonly url: string;
  /** The link that creates the club and its admin, while the club has none. */
  readonly setupLink: string | null;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  // Before the store is opened: no SQLite file is made for a server that will not start.
  if (options.redis && !isPostgresUrl(options.db)) throw new Error(REDIS_NEEDS_POSTGRES);
  const store = await openStore(options.db);
  try {
    const app = await buildServer({
      store,
      webRoot: options.webRoot,
      log: options.log,
      online: options.online,
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
      ...(options.redis ? { redis: options.redis } : {}),
      ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
      ...(options.broadcastDelayMs ? { broadcastDelayMs: options.broadcastDelayMs } : {}),
    });
    const host = options.host ?? "127.0.0.1";
    // Before listening: no request can find the club half-prepared.
    const token = await prepareSetup(store);
    await app.listen({ port: options.port, host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
    let closing: Promise<void> | null = null;
    return {
      url,
      setupLink: token === null ? null : setupLink(url, token),
      close() {
        closing ??= (async () => {
          await app.close();
          await store.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
