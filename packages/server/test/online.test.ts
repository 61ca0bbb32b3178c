// Online tables (docs/api.md "Online tables"): the server is the host, bots take the seats
// without a phone, a silent phone's night choice times out as a skip, and no person (the creator
// included) reads the table's secrets before the result.

import { type GameEvent, replay } from "@misto/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHost, commandId, type Harness, harness, listening, send, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { newOnlineTable, stored, waitFor } from "./helpers/online.js";
import { joinSeat, nextOf, seatsOf, type ViewMsg } from "./helpers/phones.js";
import { type Client, Clients } from "./helpers/ws.js";

const FAST = {
  startMs: 0,
  nightMs: 300,
  voteMs: 40,
  pauseMs: 2,
  botDelayMs: [1, 4] as const,
  stepMs: () => 15,
};

function waitClosed(h: Harness, table: string, ms: number) {
  return waitFor(h, table, ms, (s) => s.phase.kind === "closed");
}

describe.each(BACKENDS.filter((b) => b.name === "sqlite"))("online tables on $name", (backend) => {
  let h: Harness;
  let host: string;
  const clients = new Clients();

  beforeAll(async () => {
    h = await harness(backend, undefined, FAST);
    const admin = await setUpClub(h);
    host = await addHost(h, admin);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  it("12 bots play an online table to the end by themselves", async () => {
    const started = Date.now();
    const t = await newOnlineTable(h, host);
    const state = await waitClosed(h, t.id, 20_000);
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
    const list = await h.app.inject({ method: "GET", url: "/api/tables", headers: { cookie: host } });
    expect(list.json().tables.find((x: { id: string }) => x.id === t.id)).toMatchObject({ online: true });
    expect(row?.phase).toBe("closed");
    // RATE-2: its result is in the archive, online, with no points.
    const game = (await h.app.inject({ method: "GET", url: "/api/games", headers: { cookie: host } })).json()
      .games as { id: string; online: boolean; winner: string }[];
    expect(game.find((g) => g.id === t.id)).toMatchObject({ online: true, winner: state.result?.winner });
    expect((await h.store.getGame(t.id))?.seats.map((s) => s.points)).toEqual(Array(12).fill(0));
  }, 30_000);

  it("refuses the host's commands on an online table: the server is the host", async () => {
    const t = await newOnlineTable(h, host);
    const { seq } = await stored(h, t.id);
    const res = await send(h, host, t.id, { id: commandId(), seq, command: { type: "undo" } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "online" });
    expect(String((res.json() as { message: string }).message)).toMatch(/server is the host/);
    await waitClosed(h, t.id, 20_000);
  }, 30_000);

  it("keeps an online table's secrets from every person, its creator too, until the result", async () => {
    const t = await newOnlineTable(h, host);
    for (const url of [`/api/tables/${t.id}`, `/api/tables/${t.id}/record`]) {
      const res = await h.app.inject({ method: "GET", url, headers: { cookie: host } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ error: "online" });
    }
    // The public view stays open to anyone.
    const display = await h.app.inject({ method: "GET", url: `/api/tables/${t.id}/display` });
    expect(display.statusCode).toBe(200);
    const state = await waitClosed(h, t.id, 20_000);
    expect(state.result?.announced).toBe(true);
    for (const url of [`/api/tables/${t.id}`, `/api/tables/${t.id}/record`]) {
      const res = await h.app.inject({ method: "GET", url, headers: { cookie: host } });
      expect(res.statusCode, url).toBe(200);
    }
  }, 30_000);

  it("phones act over /ws, then fall silent: their night turns time out as skips", async () => {
    const runner = await harness(backend, undefined, { ...FAST, startMs: 2500, nightMs: 1500 });
    try {
      const admin = await setUpClub(runner);
      const cookie = await addHost(runner, admin);
      const base = await listening(runner.app);
      // Night first: nobody can be voted out before night 1.
      const t = await newOnlineTable(runner, cookie, { firstPhase: "night" });
      // Seat 1 the Don, seat 4 the prostitute and seat 5 the commissar (CARDS' order) join before
      // the table starts. The prostitute's phone stays silent: her freeze times out as a skip, so
      // no bot's freeze can stop the commissar's check.
      const tokens = new Map<number, string>();
      for (const seat of [1, 4, 5]) tokens.set(seat, await joinSeat(runner, t.code, seat));
      // Both joined in time: bots take only the seats still empty when the deal ends.
      expect((await stored(runner, t.id)).state.phase.kind).toBe("deal");
      const phones = new Map<number, { c: Client; seq: number }>();
      for (const [seat, token] of tokens) {
        const c = await clients.open(base);
        c.send({ type: "subscribe", table: t.id, as: "seat", token });
        const first = (await nextOf(c, ["view"])) as ViewMsg;
        phones.set(seat, { c, seq: first.seq });
      }
      // Its creator may watch as a spectator, never as the host: the server is the host.
      const creator = await clients.open(base, { cookie });
      creator.send({ type: "subscribe", table: t.id, as: "host" });
      expect(await creator.next()).toMatchObject({ type: "error", error: "online" });
      creator.send({ type: "subscribe", table: t.id, as: "spectator" });
      expect(await nextOf(creator, ["view"])).toMatchObject({ view: { viewer: "spectator" } });
      const seats = await seatsOf(runner, cookie, t.id);
      expect(seats.seats.filter((s) => s.phone).map((s) => s.seat)).toEqual([1, 4, 5]);

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
      await waitFor(runner, t.id, 20_000, (s) => s.phase.kind !== "night" || s.phase.n > 1);
      const events = (await runner.store.readEvents(t.id)).map((e) => e.event);
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
