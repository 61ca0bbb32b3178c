// Online tables' seats (docs/api.md "Online tables" and "Security"): a seat is held by one person
// or one bot for the whole game. Played as the attacker, on SQLite and PostgreSQL and on two
// processes sharing PostgreSQL through Redis: after the deal the join code admits no one (he is
// told where to follow the table as a spectator); nobody frees a seat, during the deal or after,
// so nobody takes a player's seat; the player takes his own seat back with his seat token. Every
// refusal is a 409 and leaves the seats' tokens and the phone's connection as they were.

import type { ServerMessage } from "@misto/protocol";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../src/store/index.js";
import { addHost, type Harness, harness, listening, setUpClub } from "./helpers/api.js";
import { BACKENDS, type Backend, sqlite } from "./helpers/backends.js";
import { newOnlineTable, stored, waitFor } from "./helpers/online.js";
import { join, joinSeat, nextOf } from "./helpers/phones.js";
import { dropPrefix, freshPostgres, type Process, REDIS_URL, serverOn, testPrefix } from "./helpers/redis.js";
import { type Client, Clients } from "./helpers/ws.js";

// The deal waits 4 s for the phones; then the night waits two minutes for seat 1's silent phone
// (the Don): the table stays in play, past its deal, for the whole test.
const HELD = {
  startMs: 4000,
  nightMs: 120_000,
  voteMs: 120_000,
  pauseMs: 2,
  botDelayMs: [1, 4] as const,
  stepMs: () => 15,
};
const NIGHT_FIRST = { firstPhase: "night" };

type Server = Pick<Harness, "app" | "store">;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The seats with a token, as stored (hashes included): what a refusal must leave unchanged. */
const tokensOf = (h: Server, table: string) => h.store.listSeatTokens(table);

function free(h: Server, cookie: string, table: string, seat: number) {
  return h.app.inject({ method: "DELETE", url: `/api/tables/${table}/seats/${seat}`, headers: { cookie } });
}

function seatOf(h: Server, token: string) {
  return h.app.inject({ method: "GET", url: "/api/seat", headers: { authorization: `Bearer ${token}` } });
}

/** A phone's socket subscribed with its token, once its first view came. */
async function phoneOn(clients: Clients, base: string, table: string, token: string): Promise<Client> {
  const c = await clients.open(base);
  c.send({ type: "subscribe", table, as: "seat", token });
  await nextOf(c, ["view", "error"]).then((m) => expect(m).toMatchObject({ type: "view" }));
  return c;
}

/** The phone is still connected and subscribed: a ping is answered, and no error came first. */
async function stillOn(c: Client): Promise<void> {
  c.send({ type: "ping" });
  const answer: ServerMessage = await nextOf(c, ["pong", "error"]);
  expect(answer).toEqual({ type: "pong" });
}

/** Every host-side attempt to free a seat (the player's and a bot's) is refused. */
async function expectNoFreeing(h: Server, cookies: readonly string[], table: string): Promise<void> {
  for (const cookie of cookies)
    for (const seat of [1, 7]) {
      const res = await free(h, cookie, table, seat);
      expect(res.statusCode, `free seat ${seat}`).toBe(409);
      expect(res.json()).toMatchObject({ error: "online" });
    }
}

