// The lobby and spectators (docs/api.md "Lobby", "Spectators"): a member lists the open online
// tables (public facts only) and takes a free human seat in one tap; a spectator of a table with a
// delay is sent each public view no earlier than the delay after it was current, whole, and with
// nothing beyond the public view (the leak test's checks). Real SQLite file, real WebSockets.

import type { View } from "@misto/engine";
import { seededRandom, viewFor } from "@misto/engine";
import { replay } from "@misto/engine/testing";
import type { LobbyAnswer, ServerMessage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHost, addMember, CARDS, type Harness, harness, listening, setUpClub } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";
import { leaksIn } from "./helpers/leaks.js";
import { newOnlineTable, waitFor } from "./helpers/online.js";
import { joinSeat, nextOf } from "./helpers/phones.js";
import { Clients } from "./helpers/ws.js";

const RUNNER = {
  pauseMs: 20,
  passMs: 20,
  botDelayMs: [5, 20] as const,
  stepMs: () => 40,
  typingMs: () => 5,
  random: seededRandom("lobby"),
};

type ViewMsg = Extract<ServerMessage, { type: "view" }>;

const NAMES = Array.from({ length: 12 }, (_, i) => ({ name: `Player ${i + 1}` }));

/** Makes an online table with these online settings (the answer, whatever its status). */
function onlineTable(h: Harness, cookie: string, onlineSettings: Record<string, unknown>, title = "Online") {
  return h.app.inject({
    method: "POST",
    url: "/api/tables",
    headers: { cookie },
    payload: { title, settings: {}, seats: NAMES, deal: { cards: CARDS }, online: true, onlineSettings },
  });
}

