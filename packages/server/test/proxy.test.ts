// Three Misto processes behind a real nginx (docs/operations.md "Several processes"): three built
// server processes (`npm test` builds first) on a fresh PostgreSQL database and Redis under a prefix
// of their own, and nginx in front with the doc's config block (only its ports and paths adapted:
// helpers/nginx.ts), over https. One online table's eight human seats and its host connect through
// nginx only; its round robin spreads their sockets over the three processes (each process's
// `misto_sockets` says where each landed). Mid-night the process running the table (the lease's
// holder) is killed with SIGKILL: its phones reconnect through nginx, another process takes the
// lease, the game goes on to its end, and every command a phone was acknowledged is in the stored
// log once, with nothing stored twice and nothing stored that no one sent.
//
// The processes are the bench's server (`bench/server.js`: `startServer` as `misto serve` calls it,
// with the online tables' timers as flags): `misto serve`'s own timers (3 s pauses, speeches of at
// least 5 s) make a game last minutes.

import { existsSync, readFileSync } from "node:fs";
import { request } from "node:https";
import { hostname } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type GameEvent, replay } from "@misto/engine/testing";
import type { ServerMessage } from "@misto/protocol";
import pg from "pg";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { ServerProcess } from "../src/bench/spawn.js";
import { openStore } from "../src/store/index.js";
import { addHost, CARDS, harness, PASSWORD, SEATS, setUpClub } from "./helpers/api.js";
import type { Backend } from "./helpers/backends.js";
import { Nginx } from "./helpers/nginx.js";
import { PlayingPhone } from "./helpers/playing-phone.js";
import { dropPrefix, freshPostgres, REDIS_URL, testPrefix } from "./helpers/redis.js";
import { until } from "./helpers/wait.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const DOCS = join(ROOT, "docs/operations.md");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const METRICS_TOKEN = "proxy-test-metrics-token";
/** Seats 1–8 are phones; the runner's bots play 9–12. */
const HUMAN_SEATS = 8;