/** Every late join (a bot's seat, the player's own, another bot's) is refused with where to follow. */
async function expectNoLateJoin(h: Server, code: string, table: string): Promise<void> {
  for (const seat of [7, 1, 12]) {
    const res = await join(h, code, seat);
    expect(res.statusCode, `join seat ${seat}`).toBe(409);
    const body = res.json() as { error: string; message: string; follow: string };
    expect(body).toMatchObject({ error: "started", follow: `/display/${table}` });
    expect(body.message).toMatch(/spectator at \/display\//);
  }
}

describe.each(BACKENDS)("an online table's seats on $name", (backend) => {
  let h: Harness;
  let base: string;
  let admin: string;
  let host: string;
  const clients = new Clients();

  beforeAll(async () => {
    h = await harness(backend, undefined, HELD);
    base = await listening(h.app);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
  });
  afterAll(async () => {
    clients.closeAll();
    await h?.close();
  });

  it("after the deal the join code admits nobody, and says where to follow; the player's token still holds his seat", async () => {
    const t = await newOnlineTable(h, host, NIGHT_FIRST);
    const token = await joinSeat(h, t.code, 1);
    expect((await stored(h, t.id)).state.phase.kind, "joined during the deal").toBe("deal");
    await waitFor(h, t.id, 30_000, (s) => s.phase.kind !== "deal");
    const before = await tokensOf(h, t.id);

    await expectNoLateJoin(h, t.code, t.id);
    expect(await tokensOf(h, t.id)).toEqual(before);
    // Where he is sent is open to him: the spectator's view.
    const display = await h.app.inject({ method: "GET", url: `/api/tables/${t.id}/display` });
    expect(display.statusCode).toBe(200);
    expect(display.json()).toMatchObject({ view: { viewer: "spectator" } });
    // The player who lost his connection takes his seat back with his token: its view, a new socket.
    const seat = await seatOf(h, token);
    expect(seat.statusCode).toBe(200);
    expect(seat.json()).toMatchObject({ table: t.id, seat: 1, view: { viewer: 1 } });
    // The table's deadlines, as it runs with them: the phone says them before they pass.
    expect(seat.json().online).toMatchObject({ nightMs: HELD.nightMs, voteMs: HELD.voteMs });
    await stillOn(await phoneOn(clients, base, t.id, token));
  }, 60_000);

  it("nobody frees a seat, during the deal or after, nor takes the player's: he stays connected", async () => {
    const t = await newOnlineTable(h, host, NIGHT_FIRST);
    const token = await joinSeat(h, t.code, 1);
    const phone = await phoneOn(clients, base, t.id, token);
    expect((await stored(h, t.id)).state.phase.kind, "joined during the deal").toBe("deal");
    const before = await tokensOf(h, t.id);

    // The table's creator and the administration, during the deal: no seat is freed ...
    await expectNoFreeing(h, [host, admin], t.id);
    // ... so the player's seat cannot be joined again, and he is not cut off.
    const taken = await join(h, t.code, 1);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: "seat_taken" });
    expect((taken.json() as { message: string }).message).toMatch(/his own seat token/);
    expect(await tokensOf(h, t.id)).toEqual(before);
    await stillOn(phone);

    await waitFor(h, t.id, 30_000, (s) => s.phase.kind !== "deal");
    await expectNoFreeing(h, [host, admin], t.id);
    expect(await tokensOf(h, t.id)).toEqual(before);
    await stillOn(phone);
    expect((await seatOf(h, token)).statusCode).toBe(200);
  }, 60_000);
});

describe("an online table's seats on two processes sharing PostgreSQL through Redis", () => {
  it("a join or a freeing through either process is refused, and the phone on the other stays on", async () => {
    const pg = await freshPostgres();
    const prefix = testPrefix();
    const clients = new Clients();
    let a: Process | null = null;
    let b: Process | null = null;
    try {
      a = await serverOn(pg.url, { url: REDIS_URL, prefix }, HELD);
      b = await serverOn(pg.url, { url: REDIS_URL, prefix }, HELD);
      const admin = await setUpClub(a);
      const host = await addHost(a, admin);
      // Made on A, so A runs it; the phone joins through B and watches from A.
      const t = await newOnlineTable(a, host, NIGHT_FIRST);
      const token = await joinSeat(b, t.code, 1);
      const phone = await phoneOn(clients, a.url, t.id, token);
      expect((await stored(a, t.id)).state.phase.kind, "joined during the deal").toBe("deal");
      const before = await tokensOf(a, t.id);

      // A freeing on B would reach A through Redis and cut the phone off there.
      await expectNoFreeing(b, [host, admin], t.id);
      await stillOn(phone);

      await waitFor(b, t.id, 30_000, (s) => s.phase.kind !== "deal");
      for (const p of [a, b]) {
        await expectNoLateJoin(p, t.code, t.id);
        await expectNoFreeing(p, [host, admin], t.id);
      }
      expect(await tokensOf(b, t.id)).toEqual(before);
      await stillOn(phone);
      // His seat back through the other process, with his token only.
      await stillOn(await phoneOn(clients, b.url, t.id, token));
    } finally {
      clients.closeAll();
      await a?.close();
      await b?.close();
      await dropPrefix(prefix);
      await pg.dispose();
    }
  }, 90_000);
});

