// One writer at a time per SQLite file within this process. better-sqlite3 is synchronous: a
// second connection that met a held write lock would block the whole thread in its busy wait
// while the holder (on the same thread) could never commit. Across processes SQLite's own lock
// and busy timeout do the waiting.

const tails = new Map<string, Promise<unknown>>();
/** The keys whose `work` runs now (one at a time per key). */
const running = new Set<string>();

/** Runs `work` after every earlier `work` under the same key has settled. */
export function exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const turn = () => within(key, work);
  const run = before.then(turn, turn);
  const tail = run.then(
    () => {},
    () => {},
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

async function within<T>(key: string, work: () => Promise<T>): Promise<T> {
  running.add(key);
  try {
    return await work();
  } finally {
    running.delete(key);
  }
}

/** Whether a `work` under `key` runs now: a write statement while none does bypassed the writer. */
export function writing(key: string): boolean {
  return running.has(key);
}

/**
 * `exclusive`, then a flush to disk that began after `work` settled (SQLite, ./wal-flush.ts): the
 * caller hears of its write, success or refusal, only once what it committed, and what it saw
 * committed by others, is on disk. Every write of the store goes through here.
 */
export async function durably<T>(
  key: string,
  work: () => Promise<T>,
  flush: () => Promise<void>,
): Promise<T> {
  let value: T;
  try {
    value = await exclusive(key, work);
  } catch (error) {
    // A refusal (a login taken, a seq stale) may rest on another writer's COMMIT not yet flushed.
    await flush().catch(() => {});
    throw error;
  }
  await flush();
  return value;
}
