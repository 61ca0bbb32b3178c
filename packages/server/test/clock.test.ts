// POST /api/tables/:id/clock (docs/api.md "The clock"): only a host sets it, a bad body is refused
// with a reason, and every subscriber is told it (on subscribing too).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHost, type Harness, harness, listening, newTable, setUpClub } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";
import { Clients } from "./helpers/ws.js";

describe("the host's clock", () => {
  let h: Harness;
  let host: string;
  let url: string;
  const clients = new Clients();
  const clock = (id: string, payload: unknown, cookie?: string) =>
    h.app.inject({
      method: "POST",
      url: `/api/tables/${id}/clock`,
      payload: payload as object,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  beforeAll(async () => {
    h = await harness(sqlite);
    host = await addHost(h, await setUpClub(h));
    url = await listening(h.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  it("refuses anyone but a host, and a bad body, changing nothing", async () => {
    const t = await newTable(h, host);
    expect((await clock(t.id, { since: 1, running: false, leftMs: 1000 })).statusCode).toBe(401);
    expect(
      (await clock(t.id, { since: 1, running: false, leftMs: 1000 }, "misto_session=nope")).statusCode,
    ).toBe(401);
    for (const bad of [
      {},
      { since: 1, running: "no", leftMs: 1 },
      { since: 1, running: true, leftMs: -1 },
      { since: 1, running: true, leftMs: 1, x: 1 },
    ]) {
      const res = await clock(t.id, bad, host);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await clock("nosuch", { since: 1, running: false, leftMs: 1 }, host)).statusCode).toBe(404);
    const c = await clients.open(url);
    c.send({ type: "subscribe", table: t.id, as: "spectator" });
    expect(await c.next()).toMatchObject({ type: "view" });
    c.send({ type: "ping" });
    expect(await c.next()).toEqual({ type: "pong" });
  });

  it("tells spectators watching and those who subscribe later", async () => {
    const t = await newTable(h, host);
    const c = await clients.open(url);
    c.send({ type: "subscribe", table: t.id, as: "spectator" });
    expect(await c.next()).toMatchObject({ type: "view" });
    const paused = { since: 5, running: false, leftMs: 42_000 };
    expect((await clock(t.id, paused, host)).statusCode).toBe(204);
    expect(await c.next()).toEqual({ type: "clock", table: t.id, ...paused });
    const later = await clients.open(url);
    later.send({ type: "subscribe", table: t.id, as: "spectator" });
    expect(await later.next()).toMatchObject({ type: "view" });
    expect(await later.next()).toEqual({ type: "clock", table: t.id, ...paused });
  });
});
