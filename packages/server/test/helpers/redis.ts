// Several server processes on one PostgreSQL database with Redis, for the tests: a fresh database,
// a Redis key prefix of this run's own (so parallel test files and other runs never hear each
// other), two servers on them, and a TCP relay to Redis that a test can cut to play Redis down.
// MISTO_TEST_REDIS names the Redis server (default redis://127.0.0.1:6379).

import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { buildServer } from "../../src/app.js";
import type { RedisOptions } from "../../src/realtime/redis.js";
import { openStore } from "../../src/store/index.js";
import type { OnlineOptions } from "../../src/tables/online.js";
import { type Harness, listening } from "./api.js";
import { admin, PG_SERVER } from "./backends.js";
import { createDatabase } from "./pg-database.js";
import { TcpRelay } from "./relay.js";

export const REDIS_URL = process.env.MISTO_TEST_REDIS ?? "redis://127.0.0.1:6379";

/** A prefix no other run uses. */
export function testPrefix(): string {
  return `misto-test-${process.pid}-${randomBytes(6).toString("hex")}:`;
}

/** Deletes every key under the prefix (what a test run left in Redis). */
export async function dropPrefix(prefix: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  client.on("error", () => {});
  await client.connect();
  try {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) keys.push(...batch);
    if (keys.length > 0) await client.del(keys);
  } finally {
    await client.close();
  }
}

/** Every message sent on the prefix's channel while it listens: what Redis carries. */
export async function overhear(prefix: string): Promise<{ heard: string[]; close(): Promise<void> }> {
  const client = createClient({ url: REDIS_URL });
  client.on("error", () => {});
  await client.connect();
  const heard: string[] = [];
  await client.subscribe(`${prefix}signals`, (message) => heard.push(message));
  return {
    heard,
    async close() {
      await client.close();
    },
  };
}

/** A fresh PostgreSQL database, and how to drop it. */
export async function freshPostgres(): Promise<{ url: string; dispose(): Promise<void> }> {
  const name = `misto_redis_${randomBytes(6).toString("hex")}`;
  await admin((c) => createDatabase(c, name));
  return {
    url: `${PG_SERVER}/${name}`,
    async dispose() {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface Process extends Harness {
  /** http://127.0.0.1:PORT */
  readonly url: string;
}

/** One server "process" (a Fastify app with its own store connections and Redis connections), listening. */
export async function serverOn(db: string, redis: RedisOptions, online?: OnlineOptions): Promise<Process> {
  const store = await openStore(db);
  try {
    const app = await buildServer({
      store,
      webRoot: "/nonexistent-misto-web",
      redis,
      ...(online ? { online } : {}),
    });
    const url = await listening(app);
    let closing: Promise<void> | null = null;
    return {
      app,
      store,
      url,
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

/** A TCP relay to Redis that can be cut (Redis is "down" for whoever connects through it) and mended. */
export class RedisRelay extends TcpRelay {
  static open(): Promise<RedisRelay> {
    const target = new URL(REDIS_URL);
    return new RedisRelay(target.hostname, Number(target.port || 6379)).listen();
  }

  /** Redis's URL through the relay. */
  get url(): string {
    const url = new URL(REDIS_URL);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }
}
