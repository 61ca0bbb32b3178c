// The night's board for a TV (docs/club-nights.md "On a TV and on stream"), on every database: no
// sign-in needed; the round being played with its tables, the next round's seating once drawn, and
// the standings from the stored results of the night's closed games only (wins and points per
// player, the administration unranked). No card and no game fact is in any answer while a game runs.

import type { BoardAnswer, NightPage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameRow } from "../../src/store/index.js";
import {
  addHost,
  commandId,
  type Harness,
  harness,
  nextAction,
  send,
  setUpClub,
  tableState,
} from "../helpers/api.js";
import { BACKENDS } from "../helpers/backends.js";
import { finishGame } from "../helpers/finish.js";

const CARD_WORDS = ["don", "mafia", "prostitute", "commissar", "doctor", "maniac", "civilian"];

describe.each(BACKENDS.filter((b) => b.name !== "memory"))("the night's board on $name", (backend) => {
  let h: Harness;
  let host: string;
  let night: string;

  const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
    h.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const board = async () => {
    const res = await call("GET", `/api/nights/${night}/board`);
    expect(res.statusCode, res.body).toBe(200);
    for (const word of CARD_WORDS) expect(res.body).not.toContain(`"${word}"`);
    expect(res.body).not.toContain('"events"');
    expect(res.body).not.toContain('"view"');
    return res.json() as BoardAnswer;
  };

  beforeAll(async () => {
    h = await harness(backend);
    const admin = await setUpClub(h);
    host = await addHost(h, admin);
    const hostId = (await call("GET", "/api/me", host)).json().host.id;
    const made = await call("POST", "/api/nights", host, {
      title: "Friday",
      startsAt: Date.now(),
      place: "Club room",
      capacity: 20,
      tables: 1,
      hosts: [hostId],
    });
    night = (made.json() as NightPage).night.id;
    for (let i = 1; i <= 13; i++)
      await call("POST", `/api/nights/${night}/guests`, host, { name: `Guest ${i}` });
  });
  afterAll(() => h.close());

  it("shows the evening without a sign-in: the round played, the next drawn, the standings once a game closes", async () => {
    expect((await call("GET", "/api/nights/no-such-night/board")).statusCode).toBe(404);
    const empty = await board();
    expect(empty).toMatchObject({ current: null, next: null, standings: [] });
    expect(empty.night.title).toBe("Friday");

    // Drawn, not dealt: the next round's seating.
    await call("POST", `/api/nights/${night}/rounds`, host, { balance: false });
    const drawn = await board();
    expect(drawn.current).toBeNull();
    expect(drawn.next?.tables[0]?.seats).toHaveLength(12);
    expect(drawn.next?.out).toHaveLength(1);
    await call("POST", `/api/nights/${night}/rounds/1/tables`, host);
    const dealt = await board();
    expect(dealt.next).toBeNull();
    const table = dealt.current?.tables[0]?.table as string;
    expect(table).toBeTruthy();
    expect(dealt.current?.tables[0]?.host?.name).toBeTruthy();

    // Mid-game: the seated players at nought (nothing of the game counted), nothing of the game;
    // each step scanned.
    let { state, seq } = await tableState(h, host, table);
    for (let i = 0; i < 30 && state.phase.kind !== "closed"; i++) {
      const action = nextAction(state);
      if (!action) break;
      await send(h, host, table, { id: commandId(), seq, command: action });
      ({ state, seq } = await tableState(h, host, table));
      const mid = (await board()).standings;
      expect(mid).toHaveLength(12);
      for (const row of mid) expect(row).toMatchObject({ games: 0, wins: 0, score: 0, ratingPoints: 0 });
    }
    const final = await finishGame(h, host, table, { nominate: [3] });
    const after = await board();
    const game = (await h.store.getGame(table)) as GameRow;
    expect(after.standings).toHaveLength(12);
    for (const row of after.standings) {
      const seat = game.seats.find((s) => s.playerId === row.person.id);
      expect(seat, row.person.name).toBeDefined();
      expect(row).toMatchObject({
        games: 1,
        wins: seat?.result === "won" ? 1 : 0,
        ratingPoints: seat?.points,
      });
      expect(row.person.name).toMatch(/^Guest \d+$/);
    }
    expect(final.result?.winner).toBe(game.winner);
    const places = after.standings.map((s) => s.place);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    const scores = after.standings.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // The next round drawn: the seating shows beside the round that was played.
    await call("POST", `/api/nights/${night}/rounds`, host, { balance: false });
    const next = await board();
    expect(next.current?.n).toBe(1);
    expect(next.next?.n).toBe(2);
    expect(next.standings).toEqual(after.standings);
  }, 60_000);
});
