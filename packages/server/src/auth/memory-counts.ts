// Attempts counted in this process's memory: one server process, or one whose Redis is away. Each
// call counts and checks in one synchronous step, so parallel requests cannot both pass.

import { randomUUID } from "node:crypto";
import { type AttemptCounts, type BackOff, type Counted, lockMs, type WindowLimit } from "./throttle.js";

/** Keys remembered at most: past this the oldest are forgotten, so a flood of addresses cannot fill memory. */
const MAX_KEYS = 10_000;

interface Attempt {
  readonly at: number;
  readonly id: string;
}

interface Lock {
  readonly tries: number;
  readonly until: number;
  /** When it is forgotten: `maxMs` after its last try. */
  readonly forgetAt: number;
}

export class MemoryCounts implements AttemptCounts {
  /** Each key's attempts, oldest first, within its window. */
  private readonly windows = new Map<string, Attempt[]>();
  private readonly locks = new Map<string, Lock>();

  async take(key: string, limit: WindowLimit, now: number): Promise<Counted> {
    return this.takeNow(key, limit, now);
  }

  /** take, synchronously: the Redis counts fall back on it. */
  takeNow(key: string, limit: WindowLimit, now: number): Counted {
    const recent = (this.windows.get(key) ?? []).filter((a) => a.at > now - limit.windowMs);
    if (recent.length >= limit.attempts) {
      const oldest = recent[recent.length - limit.attempts] as Attempt;
      return { waitMs: Math.max(1, oldest.at + limit.windowMs - now), id: "" };
    }
    const id = randomUUID();
    recent.push({ at: now, id });
    remember(this.windows, key, recent);
    return { waitMs: 0, id };
  }

  async forget(key: string, id: string): Promise<void> {
    this.forgetNow(key, id);
  }

  forgetNow(key: string, id: string): void {
    const left = (this.windows.get(key) ?? []).filter((a) => a.id !== id);
    if (left.length === 0) this.windows.delete(key);
    else this.windows.set(key, left);
  }

  async tryLocked(key: string, backOff: BackOff, now: number): Promise<number> {
    return this.tryLockedNow(key, backOff, now);
  }

  tryLockedNow(key: string, backOff: BackOff, now: number): number {
    const known = this.locks.get(key);
    const lock = known && known.forgetAt > now ? known : null;
    if (lock && lock.until > now) return lock.until - now;
    const tries = (lock?.tries ?? 0) + 1;
    const until = tries >= backOff.free ? now + lockMs(tries, backOff) : 0;
    remember(this.locks, key, { tries, until, forgetAt: now + backOff.maxMs });
    return 0;
  }

  async unlock(key: string): Promise<void> {
    this.locks.delete(key);
  }
}

/** Sets `key` last (the map's order is then the order of the latest attempts) and forgets the oldest past MAX_KEYS. */
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > MAX_KEYS) map.delete(map.keys().next().value as string);
}
