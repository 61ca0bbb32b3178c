// Complaints (CLUB-2, docs/club.md): raised only after the game, about the game or its host,
// attached to the table and answered by the administration; on every database.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addHost,
  CARDS,
  cookieOf,
  type Harness,
  harness,
  PASSWORD,
  play,
  SEATS,
  setUpClub,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";

describe.each(BACKENDS)("complaints on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  let player: string;
  let bystander: string;
  /** A finished game that the member "player" played in seat 4, and one still being played. */
  let finished: string;
  let live: string;

  const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
    h.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  async function member(name: string, login: string): Promise<{ id: string; cookie: string }> {
    const res = await call("POST", "/api/people", admin, {
      name,
      account: { login, password: PASSWORD, role: "member" },
    });
    const signIn = await call("POST", "/api/session", undefined, { login, password: PASSWORD });
    return { id: res.json().person.id, cookie: cookieOf(signIn) };
  }

  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    const me = await member("Dana", "dana");
    player = me.cookie;
    bystander = (await member("Eva", "eva")).cookie;
    const seats = SEATS.map((s, i) => (i === 3 ? { name: "Dana", person: me.id } : s));
    const made = async () =>
      (await call("POST", "/api/tables", host, { seats, deal: { cards: CARDS } })).json().id;
    finished = await made();
    live = await made();
    // The whole game, to the end of its rating (a bounded number of forward steps).
    await play(h, host, finished, 600);
    const row = await h.store.getTable(finished);
    expect(row?.phase).toBe("closed");
    // A whole game through the API: a few hundred requests, slow on a busy machine.
  }, 120_000);
  afterAll(() => h.close());

  it("CLUB-2 a complaint is refused before the game ends", async () => {
    const res = await call("POST", `/api/tables/${live}/complaints`, player, {
      about: "game",
      text: "too early",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "game_not_over", rule: "CLUB-2" });
    expect(await h.store.listComplaints({ tableId: live })).toEqual([]);
  });

  it("CLUB-2 after the game a player files a complaint about it or its host, attached to the table", async () => {
    const res = await call("POST", `/api/tables/${finished}/complaints`, player, {
      about: "host",
      text: "the host did not give seat 4 the last word",
    });
    expect(res.statusCode).toBe(201);
    const complaint = res.json().complaint;
    expect(complaint).toEqual({
      id: expect.any(String),
      table: finished,
      about: "host",
      text: "the host did not give seat 4 the last word",
      by: { id: expect.any(String), name: "Dana" },
      at: expect.any(Number),
      answer: null,
    });
    const mine = (await call("GET", `/api/tables/${finished}/complaints`, player)).json();
    expect(mine).toEqual({
      table: { id: finished, title: expect.any(String), over: true },
      complaints: [complaint],
    });
    expect((await call("GET", `/api/tables/${live}/complaints`, player)).json().table.over).toBe(false);
    // A host (who ran tables) may complain too; a member who did not play may not.
    const byHost = await call("POST", `/api/tables/${finished}/complaints`, host, {
      about: "game",
      text: "noise",
    });
    expect(byHost.statusCode).toBe(201);
    const stranger = await call("POST", `/api/tables/${finished}/complaints`, bystander, {
      about: "game",
      text: "I heard",
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ rule: "CLUB-2" });
    // Each account sees its own; the administration sees all of them.
    expect((await call("GET", `/api/tables/${finished}/complaints`, player)).json().complaints).toHaveLength(
      1,
    );
    expect((await call("GET", `/api/tables/${finished}/complaints`, admin)).json().complaints).toHaveLength(
      2,
    );
  });

  it("CLUB-2 the administration answers a complaint once; it leaves the open list", async () => {
    const filed = await call("POST", `/api/tables/${finished}/complaints`, player, {
      about: "game",
      text: "vote",
    });
    const id = filed.json().complaint.id;
    const open = (await call("GET", "/api/complaints", admin)).json().complaints;
    expect(open.map((c: { id: string }) => c.id)).toContain(id);
    expect((await call("POST", `/api/complaints/${id}/answer`, host, { text: "no" })).statusCode).toBe(403);
    const answered = await call("POST", `/api/complaints/${id}/answer`, admin, { text: "The vote stands." });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().complaint.answer).toEqual({
      text: "The vote stands.",
      by: { id: expect.any(String), name: "Anna" },
      at: expect.any(Number),
      // An answer without a decision decides nothing (a club night's objection is decided below).
      decision: null,
    });
    const again = await call("POST", `/api/complaints/${id}/answer`, admin, { text: "twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "answered", rule: "CLUB-2" });
    const stillOpen = (await call("GET", "/api/complaints", admin)).json().complaints;
    expect(stillOpen.map((c: { id: string }) => c.id)).not.toContain(id);
    const seen = (await call("GET", `/api/tables/${finished}/complaints`, player)).json().complaints;
    expect(seen.find((c: { id: string }) => c.id === id).answer.text).toBe("The vote stands.");
    expect((await call("POST", "/api/complaints/nope/answer", admin, { text: "x" })).statusCode).toBe(404);
    expect((await call("GET", "/api/complaints", player)).statusCode).toBe(403);
  });

  it("CLUB-2 the administration decides an objection: upheld or rejected, with the reason", async () => {
    const filed = await call("POST", `/api/tables/${finished}/complaints`, player, {
      about: "host",
      text: "seat 3 was removed too early",
    });
    const id = filed.json().complaint.id;
    const bad = await call("POST", `/api/complaints/${id}/answer`, admin, { text: "x", decision: "maybe" });
    expect(bad.statusCode).toBe(400);
    const decided = await call("POST", `/api/complaints/${id}/answer`, admin, {
      text: "the fourth foul was given",
      decision: "rejected",
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().complaint.answer).toMatchObject({
      text: "the fourth foul was given",
      decision: "rejected",
    });
    const seen = (await call("GET", `/api/tables/${finished}/complaints`, player)).json().complaints;
    expect(seen.find((c: { id: string }) => c.id === id).answer.decision).toBe("rejected");
  });

  it("refuses a complaint on an unknown table (404), with a bad body (400) or signed out (401)", async () => {
    expect(
      (await call("POST", "/api/tables/nope/complaints", player, { about: "game", text: "x" })).statusCode,
    ).toBe(404);
    expect(
      (await call("POST", `/api/tables/${finished}/complaints`, player, { about: "club", text: "x" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("POST", `/api/tables/${finished}/complaints`, undefined, { about: "game", text: "x" }))
        .statusCode,
    ).toBe(401);
  });
});
