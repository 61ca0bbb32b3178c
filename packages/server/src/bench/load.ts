// `npm run bench:server`: many online tables of 12 bot players at once against one server process
// over loopback WebSockets. Prints the clients, the commands, and the latency from a player's
// command to its seat's update and to every seat's (each seat's own seq, ./latency.ts), p50/p90/p99/max.
// It measures and prints; it never fails on a slow figure.
//
//   node packages/server/dist/bench/load.js [--tables 200] [--seconds 30] [--profile DIR] [--quick]
//     [--processes 2] [--deal-ms 15000]
//
// The server (./server.ts) runs as its own process on a temporary SQLite file, with short online
// timers; every seat of every table joins with the table's code and subscribes over /ws before the
// deal ends, so the server plays no seat: each player acts from its own pushed view
// (./players.ts). A game that ends during the run is replaced by a new table for its 12 players.
// --profile DIR leaves a CPU profile of the server over the measured window in DIR (./server.ts).
// --processes N (N ≥ 2) runs N server processes on PostgreSQL with Redis (./cluster.ts): the
// players' sockets and the tables are dealt round the processes, so most updates cross Redis.

import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Seat } from "@misto/engine";
import type { JoinAnswer } from "@misto/protocol";
import { type Shared, sharedStore } from "./cluster.js";
import { storedEvents } from "./events.js";
import { type LoopDelay, type Summary, summarize, watchLoop } from "./latency.js";
import { BenchTable, type Counts, Player, THINK_MS } from "./players.js";
import { post, type ServerProcess, signUp, startServerProcess } from "./spawn.js";

const { values } = parseArgs({
  strict: true,
  options: {
    tables: { type: "string", default: "200" },
    seconds: { type: "string", default: "30" },
    profile: { type: "string" },
    quick: { type: "boolean" },
    processes: { type: "string", default: "1" },
    "deal-ms": { type: "string" },
  },
});