describe("the lobby", () => {
  let h: Harness;
  let admin: string;
  let host: string;
  let member: string;
  let base: string;
  const clients = new Clients();

  const call = (method: "GET" | "POST", url: string, cookie?: string) =>
    h.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  const lobby = async (cookie: string) => {
    const res = await call("GET", "/api/lobby", cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as LobbyAnswer;
  };

  beforeAll(async () => {
    h = await harness(sqlite, undefined, RUNNER);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    member = await addMember(h, admin, "Dana", "dana");
    base = await listening(h.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  it("lists open online tables with public facts only, and a tap takes the lowest free human seat", async () => {
    const open = await newOnlineTable(h, host, {});
    const club = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: { title: "Club", settings: {}, seats: NAMES, deal: { cards: CARDS } },
    });
    expect(club.statusCode).toBe(201);
    // A long deal, three human seats, the bots speaking English.
    const t = await onlineTable(
      h,
      host,
      { humanSeats: 3, startMs: 600_000, language: "en", spectatorDelayMs: 1500 },
      "Evening",
    );
    expect(t.statusCode).toBe(201);
    const id = (t.json() as { id: string }).id;

    expect((await call("GET", "/api/lobby")).statusCode).toBe(401);
    const listed = await lobby(member);
    const ids = listed.tables.map((x) => x.id);
    expect(ids).toContain(id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(club.json().id);
    const row = listed.tables.find((x) => x.id === id);
    expect(row).toEqual({
      id,
      title: "Evening",
      createdAt: expect.any(Number),
      language: "en",
      seatsFree: 3,
      open: true,
      started: false,
      settings: expect.objectContaining({ humanSeats: 3, spectatorDelayMs: 1500, language: "en" }),
    });
    // Nothing in it names a seat's holder, a token, a card or the join code.
    const text = JSON.stringify(listed);
    for (const secret of ["token", "code", "card", 'seats"', "Player 1"]) expect(text).not.toContain(secret);

    // One tap each: seats 1, 2 (seat 2 taken by a code meanwhile: the next is 3), then none is left.
    const first = await call("POST", `/api/lobby/${id}/join`, member);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ table: id, seat: 1, token: expect.any(String) });
    const code = (
      await h.app.inject({ method: "GET", url: `/api/tables/${id}/seats`, headers: { cookie: host } })
    ).json().code as string;
    await joinSeat(h, code, 2);
    const second = await call("POST", `/api/lobby/${id}/join`, host);
    expect(second.json()).toMatchObject({ seat: 3 });
    const third = await call("POST", `/api/lobby/${id}/join`, member);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: "full", follow: `/display/${id}` });
    expect((await lobby(member)).tables.find((x) => x.id === id)).toMatchObject({
      seatsFree: 0,
      open: false,
      started: false,
    });

    // The token works as a join code's does: the seat's own view.
    const token = (first.json() as { token: string }).token;
    const phone = await clients.open(base);
    phone.send({ type: "subscribe", table: id, as: "seat", token });
    const view = (await nextOf(phone, ["view"])) as ViewMsg;
    expect(view.view.you?.seat).toBe(1);

    // Refusals: no such table, a club table, a malformed id, signed out.
    expect((await call("POST", "/api/lobby/nope/join", member)).statusCode).toBe(404);
    expect((await call("POST", `/api/lobby/${club.json().id}/join`, member)).statusCode).toBe(404);
    const bad = await call("POST", `/api/lobby/${"x".repeat(65)}/join`, member);
    // A malformed id names no table: 404 with the reason, as every route's path (errors.ts).
    expect(bad.statusCode, bad.body).toBe(404);
    expect(bad.json().message).toMatch(/params\/id/);
    expect((await call("POST", `/api/lobby/${open.id}/join`)).statusCode).toBe(401);
  });

  it("admits nobody once the deal has ended, and says where to follow", async () => {
    const t = await newOnlineTable(h, host, {});
    const made = await onlineTable(h, host, { humanSeats: 2, startMs: 50, nightMs: 60_000 }, "Quick");
    expect(made.statusCode).toBe(201);
    const id = (made.json() as { id: string }).id;
    await waitFor(h, id, 5000, (s) => s.phase.kind !== "deal");
    const late = await call("POST", `/api/lobby/${id}/join`, member);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: "started", follow: `/display/${id}` });
    const row = (await lobby(member)).tables.find((x) => x.id === id);
    expect(row).toMatchObject({ open: false, seatsFree: 0, started: true });
    // The open table is listed before the one under way.
    const order = (await lobby(member)).tables.map((x) => x.id);
    expect(order.indexOf(t.id)).toBeLessThan(order.indexOf(id));
  });

  it("refuses a bad spectator delay, and shows the table's own on its page", async () => {
    for (const value of [-1, 600_001, 1.5, "10"]) {
      const res = await onlineTable(h, host, { spectatorDelayMs: value });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json()).toMatchObject({ error: "bad_setting", setting: "spectatorDelayMs" });
    }
    const t = await newOnlineTable(h, host, {});
    const seats = await h.app.inject({
      method: "GET",
      url: `/api/tables/${t.id}/seats`,
      headers: { cookie: host },
    });
    expect(seats.json().online).toMatchObject({ spectatorDelayMs: 0 });
  });
});

