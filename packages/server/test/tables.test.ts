// The table routes (docs/api.md "Tables"), on every database.

import { decide, type GameEvent, legalActions, replay, viewFor } from "@misto/engine/testing";
import { parseRecord } from "@misto/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addHost,
  CARDS,
  commandId,
  type Harness,
  harness,
  newTable,
  nextAction,
  play,
  SEATS,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { leakedCards } from "./helpers/secrets.js";

describe.each(BACKENDS)("tables on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
  });
  afterAll(() => h.close());

  const post = (payload: unknown, cookie: string | null = host) =>
    h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  describe("POST /api/tables", () => {
    it("seats twelve players and deals the cards given (201, the created event)", async () => {
      const res = await post({ title: "Friday", seats: SEATS, deal: { cards: CARDS } });
      expect(res.statusCode).toBe(201);
      const body = res.json() as { id: string; seq: number; events: GameEvent[] };
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.seq).toBe(1);
      expect(body.events).toHaveLength(1);
      expect(body.events[0]).toMatchObject({ type: "created", cards: CARDS, seed: null });
      expect(await h.store.readEvents(body.id)).toHaveLength(1);
    });

    it("deals from a seed, or from a fresh random seed each time", async () => {
      const a = (await post({ seats: SEATS, deal: { seed: "club-night-7" } })).json();
      const b = (await post({ seats: SEATS, deal: { seed: "club-night-7" } })).json();
      expect(a.events[0].cards).toEqual(b.events[0].cards);
      expect(a.events[0].seed).toBe("club-night-7");
      const r1 = (await post({ seats: SEATS, deal: { random: true } })).json();
      const r2 = (await post({ seats: SEATS, deal: { random: true } })).json();
      expect(r1.events[0].seed).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(r1.events[0].seed).not.toBe(r2.events[0].seed);
    });

    it("refuses an impossible deal or settings with 422 bad_setup naming every problem", async () => {
      const badDeck = await post({ seats: SEATS, deal: { cards: [...CARDS.slice(0, 11), "don"] } });
      expect(badDeck.statusCode).toBe(422);
      expect(badDeck.json()).toMatchObject({ error: "bad_setup", rule: "SETUP-2" });
      const badSettings = await post({
        seats: SEATS,
        settings: { speechSeconds: "long", nope: 1 },
        deal: { seed: "x" },
      });
      expect(badSettings.statusCode).toBe(422);
      expect(badSettings.json().error).toBe("bad_setup");
      expect(badSettings.json().message).toMatch(/speechSeconds/);
      expect(badSettings.json().message).toMatch(/nope/);
    });

    it("refuses malformed bodies with 400 invalid", async () => {
      for (const payload of [
        { seats: SEATS.slice(0, 11), deal: { seed: "x" } },
        { seats: SEATS, deal: { random: false } },
        { seats: SEATS, deal: { seed: "x", cards: CARDS } },
        { seats: SEATS, deal: { seed: "x" }, owner: "me" },
        { seats: [...SEATS.slice(0, 11), { name: "" }], deal: { seed: "x" } },
        { seats: SEATS, deal: { cards: [...CARDS, "don"] } },
        { seats: "twelve", deal: { seed: "x" } },
        { seats: SEATS, title: 7, deal: { seed: "x" } },
      ]) {
        const res = await post(payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(res.json()).toEqual({ error: "invalid", message: expect.any(String) });
      }
    });

    it("is for signed-in hosts only (401)", async () => {
      const res = await post({ seats: SEATS, deal: { seed: "x" } }, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: "signed_out" });
    });
  });

  describe("GET /api/tables and /api/tables/:id", () => {
    it("lists the tables with their host, seq, phase, winner and whether online", async () => {
      const t = await newTable(h, host);
      const res = await h.app.inject({ method: "GET", url: "/api/tables", headers: { cookie: admin } });
      expect(res.statusCode).toBe(200);
      const row = res.json().tables.find((x: { id: string }) => x.id === t.id);
      expect(row).toEqual({
        id: t.id,
        title: "Friday",
        host: { id: expect.any(String), name: "Boris" },
        createdAt: expect.any(Number),
        seq: 1,
        phase: "deal",
        winner: null,
        online: false,
      });
      expect((await h.app.inject({ method: "GET", url: "/api/tables" })).statusCode).toBe(401);
    });

    it("gives the host every event so far; 404 for an unknown table; 401 signed out", async () => {
      const t = await newTable(h, host);
      const seq = await play(h, host, t.id, 3);
      const res = await h.app.inject({
        method: "GET",
        url: `/api/tables/${t.id}`,
        headers: { cookie: host },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: t.id, title: "Friday", seq });
      expect(body.events).toHaveLength(seq);
      const missing = await h.app.inject({
        method: "GET",
        url: "/api/tables/no-such-table",
        headers: { cookie: host },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: "not_found" });
      expect((await h.app.inject({ method: "GET", url: `/api/tables/${t.id}` })).statusCode).toBe(401);
    });
  });

  describe("POST /api/tables/:id/commands", () => {
    it("applies a legal command and answers its events once they are stored", async () => {
      const t = await newTable(h, host);
      const res = await send(h, host, t.id, { id: commandId(), seq: 1, command: { type: "advance" } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.seq).toBe(2);
      expect(body.events).toEqual([expect.objectContaining({ by: "host", at: expect.any(Number) })]);
      const stored = await h.store.readEvents(t.id);
      expect(stored.map((e) => e.event)).toEqual([t.events[0], ...body.events]);
      const row = await h.store.getTable(t.id);
      expect(row?.seq).toBe(2);
      expect(row?.phase).toBe(replay(stored.map((e) => e.event)).phase.kind);
    });

    it("refuses a stale seq with 409 stale and the table now: its seq, the host's view, the events missed", async () => {
      const t = await newTable(h, host);
      const seq = await play(h, host, t.id, 2);
      const { state } = await tableState(h, host, t.id);
      const stored = (await h.store.readEvents(t.id)).map((e) => e.event);
      for (const stale of [seq - 1, seq + 1, 0]) {
        const res = await send(h, host, t.id, { id: commandId(), seq: stale, command: { type: "advance" } });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          error: "stale",
          message: expect.any(String),
          seq,
          view: JSON.parse(JSON.stringify(viewFor(state, "host"))),
          // What the console lacks: the events after the seq it sent (none when it is ahead).
          events: stale < seq ? stored.slice(stale) : [],
        });
      }
      expect(await h.store.readEvents(t.id)).toHaveLength(seq);
    });

    it("answers a repeated command id as the first time and applies it once", async () => {
      const t = await newTable(h, host);
      const id = commandId();
      const first = await send(h, host, t.id, { id, seq: 1, command: { type: "advance" } });
      expect(first.statusCode).toBe(200);
      const count = (await h.store.readEvents(t.id)).length;
      for (const seq of [1, 2, 0]) {
        const again = await send(h, host, t.id, { id, seq, command: { type: "advance" } });
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
      }
      expect(await h.store.readEvents(t.id)).toHaveLength(count);
      // The same id at once, many times: still one.
      const id2 = commandId();
      const seq = first.json().seq;
      const all = await Promise.all(
        Array.from({ length: 8 }, () => send(h, host, t.id, { id: id2, seq, command: { type: "advance" } })),
      );
      expect(all.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(all.map((r) => r.body)).size).toBe(1);
      expect(await h.store.readEvents(t.id)).toHaveLength(count + 1);
    });

    it("serialises concurrent commands: one per seq wins, the rest are stale", async () => {
      const t = await newTable(h, host);
      const all = await Promise.all(
        Array.from({ length: 10 }, () =>
          send(h, host, t.id, { id: commandId(), seq: 1, command: { type: "advance" } }),
        ),
      );
      expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(all.filter((r) => r.statusCode === 409)).toHaveLength(9);
      expect(await h.store.readEvents(t.id)).toHaveLength(2);
    });

    it("refuses an illegal command with 422 rule and the engine's rule ID, changing nothing", async () => {
      const t = await newTable(h, host);
      const { state } = await tableState(h, host, t.id);
      const cases = [
        { type: "vote", voter: 1, target: 2 },
        { type: "advance", actor: 5 },
        { type: "advance", actor: "god" },
        { type: "choose", seat: 4, target: 1, actor: 3 },
        { type: "teleport" },
        { type: "advance", at: "noon" },
      ];
      for (const command of cases) {
        const expected = decide(state, { actor: "host", at: 1, ...command } as never);
        expect(expected.ok).toBe(false);
        const res = await send(h, host, t.id, { id: commandId(), seq: 1, command });
        expect(res.statusCode, JSON.stringify(command)).toBe(422);
        expect(res.json()).toEqual({
          error: "rule",
          rule: expected.ok ? "" : expected.error.rule,
          message: expect.any(String),
        });
      }
      expect(
        (
          await send(h, host, t.id, { id: commandId(), seq: 1, command: { type: "advance", actor: 5 } })
        ).json().rule,
      ).toBe("ACTOR");
      expect(await h.store.readEvents(t.id)).toHaveLength(1);
    });

    it("lets the host record a seat's own choice (actor: the seat)", async () => {
      const t = await newTable(h, host, { cards: CARDS });
      let { state, seq } = await tableState(h, host, t.id);
      // Play on to the first night step where a seat chooses.
      for (let i = 0; i < 100 && !(state.phase.kind === "night" && state.phase.step.kind === "wake"); i++) {
        const action = nextAction(state);
        if (!action) break;
        const res = await send(h, host, t.id, { id: commandId(), seq, command: action });
        expect(res.statusCode).toBe(200);
        ({ state, seq } = await tableState(h, host, t.id));
      }
      const choice = legalActions(state, "host").find((a) => a.type === "choose" && a.target !== null);
      expect(choice).toBeDefined();
      const seat = (choice as { seat: number }).seat;
      const res = await send(h, host, t.id, { id: commandId(), seq, command: { ...choice, actor: seat } });
      expect(res.statusCode).toBe(200);
      expect(res.json().events[0].by).toBe(seat);
    });

    it("refuses malformed bodies with 400 invalid", async () => {
      const t = await newTable(h, host);
      for (const body of [
        { seq: 1, command: { type: "advance" } },
        { id: "short", seq: 1, command: { type: "advance" } },
        { id: "has spaces in it", seq: 1, command: { type: "advance" } },
        { id: commandId(), seq: -1, command: { type: "advance" } },
        { id: commandId(), seq: "1", command: { type: "advance" } },
        { id: commandId(), seq: 1.5, command: { type: "advance" } },
        { id: commandId(), seq: 1, command: { kind: "advance" } },
        { id: commandId(), seq: 1, command: "advance" },
        { id: commandId(), seq: 1, command: { type: "advance" }, extra: true },
      ]) {
        const res = await send(h, host, t.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ error: "invalid", message: expect.any(String) });
      }
      const big = await send(h, host, t.id, {
        id: commandId(),
        seq: 1,
        command: { type: "speak", seat: 1, text: "x".repeat(70_000) },
      });
      expect(big.statusCode).toBe(413);
      expect(await h.store.readEvents(t.id)).toHaveLength(1);
    });

    it("is for signed-in hosts only (401) and known tables (404)", async () => {
      const t = await newTable(h, host);
      const res = await send(h, undefined, t.id, { id: commandId(), seq: 1, command: { type: "advance" } });
      expect(res.statusCode).toBe(401);
      const forged = await send(h, "misto_session=abc", t.id, {
        id: commandId(),
        seq: 1,
        command: { type: "advance" },
      });
      expect(forged.statusCode).toBe(401);
      const missing = await send(h, host, "no-such-table", {
        id: commandId(),
        seq: 1,
        command: { type: "advance" },
      });
      expect(missing.statusCode).toBe(404);
      expect(await h.store.readEvents(t.id)).toHaveLength(1);
    });

    it("keeps going after the server restarts on the same store (state replayed from events)", async () => {
      const t = await newTable(h, host);
      const seq = await play(h, host, t.id, 5);
      const { buildServer } = await import("../src/app.js");
      const second = await buildServer({ store: h.store, webRoot: "/nonexistent" });
      const res = await second.inject({
        method: "POST",
        url: `/api/tables/${t.id}/commands`,
        headers: { cookie: host },
        payload: { id: commandId(), seq, command: { type: "advance" } },
      });
      expect([200, 422]).toContain(res.statusCode);
      await second.close();
    });
  });

  describe("GET /api/tables/:id/record", () => {
    it("downloads the game record, valid and replaying to the game", async () => {
      const t = await newTable(h, host);
      const seq = await play(h, host, t.id, 6);
      const res = await h.app.inject({
        method: "GET",
        url: `/api/tables/${t.id}/record`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="misto-${t.id}.json"`);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      const parsed = parseRecord(res.json());
      expect(parsed.ok).toBe(true);
      expect(res.json().events).toHaveLength(seq);
      expect(res.json().meta).toEqual({ title: "Friday", host: "Boris", club: "Misto Club" });
      // Without a session: 403 until the result is announced (docs/api.md), then anyone's.
      expect((await h.app.inject({ method: "GET", url: `/api/tables/${t.id}/record` })).statusCode).toBe(403);
      const missing = await h.app.inject({
        method: "GET",
        url: "/api/tables/nope/record",
        headers: { cookie: host },
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe("GET /api/tables/:id/display", () => {
    it("gives anyone the spectator view, with no card that is not public, through a whole game", async () => {
      const t = await newTable(h, host, { seed: "display-1" });
      const { code } = t as unknown as { code: string };
      let { state, seq } = await tableState(h, host, t.id);
      let codes = 0;
      let checked = 0;
      let lastPublicSeq = 0;
      let nightSeq: number | null = null;
      let nights = 0;
      for (let step = 0; step < 400 && state.phase.kind !== "closed"; step++) {
        const res = await h.app.inject({ method: "GET", url: `/api/tables/${t.id}/display` });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.view.viewer).toBe("spectator");
        expect(body.view.you).toBeNull();
        expect(body.view.host).toBeNull();
        expect(leakedCards(state, body.view)).toEqual([]);
        // The join code for the room's screen while the deal lasts, and never after it.
        expect(body.code, state.phase.kind).toBe(state.phase.kind === "deal" ? code : null);
        if (body.code) codes++;
        // The spectators' seq never counts the night's hidden steps.
        expect(body.seq).toBeLessThanOrEqual(seq);
        expect(body.seq).toBeGreaterThanOrEqual(lastPublicSeq);
        // Through a night it stays at the seq the night began with.
        if (state.phase.kind === "night") {
          if (nightSeq === null) {
            nightSeq = body.seq;
            nights++;
          } else expect(body.seq).toBe(nightSeq);
        } else nightSeq = null;
        lastPublicSeq = body.seq;
        checked++;
        const action = nextAction(state, (n) => (step * 7919) % n);
        if (!action) break;
        const sent = await send(h, host, t.id, { id: commandId(), seq, command: action });
        expect(sent.statusCode).toBe(200);
        ({ state, seq } = await tableState(h, host, t.id));
      }
      expect(checked).toBeGreaterThan(30);
      expect(nights).toBeGreaterThan(0);
      expect(codes, "the deal's answers carried the code").toBeGreaterThan(0);
      const missing = await h.app.inject({ method: "GET", url: "/api/tables/nope/display" });
      expect(missing.statusCode).toBe(404);
    });
  });
});
