// `npm run bench:server -- --processes N` (N ≥ 2): the servers share a PostgreSQL database made for
// the run (at MISTO_BENCH_PG, default postgres://postgres@127.0.0.1:5432; dropped after) and Redis
// (MISTO_BENCH_REDIS, default redis://127.0.0.1:6379) under a prefix of the run's own (its keys
// deleted after), as in docs/operations.md "Several processes".

import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { benchDatabase } from "./postgres.js";

const REDIS_URL = process.env.MISTO_BENCH_REDIS ?? "redis://127.0.0.1:6379";

export interface Shared {
  /** The --db of every server process. */
  readonly db: string;
  /** The Redis flags of every server process. */
  readonly flags: readonly string[];
  /** Drops the database and the run's Redis keys. */
  dispose(): Promise<void>;
}

export async function sharedStore(): Promise<Shared> {
  const prefix = `misto-bench-${process.pid}-${randomBytes(4).toString("hex")}:`;
  const database = await benchDatabase();
  return {
    db: database.url,
    flags: ["--redis", REDIS_URL, "--redis-prefix", prefix],
    async dispose() {
      await database.drop();
      const redis = createClient({ url: REDIS_URL });
      redis.on("error", () => {});
      await redis.connect();
      try {
        const keys: string[] = [];
        for await (const batch of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
          keys.push(...batch);
        if (keys.length > 0) await redis.del(keys);
      } finally {
        await redis.close();
      }
    },
  };
}
