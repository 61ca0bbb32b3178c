// The flush to disk that SQLite no longer does at COMMIT (it runs with synchronous=NORMAL, ./sqlite.ts):
// an fsync of the `-wal` file on libuv's thread pool, so the server's only thread runs on while the
// disk works. A write is answered only once a flush that began after its COMMIT has finished
// (./lock.ts durably), so nothing is acknowledged before it is on disk, even after a power cut.
// Flushes asked for while one runs share the next one: it began after all their COMMITs. Once a
// flush has failed, every later one fails (`failure`).

import { type FileHandle, open } from "node:fs/promises";
import { dirname } from "node:path";

/** The real flush of the `-wal` file, as given to a `FlushWrapper`. */
export type Fsync = () => Promise<void>;

/** Runs each flush; given the real one (tests delay or fail it around the real fsync). */
export type FlushWrapper = (fsync: Fsync) => Promise<void>;

export class WalFlush {
  /** The flush on the thread pool now, if any. */
  private running: Promise<void> | null = null;
  /** The flush that starts when `running` ends: it covers every COMMIT returned before it starts. */
  private next: Promise<void> | null = null;
  private file: Promise<FileHandle> | null = null;
  private closed = false;
  /**
   * Why a flush failed, once one has: every flush after it fails too. What reached the disk is no
   * longer known (Linux may drop the pages it failed to write and report the next fsync clean),
   * and SQLite's recovery stops at the first bad frame of the `-wal` file, so a later COMMIT could
   * be lost though its own flush succeeded. Reopening the store (a restart) reads what the disk kept.
   */
  private failure: Error | null = null;

  constructor(
    /** The database file; its `-wal` file beside it is what is flushed. */
    private readonly path: string,
    private readonly wrap: FlushWrapper = (fsync) => fsync(),
  ) {}

  /** Settles once a flush that began after this call has: every COMMIT returned before it is on disk. */
  flush(): Promise<void> {
    if (this.next) return this.next;
    const running = this.running;
    if (!running) return this.start();
    // The one running may have begun before the caller's COMMIT: the caller needs the one after.
    const next = running
      .catch(() => {})
      .then(() => {
        this.next = null;
        return this.start();
      });
    this.next = next;
    return next;
  }

  /** Waits for the flushes asked for, then closes the `-wal` file. */
  async close(): Promise<void> {
    this.closed = true;
    await (this.next ?? this.running)?.catch(() => {});
    const file = this.file;
    this.file = null;
    await (await file?.catch(() => null))?.close();
  }

  private start(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const run = this.wrap(() => this.fsync())
      .catch((error: unknown) => {
        this.failure ??= new Error(`the flush to disk of ${this.path}-wal failed: restart the server`, {
          cause: error,
        });
        throw error;
      })
      .finally(() => {
        if (this.running === run) this.running = null;
      });
    this.running = run;
    return run;
  }

  private async fsync(): Promise<void> {
    // A write that outlived the store: its COMMIT is not known to be on disk, and a file opened
    // now would stay open.
    if (this.closed && !this.file) throw new Error("the store is closed");
    this.file ??= this.openWal();
    await (await this.file).sync();
  }

  /**
   * The `-wal` file, open once: it exists by the first flush (a COMMIT wrote it) and stays while
   * this connection is open. Its folder is flushed once, so that the file's name survives a power cut.
   */
  private async openWal(): Promise<FileHandle> {
    const handle = await open(`${this.path}-wal`, "r");
    try {
      const folder = await open(dirname(this.path), "r");
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle;
  }
}
