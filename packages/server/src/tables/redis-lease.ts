// Online tables' leases in Redis (./lease.ts, docs/operations.md "Several processes"): the key
// <prefix>lease:<table> holds the id of the process that runs the table and expires unless renewed;
// the set <prefix>online lists the online tables not closed yet, where a dead owner's are found.

import type { RedisClient } from "../realtime/redis.js";
import type { Leases } from "./lease.js";

/** A lease is renewed (or taken back, when Redis lost it) only by its holder; 1 when held now. */
const RENEW = `
local v = redis.call('get', KEYS[1])
if v == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
elseif not v then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
else
  return 0
end
redis.call('sadd', KEYS[2], ARGV[3])
return 1`;

/** A lease is let go only by its holder. */
const RELEASE = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

export class RedisLeases implements Leases {
  readonly sweepMs: number;
  private readonly held = new Set<string>();
  /** The ids of the online tables not closed yet, whoever runs them: where orphans are looked for. */
  private readonly running: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly me: string,
    private readonly leaseMs: number,
  ) {
    // Three renewals per lease: one missed (a busy moment) does not lose it.
    this.sweepMs = Math.max(10, Math.floor(leaseMs / 3));
    this.running = `${prefix}online`;
  }

  private key(tableId: string): string {
    return `${this.prefix}lease:${tableId}`;
  }

  async acquire(tableId: string): Promise<boolean> {
    const key = this.key(tableId);
    const taken = await this.redis.set(key, this.me, {
      condition: "NX",
      expiration: { type: "PX", value: this.leaseMs },
    });
    if (taken !== "OK" && (await this.redis.get(key)) !== this.me) {
      this.held.delete(tableId);
      return false;
    }
    this.held.add(tableId);
    await this.redis.sAdd(this.running, tableId);
    return true;
  }

  holds(tableId: string): boolean {
    return this.held.has(tableId);
  }

  async renew(): Promise<string[]> {
    const ids = [...this.held];
    const answers = await Promise.all(
      ids.map((id) =>
        this.redis.eval(RENEW, {
          keys: [this.key(id), this.running],
          arguments: [this.me, String(this.leaseMs), id],
        }),
      ),
    );
    const lost = ids.filter((_, i) => answers[i] !== 1);
    for (const id of lost) this.held.delete(id);
    return lost;
  }

  async orphans(): Promise<string[]> {
    const ids = (await this.redis.sMembers(this.running)).filter((id) => !this.held.has(id));
    const alive = await Promise.all(ids.map((id) => this.redis.exists(this.key(id))));
    return ids.filter((_, i) => alive[i] === 0);
  }

  async release(tableId: string): Promise<void> {
    this.held.delete(tableId);
    await this.redis.eval(RELEASE, { keys: [this.key(tableId)], arguments: [this.me] });
  }

  async finish(tableId: string): Promise<void> {
    await this.release(tableId);
    await this.redis.sRem(this.running, tableId);
  }
}
