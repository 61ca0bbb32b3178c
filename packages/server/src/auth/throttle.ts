// Guessing is slowed down by counting each attempt *before* it is checked (docs/api.md "Security"):
// a sliding window per key (sign-ins and join codes per address), and a lock-out with back-off per
// login and address. The count and the check are one step, so a burst of parallel attempts cannot
// slip past the limit between them; an attempt that turns out right is forgotten again.

import type { FastifyReply } from "fastify";
import { HttpError } from "../errors.js";

/** At most `attempts` counted in any `windowMs`. */
export interface WindowLimit {
  readonly attempts: number;
  readonly windowMs: number;
}

/** `free` tries, then a lock of `firstMs` doubling with each further try, at most `maxMs`. */
export interface BackOff {
  readonly free: number;
  readonly firstMs: number;
  readonly maxMs: number;
}

/**
 * From one address, whatever the logins: ten wrong passwords in 15 minutes. One login from one
 * address: five, then 1, 2, 4 … minutes between tries, at most a day. Nothing counts a login from
 * anywhere, so a stranger elsewhere cannot lock a host out.
 */
export const SIGN_IN_LIMITS = {
  address: { attempts: 10, windowMs: 15 * 60_000 },
  pair: { free: 5, firstMs: 60_000, maxMs: 24 * 60 * 60_000 },
} as const satisfies { address: WindowLimit; pair: BackOff };

/**
 * Unknown join codes from one address: sixty in 15 minutes. A club's phones often share one address
 * (the room's wifi), so this is generous to typos; guessing one of 31^6 codes at that pace is hopeless.
 */
export const JOIN_LIMIT: WindowLimit = { attempts: 60, windowMs: 15 * 60_000 };

/** A counted attempt (`waitMs` 0, and its `id` to forget it by) or a refused one (`waitMs` > 0). */
export interface Counted {
  readonly waitMs: number;
  readonly id: string;
}

/** Where attempts are counted: this process's memory, or Redis for several processes (./redis-counts.ts). */
export interface AttemptCounts {
  /** Counts an attempt under `key` unless `limit.attempts` are counted in the window already. */
  take(key: string, limit: WindowLimit, now: number): Promise<Counted>;
  /** Forgets a counted attempt. */
  forget(key: string, id: string): Promise<void>;
  /** Counts a try under `key` unless it is locked; the try that uses up `free` locks it. Ms to wait, 0 when counted. */
  tryLocked(key: string, backOff: BackOff, now: number): Promise<number>;
  /** Clears the key's tries and lock. */
  unlock(key: string): Promise<void>;
}

/** The lock after `tries` tries (0 while some are free): firstMs, doubling, at most maxMs. */
export function lockMs(tries: number, b: BackOff): number {
  if (tries < b.free) return 0;
  return Math.min(b.firstMs * 2 ** Math.min(tries - b.free, 40), b.maxMs);
}

/** 429 `too_many_attempts`: how long to wait, in the answer (`retryAfter`, seconds) and in Retry-After. */
export function tooManyAttempts(waitMs: number, reply: FastifyReply, what: string): HttpError {
  const seconds = Math.ceil(waitMs / 1000);
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "too_many_attempts", `${what}: try again in ${Math.ceil(seconds / 60)} min`, {
    retryAfter: seconds,
  });
}
