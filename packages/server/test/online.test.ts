// Online tables (docs/api.md "Online tables"): the server is the host, bots take the seats
// without a phone, and a silent phone's night choice times out as a skip.

import { type GameEvent, replay } from "@misto/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addHost,
  CARDS,
  commandId,
  type Harness,
  harness,
  SEATS,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { joinSeat, nextOf, seatsOf, type ViewMsg } from "./helpers/phones.js";
import { Client } from "./helpers/ws.js";

const FAST = {
  startMs: 0,
  nightMs: 300,
  voteMs: 40,
  pauseMs: 2,
  botDelayMs: [1, 4] as const,
  stepMs: () => 15,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newOnlineTable(h: Harness, cookie: string) {
  const res = await h.app.inject({
    method: "POST",
    url: "/api/tables",
    headers: { cookie },
    payload: { title: "Online", seats: SEATS, deal: { cards: CARDS }, online: true },
  });
  if (res.statusCode !== 201) throw new Error(`new table: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; code: string };
}

type TableState = Awaited<ReturnType<typeof tableState>>["state"];

async function waitFor(
  h: Harness,
  cookie: string,
  table: string,
  ms: number,
  done: (s: TableState) => boolean,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const { state } = await tableState(h, cookie, table);
    if (done(state)) return state;
    if (Date.now() > deadline) throw new Error(`not there in ${ms} ms: ${JSON.stringify(state.phase)}`);
    await sleep(50);
  }
}

function waitClosed(h: Harness, cookie: string, table: string, ms: number) {
  return waitFor(h, cookie, table, ms, (s) => s.phase.kind === "closed");
}

describe.each(BACKENDS.filter((b) => b.name === "sqlite"))("online tables on $name", (backend) => {
  let h: Harness;
  let host: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    h = await harness(backend, undefined, FAST);
    const admin = await setUpClub(h);
    host = await addHost(h, admin);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await h.close();
  });

  it("12 bots play an online table to the end by themselves", async () => {
    const started = Date.now();
    const t = await newOnlineTable(h, host);
    const state = await waitClosed(h, host, t.id, 20_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(state.result?.announced).toBe(true);
    // The stored events replay with the engine to the same result; RATE-2: no points online.
    const res = await h.app.inject({ method: "GET", url: `/api/tables/${t.id}`, headers: { cookie: host } });
    const events = (res.json() as { events: GameEvent[] }).events;
    const replayed = replay(events);
    expect(replayed.result?.winner).toBe(state.result?.winner);
    expect(replayed.phase.kind).toBe("closed");
    expect(events.some((e) => e.type === "nominated")).toBe(false);
    const row = await h.store.getTable(t.id);
    expect(row?.online).toBe(true);
    expect(row?.phase).toBe("closed");
    // RATE-2: its result is in the archive, online, with no points.
    const game = (await h.app.inject({ method: "GET", url: "/api/games", headers: { cookie: host } })).json()
      .games as { id: string; online: boolean; winner: string }[];
    expect(game.find((g) => g.id === t.id)).toMatchObject({ online: true, winner: state.result?.winner });
    expect((await h.store.getGame(t.id))?.seats.map((s) => s.points)).toEqual(Array(12).fill(0));
  }, 30_000);

  it("refuses the host's commands on an online table: the server is the host", async () => {
    const t = await newOnlineTable(h, host);
    const { seq } = await tableState(h, host, t.id);
    const res = await send(h, host, t.id, { id: commandId(), seq, command: { type: "undo" } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "online" });
    expect(String((res.json() as { message: string }).message)).toMatch(/server is the host/);
    await waitClosed(h, host, t.id, 20_000);
  }, 30_000);

  it("two phones act over /ws, then fall silent: their night turns time out as skips", async () => {
    const runner = await harness(backend, undefined, { ...FAST, startMs: 2500, nightMs: 1500 });
    try {
      const admin = await setUpClub(runner);
      const cookie = await addHost(runner, admin);
      await runner.app.listen({ port: 0, host: "127.0.0.1" });
      const address = runner.app.server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const t = await newOnlineTable(runner, cookie);
      // Seat 1 the Don and seat 5 the commissar (CARDS' order) join before the table starts.
      const tokens = new Map<number, string>();
      for (const seat of [1, 5]) tokens.set(seat, await joinSeat(runner, t.code, seat));
      // Both joined in time: bots take only the seats still empty when the deal ends.
      expect((await tableState(runner, cookie, t.id)).state.phase.kind).toBe("deal");
      const phones = new Map<number, { c: Client; seq: number }>();
      for (const [seat, token] of tokens) {
        const c = await Client.open(base);
        clients.push(c);
        c.send({ type: "subscribe", table: t.id, as: "seat", token });
        const first = (await nextOf(c, ["view"])) as ViewMsg;
        phones.set(seat, { c, seq: first.seq });
      }
      const seats = await seatsOf(runner, cookie, t.id);
      expect(seats.seats.filter((s) => s.phone).map((s) => s.seat)).toEqual([1, 5]);

      // Night 1: the commissar's phone checks from its own pushed view as soon as the view offers
      // the choice, then falls silent; the Don's phone stays silent from the start.
      const acted = new Set<number>();
      const commissar = phones.get(5);
      if (!commissar) throw new Error("no phone on seat 5");
      const deadline = Date.now() + 10_000;
      while (acted.size < 1 && Date.now() < deadline) {
        const m = await nextOf(commissar.c, ["view"], Math.max(1, deadline - Date.now()));
        commissar.seq = m.seq;
        if (m.view.phase.kind !== "night" || m.view.phase.n !== 1) continue;
        const choice = m.view.actions.find((a) => a.type === "choose" && a.target !== null);
        if (!choice) continue;
        const { actor: _actor, ...command } = choice;
        const id = commandId();
        commissar.c.send({ type: "command", table: t.id, token: tokens.get(5), id, seq: m.seq, command });
        const answer = await nextOf(commissar.c, ["ack", "rejected"], 8000);
        if (answer.type === "ack") acted.add(5);
      }
      expect([...acted]).toEqual([5]);

      // Night 1 is over once day 2 (or the end) has come: its choices are all stored by then.
      await waitFor(runner, cookie, t.id, 20_000, (s) => s.phase.kind !== "night" || s.phase.n > 1);
      const res = await runner.app.inject({ method: "GET", url: `/api/tables/${t.id}`, headers: { cookie } });
      const events = (res.json() as { events: GameEvent[] }).events;
      const chose = events.filter((e): e is Extract<GameEvent, { type: "chose" }> => e.type === "chose");
      // The commissar's own check; the silent Don's turn: a skip, never a pick made for him.
      expect(chose.some((e) => e.seat === 5 && e.target !== null)).toBe(true);
      expect(chose.some((e) => e.seat === 1 && e.target === null)).toBe(true);
      expect(chose.some((e) => e.seat === 1 && e.target !== null)).toBe(false);
    } finally {
      await runner.close();
    }
  }, 40_000);
});