describe("three processes behind nginx", () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const done of cleanup.reverse()) await done();
  });

  it("a process killed mid-night: its phones reconnect, the runner moves, the game ends, nothing lost or doubled", async () => {
    const began = Date.now();
    const built = join(ROOT, "packages/server/dist/bench/spawn.js");
    if (!existsSync(built)) throw new Error("build first: npx tsc -b");
    const { startServerProcess } = (await import(built)) as typeof import("../src/bench/spawn.js");
    const db = await freshPostgres();
    const prefix = testPrefix();
    cleanup.push(
      () => db.dispose(),
      () => dropPrefix(prefix),
    );
    // The club and its host, set up on the same database.
    const backend: Backend = {
      name: "postgres",
      open: async () => ({ store: await openStore(db.url), dispose: async () => {} }),
    };
    const setup = await harness(backend);
    await addHost(setup, await setUpClub(setup));
    await setup.app.close();
    await setup.store.close();

    const flags = [
      ...["--redis", REDIS_URL, "--redis-prefix", prefix, "--lease-ms", "900"],
      ...["--trust-proxy", "127.0.0.1", "--metrics-token", METRICS_TOKEN],
      ...["--start-ms", "0", "--night-ms", "3000", "--vote-ms", "3000", "--pause-ms", "5"],
      ...["--step-ms-per-second", "1", "--bot-ms", "100"],
    ];
    const processes: ServerProcess[] = [];
    cleanup.push(async () => {
      await Promise.all(processes.map((p) => p.stop(2000)));
    });
    const starts = await Promise.allSettled([1, 2, 3].map(() => startServerProcess(db.url, flags)));
    for (const started of starts) if (started.status === "fulfilled") processes.push(started.value);
    for (const started of starts) if (started.status === "rejected") throw started.reason;
    const proxy = await Nginx.start(
      readFileSync(DOCS, "utf8"),
      processes.map((p) => Number(new URL(p.url).port)),
    );
    cleanup.push(() => proxy.stop());
    const call = (method: string, path: string, body?: unknown, cookie?: string) =>
      https(proxy, method, path, body, cookie);

    // The host signs in through nginx over https: the proxy says so (X-Forwarded-Proto, believed
    // from 127.0.0.1 with --trust-proxy), so the session cookie is Secure.
    const signIn = await call("POST", "/api/session", { login: "boris", password: PASSWORD });
    expect(signIn.status).toBe(200);
    const session = signIn.cookies.find((c) => c.startsWith("misto_session="));
    expect(session).toMatch(/; Secure/i);
    const host = (session as string).split(";")[0] as string;

    const made = await call(
      "POST",
      "/api/tables",
      {
        title: "Online",
        seats: SEATS,
        deal: { cards: CARDS },
        online: true,
        onlineSettings: { humanSeats: HUMAN_SEATS, startMs: 4000, missedDeadlines: 20 },
      },
      host,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { id: table, code } = made.body as { id: string; code: string };
    const desk = await call(
      "POST",
      "/api/tables",
      { title: "Console", seats: SEATS, deal: { cards: CARDS } },
      host,
    );
    expect(desk.status).toBe(201);
    const consoleTable = (desk.body as { id: string }).id;

    const tokens: string[] = [];
    for (let seat = 1; seat <= HUMAN_SEATS; seat++) {
      const joined = await call("POST", "/api/join", { code, seat });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      tokens.push((joined.body as { token: string }).token);
    }

    // One socket at a time through nginx; each process's socket count says where it landed.
    const sockets = () => Promise.all(processes.map((p) => socketsOf(p)));
    const where = new Map<string, number>();
    const landed = async (who: string, before: number[]) => {
      const deadline = Date.now() + 5000;
      for (;;) {
        const now = await sockets();
        const i = now.findIndex((n, k) => n > (before[k] ?? 0));
        if (i >= 0) return where.set(who, i);
        if (Date.now() > deadline) throw new Error(`${who}'s socket is on no process: ${now}`);
        await sleep(20);
      }
    };
    const phones: PlayingPhone[] = [];
    cleanup.push(() => {
      for (const phone of phones) phone.stop();
    });
    for (let seat = 1; seat <= HUMAN_SEATS; seat++) {
      const before = await sockets();
      const phone = new PlayingPhone(proxy.url, proxy.ca, table, seat, tokens[seat - 1] as string);
      phones.push(phone);
      await phone.start();
      await landed(`seat ${seat}`, before);
    }
    // The host's socket, from the page's own origin: nginx passes the Host it was asked (with its
    // port), so the host's cookie is trusted and his console table's host view is sent; the online
    // table he watches as a spectator (the server is its host).
    const before = await sockets();
    const watcher = await openSocket(proxy, { cookie: host, origin: proxy.url });
    cleanup.push(() => watcher.socket.close());
    watcher.socket.send(JSON.stringify({ type: "subscribe", table: consoleTable, as: "host" }));
    const hostView = await watcher.next((m) => m.type === "view" || m.type === "error");
    expect(hostView).toMatchObject({ type: "view", table: consoleTable });
    watcher.socket.send(JSON.stringify({ type: "subscribe", table, as: "spectator" }));
    await watcher.next((m) => m.type === "view" && m.table === table);
    await landed("host", before);
    for (let i = 0; i < 3; i++) expect([...where.values()].filter((p) => p === i).length).toBeGreaterThan(0);

    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    cleanup.push(() => redis.close());
    const store = await openStore(db.url);
    cleanup.push(() => store.close());
    const owner = async () => (await redis.get(`${prefix}lease:${table}`)) ?? "";
    const holder = async () => {
      const o = await owner();
      return processes.findIndex((p) => o.startsWith(`${hostname()}:${p.pid}:`));
    };

    // Mid-night (the first night: the stored table's phase), the runner's process is killed.
    let killedAt = 0;
    await until(
      "the first night",
      async () => {
        const row = await store.getTable(table);
        killedAt = row?.seq ?? 0;
        return row?.phase === "night";
      },
      30_000,
    );
    const killed = await holder();
    expect(killed).toBeGreaterThanOrEqual(0);
    const victim = processes[killed] as ServerProcess;
    process.kill(victim.pid, "SIGKILL");
    await victim.stop(0);
    const killTime = Date.now();
    const moved = [...where].filter(([, p]) => p === killed).map(([who]) => who);
    expect(moved.some((who) => who.startsWith("seat"))).toBe(true);
    // Killed mid-night: the stored game at the kill was in a night.
    const atKill = (await store.readEvents(table)).filter((e) => e.seq <= killedAt).map((e) => e.event);
    expect(replay(atKill).phase.kind).toBe("night");

    // Its phones reconnect through nginx (to the two left) and are sent their view again.
    const movedPhones = phones.filter((p) => moved.includes(`seat ${p.seat}`));
    await until("its phones reconnect", async () =>
      movedPhones.every((p) => p.opens >= 2 && p.viewsOnThisSocket > 0),
    );
    const survivors = processes.filter((_, i) => i !== killed);
    await until("every phone on the two left", async () => {
      const counts = await Promise.all(survivors.map((p) => socketsOf(p)));
      return counts.reduce((a, b) => a + b, 0) === HUMAN_SEATS + (where.get("host") === killed ? 0 : 1);
    });
    // The host's page connects again too (its old socket, if it was there, is closed by nginx).
    if (where.get("host") === killed) await watcher.closed;
    const again = await openSocket(proxy, { cookie: host, origin: proxy.url });
    cleanup.push(() => again.socket.close());
    again.socket.send(JSON.stringify({ type: "subscribe", table, as: "spectator" }));
    await again.next((m) => m.type === "view" && m.table === table);
    // A command acknowledged before the kill, sent again (as by a phone that missed its ack) to
    // whichever process nginx picks: the stored answer again, not a second application.
    const repeater = [...movedPhones, ...phones].find((p) => p.acked.size > 0) as PlayingPhone;
    const [repeated, seatSeq] = [...repeater.acked][0] as [string, number];
    again.socket.send(JSON.stringify(repeater.sent.get(repeated)));
    // Acked again (docs/api.md: "a repeated id is acked again, applied once": at the seat's seq now).
    const answer = await again.next((m) => (m.type === "ack" || m.type === "rejected") && m.id === repeated);
    expect(answer).toMatchObject({ type: "ack", id: repeated });
    expect((answer as { seq: number }).seq).toBeGreaterThanOrEqual(seatSeq);
    // The lease moves: another process runs the table.
    await until("another process runs the table", async () => {
      const now = await holder();
      return now >= 0 && now !== killed;
    });
    const takeover = Date.now() - killTime;
    await until("the game closes", async () => (await store.getTable(table))?.phase === "closed", 40_000);
    for (const phone of phones) phone.stop();

    const events = await store.readEvents(table);
    const state = replay(events.map((e) => e.event));
    expect(state.phase.kind).toBe("closed");
    expect(state.result?.announced).toBe(true);
    const counts = await expectStoredOnce(db.url, table, events, phones);
    expect(counts.acked).toBeGreaterThan(10);
    // The host's page, asking again, is shown the announced result.
    again.socket.send(JSON.stringify({ type: "subscribe", table, as: "spectator" }));
    await again.next((m) => m.type === "view" && m.table === table && m.view.result?.announced === true);

    console.log(
      `proxy: ${phones.length} phones + the host over 3 processes (${[0, 1, 2].map((i) => [...where.values()].filter((p) => p === i).length).join("/")} sockets); ` +
        `process ${killed + 1} (the runner, ${moved.length} sockets) killed at seq ${killedAt} mid-night; ` +
        `another took the lease ${takeover} ms later; the game closed at seq ${events.length}; ` +
        `${counts.acked} commands acknowledged, each stored once (${counts.unanswered} stored but unanswered when the socket dropped), ` +
        `${counts.runner} runner commands; ` +
        `reconnects ${phones.reduce((n, p) => n + p.opens - 1, 0)}; ${Date.now() - began} ms in all`,
    );
  }, 90_000);
});

