// `npm run bench:archive -- --games N [--postgres] [--requests R] [--pool P] [--keep]`: the club
// pages at the size of a club's history. Seeds the archive with N simulated games (P real bot games, each
// shifted in time and seated anew: every one a distinct game of the club) through the import's own
// storing code (importGames: the store's importGame, then the fold), times a real import of 100
// records at that size (POST /api/games/import: checked by the engine, then stored), then asks each
// club route R times while a live table plays host commands beside it, and prints each route's
// p50/p99 and the live table's command latency, alone and while the pages are read. `--keep`
// leaves the seeded database behind (its path or URL printed), to look at the queries' plans.

import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { playGame } from "@misto/bots";
import { DECK, type Game, type GameEvent, legalActions, replay } from "@misto/engine";
import { toRecord } from "@misto/record";
import { buildServer } from "../app.js";
import { prepareSetup } from "../auth/setup.js";
import { type Checked, importGames } from "../games/archive.js";
import { gameResult } from "../rating/result.js";
import { type HostRow, openStore, type Store } from "../store/index.js";
import { percentile } from "./latency.js";
import { benchDatabase } from "./postgres.js";

const { values } = parseArgs({
  strict: true,
  options: {
    games: { type: "string", default: "1000" },
    postgres: { type: "boolean", default: false },
    requests: { type: "string", default: "200" },
    pool: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
  },
});

