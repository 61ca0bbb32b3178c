// `misto serve`: runs the club's server (API, realtime, web app) on one port until stopped.

import { isPostgresUrl, REDIS_NEEDS_POSTGRES, startServer } from "@misto/server";
import { DB_FLAG, parseFlags, wholeNumber } from "./args.js";
import { type Io, UsageError } from "./io.js";

/** `--redis`'s default, so that a service file can set it once for every process. */
export const REDIS_URL_ENV = "MISTO_REDIS_URL";
export const REDIS_PREFIX_ENV = "MISTO_REDIS_PREFIX";
/** `--metrics-token`'s default: a secret is better kept out of the process list. */
export const METRICS_TOKEN_ENV = "MISTO_METRICS_TOKEN";

const SERVE_FLAGS = {
  port: { type: "string", default: "3000" },
  db: DB_FLAG,
  host: { type: "string", default: "127.0.0.1" },
  redis: { type: "string" },
  "redis-prefix": { type: "string" },
  "trust-proxy": { type: "string" },
  "metrics-token": { type: "string" },
  "broadcast-delay": { type: "string", default: "300" },
} as const;

export async function serve(argv: string[], io: Io): Promise<number> {
  const { values } = parseFlags("serve", argv, SERVE_FLAGS, 0);
  const port = wholeNumber("serve", "port", values.port, 0, 65535);
  const broadcastDelay = wholeNumber("serve", "broadcast-delay", values["broadcast-delay"], 1, 86_400);
  const redisUrl = values.redis ?? (process.env[REDIS_URL_ENV] || undefined);
  const metricsToken = values["metrics-token"] ?? (process.env[METRICS_TOKEN_ENV] || undefined);
  const prefix = values["redis-prefix"] ?? (process.env[REDIS_PREFIX_ENV] || undefined);
  if (redisUrl !== undefined && !isPostgresUrl(values.db))
    throw new UsageError(`misto serve: ${REDIS_NEEDS_POSTGRES}`);
  if (redisUrl !== undefined && !/^rediss?:\/\//i.test(redisUrl))
    throw new UsageError(`misto serve: --redis must be a redis:// or rediss:// URL, not "${redisUrl}"`);
  if (prefix !== undefined && redisUrl === undefined)
    throw new UsageError("misto serve: --redis-prefix needs --redis");
  const server = await startServer({
    port,
    host: values.host,
    db: values.db,
    log: { level: "warn" },
    ...(redisUrl === undefined ? {} : { redis: { url: redisUrl, ...(prefix ? { prefix } : {}) } }),
    ...(values["trust-proxy"] ? { trustProxy: values["trust-proxy"] } : {}),
    ...(metricsToken ? { metricsToken } : {}),
    broadcastDelayMs: broadcastDelay * 1000,
  });
  io.stdout.write(`Misto is running at ${server.url}\n`);
  if (server.setupLink)
    io.stdout.write(`Open this link once to create the club and its admin: ${server.setupLink}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await server.close();
  io.stdout.write("Misto stopped.\n");
  return 0;
}