/** A process's open WebSockets (its own /metrics, asked directly, not through nginx). */
async function socketsOf(p: ServerProcess): Promise<number> {
  const res = await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const n = /^misto_sockets (\d+)$/m.exec(await res.text())?.[1];
  if (n === undefined) throw new Error(`no misto_sockets in ${p.url}/metrics`);
  return Number(n);
}

/** One request through nginx over https (trusting only its certificate). */
function https(
  proxy: Nginx,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; body: unknown; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (cookie) headers.cookie = cookie;
    const req = request(`${proxy.url}${path}`, { method, headers, ca: proxy.ca }, (res) => {
      let text = "";
      res.on("data", (d) => {
        text += String(d);
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text ? JSON.parse(text) : null,
          cookies: res.headers["set-cookie"] ?? [],
        }),
      );
    });
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A socket through nginx that keeps what it is sent. */
async function openSocket(proxy: Nginx, headers: Record<string, string>) {
  const socket = new WebSocket(`${proxy.url.replace(/^https/, "wss")}/ws`, { ca: proxy.ca, headers });
  const messages: ServerMessage[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(String(data)) as ServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return {
    socket,
    messages,
    closed,
    async next(match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error("no such message within 10 s");
        await sleep(20);
      }
    },
  };
}

/**
 * Every command a phone was acknowledged is stored, its events by that seat; the stored commands'
 * events, in seq order, are the whole log after `created`, each once (nothing lost, nothing applied
 * twice); every phone command stored is one a phone sent (the others are the runner's).
 */
