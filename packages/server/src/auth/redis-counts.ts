// Attempts counted in Redis, shared by every server process (docs/operations.md "Several
// processes"): <prefix>attempts:<key> is a sorted set of a window's attempts (score: when), and
// <prefix>lock:<key> a hash of a lock-out's tries and until when it is locked. Each count and its
// check are one Lua script, so parallel requests on any process cannot both pass. While Redis does
// not answer, each process counts in its own memory: the limits then hold per process.

import { randomUUID } from "node:crypto";
import type { RedisClient } from "../realtime/redis.js";
import { MemoryCounts } from "./memory-counts.js";
import type { AttemptCounts, BackOff, Counted, WindowLimit } from "./throttle.js";

/** KEYS[1] the window; ARGV now, windowMs, attempts, id. 0 when counted, else ms to wait. */
const TAKE = `
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - window)
local n = redis.call('zcard', KEYS[1])
if n >= limit then
  local oldest = redis.call('zrange', KEYS[1], n - limit, n - limit, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('zadd', KEYS[1], now, ARGV[4])
redis.call('pexpire', KEYS[1], window)
return 0`;

/** KEYS[1] the lock; ARGV now, free, firstMs, maxMs. 0 when counted, else ms to wait (as lockMs). */
const TRY_LOCKED = `
local now, free, first, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local locked = tonumber(redis.call('hget', KEYS[1], 'until') or '0')
if locked > now then return locked - now end
local tries = redis.call('hincrby', KEYS[1], 'tries', 1)
if tries >= free then
  local lock = math.min(first * 2 ^ math.min(tries - free, 40), max)
  redis.call('hset', KEYS[1], 'until', string.format('%d', now + lock))
end
redis.call('pexpire', KEYS[1], max)
return 0`;

export class RedisCounts implements AttemptCounts {
  /** Where attempts are counted while Redis does not answer. */
  private readonly local = new MemoryCounts();

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  async take(key: string, limit: WindowLimit, now: number): Promise<Counted> {
    const id = randomUUID();
    try {
      const wait = await this.redis.eval(TAKE, {
        keys: [`${this.prefix}attempts:${key}`],
        arguments: [String(now), String(limit.windowMs), String(limit.attempts), id],
      });
      return { waitMs: Number(wait), id };
    } catch {
      return this.local.takeNow(key, limit, now);
    }
  }

  async forget(key: string, id: string): Promise<void> {
    this.local.forgetNow(key, id);
    try {
      await this.redis.zRem(`${this.prefix}attempts:${key}`, id);
    } catch {
      // Redis away: the attempt stays counted until its window ends.
    }
  }

  async tryLocked(key: string, backOff: BackOff, now: number): Promise<number> {
    try {
      const wait = await this.redis.eval(TRY_LOCKED, {
        keys: [`${this.prefix}lock:${key}`],
        arguments: [String(now), String(backOff.free), String(backOff.firstMs), String(backOff.maxMs)],
      });
      return Number(wait);
    } catch {
      return this.local.tryLockedNow(key, backOff, now);
    }
  }

  async unlock(key: string): Promise<void> {
    await this.local.unlock(key);
    try {
      await this.redis.del(`${this.prefix}lock:${key}`);
    } catch {
      // Redis away: the lock stays until it ends.
    }
  }
}
