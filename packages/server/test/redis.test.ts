// Several server processes on one PostgreSQL database with Redis (docs/operations.md "Several
// processes"), through real connections: two servers in this process, each with its own store
// and Redis connections (and, for the takeover, two real server processes). A host on A and phones
// on both play whole games: every client's view follows the game, every message is the one viewFor
// builds for its viewer (scanned for leaks as in leak.test.ts), the out chat crosses, Redis carries
// no view, card or line; a freed seat and a sign-out reach the other process; with Redis cut the
// commands go on and the clients catch up; an online table's owner killed, the other takes over.

import { hostname } from "node:os";
import {
  type Action,
  awaiting,
  evolve,
  type GameEvent,
  type GameState,
  replay,
  type Seat,
  seededRandom,
  viewFor,
} from "@misto/engine/testing";
import type { ServerMessage } from "@misto/protocol";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMessage } from "../src/realtime/fanout.js";
import {
  addHost,
  CARDS,
  commandId,
  cookieOf,
  newTable,
  PASSWORD,
  SEATS,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { gamesOfViews, hostCommand, leaksIn, OUT_MARK, outChatLeaksIn, pick } from "./helpers/leaks.js";
import { joinSeat, seatsOf, type ViewMsg } from "./helpers/phones.js";
import {
  dropPrefix,
  freshPostgres,
  overhear,
  type Process,
  REDIS_URL,
  RedisRelay,
  serverOn,
  testPrefix,
} from "./helpers/redis.js";
import { type Client, Clients } from "./helpers/ws.js";

const CARD_WORDS = ["don", "mafia", "prostitute", "commissar", "doctor", "maniac", "civilian"];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (bounded) until `done` holds; fails with `what` otherwise. */
async function until(what: () => string, done: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what()}`);
    await sleep(5);
  }
}

type Viewer = Seat | "spectator" | "host";

/** A socket and everything it received. */
interface Watching {
  readonly name: string;
  readonly viewer: Viewer;
  readonly on: "A" | "B";
  client: Client;
  readonly log: ServerMessage[];
  /** Where each (re)subscription's first message is in the log: a snapshot may repeat a view. */
  readonly snapshots: Set<number>;
}

const lastView = (w: Watching) => w.log.filter((m): m is ViewMsg => m.type === "view").at(-1) ?? null;

/** The out chat as the client holds it: a full chat replaces it, new lines are added. */
function chatOf(w: Watching): string[] {
  let lines: string[] = [];
  for (const m of w.log) {
    if (m.type !== "outChat") continue;
    const texts = m.lines.map((l) => l.text);
    lines = m.full ? texts : [...lines, ...texts];
  }
  return lines;
}

describe("several server processes on PostgreSQL with Redis", () => {
  let pg: Awaited<ReturnType<typeof freshPostgres>>;
  let prefix: string;
  let relay: RedisRelay;
  let a: Process;
  let b: Process;
  let adminCookie: string;
  let host: string;
  const clients = new Clients();
  const servers = () => ({ A: a, B: b });

  beforeAll(async () => {
    pg = await freshPostgres();
    prefix = testPrefix();
    relay = await RedisRelay.open();
    // B reaches Redis through a relay a test can cut; A directly. Each polls 5 times a second while
    // it cannot hear the channel.
    a = await serverOn(pg.url, { url: REDIS_URL, prefix, pollMs: 200 });
    b = await serverOn(pg.url, { url: relay.url, prefix, pollMs: 200 });
    adminCookie = await setUpClub(a);
    host = await addHost(a, adminCookie);
  });
  afterAll(async () => {
    clients.closeAll();
    await a?.close();
    await b?.close();
    await relay?.close();
    await dropPrefix(prefix);
    await pg?.dispose();
  });

  const open = (on: "A" | "B", headers: Record<string, string> = {}) =>
    clients.open(servers()[on].url, headers);

  /** Subscribes a new socket on `on` as `viewer` and waits for its first view. */
  async function watch(
    table: string,
    name: string,
    viewer: Viewer,
    on: "A" | "B",
    token?: string,
    into?: Watching,
  ): Promise<Watching> {
    const client = await open(on, viewer === "host" ? { cookie: host } : {});
    const w: Watching = into ?? { name, viewer, on, client, log: [], snapshots: new Set() };
    w.client = client;
    w.snapshots.add(w.log.length);
    client.onMessage((m) => w.log.push(m));
    const as = typeof viewer === "number" ? "seat" : viewer;
    client.send({ type: "subscribe", table, as, ...(token ? { token } : {}) });
    const from = w.log.length;
    await until(
      () => `${name}'s first view`,
      () => w.log.slice(from).some((m) => m.type === "view"),
    );
    return w;
  }

  it("a host on A (and B) and phones on B and A play games to the end: every update arrives, each built for its viewer, none leaks, the out chat crosses", async () => {
    const channel = await overhear(prefix);
    const totals = {
      games: 0,
      views: 0,
      phoneCommands: 0,
      hostOnB: 0,
      lines: 0,
      crossings: { toA: 0, toB: 0 },
    };
    const problems: string[] = [];
    for (const seed of ["redis-1", "redis-2"]) {
      const random = seededRandom(`${seed}/driver`);
      const t = await newTable(a, host, { seed });
      const { code } = await seatsOf(a, host, t.id);
      const watching: Watching[] = [];
      const phones = new Map<Seat, Watching>();
      const tokens = new Map<Seat, string>();
      // Seats 1–8 on B, 9–12 on A; each joins through the other process than it watches from.
      for (let seat = 1; seat <= 12; seat++) {
        const on = seat <= 8 ? "B" : "A";
        const token = await joinSeat(on === "B" ? a : b, code, seat);
        tokens.set(seat, token);
        const w = await watch(t.id, `seat ${seat}`, seat, on, token);
        phones.set(seat, w);
        watching.push(w);
      }
      watching.push(await watch(t.id, "host", "host", "A"));
      watching.push(await watch(t.id, "spectator A", "spectator", "A"));
      watching.push(await watch(t.id, "spectator B", "spectator", "B"));
      const hostWatch = watching.find((w) => w.viewer === "host") as Watching;

      /** Every client's latest view is its viewer's view of `state`: every update arrived. */
      const behind = (state: GameState) =>
        watching.filter(
          (w) => JSON.stringify(lastView(w)?.view) !== JSON.stringify(viewFor(state, w.viewer)),
        );
      const inSync = (state: GameState) =>
        until(
          () =>
            `${behind(state).map((w) => `${w.name} on ${w.on} at ${lastView(w)?.seq}`)} behind ${state.phase.kind}`,
          () => behind(state).length === 0,
        );
      const answerTo = async (w: Watching, id: string) => {
        let answer: ServerMessage | undefined;
        await until(
          () => `${w.name}'s answer to ${id}`,
          () => {
            answer = w.log.find((m) => (m.type === "ack" || m.type === "rejected") && m.id === id);
            return answer !== undefined;
          },
        );
        return answer as Extract<ServerMessage, { type: "ack" | "rejected" }>;
      };
      const sent: number[] = [];
      /** Keeps every phone together under 20 messages a second (the server's limit is per socket). */
      const pace = async () => {
        const tenth = sent.at(-10);
        if (sent.length >= 10 && tenth !== undefined && Date.now() - tenth < 600)
          await sleep(600 - (Date.now() - tenth));
        sent.push(Date.now());
        if (sent.length > 10) sent.shift();
      };
      /** The phone acts from its own latest view: a random pick of its own legal actions. */
      const phoneActs = async (seat: Seat) => {
        const w = phones.get(seat) as Watching;
        const last = lastView(w) as ViewMsg;
        const actions = last.view.actions.filter((x: Action) => x.type !== "speak");
        const action = pick(actions, random);
        if (!action) throw new Error(`${seed}: seat ${seat} is awaited but has nothing to do`);
        const id = commandId();
        await pace();
        w.client.send({
          type: "command",
          table: t.id,
          token: tokens.get(seat),
          id,
          seq: last.seq,
          command: action,
        });
        const answer = await answerTo(w, id);
        if (answer.type !== "ack")
          throw new Error(`${seed}: seat ${seat}'s ${action.type}: ${JSON.stringify(answer)}`);
        totals.phoneCommands++;
      };
      /** Now and then an out seat writes in the out chat: every reader, on either process, gets the line. */
      const chatter = async (state: GameState) => {
        if (state.result?.announced || random() > 0.35) return;
        const out = state.seats.filter((s) => s.out?.announced === true).map((s) => s.seat);
        const writer = pick(out, random);
        if (writer === undefined) return;
        const w = phones.get(writer) as Watching;
        const text = `${OUT_MARK}${seed}-${++totals.lines} seat ${writer} was ${state.seats[writer - 1]?.card}`;
        const id = commandId();
        await pace();
        w.client.send({ type: "say", table: t.id, token: tokens.get(writer), id, text });
        const answer = await answerTo(w, id);
        if (answer.type !== "ack")
          throw new Error(`${seed}: seat ${writer}'s line: ${JSON.stringify(answer)}`);
        const readers = [hostWatch, ...out.map((seat) => phones.get(seat) as Watching)];
        await until(
          () =>
            `the line "${text}" at ${readers.filter((r) => !chatOf(r).includes(text)).map((r) => r.name)}`,
          () => readers.every((r) => chatOf(r).includes(text)),
        );
        for (const r of readers) if (r.on !== w.on) totals.crossings[r.on === "A" ? "toA" : "toB"]++;
      };

      let { state, seq } = await tableState(a, host, t.id);
      let moved = false;
      for (let commands = 0; state.phase.kind !== "closed"; commands++) {
        if (commands > 1500) throw new Error(`${seed}: no end after 1500 commands`);
        await inSync(state);
        // Sticky-free: mid-game seat 1's phone drops from B and comes back on A with its whole view.
        if (!moved && state.phase.kind === "night" && state.nights.length > 0) {
          const w = phones.get(1) as Watching;
          w.client.close();
          await w.client.closed;
          await watch(t.id, w.name, 1, "A", tokens.get(1), w);
          (w as { on: "A" | "B" }).on = "A";
          moved = true;
        }
        const actor = awaiting(state)[0];
        if (typeof actor === "number") await phoneActs(actor);
        else {
          // Sticky-free HTTP too: now and then the host's next command goes to B right after A's
          // answer, with the seq A gave, before B can have heard of it: B must not answer from its
          // own copy of the table (a 409 with an older seq), but read what A stored.
          const res = await send(a, host, t.id, {
            id: commandId(),
            seq,
            command: hostCommand(state, random),
          });
          if (res.statusCode !== 200) throw new Error(`${seed}: host ${res.statusCode} ${res.body}`);
          const answer = res.json() as { seq: number; events: GameEvent[] };
          const next = answer.events.reduce((s, e) => evolve(s, e), state);
          if (commands % 2 === 0 && next.phase.kind !== "closed" && typeof awaiting(next)[0] !== "number") {
            const again = await send(b, host, t.id, {
              id: commandId(),
              seq: answer.seq,
              command: hostCommand(next, random),
            });
            if (again.statusCode !== 200)
              throw new Error(`${seed}: host on B ${again.statusCode} ${again.body}`);
            totals.hostOnB++;
          }
        }
        ({ state, seq } = await tableState(commands % 2 === 0 ? a : b, host, t.id));
        await inSync(state);
        await chatter(state);
      }
      expect(state.result?.announced).toBe(true);
      await inSync(state);
      expect(moved).toBe(true);
      totals.games++;

      // Each view a client received is exactly its viewer's view of the game it was built from (a
      // phone's and a spectator's seq counts its own view's changes), holds nothing its viewer may
      // not know, and a phone is pushed only when its view changed.
      const gameOf = gamesOfViews((await a.store.readEvents(t.id)).map((e) => e.event));
      for (const w of watching) {
        if (w.viewer !== "host")
          for (const leak of outChatLeaksIn(w.viewer, w.log)) problems.push(`${seed} ${w.name} ${leak}`);
        let previous: string | null = null;
        for (const [index, m] of w.log.entries()) {
          if (m.type === "error") problems.push(`${seed} ${w.name} got an error ${m.error}`);
          if (m.type !== "view") continue;
          totals.views++;
          const s = gameOf(w.viewer, m.seq);
          if (s === undefined) {
            problems.push(`${seed} ${w.name}: seq ${m.seq} is not a count of its own view's changes`);
            continue;
          }
          const json = JSON.stringify(m.view);
          if (json !== JSON.stringify(viewFor(s, w.viewer)))
            problems.push(`${seed} ${w.name} @${m.seq}: not its viewer's view of the game at that seq`);
          if (w.viewer !== "host")
            for (const leak of leaksIn(s, w.viewer, m.view))
              problems.push(`${seed} ${w.name} @${m.seq}: ${leak}`);
          if (typeof w.viewer === "number" && json === previous && !w.snapshots.has(index))
            problems.push(`${seed} ${w.name} @${m.seq}: a push without a change`);
          previous = json;
        }
      }
      for (const w of watching) w.client.close();
    }
    await channel.close();

    expect(problems.slice(0, 20)).toEqual([]);
    expect(totals.games).toBe(2);
    expect(totals.phoneCommands).toBeGreaterThan(20);
    expect(totals.hostOnB).toBeGreaterThan(20);
    expect(totals.lines).toBeGreaterThan(1);
    expect(totals.crossings.toA).toBeGreaterThan(0);
    expect(totals.crossings.toB).toBeGreaterThan(0);

    // What went through Redis: signals only (a table, a seq, a line's number), from both processes,
    // never a view, a card or a line's text.
    const from = new Set<string>();
    for (const text of channel.heard) {
      const data = JSON.parse(text) as Record<string, unknown>;
      from.add(String(data.from));
      expect(parseMessage(text), text).not.toBeNull();
      expect(
        Object.keys(data).every((k) => ["kind", "table", "seq", "n", "from"].includes(k)),
        text,
      ).toBe(true);
      expect(text).not.toContain(OUT_MARK);
      for (const word of CARD_WORDS) expect(text.includes(`"${word}"`), text).toBe(false);
    }
    expect(channel.heard.filter((m) => m.includes('"advanced"')).length).toBeGreaterThan(
      totals.phoneCommands,
    );
    expect(channel.heard.some((m) => m.includes('"chat"'))).toBe(true);
    expect(from.size).toBe(2);
    console.log(
      `two processes: ${totals.games} games, ${totals.views} views checked, ${totals.phoneCommands} phone commands, ${totals.hostOnB} host commands on B, ${totals.lines} out-chat lines (${totals.crossings.toA} deliveries B→A, ${totals.crossings.toB} A→B), ${channel.heard.length} Redis signals`,
    );
  }, 240_000);

  it("a seat freed on A disconnects its phone on B; signing out on A closes the host's socket on B", async () => {
    const t = await newTable(a, host);
    const { code } = await seatsOf(a, host, t.id);
    const token = await joinSeat(b, code, 5);
    const phone = await watch(t.id, "seat 5", 5, "B", token);
    const freed = await a.app.inject({
      method: "DELETE",
      url: `/api/tables/${t.id}/seats/5`,
      headers: { cookie: host },
    });
    expect(freed.statusCode).toBe(204);
    expect((await phone.client.closed).code).toBe(1008);
    expect(phone.log.at(-1)).toMatchObject({ type: "error", error: "seat_freed" });

    const signIn = await b.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { login: "boris", password: PASSWORD },
    });
    const second = cookieOf(signIn);
    const c = await open("B", { cookie: second });
    const log: ServerMessage[] = [];
    c.onMessage((m) => log.push(m));
    c.send({ type: "subscribe", table: t.id, as: "host" });
    await until(
      () => "the host's view on B",
      () => log.some((m) => m.type === "view"),
    );
    const out = await a.app.inject({ method: "DELETE", url: "/api/session", headers: { cookie: second } });
    expect(out.statusCode).toBe(204);
    expect((await c.closed).code).toBe(1008);
    expect(log.at(-1)).toMatchObject({ type: "error", error: "signed_out" });
  });

  it("with Redis cut from B, commands are still accepted and every client catches up from the store", async () => {
    const t = await newTable(a, host);
    const { code } = await seatsOf(a, host, t.id);
    const phone = await watch(t.id, "seat 3", 3, "B", await joinSeat(a, code, 3));
    const hostOnA = await watch(t.id, "host", "host", "A");
    const hostOnB = await watch(t.id, "host on B", "host", "B");
    relay.cut();
    try {
      // A command on A: B cannot hear of it, and reads the store for what its clients watch.
      let { state, seq } = await tableState(a, host, t.id);
      const first = await send(a, host, t.id, { id: commandId(), seq, command: { type: "advance" } });
      expect(first.statusCode).toBe(200);
      ({ state, seq } = await tableState(a, host, t.id));
      await until(
        () => `B's host view at ${lastView(hostOnB)?.seq}, not ${seq}`,
        () => lastView(hostOnB)?.seq === seq,
      );
      expect(lastView(phone)?.view).toEqual(viewFor(state, 3));
      // A command on B: accepted though B cannot tell A.
      const second = await send(b, host, t.id, { id: commandId(), seq, command: { type: "advance" } });
      expect(second.statusCode).toBe(200);
      const moved = (second.json() as { seq: number }).seq;
      await until(
        () => `B's host view at ${lastView(hostOnB)?.seq}, not ${moved}`,
        () => lastView(hostOnB)?.seq === moved,
      );
    } finally {
      relay.mend();
    }
    // Redis back: B tells the others to read again, and A's console gets the change it missed.
    await until(
      () => `A's console at ${lastView(hostOnA)?.seq}`,
      () => lastView(hostOnA)?.seq === lastView(hostOnB)?.seq,
      10_000,
    );
    const { state, seq } = await tableState(a, host, t.id);
    expect(lastView(hostOnA)?.seq).toBe(seq);
    expect(lastView(hostOnA)?.view).toEqual(viewFor(state, "host"));
    // And the signals flow again: a command on A reaches B's sockets.
    const third = await send(a, host, t.id, { id: commandId(), seq, command: { type: "advance" } });
    expect(third.statusCode).toBe(200);
    const after = (third.json() as { seq: number }).seq;
    await until(
      () => `B's host view after Redis came back`,
      () => lastView(hostOnB)?.seq === after,
    );
  }, 30_000);
});