/**
 * SQLite whose first read of a table's phones (the runner's, when it seats its bots) waits at a
 * gate once it has read them: `reached` then, `open()` lets it answer. A join can then land after
 * the runner learned which seats have a phone and before it seats the bots.
 */
function gatedBotSeating(): { backend: Backend; reached: Promise<void>; open(): void } {
  let reach = () => {};
  let open = () => {};
  const reached = new Promise<void>((r) => (reach = r));
  const gate = new Promise<void>((r) => (open = r));
  const gated = (store: Store): Store =>
    new Proxy(store, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        if (key !== "listSeatTokens") return value.bind(target);
        return async (table: string) => {
          const rows = await target.listSeatTokens(table);
          reach();
          await gate;
          return rows;
        };
      },
    });
  return {
    backend: {
      name: "sqlite, the bots' seating gated",
      async open() {
        const opened = await sqlite.open();
        return { ...opened, store: gated(opened.store) };
      },
    },
    reached,
    open,
  };
}

describe("a join racing the bots' seating", () => {
  it("is refused: the runner seats its bots once the deal's end is stored, and a bot holds the seat alone", async () => {
    const gate = gatedBotSeating();
    // Bots act at once; a seat no bot plays would wait two minutes at night.
    const h = await harness(gate.backend, undefined, { ...HELD, startMs: 0, botDelayMs: [0, 0] });
    try {
      const host = await addHost(h, await setUpClub(h));
      const t = await newOnlineTable(h, host, NIGHT_FIRST);
      await gate.reached;
      // The runner has read which seats have a phone (none): a join now would give the commissar's
      // seat a phone while a bot plays it.
      const res = await join(h, t.code, 5);
      gate.open();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: "started" });
      expect(await tokensOf(h, t.id)).toEqual([]);
      // The seat is the bot's: its night choice (or, frozen, its skip) comes long before any deadline.
      const deadline = Date.now() + 30_000;
      const choseFor5 = async () =>
        (await h.store.readEvents(t.id)).some((e) => e.event.type === "chose" && e.event.seat === 5);
      while (!(await choseFor5())) {
        if (Date.now() > deadline) throw new Error("no choice for seat 5 within 30 s: no bot plays it");
        await sleep(20);
      }
    } finally {
      gate.open();
      await h.close();
    }
  }, 60_000);
});

describe.each(BACKENDS.filter((b) => b.name === "postgres"))(
  "a join racing the deal's end on $name",
  (backend) => {
    it("a join while another process's append ends the deal waits for it, then is refused", async () => {
      // A deal of ten minutes: this process never ends it; the other "process" is a connection here.
      const h = await harness(backend, undefined, { ...HELD, startMs: 600_000 });
      const other = new pg.Client({ connectionString: h.url });
      try {
        const host = await addHost(h, await setUpClub(h));
        const t = await newOnlineTable(h, host, NIGHT_FIRST);
        await other.connect();
        // The other process's append, not yet committed: it has updated the table's row.
        await other.query("BEGIN");
        await other.query("UPDATE tables SET phase = 'night', seq = seq + 1 WHERE id = $1", [t.id]);
        let answered = false;
        const joining = join(h, t.code, 7).finally(() => (answered = true));
        // The join waits on the row's lock (it must not read the phase from before the append).
        const waiting = async () =>
          Number(
            (
              await other.query(
                "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
              )
            ).rows[0]?.n ?? 0,
          );
        const deadline = Date.now() + 20_000;
        while (!answered && (await waiting()) === 0 && Date.now() < deadline) await sleep(10);
        await other.query("COMMIT");
        const res = await joining;
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ error: "started" });
        expect(await tokensOf(h, t.id)).toEqual([]);
      } finally {
        await other.end().catch(() => undefined);
        await h.close();
      }
    }, 60_000);
  },
);
