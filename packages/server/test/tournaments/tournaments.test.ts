// Tournaments through the API on every database (docs/tournaments.md): the referees' roles, the
// players, every qualifying round drawn at once, a round dealt through the table service, a
// player replaced without the others moved, live standings from the stored results, the chief
// referee's correction and decision on an objection, the final of the best 12, and the night's
// standings from the same scoring.

import { replay } from "@misto/engine/testing";
import type { NightPage, StandingRow, TournamentPage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addHost,
  cookieOf as cookieOfResponse,
  type Harness,
  harness,
  PASSWORD,
  setUpClub,
} from "../helpers/api.js";
import { BACKENDS } from "../helpers/backends.js";
import { pdfText } from "../helpers/pdf-text.js";
import { quickFinish } from "../helpers/quick-game.js";

describe.each(BACKENDS.filter((b) => b.name !== "memory"))("tournaments on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  let chief: string;
  let member: string;
  const ids: Record<"admin" | "host" | "chief", string> = { admin: "", host: "", chief: "" };
  const cookieOf: Record<string, string> = {};

  const call = (method: "GET" | "POST" | "PUT", url: string, cookie: string, payload?: object) =>
    h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const me = async (cookie: string) => (await call("GET", "/api/me", cookie)).json().host.id as string;

  beforeAll(async () => {
    h = await harness(backend);
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    chief = await addHost(h, admin, "vera");
    ids.admin = await me(admin);
    ids.host = await me(host);
    ids.chief = await me(chief);
    cookieOf[ids.admin] = admin;
    cookieOf[ids.host] = host;
    cookieOf[ids.chief] = chief;
    await call("POST", "/api/people", admin, {
      name: "Ola",
      account: { login: "ola", password: PASSWORD, role: "member" },
    });
    const signIn = await h.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { login: "ola", password: PASSWORD },
    });
    member = cookieOfResponse(signIn);
  });
  afterAll(() => h.close());

  const body = (over: object = {}) => ({
    title: "Spring Cup",
    startsAt: Date.now(),
    rounds: 2,
    tables: 2,
    final: "best",
    chief: ids.chief,
    hosts: [ids.host, ids.admin],
    scoring: { win: 2 },
    ...over,
  });

  /** Plays every table of a round to its end, each by its host. */
  async function play(page: TournamentPage, n: number, seed: number) {
    const round = n > page.tournament.rounds ? page.final : page.rounds[n - 1];
    for (const [i, table] of (round?.tables ?? []).entries()) {
      await quickFinish(h, cookieOf[table.host?.id as string] as string, table.table as string, seed + i);
    }
  }

  /** The penalty each seat's removal costs by the default settings: fouls 0.5, disqualification 1. */
  async function penalties(table: string): Promise<Map<number, number>> {
    const state = replay((await h.store.readEvents(table)).map((e) => e.event));
    const out = new Map<number, number>();
    for (const s of state.seats)
      out.set(s.seat, s.out?.cause === "fouls" ? 0.5 : s.out?.cause === "disqualified" ? 1 : 0);
    return out;
  }

  /** The standings PDF read back: its title, and every JSON row, with its figures, in the same order. */
  async function expectStandingsPdf(url: string, rows: readonly StandingRow[]) {
    const res = await call("GET", url, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const { text, title } = await pdfText(res.rawPayload);
    expect(title).toBe("Турнірна таблиця");
    let at = 0;
    for (const r of rows) {
      const name = r.dropped ? `${r.person.name} (вибув)` : r.person.name;
      const line = `${r.place} ${name} ${r.score} ${r.games} ${r.wins} ${r.ratingPoints} ${r.penalties} ${r.final}`;
      const found = text.indexOf(line, at);
      expect(found, line).toBeGreaterThanOrEqual(at);
      at = found + line.length;
    }
  }

  const get = async (id: string, cookie = chief) =>
    (await call("GET", `/api/tournaments/${id}`, cookie)).json() as TournamentPage;

  it("runs a tournament: players, the draw, a replacement, standings, a correction, an objection, the final", async () => {
    // A host creates it; a member may not, nor may a chief who hosts nothing, nor too few hosts.
    const bad = await call("POST", "/api/tournaments", host, body({ chief: "nobody" }));
    expect(bad.statusCode).toBe(422);
    expect((await call("POST", "/api/tournaments", host, body({ hosts: [ids.host] }))).statusCode).toBe(422);
    const made = await call("POST", "/api/tournaments", host, body());
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json() as TournamentPage;
    const id = created.tournament.id;
    expect(created.scoring).toMatchObject({ win: 2, draw: 0, ratingPoints: true, finalMultiplier: 1.5 });
    // The host who made it is not its referee: only the chief (or the administration) runs it.
    expect(created.referee).toBe(false);
    expect((await call("POST", `/api/tournaments/${id}/players`, host, { name: "Zed" })).statusCode).toBe(
      403,
    );

    for (let i = 1; i <= 24; i++) {
      const res = await call("POST", `/api/tournaments/${id}/players`, chief, { name: `Cup player ${i}` });
      expect(res.statusCode, res.body).toBe(201);
      if (i === 23) {
        const early = await call("POST", `/api/tournaments/${id}/draw`, chief);
        expect(early.json().error).toBe("too_few_players");
      }
    }
    expect(
      (await call("POST", `/api/tournaments/${id}/players`, chief, { name: "Cup player 1" })).statusCode,
    ).toBe(409);

    // Every qualifying round drawn at once: two tables of 12, everyone seated once a round.
    const drawn = (await call("POST", `/api/tournaments/${id}/draw`, chief)).json() as TournamentPage;
    expect(drawn.rounds).toHaveLength(2);
    for (const round of drawn.rounds) {
      expect(round.tables).toHaveLength(2);
      expect(new Set(round.tables.flatMap((t) => t.seats.map((s) => s.person.id))).size).toBe(24);
    }
    const dealt = await call("POST", `/api/tournaments/${id}/rounds/1/tables`, chief);
    expect(dealt.statusCode, dealt.body).toBe(201);
    const one = (dealt.json() as TournamentPage).rounds[0];
    for (const t of one?.tables ?? []) {
      const seats = await h.store.listTableSeats(t.table as string);
      expect(seats.map((s) => s.personId)).toEqual(t.seats.map((s) => s.person.id));
      expect((await h.store.getTable(t.table as string))?.hostId).toBe(t.host?.id);
    }
    // Dealt: the draw is final, and so is the list of players.
    expect((await call("POST", `/api/tournaments/${id}/draw`, chief)).statusCode).toBe(409);
    expect((await call("POST", `/api/tournaments/${id}/players`, chief, { name: "Late" })).statusCode).toBe(
      409,
    );

    // A player of round 2 drops out: the newcomer takes his seats there, round 1 and everyone else stay.
    const before = await get(id);
    const leaver = before.rounds[1]?.tables[1]?.seats[4]?.person.id as string;
    const replaced = await call("POST", `/api/tournaments/${id}/players/${leaver}/replace`, chief, {
      name: "Newcomer",
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json() as TournamentPage;
    const newcomer = after.players.find((p) => p.person.name === "Newcomer")?.person.id as string;
    expect(after.players.find((p) => p.person.id === leaver)).toMatchObject({
      dropped: true,
      replacedBy: { id: newcomer },
    });
    expect(after.rounds[0]).toEqual(before.rounds[0]);
    const seatsOf = (p: TournamentPage) => p.rounds[1]?.tables.map((t) => t.seats.map((s) => s.person.id));
    const expected = seatsOf(before)?.map((t) => t.map((x) => (x === leaver ? newcomer : x)));
    expect(seatsOf(after)).toEqual(expected);
    expect(
      (await call("POST", `/api/tournaments/${id}/players/${leaver}/replace`, chief, { name: "Other" }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call("POST", `/api/tournaments/${id}/players/${newcomer}/replace`, chief, {
          name: "Cup player 2",
        })
      ).statusCode,
    ).toBe(409);

    // Standings live: before any game all zero; after round 1 each counts its one game.
    expect(after.standings.every((s) => s.games === 0 && s.score === 0)).toBe(true);
    expect((await call("POST", `/api/tournaments/${id}/final`, chief, {})).json().error).toBe(
      "rounds_not_over",
    );
    // Round 1's games are live: no viewer's page or standings holds a card (the leak test's words).
    for (const cookie of [host, member]) {
      const text = (await call("GET", `/api/tournaments/${id}`, cookie)).body;
      for (const card of ["don", "mafia", "commissar", "doctor", "maniac", "prostitute", "civilian"]) {
        expect(text, card).not.toMatch(new RegExp(`"${card}"`));
      }
    }
    await play(after, 1, 3);
    const live = await get(id, host);
    expect(live.standings).toHaveLength(25);
    for (const row of live.standings) expect(row.games).toBe(row.person.id === newcomer ? 0 : 1);
    const gameId = live.rounds[0]?.tables[0]?.table as string;
    const game = await h.store.getGame(gameId);
    const cost = await penalties(gameId);
    expect([...cost.values()].some((x) => x === 1)).toBe(true);
    for (const seat of game?.seats ?? []) {
      const row = live.standings.find((r) => r.person.id === seat.playerId) as StandingRow;
      const removal = cost.get(seat.seat) ?? 0;
      expect(row.score, seat.card).toBe((seat.result === "won" ? 2 : 0) + seat.points - removal);
    }

    // The chief referee corrects a seat's points: recorded as corrections are, the standings follow.
    const seat = game?.seats.find((s) => !s.admin) as NonNullable<typeof game>["seats"][number];
    const row = (p: TournamentPage) => p.standings.find((r) => r.person.id === seat.playerId) as StandingRow;
    const to = seat.points === 5 ? 4 : seat.points + 1;
    const path = `/api/tournaments/${id}/games/${gameId}/points`;
    expect((await call("PUT", path, host, { seat: seat.seat, points: to, reason: "x" })).statusCode).toBe(
      403,
    );
    const fixed = await call("PUT", path, chief, { seat: seat.seat, points: to, reason: "counted wrong" });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(row(fixed.json()).score).toBe(row(live).score + to - seat.points);
    const corrections = (await call("GET", `/api/games/${gameId}`, admin)).json().corrections;
    expect(corrections).toEqual([
      expect.objectContaining({
        seat: seat.seat,
        from: seat.points,
        to,
        by: { id: ids.chief, name: "Boris" },
        reason: "counted wrong",
      }),
    ]);
    const stranger = await call("PUT", `/api/tournaments/${id}/games/no-such-table/points`, chief, {
      seat: 1,
      points: 1,
      reason: "x",
    });
    expect(stranger.statusCode).toBe(404);

    // An objection (a CLUB-2 complaint) to one of its games: the chief referee decides it, once.
    const complaint = await call("POST", `/api/tables/${gameId}/complaints`, admin, {
      about: "game",
      text: "the vote was miscounted",
    });
    expect(complaint.statusCode, complaint.body).toBe(201);
    const cid = complaint.json().complaint.id as string;
    expect((await get(id)).objections).toEqual([expect.objectContaining({ id: cid, decision: null })]);
    expect((await get(id, host)).objections).toEqual([]);
    const decide = `/api/tournaments/${id}/objections/${cid}`;
    expect((await call("POST", decide, host, { decision: "rejected", reason: "no" })).statusCode).toBe(403);
    const decided = await call("POST", decide, chief, {
      decision: "upheld",
      reason: "seat 4's vote was lost",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((decided.json() as TournamentPage).objections[0]?.decision).toMatchObject({
      decision: "upheld",
      reason: "seat 4's vote was lost",
      by: { id: ids.chief },
    });
    expect((await call("POST", decide, chief, { decision: "rejected", reason: "again" })).statusCode).toBe(
      409,
    );
    const shown = (await call("GET", `/api/tables/${gameId}/complaints`, admin)).json().complaints[0];
    expect(shown.answer).toMatchObject({ decision: "upheld", text: "seat 4's vote was lost" });

    // Round 2, then the final: the best 12 still in, by the standings, at the chief referee's table.
    expect((await call("POST", `/api/tournaments/${id}/rounds/2/tables`, chief)).statusCode).toBe(201);
    await play(await get(id), 2, 5);
    expect((await call("POST", `/api/tournaments/${id}/final`, chief, { players: [] })).statusCode).toBe(400);
    const finalDrawn = await call("POST", `/api/tournaments/${id}/final`, chief, {});
    expect(finalDrawn.statusCode, finalDrawn.body).toBe(201);
    const page = finalDrawn.json() as TournamentPage;
    const best = page.standings
      .filter((s) => !s.dropped)
      .slice(0, 12)
      .map((s) => s.person.id);
    const finalists = page.final?.tables[0]?.seats.map((s) => s.person.id) ?? [];
    expect([...finalists].sort()).toEqual([...best].sort());
    expect(page.final?.tables[0]?.host?.id).toBe(ids.chief);
    expect((await call("POST", `/api/tournaments/${id}/final`, chief, {})).statusCode).toBe(409);
    const n = page.tournament.rounds + 1;
    expect((await call("POST", `/api/tournaments/${id}/rounds/${n}/tables`, chief)).statusCode).toBe(201);
    await play(await get(id), n, 7);
    const end = await get(id);
    const finalTable = end.final?.tables[0]?.table as string;
    const finalGame = await h.store.getGame(finalTable);
    const finalCost = await penalties(finalTable);
    for (const s of finalGame?.seats ?? []) {
      const r = end.standings.find((x) => x.person.id === s.playerId) as StandingRow;
      const removal = finalCost.get(s.seat) ?? 0;
      expect(r.final).toBe(((s.result === "won" ? 2 : 0) + s.points - removal) * 1.5);
      // The newcomer missed round 1.
      expect(r.games).toBe(s.playerId === newcomer ? 2 : 3);
    }
    expect(end.standings.some((r) => r.dropped)).toBe(true);
    await expectStandingsPdf(`/api/tournaments/${id}/standings.pdf?lang=uk`, end.standings);
    // The final's seating sheet prints like a night's round's; its game, over, prints its protocol.
    expect(end.final?.tables[0]?.over).toBe(true);
    const seating = await call("GET", `/api/tournaments/${id}/rounds/${n}/seating.pdf?lang=en`, member);
    expect(seating.statusCode, seating.body).toBe(200);
    const sheet = await pdfText(seating.rawPayload);
    expect(sheet.title).toBe(`Seating: round ${n}`);
    const seat1 = end.final?.tables[0]?.seats[0]?.person.name as string;
    expect(sheet.text).toContain(`1 1 ${seat1}`);
    expect((await call("GET", `/api/tournaments/${id}/rounds/${n + 1}/seating.pdf`, member)).statusCode).toBe(
      404,
    );
    expect((await h.app.inject({ url: `/api/tournaments/${id}/standings.pdf` })).statusCode).toBe(401);
    const listed = (await call("GET", "/api/tournaments", host)).json().tournaments;
    expect(listed).toEqual([
      expect.objectContaining({ id, players: 24, chief: { id: ids.chief, name: "Boris" } }),
    ]);
  }, 120_000);

  it("refuses what names nothing, and a member what a referee does", async () => {
    expect((await call("GET", "/api/tournaments/nope", host)).statusCode).toBe(404);
    const signIn = await call("POST", "/api/people", admin, {
      name: "Mila",
      account: { login: "mila", password: "correct horse battery", role: "member" },
    });
    expect(signIn.statusCode).toBe(201);
    const member = await h.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { login: "mila", password: "correct horse battery" },
    });
    const cookie = `misto_session=${member.cookies.find((c) => c.name === "misto_session")?.value}`;
    expect((await call("POST", "/api/tournaments", cookie, body())).statusCode).toBe(403);
    const id = (
      (await call("POST", "/api/tournaments", chief, body({ final: "none" }))).json() as TournamentPage
    ).tournament.id;
    expect((await call("GET", `/api/tournaments/${id}`, cookie)).statusCode).toBe(200);
    expect((await call("POST", `/api/tournaments/${id}/draw`, cookie)).statusCode).toBe(403);
    expect((await call("POST", `/api/tournaments/${id}/rounds/3/tables`, chief)).statusCode).toBe(404);
    expect(
      (await call("POST", `/api/tournaments/${id}/players`, chief, { person: "nobody" })).statusCode,
    ).toBe(422);
  });

  it("scores a club night's evening with the same module", async () => {
    const made = await call("POST", "/api/nights", host, {
      title: "Friday",
      startsAt: Date.now(),
      place: "Club",
      capacity: 12,
      tables: 1,
      hosts: [ids.host],
    });
    const night = (made.json() as NightPage).night.id;
    for (let i = 1; i <= 12; i++)
      await call("POST", `/api/nights/${night}/guests`, host, { name: `Night ${i}` });
    await call("POST", `/api/nights/${night}/rounds`, host, { balance: false });
    const page = (await call("POST", `/api/nights/${night}/rounds/1/tables`, host)).json() as NightPage;
    const empty = (await call("GET", `/api/nights/${night}/standings`, host)).json();
    expect(empty.standings).toHaveLength(12);
    expect(empty.standings.every((s: StandingRow) => s.games === 0)).toBe(true);
    const table = page.rounds[0]?.tables[0]?.table as string;
    await quickFinish(h, host, table, 3);
    const res = await call("GET", `/api/nights/${night}/standings`, host);
    expect(res.statusCode).toBe(200);
    const { standings, scoring } = res.json() as { standings: StandingRow[]; scoring: { win: number } };
    expect(scoring.win).toBe(1);
    const game = await h.store.getGame(table);
    const cost = await penalties(table);
    expect([...cost.values()].some((x) => x === 0.5)).toBe(true);
    for (const s of game?.seats ?? []) {
      const r = standings.find((x) => x.person.id === s.playerId) as StandingRow;
      const removal = cost.get(s.seat) ?? 0;
      expect(r.score).toBe((s.result === "won" ? 1 : 0) + s.points - removal);
    }
    expect((await call("GET", "/api/nights/nope/standings", host)).statusCode).toBe(404);
    await expectStandingsPdf(`/api/nights/${night}/standings.pdf?lang=uk`, standings);
    expect((await call("GET", "/api/nights/nope/standings.pdf", host)).statusCode).toBe(404);
  });
});
