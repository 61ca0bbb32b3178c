// The rating (docs/club.md "Rating", docs/api.md "Rating and archive"): each finished game's result
// stored with it, host corrections, seasons, the rating table, statistics — on every database.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../src/auth/password.js";
import {
  addHost,
  CARDS,
  cookieOf,
  type Harness,
  harness,
  PASSWORD,
  SEATS,
  setUpClub,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { finishGame, type RatingPlan } from "./helpers/finish.js";

interface RatingAnswer {
  season: { id: string; name: string; from: string; until: string } | null;
  rows: {
    place: number;
    person: { id: string; name: string; council: boolean };
    points: number;
    games: number;
    average: number;
    wins: number;
    skill: { mu: number; sigma: number; ordinal: number };
  }[];
}

// These tests play whole games through the API: on a busy machine one takes seconds, not milliseconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe.each(BACKENDS)("rating on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  let member: string;
  let adminPerson: string;
  const get = (url: string, cookie = host) => h.app.inject({ method: "GET", url, headers: { cookie } });

  /** A table seated with SEATS (seat 12 the admin Anna when `withAdmin`), the given cards, played to its end. */
  async function playedGame(plan: RatingPlan, options: { withAdmin?: boolean; pick?: number } = {}) {
    const seats = SEATS.map((s, i) =>
      options.withAdmin && i === 11 ? { name: "Anna", person: adminPerson } : s,
    );
    const res = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: { title: "Friday", seats, deal: { cards: CARDS } },
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: string }).id;
    const state = await finishGame(h, host, id, plan, options.pick ?? 1);
    return { id, state };
  }

  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    adminPerson = (await get("/api/me", admin)).json().host.person;
    member = await memberAccount("Vera", "vera");
  });

  /** A member account (docs/club.md): signs in, reads, runs no table. Its cookie. */
  async function memberAccount(name: string, login: string): Promise<string> {
    const at = Date.now();
    const person = {
      id: randomUUID(),
      name,
      kind: "member" as const,
      council: false,
      mergedInto: null,
      createdAt: at,
    };
    await h.store.createHost(
      {
        id: randomUUID(),
        name,
        login,
        role: "member",
        passwordHash: await hashPassword(PASSWORD),
        createdAt: at,
        personId: person.id,
      },
      person,
    );
    const res = await h.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { login, password: PASSWORD },
    });
    return cookieOf(res);
  }
  afterAll(() => h.close());

  it("RATE-3: a finished game's result is stored with it: points, cards, teams, how each seat left", async () => {
    const { id, state } = await playedGame({ nominate: [8, 9] });
    const game = await h.store.getGame(id);
    expect(game).not.toBeNull();
    expect(game?.winner).toBe(state.result?.winner);
    expect(game?.seats.map((s) => s.card)).toEqual(CARDS);
    expect(game?.seats.map((s) => s.points)).toEqual(state.rating?.points);
    // Everybody but seat 8 voted for 8; seat 8 voted for 9 (one vote: no points, RATE-3).
    expect(game?.seats[7]?.points).toBe(3);
    expect(game?.seats.reduce((sum, s) => sum + s.points, 0)).toBe(3);
    for (const seat of state.seats) {
      const stored = game?.seats[seat.seat - 1];
      expect(stored?.out === null).toBe(seat.out === null);
    }
    const page = await get(`/api/games/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().players[7]).toMatchObject({
      seat: 8,
      person: { name: "Player 8" },
      card: "civilian",
      points: 3,
      corrected: false,
    });
    expect(page.json().recap.length).toBeGreaterThan(5);
  });

  it("RATE-2: a game with no nominations gives no points, to anyone", async () => {
    const { id } = await playedGame({ nominate: [] });
    const game = await h.store.getGame(id);
    expect(game?.seats.map((s) => s.points)).toEqual(Array(12).fill(0));
    const page = (await get(`/api/games/${id}`)).json();
    expect(page.players.every((p: { points: number }) => p.points === 0)).toBe(true);
  });

  it("RATE-4: the host's bonus counts with the city's points, up to 5", async () => {
    const { id } = await playedGame({ nominate: [9, 10], bonus: { seat: 9, points: 2 } });
    const game = await h.store.getGame(id);
    expect(game?.seats[8]?.points).toBe(5);
  });

  it("RATE-7: the administration plays, gets no points, is never listed, and its seat cannot be corrected", async () => {
    const { id } = await playedGame({ nominate: [12, 8] }, { withAdmin: true });
    const game = await h.store.getGame(id);
    expect(game?.seats[11]).toMatchObject({ admin: true, points: 0, personId: adminPerson });
    const rating = (await get("/api/rating")).json() as RatingAnswer;
    expect(rating.rows.map((r) => r.person.id)).not.toContain(adminPerson);
    expect(rating.rows.map((r) => r.person.name)).not.toContain("Anna");
    const put = await h.app.inject({
      method: "PUT",
      url: `/api/games/${id}/points`,
      headers: { cookie: host },
      payload: { seat: 12, points: 3, reason: "she played well" },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json()).toMatchObject({ error: "rule", rule: "RATE-7" });
    expect((await h.store.getGame(id))?.seats[11]?.points).toBe(0);
    expect(await h.store.listCorrections(id)).toEqual([]);
    // Her own stats still list the game she played.
    const stats = (await get(`/api/people/${adminPerson}/stats`)).json();
    expect(stats.person).toMatchObject({ name: "Anna", role: "admin" });
    expect(stats.games.map((g: { table: string }) => g.table)).toContain(id);
  });

  it("a host's correction is recorded with who, when, from, to and why, and the rating counts it", async () => {
    const { id } = await playedGame({ nominate: [10] });
    const before = (await get("/api/rating")).json() as RatingAnswer;
    const p10 = before.rows.find((r) => r.person.name === "Player 10");
    const put = (payload: object, cookie = host, game = id) =>
      h.app.inject({ method: "PUT", url: `/api/games/${game}/points`, headers: { cookie }, payload });
    const t0 = Date.now();
    const res = await put({ seat: 10, points: 1, reason: "the contest was run wrongly" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ seat: 10, from: 3, points: 1, by: { name: "Boris" } });
    const after = (await get("/api/rating")).json() as RatingAnswer;
    expect(after.rows.find((r) => r.person.name === "Player 10")?.points).toBe((p10?.points ?? 0) - 2);
    const page = (await get(`/api/games/${id}`, member)).json();
    expect(page.players[9]).toMatchObject({ points: 1, corrected: true });
    expect(page.players[8]).toMatchObject({ corrected: false });
    expect(page.corrections).toEqual([
      {
        seat: 10,
        from: 3,
        to: 1,
        by: { id: expect.any(String), name: "Boris" },
        at: expect.any(Number),
        reason: "the contest was run wrongly",
      },
    ]);
    expect(page.corrections[0].at).toBeGreaterThanOrEqual(t0);
    // Refusals change nothing.
    expect((await put({ seat: 10, points: 6, reason: "x" })).statusCode).toBe(400);
    expect((await put({ seat: 13, points: 1, reason: "x" })).statusCode).toBe(400);
    expect((await put({ seat: 10, points: 1 })).statusCode).toBe(400);
    expect((await put({ seat: 10, points: 1, reason: "   " })).statusCode).toBe(400);
    expect((await put({ seat: 10, points: 2, reason: "x" }, member)).statusCode).toBe(403);
    expect((await put({ seat: 10, points: 2, reason: "x" }, host, "nope")).statusCode).toBe(404);
    expect(await h.store.listCorrections(id)).toHaveLength(1);
  });

  it("a table still being played is not in the archive, and its points cannot be corrected", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: { seats: SEATS, deal: { cards: CARDS } },
    });
    const id = res.json().id as string;
    expect((await get(`/api/games/${id}`)).statusCode).toBe(404);
    const games = (await get("/api/games")).json().games as { id: string }[];
    expect(games.map((g) => g.id)).not.toContain(id);
    const put = await h.app.inject({
      method: "PUT",
      url: `/api/games/${id}/points`,
      headers: { cookie: host },
      payload: { seat: 1, points: 1, reason: "x" },
    });
    expect(put.statusCode).toBe(404);
  });

  describe("seasons", () => {
    const post = (payload: object, cookie = admin) =>
      h.app.inject({ method: "POST", url: "/api/seasons", headers: { cookie }, payload });

    it("the admin sets named date ranges; overlapping or backwards ones are refused", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const year = Number(today.slice(0, 4));
      const now = await post({ name: "This year", from: `${year}-01-01`, until: `${year}-12-31` });
      expect(now.statusCode).toBe(201);
      expect(now.json()).toEqual({
        id: expect.any(String),
        name: "This year",
        from: `${year}-01-01`,
        until: `${year}-12-31`,
      });
      const last = await post({ name: "Last year", from: `${year - 1}-01-01`, until: `${year - 1}-12-31` });
      expect(last.statusCode).toBe(201);
      const overlap = await post({ name: "Summer", from: `${year}-06-01`, until: `${year + 1}-01-31` });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json()).toMatchObject({
        error: "overlap",
        message: expect.stringContaining("This year"),
      });
      expect(
        (await post({ name: "Back", from: `${year + 2}-05-01`, until: `${year + 2}-04-01` })).statusCode,
      ).toBe(400);
      expect(
        (await post({ name: "Feb", from: `${year + 3}-02-30`, until: `${year + 3}-03-01` })).statusCode,
      ).toBe(400);
      expect((await post({ name: "Bad", from: "soon", until: `${year + 3}-03-01` })).statusCode).toBe(400);
      expect(
        (await post({ name: "Host's", from: `${year + 4}-01-01`, until: `${year + 4}-01-02` }, host))
          .statusCode,
      ).toBe(403);
      const list = (await get("/api/seasons", member)).json();
      expect(list.seasons.map((s: { name: string }) => s.name)).toEqual(["This year", "Last year"]);

      // A game counts in the season its end falls in.
      const thisYear = (await get(`/api/rating?season=${now.json().id}`)).json() as RatingAnswer;
      const allTime = (await get("/api/rating")).json() as RatingAnswer;
      expect(thisYear.season).toEqual(now.json());
      expect(allTime.season).toBeNull();
      expect(thisYear.rows).toEqual(allTime.rows);
      const lastYear = (await get(`/api/rating?season=${last.json().id}`)).json() as RatingAnswer;
      expect(lastYear.rows).toEqual([]);
      expect((await get("/api/rating?season=nope")).statusCode).toBe(404);

      const del = (id: string, cookie = admin) =>
        h.app.inject({ method: "DELETE", url: `/api/seasons/${id}`, headers: { cookie } });
      expect((await del(last.json().id, host)).statusCode).toBe(403);
      expect((await del(last.json().id)).statusCode).toBe(204);
      expect((await del(last.json().id)).statusCode).toBe(404);
      expect((await get("/api/seasons")).json().seasons).toHaveLength(1);
    });
  });

  it("the rating table: every player's points, games, average and wins, ordered by the tie-break, with skill", async () => {
    const res = await get("/api/rating", member);
    expect(res.statusCode).toBe(200);
    const { rows } = res.json() as RatingAnswer;
    const games = await h.store.listGames();
    for (const row of rows) {
      const seats = games.flatMap((g) => g.seats.filter((s) => s.personId === row.person.id));
      expect(row.games).toBe(seats.length);
      expect(row.points).toBe(seats.reduce((sum, s) => sum + s.points, 0));
      expect(row.wins).toBe(seats.filter((s) => s.result === "won").length);
      expect(row.average).toBeCloseTo(row.points / row.games, 2);
      expect(row.skill.ordinal).toBeCloseTo(row.skill.mu - 3 * row.skill.sigma, 10);
    }
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1] as RatingAnswer["rows"][number];
      const b = rows[i] as RatingAnswer["rows"][number];
      expect(a.place).toBe(i);
      const order =
        b.points - a.points ||
        b.points / b.games - a.points / a.games ||
        b.wins - a.wins ||
        a.games - b.games;
      expect(order < 0 || (order === 0 && a.person.name <= b.person.name)).toBe(true);
    }
    expect((await h.app.inject({ method: "GET", url: "/api/rating" })).statusCode).toBe(401);
  });

  it("a player's page: his games oldest first, wins by team and by card, how he left, his skill history", async () => {
    const games = await h.store.listGames();
    const person = games[0]?.seats[4]?.personId as string;
    const res = await get(`/api/people/${person}/stats`, member);
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const mine = games.flatMap((g) => g.seats.filter((s) => s.personId === person).map((s) => ({ g, s })));
    expect(stats.person).toMatchObject({ id: person, name: "Player 5", kind: "guest", role: null });
    expect(stats.games.map((x: { table: string }) => x.table)).toEqual(mine.map((m) => m.g.id));
    expect(stats.games[0]).toMatchObject({ card: "commissar", team: "red", title: "Friday" });
    expect(stats.totals.games).toBe(mine.length);
    expect(stats.totals.points).toBe(mine.reduce((sum, m) => sum + m.s.points, 0));
    expect(stats.byTeam.red.games).toBe(mine.length);
    expect(stats.byCard.commissar).toEqual({
      games: mine.length,
      wins: mine.filter((m) => m.s.result === "won").length,
    });
    expect(stats.votedOut).toBe(mine.filter((m) => m.s.out?.cause === "voted").length);
    expect(stats.shotAtNight).toBe(mine.filter((m) => m.s.out?.cause === "night").length);
    expect(stats.skill).toHaveLength(mine.length);
    expect(stats.skill.map((x: { table: string }) => x.table)).toEqual(mine.map((m) => m.g.id));
    expect((await get("/api/people/nope/stats")).statusCode).toBe(404);
  });

  it("the club's page: wins by season, mean game length, eliminations by cause, the note", async () => {
    const res = await get("/api/club/stats", member);
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const games = await h.store.listGames();
    expect(stats.seasons[0]).toMatchObject({ season: null, games: games.length });
    const w = stats.seasons[0];
    expect(w.red + w.black + w.draw).toBe(games.length);
    expect(stats.seasons.slice(1).map((s: { season: { name: string } }) => s.season.name)).toEqual([
      "This year",
    ]);
    expect(stats.length.games).toBe(games.length);
    expect(stats.length.meanDays).toBeCloseTo(games.reduce((sum, g) => sum + g.days, 0) / games.length, 2);
    const outs = games.flatMap((g) => g.seats.filter((s) => s.out));
    const e = stats.eliminations;
    expect(e.voted + e.night + e.grave + e.removed).toBe(outs.length);
    expect(stats.note).toEqual({ games: games.length, read: games.filter((g) => g.noteRead).length });
  });

  it("the archive: finished games newest first, filtered by dates, host, player and winner", async () => {
    const all = (await get("/api/games", member)).json().games as {
      id: string;
      endedAt: number;
      winner: string;
      host: { id: string; name: string };
      players: { seat: number; person: { id: string; name: string } }[];
    }[];
    const stored = await h.store.listGames();
    expect(all.map((g) => g.id)).toEqual(stored.map((g) => g.id).reverse());
    expect(all[0]?.players).toHaveLength(12);
    expect(all[0]?.host.name).toBe("Boris");
    for (const winner of ["red", "black", "draw"]) {
      const some = (await get(`/api/games?winner=${winner}`)).json().games as { id: string }[];
      expect(some.map((g) => g.id)).toEqual(all.filter((g) => g.winner === winner).map((g) => g.id));
    }
    const withAnna = (await get(`/api/games?player=${adminPerson}`)).json().games;
    expect(withAnna).toHaveLength(1);
    const hostId = all[0]?.host.id as string;
    expect((await get(`/api/games?host=${hostId}`)).json().games).toHaveLength(all.length);
    expect((await get(`/api/games?host=${randomUUID()}`)).json().games).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/api/games?from=${today}&until=${today}`)).json().games).toHaveLength(all.length);
    expect((await get("/api/games?until=2000-01-01")).json().games).toHaveLength(0);
    expect((await get("/api/games?winner=grey")).statusCode).toBe(400);
    expect((await get("/api/games?from=2026-02-30")).statusCode).toBe(400);
  });
});
