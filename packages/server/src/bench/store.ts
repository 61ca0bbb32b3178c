// `npm run bench:store`: how many appends a second the store commits, each its own transaction
// with one event, a command id and the table's update, and how long each holds the event loop
// (which every table shares: SQLite's work at COMMIT runs on it, its flush off it). It measures and prints; it never fails on
// a slow figure. PostgreSQL is measured when MISTO_BENCH_PG (default
// postgres://postgres@127.0.0.1:5432) answers, in a database made for the run and dropped after.

import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createGame, type GameEvent } from "@misto/engine";
import { openStore, type Store } from "../store/index.js";
import { benchDatabase, PG_SERVER } from "./postgres.js";

const { values } = parseArgs({ options: { quick: { type: "boolean" } } });
/** --quick: a tenth of the work, for a smoke run. */
const APPENDS = values.quick ? 500 : 5000;
/** Tables written at once in the concurrent run (each by its own writer). */
const WRITERS = 8;

const format = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 0 });

/** The appends a second, and the event loop's busy time per append (the thread every table shares). */
const line = (label: string, perSecond: number, busyMs: number) =>
  `${label.padEnd(50)}${format(perSecond)} appends/s, event loop busy ${format(busyMs * 1000)} µs each`;

/** Runs `appends` appends; their rate, and the event loop's busy milliseconds per append. */
async function busy(appends: number, run: () => Promise<number>): Promise<[number, number]> {
  const start = performance.eventLoopUtilization();
  const perSecond = await run();
  return [perSecond, performance.eventLoopUtilization(start).active / appends];
}

function progress(text: string): void {
  process.stderr.write(`bench: ${text}\n`);
}

const made = createGame({
  seats: Array.from({ length: 12 }, (_, i) => ({ name: `Player ${i + 1}` })),
  deal: { seed: "bench" },
  at: Date.now(),
});
if (!made.ok) throw new Error(made.error.message);
const CREATED = made.event;
/** A typical event of a game (a foul with its note) rather than an empty one. */
const eventAt = (at: number): GameEvent => ({
  type: "fouled",
  seat: 3,
  reason: "other",
  count: 1,
  note: "spoke out of turn",
  at,
  by: "host",
});

let tables = 0;

/** Appends `count` commands to a new table one after another; returns the appends per second. */
async function appendSerially(store: Store, count: number): Promise<number> {
  const id = `bench-${++tables}`;
  await store.createTable(
    { id, title: id, hostId: "bench", createdAt: Date.now(), phase: "deal", winner: null, online: false },
    CREATED,
  );
  let seq = 1;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const result = await store.append(
      id,
      seq,
      [eventAt(i)],
      { id: `${id}-${i}`, answer: { seq: seq + 1 } },
      {
        phase: "day",
        winner: null,
      },
    );
    if (!result.ok) throw new Error(`append refused: ${result.conflict}`);
    seq = result.seq;
  }
  return count / ((performance.now() - started) / 1000);
}

/** `WRITERS` tables appended to at once, `count` appends in all; returns the appends per second. */
async function appendConcurrently(store: Store, count: number): Promise<number> {
  const per = Math.ceil(count / WRITERS);
  const started = performance.now();
  await Promise.all(Array.from({ length: WRITERS }, () => appendSerially(store, per)));
  return (per * WRITERS) / ((performance.now() - started) / 1000);
}

async function measure(label: string, url: string): Promise<string[]> {
  const store = await openStore(url);
  try {
    await store.createHost({
      id: "bench",
      name: "Bench",
      login: "bench",
      role: "host",
      passwordHash: "-",
      createdAt: Date.now(),
      personId: null,
    });
    // Warm-up: the JIT reaches its steady state (a server that has run a while) after a few
    // thousand appends; 200 measured the optimiser's work as much as the store's.
    await appendSerially(store, Math.min(2000, APPENDS));
    progress(`${label}: ${APPENDS} appends, one writer`);
    const serial = await busy(APPENDS, () => appendSerially(store, APPENDS));
    progress(`${label}: ${APPENDS} appends, ${WRITERS} tables at once`);
    const concurrent = await busy(APPENDS, () => appendConcurrently(store, APPENDS));
    return [
      line(`${label}, one writer`, ...serial),
      line(`${label}, ${WRITERS} tables at once`, ...concurrent),
    ];
  } finally {
    await store.close();
  }
}

/**
 * The disk's flushes a second in the bench's folder (a 4 KiB write and an fsync, as SQLite's COMMIT
 * does): one writer waits for one flush per append, so this is its ceiling on this disk, now.
 */
function fsyncsPerSecond(folder: string): number {
  const file = join(folder, "fsync-probe");
  const fd = openSync(file, "w");
  const block = Buffer.alloc(4096, 1);
  const count = values.quick ? 100 : 500;
  const started = performance.now();
  try {
    for (let i = 0; i < count; i++) {
      writeSync(fd, block, 0, block.length, (i % 16) * block.length);
      fsyncSync(fd);
    }
  } finally {
    closeSync(fd);
  }
  return count / ((performance.now() - started) / 1000);
}

const lines: string[] = [];
const dir = mkdtempSync(join(tmpdir(), "misto-bench-"));
try {
  progress("the disk's flushes a second");
  const before = fsyncsPerSecond(dir);
  lines.push(...(await measure("SQLite (fsync off the thread)", join(dir, "misto.db"))));
  const after = fsyncsPerSecond(dir);
  lines.push(
    `${"The disk: 4 KiB write + fsync (before, after)".padEnd(50)}${format(before)}, ${format(after)} /s (one writer's ceiling)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

let database: Awaited<ReturnType<typeof benchDatabase>> | null = null;
try {
  database = await benchDatabase();
  lines.push(...(await measure("PostgreSQL", database.url)));
} catch (error) {
  lines.push(`PostgreSQL: not measured (${PG_SERVER}: ${error instanceof Error ? error.message : error})`);
} finally {
  await database?.drop();
}

console.log(`Store appends (each one committed transaction: one event, a command id, the table update)`);
console.log(`target: ≥ 2,000 appends/s on SQLite, one writer`);
for (const line of lines) console.log(line);
