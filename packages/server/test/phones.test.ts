// Phones (docs/api.md "Phones"): join codes, seat tokens, freeing a seat, and a phone's commands
// over /ws, authorised for its own seat at its own table only.

import { awaiting } from "@misto/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOIN_ALPHABET } from "../src/tables/service.js";
import {
  addHost,
  commandId,
  type Harness,
  harness,
  listening,
  newTable,
  nextAction,
  play,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { join, joinSeat, nextOf, seatsOf, type ViewMsg } from "./helpers/phones.js";
import { Clients } from "./helpers/ws.js";

describe.each(BACKENDS)("phones on $name", (backend) => {
  let h: Harness;
  let host: string;
  let url: string;
  const clients = new Clients();
  const open = (headers: Record<string, string> = {}) => clients.open(url, headers);
  /** A phone's socket subscribed to its seat, with its first view. */
  const phone = async (table: string, token: string) => {
    const c = await open();
    c.send({ type: "subscribe", table, as: "seat", token });
    const first = await nextOf(c, ["view"]);
    return { c, first };
  };

  beforeAll(async () => {
    h = await harness(backend);
    const admin = await setUpClub(h);
    host = await addHost(h, admin);
    url = await listening(h.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  it("gives each table a join code; the host reads it with the seats", async () => {
    const t = await newTable(h, host);
    const created = t as unknown as { code: string };
    expect(created.code).toMatch(new RegExp(`^[${JOIN_ALPHABET}]{6}$`));
    const seats = await seatsOf(h, host, t.id);
    expect(seats.code).toBe(created.code);
    expect(seats.seats).toHaveLength(12);
    expect(seats.seats.every((s) => !s.phone && s.joinedAt === null)).toBe(true);
    const other = await newTable(h, host);
    expect((await seatsOf(h, host, other.id)).code).not.toBe(created.code);
    // Host only.
    const anon = await h.app.inject({ method: "GET", url: `/api/tables/${t.id}/seats` });
    expect(anon.statusCode).toBe(401);
    const missing = await h.app.inject({
      method: "GET",
      url: "/api/tables/nope/seats",
      headers: { cookie: host },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("a phone joins a seat (codes without case); a taken seat is 409, a bad code 404", async () => {
    const t = await newTable(h, host);
    const { code } = await seatsOf(h, host, t.id);
    const res = await join(h, code.toLowerCase(), 3);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { table: string; seat: number; token: string };
    expect(body.table).toBe(t.id);
    expect(body.seat).toBe(3);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const seats = await seatsOf(h, host, t.id);
    expect(seats.seats.filter((s) => s.phone).map((s) => s.seat)).toEqual([3]);
    expect(seats.seats[2]?.joinedAt).toEqual(expect.any(Number));

    const taken = await join(h, code, 3);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: "seat_taken" });
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    expect((await join(h, wrong, 4)).statusCode).toBe(404);
    expect((await join(h, wrong, 4)).json()).toMatchObject({ error: "not_found" });
    for (const payload of [
      { code, seat: 0 },
      { code, seat: 13 },
      { code: "abc", seat: 1 },
      { code, seat: "1" },
      { code },
    ]) {
      const bad = await h.app.inject({ method: "POST", url: "/api/join", payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Only the token's hash is stored.
    const stored = await h.store.listSeatTokens(t.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(body.token);
    expect(await h.store.getSeatToken(body.token)).toBeNull();

    const me = await h.app.inject({
      method: "GET",
      url: "/api/seat",
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ table: t.id, seat: 3, name: "Player 3" });
    expect(me.json().view.viewer).toBe(3);
    // A live table has no deadlines of the server's: the phone shows no online screen.
    expect(me.json().online).toBeNull();
    expect((await h.app.inject({ method: "GET", url: "/api/seat" })).statusCode).toBe(401);
  });

  it("the join page reads the seats by their players' public names: no card, no token; a bad code 404", async () => {
    const t = await newTable(h, host);
    const { code } = await seatsOf(h, host, t.id);
    const res = await h.app.inject({ method: "GET", url: `/api/join/${code.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { seats: { seat: number; name: string }[] };
    expect(body.seats).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ seat: i + 1, name: `Player ${i + 1}` })),
    );
    // Names only: the answer says nothing of cards, phones or the table itself.
    expect(Object.keys(body)).toEqual(["seats"]);
    expect(res.body).not.toMatch(/card|don|mafia|commissar|token|phone|"table"/i);
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const missing = await h.app.inject({ method: "GET", url: `/api/join/${wrong}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: "not_found" });
    // A malformed code names no path (the server's answer for a bad path parameter), with its reason.
    for (const bad of ["abc", "ABCDEFG", "AB%20CDE"]) {
      const answer = await h.app.inject({ method: "GET", url: `/api/join/${bad}` });
      expect(answer.statusCode, `${bad}: ${answer.body}`).toBe(404);
      expect(answer.json().message, bad).toContain("params/code");
    }
  });

  it("a phone's view is its own seat's; a reconnect gets the whole view back", async () => {
    const t = await newTable(h, host);
    const { code } = await seatsOf(h, host, t.id);
    const token = await joinSeat(h, code, 2);
    const { c, first } = await phone(t.id, token);
    expect(first).toMatchObject({ type: "view", table: t.id });
    expect(first.view.viewer).toBe(2);
    expect(first.view.you?.seat).toBe(2);
    expect(first.view.host).toBeNull();
    expect(first.view.seats.filter((s) => s.card !== null).map((s) => s.seat)).toEqual([2]);
    await play(h, host, t.id, 3);
    await c.quiet(100);
    const later = c.messages.filter((m): m is ViewMsg => m.type === "view").at(-1) as ViewMsg;
    c.close();
    await c.closed;
    const again = await phone(t.id, token);
    expect(again.first.seq).toBe(later.seq);
    expect(again.first.view).toEqual(later.view);
  });

  it("a phone acts for its own seat: ack, its new view; another seat's choice is ACTOR; host commands are refused", async () => {
    // Deal order: 1 Don, 2–3 Mafia, 4 Prostitute, 5 Commissar…; the game starts with day 1 by default.
    const t = await newTable(h, host);
    const { code } = await seatsOf(h, host, t.id);
    const tokens = new Map<number, string>();
    for (const seat of [1, 2, 3, 5]) tokens.set(seat, await joinSeat(h, code, seat));
    const mafia = new Map<number, Awaited<ReturnType<typeof phone>>>();
    for (const seat of [1, 2, 3]) mafia.set(seat, await phone(t.id, tokens.get(seat) as string));
    let don = mafia.get(1) as Awaited<ReturnType<typeof phone>>;
    const civ = await phone(t.id, tokens.get(5) as string);

    // Host commands from a seat token: refused, nothing changes.
    const before = (await tableState(h, host, t.id)).seq;
    for (const command of [
      { type: "advance" },
      { type: "undo" },
      { type: "foul", seat: 4, reason: "arguing" },
      { type: "announceResult" },
      { type: "advance", actor: "host" },
    ]) {
      const id = commandId();
      don.c.send({ type: "command", table: t.id, token: tokens.get(1), id, seq: don.first.seq, command });
      const answer = await nextOf(don.c, ["rejected", "ack"]);
      expect(answer, JSON.stringify(command)).toMatchObject({ type: "rejected", id, error: "forbidden" });
    }
    expect((await tableState(h, host, t.id)).seq).toBe(before);

    // Play to the first night's mafia call.
    let { state, seq } = await tableState(h, host, t.id);
    const mafiaCall = () =>
      state.phase.kind === "night" && state.phase.step.kind === "wake" && state.phase.step.role === "mafia";
    for (let i = 0; i < 200 && !mafiaCall(); i++) {
      const res = await send(h, host, t.id, { id: commandId(), seq, command: nextAction(state) });
      expect(res.statusCode).toBe(200);
      ({ state, seq } = await tableState(h, host, t.id));
    }
    expect(state.phase.kind).toBe("night");
    await new Promise((r) => setTimeout(r, 50));
    // The mafioso called to choose (the Don, unless voted out on day 1), and another mafioso.
    const me = awaiting(state)[0] as number;
    const other = [1, 2, 3].find((s) => s !== me) as number;
    expect([1, 2, 3]).toContain(me);
    don = mafia.get(me) as Awaited<ReturnType<typeof phone>>;
    tokens.set(1, tokens.get(me) as string);
    const donView = don.c.messages.filter((m): m is ViewMsg => m.type === "view").at(-1) as ViewMsg;
    expect(donView.view.you?.awaited, JSON.stringify(state.phase)).toBe(true);
    expect(donView.view.version).toBeNull();

    // The Don's token choosing for seat 2 (a mafioso): ACTOR.
    const forOther = commandId();
    don.c.send({
      type: "command",
      table: t.id,
      token: tokens.get(1),
      id: forOther,
      seq: donView.seq,
      command: { type: "choose", seat: other, target: 7 },
    });
    expect(await nextOf(don.c, ["rejected", "ack"])).toMatchObject({
      type: "rejected",
      id: forOther,
      error: "rule",
      rule: "ACTOR",
    });
    // Claiming to be the host or another seat: the actor is replaced by the token's seat.
    const asHost = commandId();
    don.c.send({
      type: "command",
      table: t.id,
      token: tokens.get(1),
      id: asHost,
      seq: donView.seq,
      command: { type: "choose", actor: "host", seat: other, target: 7 },
    });
    expect(await nextOf(don.c, ["rejected", "ack"])).toMatchObject({
      type: "rejected",
      id: asHost,
      rule: "ACTOR",
    });
    // A stale seq.
    const old = commandId();
    don.c.send({
      type: "command",
      table: t.id,
      token: tokens.get(1),
      id: old,
      seq: donView.seq - 1,
      command: { type: "choose", seat: me, target: 7 },
    });
    // Refused with the seat's own view now (the one it was last pushed).
    expect(await nextOf(don.c, ["rejected", "ack"])).toEqual({
      type: "rejected",
      id: old,
      error: "stale",
      message: expect.any(String),
      seq: donView.seq,
      view: donView.view,
    });

    // The Don's own choice: ack, then his new view; the civilian's phone hears nothing.
    const civBefore = civ.c.messages.length;
    const own = commandId();
    const target = (
      donView.view.actions.find((a) => a.type === "choose" && a.target !== null) as { target: number }
    ).target;
    don.c.send({
      type: "command",
      table: t.id,
      token: tokens.get(1),
      id: own,
      seq: donView.seq,
      command: { type: "choose", seat: me, target },
    });
    const ack = await nextOf(don.c, ["rejected", "ack"]);
    expect(ack).toMatchObject({ type: "ack", id: own });
    const after = (await tableState(h, host, t.id)).state;
    const night = after.nights.at(-1);
    expect(night?.choices.some((c) => c.seat === me && c.target === target)).toBe(true);
    // A repeated id is acked again and applied once.
    const seqAfter = (await tableState(h, host, t.id)).seq;
    don.c.send({
      type: "command",
      table: t.id,
      token: tokens.get(1),
      id: own,
      seq: 0,
      command: { type: "choose", seat: me, target },
    });
    expect(await nextOf(don.c, ["rejected", "ack"])).toMatchObject({ type: "ack", id: own });
    expect((await tableState(h, host, t.id)).seq).toBe(seqAfter);
    await new Promise((r) => setTimeout(r, 100));
    expect(civ.c.messages.slice(civBefore)).toEqual([]);
  });

  it("a token from one table is refused at another", async () => {
    const a = await newTable(h, host);
    const b = await newTable(h, host);
    const token = await joinSeat(h, (await seatsOf(h, host, a.id)).code, 4);
    const c = await open();
    c.send({ type: "subscribe", table: b.id, as: "seat", token });
    expect(await c.next()).toMatchObject({ type: "error", error: "forbidden" });
    const id = commandId();
    c.send({
      type: "command",
      table: b.id,
      token,
      id,
      seq: 1,
      command: { type: "vote", voter: 4, target: 1 },
    });
    expect(await c.next()).toMatchObject({ type: "rejected", id, error: "forbidden", seq: 0 });
    c.send({ type: "subscribe", table: a.id, as: "seat", token: "x".repeat(43) });
    expect(await c.next()).toMatchObject({ type: "error", error: "forbidden" });
    expect((await tableState(h, host, b.id)).seq).toBe(1);
  });

  it("the host frees a seat: the token stops at once, its sockets are closed, the seat can be joined again", async () => {
    const t = await newTable(h, host);
    const { code } = await seatsOf(h, host, t.id);
    const token = await joinSeat(h, code, 6);
    const { c } = await phone(t.id, token);
    const anon = await h.app.inject({ method: "DELETE", url: `/api/tables/${t.id}/seats/6` });
    expect(anon.statusCode).toBe(401);
    // No such seat: a path naming nothing is a 404.
    for (const bad of ["0", "13", "x"]) {
      const res = await h.app.inject({
        method: "DELETE",
        url: `/api/tables/${t.id}/seats/${bad}`,
        headers: { cookie: host },
      });
      expect(res.statusCode).toBe(404);
    }
    const res = await h.app.inject({
      method: "DELETE",
      url: `/api/tables/${t.id}/seats/6`,
      headers: { cookie: host },
    });
    expect(res.statusCode).toBe(204);
    expect(await nextOf(c, ["error"])).toMatchObject({ type: "error", error: "seat_freed" });
    expect((await c.closed).code).toBe(1008);
    expect((await seatsOf(h, host, t.id)).seats[5]?.phone).toBe(false);

    const d = await open();
    d.send({ type: "subscribe", table: t.id, as: "seat", token });
    expect(await d.next()).toMatchObject({ type: "error", error: "forbidden" });
    const id = commandId();
    d.send({
      type: "command",
      table: t.id,
      token,
      id,
      seq: 1,
      command: { type: "vote", voter: 6, target: 1 },
    });
    expect(await d.next()).toMatchObject({ type: "rejected", id, error: "forbidden" });
    const me = await h.app.inject({
      method: "GET",
      url: "/api/seat",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    const fresh = await joinSeat(h, code, 6);
    expect(fresh).not.toBe(token);
    // Freeing a seat with no phone is fine too.
    const again = await h.app.inject({
      method: "DELETE",
      url: `/api/tables/${t.id}/seats/7`,
      headers: { cookie: host },
    });
    expect(again.statusCode).toBe(204);
  });

  it("the record is anyone's once the result is announced, the host's before", async () => {
    const t = await newTable(h, host, { seed: "phones-record" });
    const url = `/api/tables/${t.id}/record`;
    expect((await h.app.inject({ method: "GET", url })).statusCode).toBe(403);
    let { state, seq } = await tableState(h, host, t.id);
    for (let i = 0; i < 3000 && !state.result?.announced; i++) {
      const command = state.phase.kind === "ended" ? { type: "announceResult" } : { type: "advance" };
      const res = await send(h, host, t.id, { id: commandId(), seq, command });
      if (res.statusCode !== 200) {
        // Seats awaited (a vote): the host records the first legal choice.
        const action = nextAction(state);
        const r2 = await send(h, host, t.id, { id: commandId(), seq, command: action });
        expect(r2.statusCode).toBe(200);
      }
      ({ state, seq } = await tableState(h, host, t.id));
      if (state.phase.kind === "ended" && !state.result?.announced) {
        expect((await h.app.inject({ method: "GET", url })).statusCode).toBe(403);
      }
    }
    expect(state.result?.announced).toBe(true);
    const open = await h.app.inject({ method: "GET", url });
    expect(open.statusCode).toBe(200);
    expect(open.json().events).toHaveLength(seq);
  }, 30_000);
});