describe("a process whose Redis is gone", () => {
  it("closes within seconds (its connections given up after a second)", async () => {
    const pg = await freshPostgres();
    const prefix = testPrefix();
    const relay = await RedisRelay.open();
    try {
      const c = await serverOn(pg.url, { url: relay.url, prefix, pollMs: 100 });
      relay.cut();
      await sleep(200);
      const started = Date.now();
      await c.close();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await relay.close();
      await dropPrefix(prefix);
      await pg.dispose();
    }
  });
});

describe("an online table run by A, played from phones on B", () => {
  it("A's runner follows the phones' commands stored by B at once, never waiting for their deadlines", async () => {
    const pg = await freshPostgres();
    const prefix = testPrefix();
    // Deadlines of a minute: a runner that missed B's commands would sit out the night. The deal
    // waits 4 s for the phones to join.
    const online = {
      startMs: 4000,
      nightMs: 60_000,
      voteMs: 60_000,
      pauseMs: 2,
      botDelayMs: [1, 4] as const,
      stepMs: () => 15,
    };
    const a = await serverOn(pg.url, { url: REDIS_URL, prefix }, online);
    const b = await serverOn(pg.url, { url: REDIS_URL, prefix }, online);
    const opened = new Clients();
    try {
      const cookie = await addHost(a, await setUpClub(a));
      const res = await a.app.inject({
        method: "POST",
        url: "/api/tables",
        headers: { cookie },
        payload: {
          title: "Online",
          settings: { firstPhase: "night" },
          seats: SEATS,
          deal: { cards: CARDS },
          online: true,
        },
      });
      expect(res.statusCode).toBe(201);
      const t = res.json() as { id: string; code: string };
      // Seat 1 (the Don) and seat 5 (the commissar) play from phones on B; bots take the others (on A).
      const phones = new Map<Seat, { client: Client; token: string; log: ViewMsg[] }>();
      for (const seat of [1, 5] as Seat[]) {
        const token = await joinSeat(b, t.code, seat);
        const client = await opened.open(b.url);
        const log: ViewMsg[] = [];
        client.onMessage((m) => {
          if (m.type === "view") log.push(m);
        });
        client.send({ type: "subscribe", table: t.id, as: "seat", token });
        phones.set(seat, { client, token, log });
      }
      // Both joined before the deal ended (bots take the seats still empty then).
      expect(replay((await a.store.readEvents(t.id)).map((e) => e.event)).phase.kind).toBe("deal");
      const nightOneOver = async () => {
        const events = (await a.store.readEvents(t.id)).map((e) => e.event);
        const s = replay(events);
        return s.phase.kind !== "deal" && (s.phase.kind !== "night" || s.phase.n > 1);
      };
      // Each phone answers every night-1 question its own view asks, at once: a target (the
      // commissar leaves no note), or, when the prostitute (a bot, at random) froze its seat, the
      // skip that is then its only answer (NIGHT-2).
      const acted = new Set<number>();
      const sent = new Map<Seat, (Seat | null)[]>();
      const deadline = Date.now() + 20_000;
      let started = 0;
      while (!(await nightOneOver())) {
        if (Date.now() > deadline) {
          const s = replay((await a.store.readEvents(t.id)).map((e) => e.event));
          throw new Error(
            `night 1 did not end within 20 s: awaiting ${JSON.stringify(awaiting(s))} in ${JSON.stringify(s.phase)}; phones' last: ${[...phones].map(([seat, p]) => `${seat}@${p.log.at(-1)?.seq}:${JSON.stringify(p.log.at(-1)?.view.actions)}`)}`,
          );
        }
        for (const [seat, phone] of phones) {
          const last = phone.log.at(-1);
          if (
            last?.view.phase.kind !== "night" ||
            last.view.phase.n !== 1 ||
            acted.has(last.seq * 100 + seat)
          )
            continue;
          started ||= Date.now();
          const actions = last.view.actions;
          const choice =
            actions.find(
              (x) => (x.type === "choose" && x.target !== null) || (x.type === "note" && !x.leave),
            ) ?? actions.find((x) => x.type === "choose");
          if (!choice) continue;
          acted.add(last.seq * 100 + seat);
          if (choice.type === "choose") sent.set(seat, [...(sent.get(seat) ?? []), choice.target]);
          const { actor: _actor, ...command } = choice;
          phone.client.send({
            type: "command",
            table: t.id,
            token: phone.token,
            id: commandId(),
            seq: last.seq,
            command,
          });
        }
        await sleep(20);
      }
      // A stored each phone's choices as B took them, and the night ended long before any deadline.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(sent.size, "a phone was asked to choose").toBeGreaterThan(0);
      const chose = (await a.store.readEvents(t.id))
        .map((e) => e.event)
        .filter((e): e is Extract<GameEvent, { type: "chose" }> => e.type === "chose");
      for (const seat of [1, 5] as Seat[])
        expect(
          chose.filter((e) => e.seat === seat).map((e) => e.target),
          `seat ${seat}'s choices`,
        ).toEqual(sent.get(seat) ?? []);
    } finally {
      opened.closeAll();
      await a.close();
      await b.close();
      await dropPrefix(prefix);
      await pg.dispose();
    }
  }, 60_000);
});

