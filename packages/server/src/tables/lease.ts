// Which server process runs an online table's timers and bots (./online.ts). With one process it
// runs them all (OwnAll). With several sharing PostgreSQL, each table has a lease in Redis
// (../realtime/redis.ts): a key holding the owner's id that expires unless the owner renews it, so
// when the owner dies another process takes the table over and the game goes on. Whoever runs a
// table, its commands still go through the store's expected-seq append: two writers never both win.

/** The leases on online tables, as seen from this process. */
export interface Leases {
  /** How often the runner renews its leases and looks for tables whose owner is gone, in ms; 0: never. */
  readonly sweepMs: number;
  /** Takes the table's lease if it is free (or already this process's): whether this process holds it now. */
  acquire(tableId: string): Promise<boolean>;
  /** Whether this process holds the table's lease, as last renewed. */
  holds(tableId: string): boolean;
  /** Renews every lease held: the tables whose lease turned out to be someone else's (lost). */
  renew(): Promise<string[]>;
  /** Online tables still running whose lease nobody holds (their owner died): to be taken over. */
  orphans(): Promise<string[]>;
  /** Lets the lease go (this process stops): another process may take the table at once. */
  release(tableId: string): Promise<void>;
  /** The table is over: its lease goes, and it is no longer looked after. */
  finish(tableId: string): Promise<void>;
}

/** One process: it runs every online table, and there is nothing to renew or take over. */
export class OwnAll implements Leases {
  readonly sweepMs = 0;
  async acquire(): Promise<boolean> {
    return true;
  }
  holds(): boolean {
    return true;
  }
  async renew(): Promise<string[]> {
    return [];
  }
  async orphans(): Promise<string[]> {
    return [];
  }
  async release(): Promise<void> {}
  async finish(): Promise<void> {}
}
