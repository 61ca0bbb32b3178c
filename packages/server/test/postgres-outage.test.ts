// A database blip does not kill the server (docs/operations.md "When the database goes away"). On
// PostgreSQL, every connection is dropped under load, several times, by a TCP relay between Misto
// and the shared server; and a throwaway cluster of the test's own is stopped and started again.
// Throughout, the process lives, a command is refused with a 503 while the database is away (a
// phone's with a rejected "unavailable"), the ready check says so while the health check says
// live, every acknowledged command is stored once (and nothing else), the consoles' games finish
// and the online tables' runners go on.

import { type GameEvent, replay } from "@misto/engine/testing";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { buildServer } from "../src/app.js";
import { openStore } from "../src/store/index.js";
import type { OnlineOptions } from "../src/tables/online.js";
import {
  CARDS,
  commandId,
  type Harness,
  listening,
  newTable,
  nextAction,
  play,
  SEATS,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { PG_SERVER } from "./helpers/backends.js";
import { Cluster } from "./helpers/cluster.js";
import { finishGame } from "./helpers/finish.js";
import { joinSeat, nextOf, seatsOf } from "./helpers/phones.js";
import { freshPostgres } from "./helpers/redis.js";
import { TcpRelay } from "./helpers/relay.js";
import { Clients } from "./helpers/ws.js";

const UNAVAILABLE = { error: "unavailable", message: "the database is not answering, try again" };
/** Online tables' timers: a game of bots lasts some seconds, long enough to meet the outages. */
const ONLINE: OnlineOptions = {
  startMs: 0,
  nightMs: 2_000,
  voteMs: 500,
  pauseMs: 150,
  botDelayMs: [100, 300],
  stepMs: () => 200,
};
/** Times every connection is dropped in the relay test, and commands acknowledged between drops. */
const CUTS = 6;
const ACKS_BETWEEN_CUTS = 25;
/** Consoles playing at once, and online tables run by the server meanwhile. */
const CONSOLES = 3;
const ONLINE_TABLES = 2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (bounded, so a stuck test ends) until `done`. */
async function until(what: string, done: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(25);
  }
}

/** Every error that would have killed the process (an unhandled `error` event, a rejection nobody caught). */
function crashes(): { seen: unknown[]; off(): void } {
  const seen: unknown[] = [];
  const record = (error: unknown) => seen.push(error);
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
  return {
    seen,
    off() {
      process.off("uncaughtException", record);
      process.off("unhandledRejection", record);
    },
  };
}

type Answer = { seq: number; events: GameEvent[] };

/**
 * A console that waits out the database: a request answered 503 (with the one reason) is sent
 * again as it was, the same command id included, until it is answered otherwise. The commands
 * acknowledged (200) are kept with their answers.
 */
class Patient {
  readonly acked = new Map<string, { table: string; answer: Answer }>();
  /** Requests answered 503 while the database was away. */
  refused = 0;
  readonly harness: Harness;

  constructor(private readonly h: Harness) {
    const app = { inject: (options: InjectOptions) => this.inject(options) } as unknown as FastifyInstance;
    this.harness = { ...h, app };
  }

  private async inject(options: InjectOptions) {
    for (let attempt = 0; attempt < 2400; attempt++) {
      const res = await this.h.app.inject(options);
      if (res.statusCode !== 503) {
        const table = /^\/api\/tables\/([^/]+)\/commands$/.exec(options.url as string)?.[1];
        const id = (options.payload as { id?: string } | undefined)?.id;
        if (res.statusCode === 200 && table && id) this.acked.set(id, { table, answer: res.json() });
        return res;
      }
      expect(res.json()).toEqual(UNAVAILABLE);
      this.refused++;
      await sleep(25);
    }
    throw new Error(`${options.url}: the database never came back`);
  }
}