function whole(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1, not ${text}`);
  return n;
}

const GAMES = whole("games", values.games);
const REQUESTS = whole("requests", values.requests);
const POOL = Math.min(whole("pool", values.pool), GAMES);
const PEOPLE = 300;
/** The last games go through POST /api/games/import itself, timed. */
const IMPORTED = Math.min(100, Math.floor(GAMES / 2));
const MEMBERS = 100;
const T0 = Date.parse("2016-01-01T18:00:00Z");
/** Four tables a night, a night a week or so: a game ends every 40 minutes of the club's time. */
const EVERY_MS = 40 * 60 * 1000;
const PASSWORD = "correct horse battery";

const name = (i: number) => `Player ${String(i).padStart(3, "0")}`;

/** Game `i`: pool game i mod P, moved to its time, its seats given 12 of the club's people. */
function simulated(pool: readonly GameEvent[][], i: number, host: string): Checked {
  const base = pool[i % pool.length] as GameEvent[];
  const shift = T0 + i * EVERY_MS - (base[base.length - 1] as GameEvent).at;
  const events = base.map((e) => ({ ...e, at: e.at + shift })) as GameEvent[];
  const created = events[0] as Extract<GameEvent, { type: "created" }>;
  const first = (i * 7) % PEOPLE;
  const seats = created.seats.map((s, k) => ({ ...s, name: name((first + k * 13) % PEOPLE) }));
  const seated = [{ ...created, seats }, ...events.slice(1)] as GameEvent[];
  const result = gameResult(seated);
  if (!result) throw new Error(`pool game ${i % pool.length} is not finished`);
  return { at: "", record: toRecord(seated, { title: `Night ${i}`, host }), result, corrections: [] };
}

/** The server's address: every request goes over a socket, as a browser's would, so the live
 * table's commands and the pages' reads take their turns on the event loop as in production. */
let BASE = "";

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly cookie: string | null;
  json<T = Record<string, unknown>>(): T;
}

async function http(
  method: "GET" | "POST",
  url: string,
  cookie: string | null,
  payload?: object,
): Promise<Answer> {
  // A kept-alive socket the server closed while idle (the seeding takes minutes) fails once: again.
  const res = await fetch(`${BASE}${url}`, init(method, cookie, payload)).catch(() =>
    fetch(`${BASE}${url}`, init(method, cookie, payload)),
  );
  const text = await res.text();
  const set = /misto_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "");
  return {
    status: res.status,
    text,
    cookie: set ? `misto_session=${set[1]}` : null,
    json: <T>() => JSON.parse(text) as T,
  };
}

function init(method: "GET" | "POST", cookie: string | null, payload?: object): RequestInit {
  return {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(payload ? { "content-type": "application/json" } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  };
}

async function call(
  method: "GET" | "POST",
  url: string,
  cookie: string | null,
  payload?: object,
): Promise<Answer> {
  const res = await http(method, url, cookie, payload);
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

const cookieOf = (res: Answer): string => {
  if (!res.cookie) throw new Error("no session cookie");
  return res.cookie;
};

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2).padStart(8) : "       -");

/** A live table, its host sending one forward command after another; each command's answer time. */
class LiveTable {
  readonly samples: number[] = [];
  private running = true;
  private done: Promise<void> = Promise.resolve();

  constructor(private readonly cookie: string) {}

  start(): void {
    this.running = true;
    this.done = this.loop();
  }

  async stop(): Promise<number[]> {
    this.running = false;
    await this.done;
    return this.samples.splice(0);
  }

  private async loop(): Promise<void> {
    let n = this.samples.length * 1000 + Math.floor(Math.random() * 1e6);
    while (this.running) {
      const table = (
        await call("POST", "/api/tables", this.cookie, {
          title: "Live",
          seats: Array.from({ length: 12 }, (_, i) => ({ name: `Live ${i + 1}` })),
          deal: { cards: DECK },
        })
      ).json() as { id: string };
      let body = (await call("GET", `/api/tables/${table.id}`, this.cookie)).json() as {
        seq: number;
        events: GameEvent[];
      };
      let state: Game = replay(body.events);
      let seq = body.seq;
      while (this.running) {
        const action = legalActions(state, "host").find((a) =>
          [
            "advance",
            "choose",
            "vote",
            "nominate",
            "closeNominations",
            "ratingVote",
            "closeRating",
            "announceResult",
            "deal",
          ].includes(a.type),
        );
        if (!action) break;
        const started = performance.now();
        const res = await http("POST", `/api/tables/${table.id}/commands`, this.cookie, {
          id: `live-${process.pid}-${++n}`,
          seq,
          command: action,
        });
        this.samples.push(performance.now() - started);
        if (res.status !== 200) break;
        seq = (res.json() as { seq: number }).seq;
        body = (await call("GET", `/api/tables/${table.id}`, this.cookie)).json() as typeof body;
        state = replay(body.events);
        // A host does not send commands back to back: a few a second.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }
}

async function main(): Promise<void> {
  const pg = values.postgres ? await benchDatabase() : null;
  const dir = pg ? null : mkdtempSync(join(tmpdir(), "misto-bench-archive-"));
  const store: Store = await openStore(pg ? pg.url : join(dir as string, "misto.db"));
  const app = await buildServer({ store, webRoot: "/nonexistent-misto-web" });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  BASE = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  try {
    const token = await prepareSetup(store);
    const setup = await call("POST", "/api/setup", null, {
      token,
      club: { name: "Bench Club" },
      admin: { name: "Anna", login: "admin", password: PASSWORD },
    });
    const admin = cookieOf(setup);
    await call("POST", "/api/hosts", admin, { name: "Boris", login: "boris", password: PASSWORD });
    const host = cookieOf(await call("POST", "/api/session", null, { login: "boris", password: PASSWORD }));
    const adminRow = (await store.findHostByLogin("admin")) as HostRow;
    const borisRow = (await store.findHostByLogin("boris")) as HostRow;
    for (let i = 0; i < MEMBERS; i++) {
      await store.createPerson({
        id: `m-${i}`,
        name: name(i),
        kind: "member",
        council: i % 10 === 0,
        mergedInto: null,
        createdAt: T0,
      });
    }

    const played = performance.now();
    const pool = Array.from(
      { length: POOL },
      (_, i) => playGame({ seed: `archive-${i}`, bots: "heuristic", record: true }).events as GameEvent[],
    );
    console.log(
      `machine         load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")} on ${cpus().length} cores`,
    );
    console.log(
      `archive bench   ${store.kind}, ${GAMES} games (${POOL} bot games played in ${((performance.now() - played) / 1000).toFixed(1)} s)`,
    );

    const seeding = performance.now();
    const seedCpu = process.cpuUsage();
    const BATCH = 500;
    const seeded = GAMES - IMPORTED;
    // Every 2,000 games, those games' wall time each: flat when storing does not grow with the archive.
    let stretch = { at: performance.now(), games: 0 };
    for (let i = 0; i < seeded; i += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, seeded - i) }, (_, k) =>
        simulated(pool, i + k, "Boris"),
      );
      await importGames(store, adminRow, batch);
      if ((i / BATCH) % 4 === 3) {
        const now = { at: performance.now(), games: i + batch.length };
        console.log(
          `  seeded ${now.games} games (the last ${now.games - stretch.games}: ${((now.at - stretch.at) / (now.games - stretch.games)).toFixed(2)} ms a game)`,
        );
        stretch = now;
      }
    }
    const seedMs = performance.now() - seeding;
    const seedCpuMs = cpuMs(process.cpuUsage(seedCpu));
    console.log(
      `seeding         ${seeded} games in ${(seedMs / 1000).toFixed(1)} s (${(seedMs / Math.max(1, seeded)).toFixed(2)} ms a game, ${(seedCpuMs / Math.max(1, seeded)).toFixed(2)} ms of CPU; stored and folded)`,
    );

    // The import route itself at this size: the last games as one misto-archive.
    const last = Array.from(
      { length: GAMES - seeded },
      (_, k) => simulated(pool, seeded + k, "Boris").record,
    );
    const importing = performance.now();
    const importCpu = process.cpuUsage();
    await call("POST", "/api/games/import", admin, {
      format: "misto-archive",
      version: 1,
      records: last,
    });
    const importMs = performance.now() - importing;
    const importCpuMs = cpuMs(process.cpuUsage(importCpu));
    console.log(
      `import          ${last.length} records in ${importMs.toFixed(0)} ms (${(importMs / last.length).toFixed(2)} ms a record, ${(importCpuMs / last.length).toFixed(2)} ms of CPU; checked by the engine and stored) at ${GAMES} games`,
    );

    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const end = T0 + GAMES * EVERY_MS;
    // Three seasons over the archive's time (fewer when it spans only a few days).
    let lastUntil = "";
    for (let s = 0; s < 3; s++) {
      const from = day(T0 + ((end - T0) * s) / 3);
      const until = day(T0 + ((end - T0) * (s + 1)) / 3 - 86_400_000);
      if (from <= lastUntil || until < from) continue;
      await call("POST", "/api/seasons", admin, { name: `Season ${s + 1}`, from, until });
      lastUntil = until;
    }
    const seasons = (await call("GET", "/api/seasons", admin)).json().seasons as { id: string }[];
    const firstPage = (await call("GET", "/api/games", admin)).json() as {
      games: { id: string }[];
      next: string;
    };
    const gameIds = firstPage.games.map((g) => g.id);
    const mid = day(T0 + (end - T0) / 2);
    let r = 0;
    const pick = <T>(items: readonly T[]) => items[r++ % items.length] as T;
    const routes: [string, () => string][] = [
      ["GET /api/games", () => "/api/games"],
      [
        "GET /api/games?after= (page 2)",
        () => (firstPage.next ? `/api/games?after=${firstPage.next}` : "/api/games?limit=10"),
      ],
      ["GET /api/games?player=", () => `/api/games?player=m-${r++ % MEMBERS}`],
      ["GET /api/games?winner=&from=", () => `/api/games?winner=red&from=${mid}`],
      // The host of every seeded game: the filter's index must give his newest games, not sort his all.
      ["GET /api/games?host=", () => `/api/games?host=${borisRow.id}`],
      ["GET /api/games/:id", () => `/api/games/${pick(gameIds)}`],
      ["GET /api/people/:id/stats", () => `/api/people/m-${r++ % MEMBERS}/stats`],
      ["GET /api/club/stats", () => "/api/club/stats"],
      ["GET /api/rating", () => "/api/rating"],
      ["GET /api/rating?season=", () => `/api/rating?season=${pick(seasons).id}`],
      ["GET /api/seasons", () => "/api/seasons"],
    ];

    const live = new LiveTable(host);
    live.start();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const alone = (await live.stop()).sort((a, b) => a - b);
    live.start();
    console.log(`route (${REQUESTS} requests each)               p50 ms   p99 ms   max ms`);
    for (const [label, url] of routes) {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        await call("GET", url(), admin);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(40)} ${ms(percentile(times, 50))} ${ms(percentile(times, 99))} ${ms(times[times.length - 1] ?? Number.NaN)}`,
      );
    }
    const during = (await live.stop()).sort((a, b) => a - b);
    console.log(
      `live table, alone                         ${ms(percentile(alone, 50))} ${ms(percentile(alone, 99))} ${ms(alone[alone.length - 1] ?? Number.NaN)}   (${alone.length} host commands)`,
    );
    console.log(
      `live table, while the pages are read      ${ms(percentile(during, 50))} ${ms(percentile(during, 99))} ${ms(during[during.length - 1] ?? Number.NaN)}   (${during.length} host commands)`,
    );
    const memory = process.memoryUsage();
    console.log(
      `memory          rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
    );
  } finally {
    await app.close();
    await store.close();
    if (values.keep) console.log(`kept            ${pg ? pg.url : join(dir as string, "misto.db")}`);
    else if (pg) await pg.drop();
    else if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