async function expectStoredOnce(
  url: string,
  table: string,
  events: readonly { seq: number; event: GameEvent }[],
  phones: readonly PlayingPhone[],
): Promise<{ acked: number; unanswered: number; runner: number }> {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  const stored = await storedCommands(url, table);
  const byId = new Map(stored.map((c) => [c.id, c]));
  expect(byId.size).toBe(stored.length);
  expect(stored.flatMap((c) => c.answer.events)).toEqual(events.slice(1).map((e) => e.event));
  for (const c of stored) expect(c.seq).toBe(c.answer.seq);
  let acked = 0;
  let unanswered = 0;
  for (const phone of phones) {
    for (const id of phone.acked.keys()) {
      const command = byId.get(`s${phone.seat}:${id}`);
      expect(command, `seat ${phone.seat}'s acknowledged ${id}`).toBeDefined();
      expect(command?.answer.events.length).toBeGreaterThan(0);
      for (const event of command?.answer.events ?? []) expect(event.by).toBe(phone.seat);
      acked++;
    }
    for (const id of phone.sent.keys())
      if (!phone.acked.has(id) && byId.has(`s${phone.seat}:${id}`)) unanswered++;
  }
  const sent = new Set(phones.flatMap((p) => [...p.sent.keys()].map((id) => `s${p.seat}:${id}`)));
  const runner = stored.filter((c) => c.id.startsWith("online-")).length;
  for (const c of stored) expect(c.id.startsWith("online-") || sent.has(c.id), c.id).toBe(true);
  return { acked, unanswered, runner };
}

/** The table's stored commands (the phones' as `s<seat>:<id>`), in seq order, with their answers. */
async function storedCommands(
  url: string,
  table: string,
): Promise<{ id: string; seq: number; answer: { seq: number; events: GameEvent[] } }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ command_id: string; seq: number; answer: string }>(
      "select command_id, seq, answer from commands where table_id = $1 order by seq",
      [table],
    );
    return rows.rows.map((r) => ({ id: r.command_id, seq: Number(r.seq), answer: JSON.parse(r.answer) }));
  } finally {
    await client.end();
  }
}