/** Misto in this process on `url` (through the relay, or on the throwaway cluster). */
async function misto(url: string): Promise<Harness> {
  const store = await openStore(url);
  const app = await buildServer({ store, webRoot: "/nonexistent-misto-web", online: ONLINE });
  await app.ready();
  return {
    app,
    store,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

async function newOnlineTable(h: Harness, cookie: string): Promise<string> {
  const res = await h.app.inject({
    method: "POST",
    url: "/api/tables",
    headers: { cookie },
    payload: { title: "Online", seats: SEATS, deal: { cards: CARDS }, online: true },
  });
  if (res.statusCode !== 201) throw new Error(`new table: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

async function storedPhase(h: Harness, table: string): Promise<string | undefined> {
  return (await h.store.getTable(table))?.phase;
}

/** The ready check and the health check while the database is away: live, not ready. */
async function expectAway(h: Harness): Promise<void> {
  expect((await h.app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ ok: true });
  const ready = await h.app.inject({ method: "GET", url: "/api/ready" });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual(UNAVAILABLE);
}

/**
 * Every acknowledged command of the consoles' tables is stored once and nothing else is: the
 * stored commands are exactly the acknowledged ones, and the stored stream is `created` then each
 * acknowledged answer's events, in seq order, each once. The online tables closed and replay.
 */
async function expectStoredOnce(
  db: string,
  consoles: readonly string[],
  online: readonly string[],
  acked: Patient["acked"],
): Promise<void> {
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    for (const table of consoles) {
      const mine = [...acked.entries()].filter(([, a]) => a.table === table);
      const stored = await client.query<{ command_id: string }>(
        "select command_id from commands where table_id = $1",
        [table],
      );
      expect(stored.rows.map((r) => r.command_id).sort(), table).toEqual(mine.map(([id]) => id).sort());
      const events = await client.query<{ seq: number; event: string }>(
        "select seq, event from events where table_id = $1 order by seq",
        [table],
      );
      const answers = mine.map(([, a]) => a.answer).sort((a, b) => a.seq - b.seq);
      expect(events.rows.map((r) => r.seq)).toEqual(events.rows.map((_, i) => i + 1));
      const streamed = events.rows.slice(1).map((r) => JSON.parse(r.event) as GameEvent);
      expect(streamed).toEqual(answers.flatMap((a) => a.events));
      expect(replay(events.rows.map((r) => JSON.parse(r.event) as GameEvent)).phase.kind).toBe("closed");
    }
    for (const table of online) {
      const row = await client.query<{ seq: number; phase: string }>(
        "select seq, phase from tables where id = $1",
        [table],
      );
      const events = await client.query<{ event: string }>(
        "select event from events where table_id = $1 order by seq",
        [table],
      );
      expect(row.rows[0]).toEqual({ seq: events.rows.length, phase: "closed" });
      expect(replay(events.rows.map((r) => JSON.parse(r.event) as GameEvent)).phase.kind).toBe("closed");
    }
  } finally {
    await client.end();
  }
}

describe("PostgreSQL away and back", () => {
  const cleanups: (() => Promise<void>)[] = [];
  let watch: ReturnType<typeof crashes>;
  afterEach(() => watch?.off());
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("lives through every connection dropped, several times under load, and loses no command", async () => {
    watch = crashes();
    const db = await freshPostgres();
    cleanups.push(db.dispose);
    const server = new URL(PG_SERVER);
    const relay = await new TcpRelay(server.hostname, Number(server.port || 5432)).listen();
    cleanups.push(() => relay.close());
    const through = new URL(db.url);
    through.hostname = "127.0.0.1";
    through.port = String(relay.port);
    const h = await misto(through.toString());
    cleanups.push(() => h.close());

    const cookie = await setUpClub(h);
    const online: string[] = [];
    for (let i = 0; i < ONLINE_TABLES; i++) online.push(await newOnlineTable(h, cookie));

    // Consoles play game after game to the end, waiting out each outage, until the cuts are over.
    const patient = new Patient(h);
    const played: string[] = [];
    let cutting = true;
    let failure: unknown = null;
    const consoleGames = async (worker: number) => {
      // The listed deal, and picks known to close it (the driver's picks loop on some deals).
      while (cutting) {
        const table = (await newTable(patient.harness, cookie)).id;
        played.push(table);
        await finishGame(patient.harness, cookie, table, { nominate: [] }, worker + 1);
      }
    };
    const consoles = Array.from({ length: CONSOLES }, (_, w) =>
      consoleGames(w).catch((error: unknown) => {
        failure ??= error;
      }),
    );
    let dropped = 0;
    let spanned = 0;
    for (let cut = 1; cut <= CUTS; cut++) {
      await until(`${cut * ACKS_BETWEEN_CUTS} commands acknowledged`, () => {
        return patient.acked.size >= cut * ACKS_BETWEEN_CUTS || failure !== null;
      });
      expect(failure, `before cut ${cut}`).toBeNull();
      for (const table of online) if ((await storedPhase(h, table)) !== "closed") spanned++;
      if (cut === 1) expect(spanned, "online tables running at the first cut").toBe(ONLINE_TABLES);
      const refused = patient.refused;
      const before = relay.dropped;
      relay.cut();
      dropped += relay.dropped - before;
      await expectAway(h);
      // A console's command met the outage and was refused with the reason (then sent again).
      await until("a command refused while away", () => patient.refused > refused || failure !== null);
      relay.mend();
      expect(watch.seen, `after cut ${cut}`).toEqual([]);
      expect(failure, `at cut ${cut}`).toBeNull();
    }
    cutting = false;
    await Promise.all(consoles);
    expect(failure).toBeNull();
    for (const table of online)
      await until(`${table} closed`, async () => (await storedPhase(h, table)) === "closed");
    expect((await h.app.inject({ method: "GET", url: "/api/ready" })).json()).toEqual({ ok: true });

    expect(watch.seen).toEqual([]);
    await expectStoredOnce(db.url, played, online, patient.acked);
    console.log(
      `relay: ${CUTS} cuts survived (${dropped} connections dropped), ${played.length} console games and ` +
        `${online.length} online games finished (online tables running at a cut: ${spanned}); ` +
        `${patient.acked.size} commands acknowledged, each stored once, nothing else stored; ` +
        `${patient.refused} requests answered 503 while away`,
    );
  }, 240_000);

  it("lives through PostgreSQL stopped and started again, and the games go on", async () => {
    watch = crashes();
    const cluster = await Cluster.make();
    cleanups.push(() => cluster.remove());
    await cluster.start();
    const h = await misto(cluster.url);
    cleanups.push(() => h.close());
    const cookie = await setUpClub(h);
    const table = (await newTable(h, cookie, { seed: "restart" })).id;
    const online = await newOnlineTable(h, cookie);
    // A phone at the console's table, its socket open through the outage.
    const token = await joinSeat(h, (await seatsOf(h, cookie, table)).code, 1);
    const clients = new Clients();
    cleanups.push(async () => clients.closeAll());
    const phone = await clients.open(await listening(h.app));
    const patient = new Patient(h);
    await play(patient.harness, cookie, table, 10);
    expect(await storedPhase(h, online)).not.toBe("closed");
    const { state, seq } = await tableState(h, cookie, table);
    const pending = { id: commandId(), seq, command: nextAction(state) };

    await cluster.stop();
    await expectAway(h);
    const away = await send(h, cookie, table, pending);
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual(UNAVAILABLE);
    phone.send({
      type: "command",
      table,
      token,
      id: "while-away",
      seq: 1,
      command: { type: "note", leave: false },
    });
    expect(await nextOf(phone, ["rejected"])).toMatchObject({ id: "while-away", ...UNAVAILABLE });
    // The online table's runner meets the outage too.
    await sleep(1000);

    await cluster.start();
    await until(
      "ready again",
      async () => (await h.app.inject({ method: "GET", url: "/api/ready" })).statusCode === 200,
    );
    // The command refused while away, sent again: stored now, once.
    const again = await send(patient.harness, cookie, table, pending);
    expect(again.statusCode, again.body).toBe(200);
    await finishGame(patient.harness, cookie, table, { nominate: [] }, 3);
    await until(`${online} closed`, async () => (await storedPhase(h, online)) === "closed", 120_000);

    expect(watch.seen).toEqual([]);
    await expectStoredOnce(cluster.url, [table], [online], patient.acked);
  }, 240_000);
});
