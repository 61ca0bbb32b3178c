// The realtime channel at /ws on a listening server: every message, malformed ones, floods, and
// views built for each subscriber (a spectator never sees a card that is not public).

import { type GameState, replay } from "@misto/engine/testing";
import type { ServerMessage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MALFORMED_MESSAGES } from "../src/realtime/socket.js";
import {
  addHost,
  commandId,
  cookieOf,
  type Harness,
  harness,
  listening,
  newTable,
  nextAction,
  PASSWORD,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { leakedCards } from "./helpers/secrets.js";
import { Clients } from "./helpers/ws.js";

type View = Extract<ServerMessage, { type: "view" }>;

describe.each(BACKENDS)("realtime on $name", (backend) => {
  let h: Harness;
  let host: string;
  let url: string;
  const clients = new Clients();
  const open = (headers: Record<string, string> = {}) => clients.open(url, headers);

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

  const signInAs = async (login: string) =>
    cookieOf(
      await h.app.inject({ method: "POST", url: "/api/session", payload: { login, password: PASSWORD } }),
    );

  it("answers ping with pong", async () => {
    const c = await open();
    c.send({ type: "ping" });
    expect(await c.next()).toEqual({ type: "pong" });
  });

  it("answers each malformed message with an error and keeps the socket open", async () => {
    const bad: unknown[] = [
      "not json",
      "[]",
      "null",
      { type: "dance" },
      { type: "ping", extra: 1 },
      { type: "subscribe", table: "x" },
      { type: "subscribe", table: "x", as: "god" },
      { type: "subscribe", table: 7, as: "spectator" },
      { type: "unsubscribe" },
      { type: "subscribe", table: "x".repeat(65), as: "spectator" },
    ];
    // Four at most on one connection: the fifth closes it (next test).
    for (let i = 0; i < bad.length; i += MAX_MALFORMED_MESSAGES - 1) {
      const c = await open();
      for (const message of bad.slice(i, i + MAX_MALFORMED_MESSAGES - 1)) {
        c.send(message);
        expect(await c.next(), JSON.stringify(message)).toMatchObject({
          type: "error",
          error: "invalid",
          message: expect.any(String),
        });
      }
      c.send({ type: "ping" });
      expect(await c.next()).toEqual({ type: "pong" });
    }
    const c = await open();
    c.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next()).toMatchObject({ type: "error", error: "invalid" });
    c.send({ type: "ping" });
    expect(await c.next()).toEqual({ type: "pong" });
  });

  it("closes a connection on its fifth malformed message (1008); the table goes on", async () => {
    const t = await newTable(h, host);
    const watcher = await open();
    watcher.send({ type: "subscribe", table: t.id, as: "spectator" });
    expect(await watcher.next()).toMatchObject({ type: "view", seq: 1 });
    const c = await open();
    c.send({ type: "subscribe", table: t.id, as: "spectator" });
    expect(await c.next()).toMatchObject({ type: "view", seq: 1 });
    // Good messages in between do not wipe the count: it is per connection.
    for (let i = 1; i < MAX_MALFORMED_MESSAGES; i++) {
      c.send({ type: "subscribe", table: t.id, as: "nobody" });
      expect(await c.next()).toMatchObject({ type: "error", error: "invalid" });
      c.send({ type: "ping" });
      expect(await c.next()).toEqual({ type: "pong" });
    }
    c.send("{ not json");
    expect(await c.next()).toMatchObject({ type: "error", error: "malformed" });
    expect((await c.closed).code).toBe(1008);
    // The table and its other subscribers carry on.
    const res = await send(h, host, t.id, { id: commandId(), seq: 1, command: { type: "advance" } });
    expect(res.statusCode).toBe(200);
    expect(await watcher.next()).toMatchObject({ type: "view", table: t.id });
  });

  it("refuses a message over 4 KiB and closes the socket (1009)", async () => {
    const c = await open();
    c.send({ type: "subscribe", table: "x".repeat(5000), as: "spectator" });
    expect(await c.next()).toMatchObject({ type: "error", error: "too_large" });
    expect((await c.closed).code).toBe(1009);
  });

  it("closes a socket that sends more than 20 messages a second (1008)", async () => {
    const c = await open();
    for (let i = 0; i < 25; i++) c.send({ type: "ping" });
    const { code } = await c.closed;
    expect(code).toBe(1008);
    const pongs = c.messages.filter((m) => m.type === "pong");
    expect(pongs.length).toBe(20);
    expect(c.messages.at(-1)).toMatchObject({ type: "error", error: "flood" });
  });

  it("allows 20 messages a second, paced", async () => {
    const c = await open();
    for (let i = 0; i < 20; i++) c.send({ type: "ping" });
    for (let i = 0; i < 20; i++) expect(await c.next()).toEqual({ type: "pong" });
    await new Promise((r) => setTimeout(r, 1050));
    for (let i = 0; i < 5; i++) c.send({ type: "ping" });
    for (let i = 0; i < 5; i++) expect(await c.next()).toEqual({ type: "pong" });
  });

  it("an unknown table is an error", async () => {
    const c = await open();
    c.send({ type: "subscribe", table: "no-such-table", as: "spectator" });
    expect(await c.next()).toMatchObject({ type: "error", error: "not_found" });
  });

  it("watching as the host needs a host's session cookie on the upgrade (and the same origin)", async () => {
    const t = await newTable(h, host);
    const attempts: Record<string, string>[] = [
      {},
      { cookie: "misto_session=forged" },
      { cookie: host, origin: "https://evil.example" },
    ];
    for (const headers of attempts) {
      const c = await open(headers);
      c.send({ type: "subscribe", table: t.id, as: "host" });
      expect(await c.next()).toMatchObject({ type: "error", error: "signed_out" });
      expect(await c.quiet()).toEqual([]);
    }
    const ok = await open({ cookie: host, origin: url });
    ok.send({ type: "subscribe", table: t.id, as: "host" });
    const view = (await ok.next()) as View;
    expect(view).toMatchObject({ type: "view", table: t.id, seq: 1 });
    expect(view.view.viewer).toBe("host");
    expect(view.view.seats.every((s) => s.card !== null)).toBe(true);
  });

  it("signing out closes the host connections of that session only", async () => {
    const t = await newTable(h, host);
    // The same host signed in on a second device: another session.
    const again = await h.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { login: "boris", password: PASSWORD },
    });
    const other = cookieOf(again);
    const leaving = await open({ cookie: other });
    const staying = await open({ cookie: host });
    leaving.send({ type: "subscribe", table: t.id, as: "host" });
    staying.send({ type: "subscribe", table: t.id, as: "host" });
    expect(await leaving.next()).toMatchObject({ type: "view" });
    expect(await staying.next()).toMatchObject({ type: "view" });
    const out = await h.app.inject({ method: "DELETE", url: "/api/session", headers: { cookie: other } });
    expect(out.statusCode).toBe(204);
    expect(await leaving.next()).toMatchObject({ type: "error", error: "signed_out" });
    expect((await leaving.closed).code).toBe(1008);
    // The other session still watches and still gets the next change.
    const sent = await send(h, host, t.id, { id: commandId(), seq: 1, command: { type: "advance" } });
    expect(sent.statusCode).toBe(200);
    expect(await staying.next()).toMatchObject({ type: "view", seq: 2 });
  });

  it("signing out everywhere closes the host connections of every session of that account", async () => {
    // An account of its own: the other tests' host stays signed in.
    const kira = await addHost(h, await signInAs("admin"), "kira");
    const t = await newTable(h, kira);
    const first = await signInAs("kira");
    const second = await signInAs("kira");
    const a = await open({ cookie: first });
    const b = await open({ cookie: second });
    a.send({ type: "subscribe", table: t.id, as: "host" });
    b.send({ type: "subscribe", table: t.id, as: "host" });
    expect(await a.next()).toMatchObject({ type: "view" });
    expect(await b.next()).toMatchObject({ type: "view" });
    const out = await h.app.inject({ method: "DELETE", url: "/api/sessions", headers: { cookie: first } });
    expect(out.json()).toEqual({ ended: 3 });
    for (const c of [a, b]) {
      expect(await c.next()).toMatchObject({ type: "error", error: "signed_out" });
      expect((await c.closed).code).toBe(1008);
    }
  });

  it("CLUB-1 a member's session does not watch a table as its host", async () => {
    const t = await newTable(h, host);
    const added = await h.app.inject({
      method: "POST",
      url: "/api/people",
      headers: { cookie: await signInAs("admin") },
      payload: { name: "Mila", account: { login: "mila", password: PASSWORD, role: "member" } },
    });
    expect(added.statusCode).toBe(201);
    const c = await open({ cookie: await signInAs("mila") });
    c.send({ type: "subscribe", table: t.id, as: "host" });
    expect(await c.next()).toMatchObject({ type: "error", error: "signed_out" });
  });

  it("pushes each subscriber its own view after every accepted change; spectators see no secret", async () => {
    const t = await newTable(h, host, { seed: "realtime-1" });
    const hostClient = await open({ cookie: host });
    const spectator = await open();
    // A host's cookie does not make a spectator subscription a host's view.
    const spectatorWithCookie = await open({ cookie: host });
    hostClient.send({ type: "subscribe", table: t.id, as: "host" });
    spectator.send({ type: "subscribe", table: t.id, as: "spectator" });
    spectatorWithCookie.send({ type: "subscribe", table: t.id, as: "spectator" });
    expect(((await hostClient.next()) as View).view.viewer).toBe("host");
    let state: GameState = (await tableState(h, host, t.id)).state;
    const first = (await spectator.next()) as View;
    expect(first.view.viewer).toBe("spectator");
    expect(leakedCards(state, first.view)).toEqual([]);
    expect(((await spectatorWithCookie.next()) as View).view.viewer).toBe("spectator");

    let seq = 1;
    let spectatorViews = 1;
    let silentNightSteps = 0;
    for (let step = 0; step < 120 && state.phase.kind !== "closed"; step++) {
      const action = nextAction(state, (n) => (step * 31) % n);
      if (!action) break;
      const res = await send(h, host, t.id, { id: commandId(), seq, command: action });
      expect(res.statusCode).toBe(200);
      seq = res.json().seq;
      ({ state } = await tableState(h, host, t.id));
      const hv = (await hostClient.next()) as View;
      expect(hv).toMatchObject({ type: "view", table: t.id, seq });
      expect(hv.view.viewer).toBe("host");
      expect(hv.view.version).toBe(state.version);
      // Sent in the same tick as the host's view, which has arrived.
      const pushed = await spectator.quiet(15);
      for (const m of pushed) {
        expect(m.type).toBe("view");
        const v = (m as View).view;
        expect(v.viewer).toBe("spectator");
        expect(v.host).toBeNull();
        expect(v.you).toBeNull();
        expect(leakedCards(state, v)).toEqual([]);
        expect(JSON.stringify(v)).not.toContain('"script"');
        spectatorViews++;
      }
      if (pushed.length === 0 && state.phase.kind === "night") silentNightSteps++;
    }
    expect(spectatorViews).toBeGreaterThan(3);
    // Night steps (who woke, who chose) are not announced to spectators by a message.
    expect(silentNightSteps).toBeGreaterThan(0);
    const display = await h.app.inject({ method: "GET", url: `/api/tables/${t.id}/display` });
    const last = spectator.messages.filter((m) => m.type === "view").at(-1) as View;
    expect(display.json().seq).toBe(last.seq);
    expect(replay((await h.store.readEvents(t.id)).map((e) => e.event)).version).toBe(state.version);
  }, 30_000);

  it("unsubscribe stops the pushes", async () => {
    const t = await newTable(h, host);
    const c = await open({ cookie: host });
    c.send({ type: "subscribe", table: t.id, as: "host" });
    await c.next();
    c.send({ type: "unsubscribe", table: t.id });
    await c.quiet(50);
    const res = await send(h, host, t.id, { id: commandId(), seq: 1, command: { type: "advance" } });
    expect(res.statusCode).toBe(200);
    expect(await c.quiet(150)).toEqual([]);
    c.send({ type: "unsubscribe", table: "never-subscribed" });
    c.send({ type: "ping" });
    expect(await c.next()).toEqual({ type: "pong" });
  });

  it("a refused command pushes nothing", async () => {
    const t = await newTable(h, host);
    const c = await open({ cookie: host });
    c.send({ type: "subscribe", table: t.id, as: "host" });
    await c.next();
    await send(h, host, t.id, { id: commandId(), seq: 5, command: { type: "advance" } });
    await send(h, host, t.id, { id: commandId(), seq: 1, command: { type: "vote", voter: 1, target: 2 } });
    expect(await c.quiet(150)).toEqual([]);
  });
});
