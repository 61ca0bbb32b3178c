// Failed guesses (sign-ins per address and per login, join codes per address) are counted over a
// sliding window; past the limit the next attempt is refused (429) before anything is checked, so
// guessing is slow and cheap to refuse.

import type { FastifyReply } from "fastify";
import { HttpError } from "../errors.js";

/** Failures allowed in `windowMs` before the key must wait (docs/api.md "Security"). */
export interface ThrottleLimit {
  readonly failures: number;
  readonly windowMs: number;
}

/**
 * From one address: ten wrong passwords in 15 minutes. Against one login (from anywhere): thirty,
 * higher so that a stranger cannot lock a host out with a few tries, low enough that guessing a
 * password takes years.
 */
export const SIGN_IN_LIMITS = {
  address: { failures: 10, windowMs: 15 * 60_000 },
  login: { failures: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleLimit>;

/**
 * Unknown join codes from one address: sixty in 15 minutes. A club's phones often share one address
 * (the room's wifi), so this is generous to typos; guessing one of 31^6 codes at that pace is hopeless.
 */
export const JOIN_LIMIT: ThrottleLimit = { failures: 60, windowMs: 15 * 60_000 };

/** Keys remembered at most: past this the oldest are forgotten, so a flood of addresses cannot fill memory. */
const MAX_KEYS = 10_000;

export class Throttle {
  /** Each key's failure times, oldest first, within the window. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: ThrottleLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again: 0 when it may now. */
  wait(key: string): number {
    const times = this.recent(key);
    if (times.length < this.limit.failures) return 0;
    const oldest = times[times.length - this.limit.failures] as number;
    return Math.max(1, oldest + this.limit.windowMs - this.now());
  }

  /** Counts one failure for `key`. */
  fail(key: string): void {
    const times = this.recent(key);
    times.push(this.now());
    // Re-inserted last: the map's order is then the order of the latest failures.
    this.failures.delete(key);
    this.failures.set(key, times.slice(-this.limit.failures));
    while (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limit.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }
}

/** 429 `too_many_attempts`: how long to wait, in the answer (`retryAfter`, seconds) and in Retry-After. */
export function tooManyAttempts(waitMs: number, reply: FastifyReply, what: string): HttpError {
  const seconds = Math.ceil(waitMs / 1000);
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "too_many_attempts", `${what}: try again in ${Math.ceil(seconds / 60)} min`, {
    retryAfter: seconds,
  });
}