describe("a spectator's delay", () => {
  let h: Harness;
  let host: string;
  let base: string;
  const clients = new Clients();
  const DELAY = 500;

  beforeAll(async () => {
    h = await harness(sqlite, undefined, RUNNER);
    host = await addHost(h, await setUpClub(h));
    base = await listening(h.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  it("sends each public view whole, no earlier than the delay, with nothing beyond the public view", async () => {
    const createdAt = Date.now();
    const made = await onlineTable(
      h,
      host,
      { humanSeats: 1, startMs: 600, nightMs: 60, voteMs: 60, spectatorDelayMs: DELAY },
      "Delayed",
    );
    const { id, code } = made.json() as { id: string; code: string };
    // Before any view is past the delay, the display route gives none.
    const early = await h.app.inject({ method: "GET", url: `/api/tables/${id}/display` });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: "delayed" });

    // The reference: seat 1's phone, live. When did each phase (kind and number) first show there?
    const token = await joinSeat(h, code, 1);
    const phone = await clients.open(base);
    const firstSeen = new Map<string, number>();
    const phaseKey = (v: View) => `${v.phase.kind}${v.phase.n ?? ""}`;
    phone.onMessage((m) => {
      if (m.type !== "view") return;
      const key = phaseKey(m.view);
      if (!firstSeen.has(key)) firstSeen.set(key, Date.now());
    });
    phone.send({ type: "subscribe", table: id, as: "seat", token });

    const spectator = await clients.open(base);
    const frames: { at: number; message: ServerMessage }[] = [];
    spectator.socket.on("message", (data) =>
      frames.push({ at: Date.now(), message: JSON.parse(String(data)) }),
    );
    spectator.send({ type: "subscribe", table: id, as: "spectator" });

    // Play on to the third day (bots play seat 1 once its deadlines pass), then let the delay run out.
    await waitFor(h, id, 15_000, (s) => s.phase.kind === "day" && s.phase.n >= 3);
    await new Promise((r) => setTimeout(r, DELAY + 200));
    // Every state the table has been in, with its spectators' view: a delayed frame must be one of
    // them, and is judged against the game as it was then (not as it is now, a phase later).
    const events = (await h.store.readEvents(id)).map((e) => e.event);
    const past = events.map((_, i) => {
      const then = replay(events.slice(0, i + 1));
      return { state: then, json: JSON.stringify(viewFor(then, "spectator")) };
    });

    const views = frames.filter((f) => f.message.type === "view" || f.message.type === "patch");
    expect(views.length).toBeGreaterThan(5);
    // Whole views only (no patch); the first one is the table's view of DELAY ms before it came.
    expect(views.every((f) => f.message.type === "view")).toBe(true);
    expect(views[0]?.at ?? 0).toBeGreaterThanOrEqual(createdAt + DELAY - 5);
    const seen = new Set<string>();
    for (const { at, message } of views) {
      const view = (message as ViewMsg).view;
      // A view the table really showed its spectators, with nothing beyond it: the leak test's
      // checks, against the game as it was when that view was current.
      const json = JSON.stringify(view);
      const then = past.find((p) => p.json === json);
      expect(then, `a frame no state of the table gives: ${json.slice(0, 120)}`).toBeDefined();
      if (then) expect(leaksIn(then.state, "spectator", view)).toEqual([]);
      expect(view.viewer).toBe("spectator");
      // A step is never shown before it has been under way for the delay (its start: the server's clock).
      if (view.phase.since > 0) expect(at).toBeGreaterThanOrEqual(view.phase.since + DELAY - 5);
      // Each phase reaches the spectator no earlier than the delay after it reached the live phone
      // (measured here, on a shared machine: the phone's arrival may lag by a few hundred ms under
      // load, so half the delay is the bound; the check above, by the server's clock, is exact).
      const key = phaseKey(view);
      const live = firstSeen.get(key);
      // (The deal was current before the phone came: it has no moment of its own to compare with.)
      if (seen.has(key) || live === undefined || view.phase.kind === "deal") continue;
      seen.add(key);
      expect(at - live, key).toBeGreaterThanOrEqual(DELAY / 2);
    }
    expect([...seen]).toEqual(expect.arrayContaining(["night1", "day1", "night2", "day2"]));
    // The display route gives the held-back view too: the last one sent, or one shown since.
    const last = views.at(-1)?.message as ViewMsg;
    const shown = await h.app.inject({ method: "GET", url: `/api/tables/${id}/display` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().seq).toBeGreaterThanOrEqual(last.seq);
    const shownJson = JSON.stringify(shown.json().view);
    const shownThen = past.find((p) => p.json === shownJson);
    expect(shownThen, "the display's view is one the table showed").toBeDefined();
    if (shownThen) expect(leaksIn(shownThen.state, "spectator", shown.json().view)).toEqual([]);
  });
});
