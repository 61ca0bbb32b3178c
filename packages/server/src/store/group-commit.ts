// Group commit: the appends that arrive while the database is busy (or within one turn of the
// event loop) are committed together, in one transaction, with one flush to disk after it. The
// COMMIT runs on the server's only thread (better-sqlite3 is synchronous) and the flush, an fsync
// of the `-wal` file, on libuv's thread pool (./wal-flush.ts): one of each per command would cost
// every table. Each caller is answered only after the COMMIT that holds its work has returned and a
// flush begun after it has finished (the writer, ./lock.ts durably), so nothing is acknowledged
// before it is on disk. The next batch may COMMIT while the last one's flush runs.

/** What became of one item of a batch: its value, or the error it alone failed with. */
export type Outcome<O> =
  | { readonly ok: true; readonly value: O }
  | { readonly ok: false; readonly error: unknown };

interface Waiting<I, O> {
  readonly item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export class GroupCommit<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private readonly batchListeners: ((size: number) => void)[] = [];

  /**
   * `commit` runs a whole batch in one transaction and gives each item's outcome (in order), or
   * throws when the transaction itself failed: then every item of the batch fails with that error.
   * `exclusive` is the store's writer (its lock, then the flush): a batch is taken once the lock is
   * held, so whatever arrived while another write held it goes in too, and it settles after the flush.
   */
  constructor(
    private readonly commit: (items: readonly I[]) => Promise<readonly Outcome<O>[]>,
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}

  /** The items queued for the next batch. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Told the size of each batch as it is committed (/metrics). */
  onBatch(listener: (size: number) => void): void {
    this.batchListeners.push(listener);
  }

  /** Queues `item` for the next batch; settles once that batch is committed (and flushed). */
  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      // The first of a batch schedules it; the rest of this turn's items join it.
      if (this.waiting.length === 1) setImmediate(() => void this.commitBatch());
    });
  }

  private async commitBatch(): Promise<void> {
    let batch: Waiting<I, O>[] = [];
    let outcomes: readonly Outcome<O>[];
    try {
      outcomes = await this.exclusive(() => {
        batch = this.waiting;
        this.waiting = [];
        if (batch.length > 0) for (const listener of this.batchListeners) listener(batch.length);
        return batch.length === 0 ? Promise.resolve([]) : this.commit(batch.map((w) => w.item));
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) w.resolve(outcome.value);
      else w.reject(outcome ? outcome.error : new Error("the batch gave no outcome for an item"));
    });
  }
}