function whole(name: string, text: string | undefined, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not ${text}`);
  }
  return n;
}

const TABLES = whole("tables", values.tables, 1, 1000);
const SECONDS = whole("seconds", values.seconds, 1, 600);
const PROCESSES = whole("processes", values.processes, 1, 4);
const SEATS = 12;
/** --quick (a smoke run of a few tables): a short deal and speeches, so commands come at once. */
const QUICK = values.quick === true;
/** The server's online timers for the run (./server.ts flags). */
const TIMERS = {
  /**
   * Long enough for a table's 12 joins under load; each table is joined right after it is made.
   * --deal-ms N for a machine so loaded that 12 joins take longer (a join after the deal is refused).
   */
  startMs: values["deal-ms"] ? whole("deal-ms", values["deal-ms"], 1000, 600_000) : QUICK ? 2000 : 15_000,
  /** Longer than THINK_MS: the players, never the deadlines, make the night choices and votes. */
  nightMs: 5000,
  voteMs: 5000,
  pauseMs: QUICK ? 100 : 500,
  /** 10: a 60 s speech lasts 0.6 s, a day of 12 accusation speeches about 7 s. */
  stepMsPerSecond: QUICK ? 1 : 10,
};
/** Tables set up at once (create, 12 joins, 12 subscriptions). */
const SETUP_CONCURRENCY = 8;
/** A table's seats joining at once (see seat()). */
const JOINS_AT_ONCE = 4;
/** Sockets opened at once. */
const CONNECT_CONCURRENCY = 50;
/** After the window: the time for the last commands' updates to arrive. */
const DRAIN_MS = QUICK ? 1000 : 3000;
/** The whole run's bound: setup, start, window and drain, with room to spare. */
const CAP_MS = 120_000 + TABLES * 500 + TIMERS.startMs + SECONDS * 1000 + DRAIN_MS;

const SEAT_NAMES = Array.from({ length: SEATS }, (_, i) => ({ name: `Bench ${i + 1}` }));

function progress(text: string): void {
  process.stderr.write(`bench: ${text}\n`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `task` on each item, at most `limit` at once. */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Waits for `done`, checking every 100 ms, for at most `ms`; whether it came. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

const dir = mkdtempSync(join(tmpdir(), "misto-bench-load-"));
const counts: Counts = { sent: 0, acked: 0, rejected: 0, errors: 0, views: 0, bytes: 0 };
const tables: BenchTable[] = [];
const players: Player[] = [];
/** The server processes; the first is where the club is set up. */
const servers: ServerProcess[] = [];
let shared: Shared | null = null;
let finished = 0;
let replacing = true;
const replacements: Promise<unknown>[] = [];
/** The players seated at each table still being played. */
const groups = new Map<BenchTable, readonly Player[]>();
/** The servers' addresses and the host's session cookie (good on every one), once signed up. */
let urls: string[] = [];
let cookie = "";
let made = 0;

const cap = setTimeout(() => {
  progress(`the run took longer than its bound of ${Math.round(CAP_MS / 1000)} s: stopping`);
  void Promise.all(servers.map((s) => s.stop(1000))).finally(() => {
    rmSync(dir, { recursive: true, force: true });
    void (shared?.dispose() ?? Promise.resolve()).finally(() => process.exit(1));
  });
}, CAP_MS);
cap.unref();

/** Makes an online table and seats `group` (12 players) at it with its join code. */
async function seat(group: readonly Player[]): Promise<BenchTable> {
  // Tables are made round the processes (the maker runs its timers: ../tables/lease.ts).
  const url = urls[made++ % urls.length] as string;
  const answer = await post<{ id: string; code: string }>(
    `${url}/api/tables`,
    { title: "Bench", seats: SEAT_NAMES, deal: { random: true }, online: true },
    cookie,
  );
  const table = new BenchTable(answer.body.id, onClosed);
  tables.push(table);
  // A join is counted as a guess until its code is found (the throttle against guessing codes,
  // ../auth/throttle.ts, 60 per address): all from 127.0.0.1, at most SETUP_CONCURRENCY × JOINS_AT_ONCE
  // may be in flight, or a slow lookup (PostgreSQL and Redis) makes the last ones 429.
  await pool([...group.entries()], JOINS_AT_ONCE, async ([i, player]) => {
    const seat = (i + 1) as Seat;
    const joined = await post<JoinAnswer>(`${url}/api/join`, { code: answer.body.code, seat });
    player.sit(table, seat, joined.body.token);
  });
  groups.set(table, group);
  return table;
}

function onClosed(table: BenchTable): void {
  finished++;
  const group = groups.get(table);
  groups.delete(table);
  if (!replacing || !group) return;
  // fetch's own error says only "fetch failed": its cause (a reset socket, a refused connection) follows.
  replacements.push(
    seat(group).catch((error) =>
      progress(`a new table failed: ${error} (${(error as Error).cause ?? "no cause"})`),
    ),
  );
}

function ms(n: number): string {
  return Number.isNaN(n) ? "–" : `${n.toFixed(1)} ms`;
}

function spread(s: Summary): string {
  return `p50 ${ms(s.p50)}, p90 ${ms(s.p90)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`;
}

function mb(bytes: number | null): string {
  return bytes === null ? "unknown" : `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)}%`;
}

/** The servers' total of a per-process figure, or null when one is unknown. */
function total(figure: (s: ServerProcess) => number | null): number | null {
  let sum = 0;
  for (const s of servers) {
    const n = figure(s);
    if (n === null) return null;
    sum += n;
  }
  return sum;
}

try {
  const flags = [
    ["--start-ms", TIMERS.startMs],
    ["--night-ms", TIMERS.nightMs],
    ["--vote-ms", TIMERS.voteMs],
    ["--pause-ms", TIMERS.pauseMs],
    ["--step-ms-per-second", TIMERS.stepMsPerSecond],
    ...(values.profile ? [["--profile", values.profile]] : []),
  ].flatMap(([flag, n]) => [String(flag), String(n)]);
  if (PROCESSES === 1) servers.push(await startServerProcess(join(dir, "misto.db"), flags));
  else {
    shared = await sharedStore();
    // The first alone, so that its setup link is the one in force.
    servers.push(await startServerProcess(shared.db, [...flags, ...shared.flags]));
  }
  cookie = await signUp(servers[0] as ServerProcess);
  while (shared && servers.length < PROCESSES)
    servers.push(await startServerProcess(shared.db, [...flags, ...shared.flags]));
  urls = servers.map((s) => s.url);
  for (const s of servers) progress(`server at ${s.url} (pid ${s.pid})`);

  progress(`opening ${TABLES * SEATS} sockets`);
  players.push(
    ...(await pool(
      Array.from({ length: TABLES * SEATS }, (_, i) => i),
      CONNECT_CONCURRENCY,
      // Round the processes, so a table's players are on every one of them.
      (i) => Player.open(urls[i % urls.length] as string, counts),
    )),
  );

  progress(`making ${TABLES} online tables and joining their seats`);
  const setupStarted = performance.now();
  const firstTables = await pool(
    Array.from({ length: TABLES }, (_, i) => players.slice(i * SEATS, (i + 1) * SEATS)),
    SETUP_CONCURRENCY,
    (group) => seat(group),
  );
  const setupMs = performance.now() - setupStarted;
  progress(`set up in ${(setupMs / 1000).toFixed(1)} s; waiting for every table to start`);
  const allStarted = await until(() => firstTables.every((t) => t.started), TIMERS.startMs + 30_000);
  if (!allStarted) progress("not every table started in time: measuring those that did");
  const early = firstTables.filter((t) => t.early.size === SEATS).length;

  await Promise.all(servers.map((s) => s.loopDelay()));
  const ownLoop = watchLoop();
  const ownCpu = process.cpuUsage();
  const database = shared?.db ?? join(dir, "misto.db");
  const eventsBefore = await storedEvents(database);
  const cpuBefore = total((s) => s.cpuMs());
  const before = { ...counts, finished };
  const from = performance.now();
  progress(`measuring for ${SECONDS} s`);
  await sleep(SECONDS * 1000);
  const to = performance.now();
  const cpuAfter = total((s) => s.cpuMs());
  const events = (await storedEvents(database)) - eventsBefore;
  const rss = total((s) => s.rss());
  const serverDelays = await Promise.all(servers.map((s) => s.loopDelay()));
  const ownDelay = ownLoop.read();
  const ownCpuUsed = process.cpuUsage(ownCpu);
  const measured = {
    sent: counts.sent - before.sent,
    views: counts.views - before.views,
    bytes: counts.bytes - before.bytes,
    finished: finished - before.finished,
  };
  replacing = false;
  for (const player of players) player.stop();
  await sleep(DRAIN_MS);
  await Promise.all(replacements);

  const own: number[] = [];
  const every: number[] = [];
  let unmatched = 0;
  for (const table of tables) {
    const s = table.latency.samples(from, to);
    own.push(...s.own);
    every.push(...s.every);
    unmatched += s.unmatched;
  }
  const summary: Summary = summarize(every);
  const ownSummary: Summary = summarize(own);
  const seconds = (to - from) / 1000;
  const serverCpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const ownCpuMs = (ownCpuUsed.user + ownCpuUsed.system) / 1000;
  const met = TABLES >= 200 && summary.count > 0 && summary.p99 < 100;
  const perSecond = (n: number) => Math.round(n / seconds).toLocaleString("en-US");
  const delay = (d: LoopDelay | null) =>
    d === null ? "unknown" : `p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, max ${ms(d.max)}`;

  console.log(
    `Server load: online tables of ${SEATS} bot players over loopback WebSockets, ${
      PROCESSES === 1
        ? "one server process (SQLite)"
        : `${PROCESSES} server processes (PostgreSQL and Redis; sockets and tables dealt round them)`
    }`,
  );
  console.log(
    `timers: deal ${TIMERS.startMs} ms, ${TIMERS.stepMsPerSecond} ms per speech second, pause ${TIMERS.pauseMs} ms; players think ${THINK_MS[0]}–${THINK_MS[1]} ms`,
  );
  console.log("goal: ≥ 200 tables (2,400 clients) at a p99 under 100 ms");
  const rows: [string, string][] = [
    ["tables at once", `${TABLES} (${early} with all ${SEATS} seats joined before the deal ended)`],
    ["clients", `${players.length} WebSockets`],
    ["setup", `${(setupMs / 1000).toFixed(1)} s (tables made and seats joined)`],
    ["window", `${seconds.toFixed(1)} s`],
    [
      "commands",
      `${measured.sent} sent (${perSecond(measured.sent)}/s); ${summary.count} timed, ${unmatched} untimed`,
    ],
    ["updates received", `${perSecond(measured.views)} views/s, ${mb(measured.bytes / seconds)}/s`],
    [
      "bytes per update",
      measured.views > 0 ? `${Math.round(measured.bytes / measured.views)} (goal ≤ 400)` : "–",
    ],
    ["events stored", `${events} (${perSecond(events)}/s)`],
    ["games finished", `${measured.finished} in the window`],
    ["command → its seat's update", spread(ownSummary)],
    ["command → every seat's", spread(summary)],
    [
      PROCESSES === 1 ? "server" : `servers (${PROCESSES}, in all)`,
      serverCpuMs === null
        ? `RSS ${mb(rss)}`
        : `RSS ${mb(rss)}, CPU ${percent(serverCpuMs, to - from)} of one core${measured.sent > 0 ? `, ${(serverCpuMs / measured.sent).toFixed(2)} ms per player command` : ""}`,
    ],
    [
      "CPU per stored event",
      serverCpuMs === null || events === 0 ? "–" : `${(serverCpuMs / events).toFixed(3)} ms (goal ≤ 0.2 ms)`,
    ],
    ["RSS per table", rss === null ? "unknown" : `${(rss / TABLES / 2 ** 20).toFixed(2)} MB`],
    ...serverDelays.map((d, i): [string, string] => [
      PROCESSES === 1 ? "server event-loop delay" : `server ${i + 1} event-loop delay`,
      delay(d),
    ]),
    [
      "load generator",
      `CPU ${percent(ownCpuMs, to - from)} of one core, event-loop delay ${delay(ownDelay)}`,
    ],
    ["machine load average", `${loadavg()[0]?.toFixed(1)} (1 min, ${availableParallelism()} cores)`],
    [
      "in all",
      `${counts.sent} sent, ${counts.acked} acked, ${counts.rejected} rejected (stale), ${counts.errors} errors`,
    ],
    ["goal met", met ? "yes" : "no"],
  ];
  for (const [label, value] of rows) console.log(`${label.padEnd(30)}${value}`);
} finally {
  replacing = false;
  await Promise.all(players.map((p) => p.close()));
  await Promise.all(servers.map((s) => s.stop()));
  await shared?.dispose();
  rmSync(dir, { recursive: true, force: true });
  clearTimeout(cap);
}