describe("online tables' leases in Redis", () => {
  it("one process holds a table's lease; when it stops renewing, another takes the table over", async () => {
    const { openRedis } = await import("../src/realtime/redis.js");
    const prefix = testPrefix();
    const one = await openRedis({ url: REDIS_URL, prefix, leaseMs: 300 });
    const two = await openRedis({ url: REDIS_URL, prefix, leaseMs: 300 });
    try {
      expect(await one.leases.acquire("t1")).toBe(true);
      expect(await two.leases.acquire("t1")).toBe(false);
      expect(one.leases.holds("t1")).toBe(true);
      expect(two.leases.holds("t1")).toBe(false);
      // Renewed, it outlives its first 300 ms; nobody may take it.
      for (let i = 0; i < 4; i++) {
        await sleep(150);
        expect(await one.leases.renew()).toEqual([]);
        expect(await two.leases.orphans()).toEqual([]);
      }
      // The owner stops renewing (as a dead process): the lease runs out and the other takes it.
      await sleep(400);
      expect(await two.leases.orphans()).toEqual(["t1"]);
      expect(await two.leases.acquire("t1")).toBe(true);
      expect(await one.leases.renew()).toEqual(["t1"]);
      expect(one.leases.holds("t1")).toBe(false);
      // Redis lost its keys (a restart without persistence): the holder takes its lease back.
      const client = createClient({ url: REDIS_URL });
      await client.connect();
      await client.del([`${prefix}lease:t1`, `${prefix}online`]);
      expect(await two.leases.renew()).toEqual([]);
      expect(await client.get(`${prefix}lease:t1`)).not.toBeNull();
      expect(await client.sIsMember(`${prefix}online`, "t1")).toBe(1);
      await client.close();
      // Over: the lease and the table's place among the running ones go.
      await two.leases.finish("t1");
      expect(await one.leases.orphans()).toEqual([]);
      expect(await one.leases.acquire("t1")).toBe(true);
      await one.leases.release("t1");
      expect(await two.leases.acquire("t1")).toBe(true);
    } finally {
      await one.close();
      await two.close();
      await dropPrefix(prefix);
    }
  });

  it("keeps each run's keys under its own prefix", async () => {
    const { openRedis } = await import("../src/realtime/redis.js");
    const [p1, p2] = [testPrefix(), testPrefix()];
    const one = await openRedis({ url: REDIS_URL, prefix: p1, leaseMs: 5000 });
    const two = await openRedis({ url: REDIS_URL, prefix: p2, leaseMs: 5000 });
    const heard: string[] = [];
    two.fanout.onSignal((s) => heard.push(JSON.stringify(s)));
    try {
      expect(await one.leases.acquire("same-table")).toBe(true);
      expect(await two.leases.acquire("same-table")).toBe(true);
      one.fanout.publish({ kind: "advanced", table: "same-table", seq: 2 });
      await sleep(200);
      expect(heard).toEqual([]);
      const client = createClient({ url: REDIS_URL });
      await client.connect();
      expect(await client.get(`${p1}lease:same-table`)).toMatch(new RegExp(`^${hostname()}:${process.pid}:`));
      await client.close();
    } finally {
      await one.close();
      await two.close();
      await dropPrefix(p1);
      await dropPrefix(p2);
    }
  });
});
