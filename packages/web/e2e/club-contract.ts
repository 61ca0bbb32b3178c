// The club API's contract (docs/api.md, "The club") answered inside the browser context from
// fixtures, for the browser tests that check the club pages themselves (layout, interaction,
// accessibility) apart from the server. The game in the fixtures is a real bot game: its recap is
// built by the record package, its cards and points come from replaying it with the engine.

import { playGame } from "@misto/bots";
import { type GameEvent, replay, type Seat } from "@misto/engine/testing";
import { recap, toRecord } from "@misto/record";
import type { BrowserContext, Route } from "playwright-core";
import type {
  ArchivedGame,
  ClubStats,
  Correction,
  GamePage,
  PersonStats,
  RatingRow,
  Season,
} from "../src/api/club.js";

const NAMES = [
  "Mykola",
  "Taras",
  "Iryna",
  "Bohdan",
  "Oksana",
  "Dmytro",
  "Nadiia",
  "Andrii",
  "Sofiia",
  "Yurii",
  "Larysa",
  "Maksym",
];
const person = (seat: number) => ({ id: `p${seat}`, name: NAMES[seat - 1] as string });
const HOST = { id: "p0", name: "Roksolana" };
const DAY = 86_400_000;
const ENDED = Date.UTC(2026, 10, 20, 21, 0);

export const SEASONS: Season[] = [
  { id: "s2", name: "Autumn 2026", from: "2026-09-01", until: "2026-11-30" },
  { id: "s1", name: "Summer 2026", from: "2026-06-01", until: "2026-08-31" },
];

/** The fixture club: one bot game in full, two more in the archive, and what the pages read. */
export interface ContractClub {
  game: GamePage;
  archived: ArchivedGame[];
  rows: RatingRow[];
  stats: PersonStats;
  club: ClubStats;
}

export function contractClub(): ContractClub {
  const played = playGame({ seed: "club-contract-1", bots: "heuristic", record: true });
  const events = played.events as GameEvent[];
  const state = replay(events);
  const points = state.rating?.points ?? [];
  const game: GamePage = {
    id: "g1",
    title: "Friday final",
    endedAt: ENDED,
    host: HOST,
    winner: played.winner,
    players: state.seats.map((s, i) => ({
      seat: i + 1,
      person: person(i + 1),
      card: s.card,
      points: i === 0 ? 0 : (points[i] ?? 0),
      corrected: false,
    })),
    recap: recap(toRecord(events)),
    corrections: [],
  };
  const archived: ArchivedGame[] = [
    { ...summary(game), online: false },
    {
      id: "g2",
      title: "Thursday",
      endedAt: ENDED - 8 * DAY,
      host: HOST,
      winner: "black",
      online: true,
      players: [],
    },
    {
      id: "g3",
      title: "",
      endedAt: ENDED - 15 * DAY,
      host: { id: "p5", name: "Oksana" },
      winner: "draw",
      online: false,
      players: [],
    },
  ];
  const rows: RatingRow[] = game.players
    .filter((p) => p.seat !== 1)
    .map((p) => ({
      person: { ...p.person, council: p.seat === 3 },
      points: p.points + 4,
      games: 3,
      wins: p.seat % 3,
    }))
    .sort((a, b) => b.points - a.points || a.person.name.localeCompare(b.person.name))
    .map((r, i) => ({
      ...r,
      place: i + 1,
      average: r.points / r.games,
      skill: { mu: 25 + r.points, sigma: 6.5, ordinal: 5.5 + r.points },
    }));
  const stats: PersonStats = {
    before: null,
    person: { id: "p3", name: "Iryna", kind: "member", council: true, role: null },
    games: [
      {
        table: "g3",
        title: "",
        endedAt: ENDED - 15 * DAY,
        card: "commissar",
        team: "red",
        result: "draw",
        points: 0,
        out: { cause: "night", when: "night", n: 1 },
      },
      {
        table: "g2",
        title: "Thursday",
        endedAt: ENDED - 8 * DAY,
        card: "don",
        team: "black",
        result: "won",
        points: 3,
        out: null,
      },
      {
        table: "g1",
        title: "Friday final",
        endedAt: ENDED,
        card: "civilian",
        team: "red",
        result: "lost",
        points: 1,
        out: { cause: "voted", when: "day", n: 2 },
      },
    ],
    totals: { games: 3, wins: 1, points: 4, average: 4 / 3 },
    byTeam: { red: { games: 2, wins: 0 }, black: { games: 1, wins: 1 } },
    byCard: { commissar: { games: 1, wins: 0 }, don: { games: 1, wins: 1 }, civilian: { games: 1, wins: 0 } },
    votedOut: 1,
    shotAtNight: 1,
    skill: [
      { table: "g3", endedAt: ENDED - 15 * DAY, mu: 25, sigma: 8.1, ordinal: 0.7 },
      { table: "g2", endedAt: ENDED - 8 * DAY, mu: 27.2, sigma: 7.4, ordinal: 5 },
      { table: "g1", endedAt: ENDED, mu: 26.4, sigma: 6.9, ordinal: 5.7 },
    ],
  };
  const club: ClubStats = {
    seasons: [
      { season: null, games: 30, red: 17, black: 11, draw: 2 },
      { season: SEASONS[0] as Season, games: 18, red: 10, black: 7, draw: 1 },
      { season: SEASONS[1] as Season, games: 12, red: 7, black: 4, draw: 1 },
    ],
    length: { games: 30, meanDays: 3.4, meanNights: 3.1, meanMinutes: 74 },
    eliminations: { voted: 81, night: 77, grave: 9, removed: 4 },
    note: { games: 30, read: 12 },
  };
  return { game, archived, rows, stats, club };
}

function summary(game: GamePage): Omit<ArchivedGame, "online"> {
  const { id, title, endedAt, host, winner } = game;
  return {
    id,
    title,
    endedAt,
    host,
    winner,
    players: game.players.map((p) => ({ seat: p.seat, person: p.person })),
  };
}

/** What the pages asked of the contract, in order ("PUT /api/games/g1/points {…}"). */
export interface Asked {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/**
 * Answers the club routes in `context` from the fixtures (the rest goes to the real server: the
 * session, the tables). Filters and corrections act on the fixtures as the contract says.
 */
export async function answerClubRoutes(context: BrowserContext): Promise<Asked[]> {
  const club = contractClub();
  const asked: Asked[] = [];
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  await context.route(/\/api\/(seasons|rating|people|club|games)(\/|\?|$)/, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const method = request.method();
    const body = request.postData() ? (JSON.parse(request.postData() as string) as unknown) : null;
    asked.push({ method, path: `${url.pathname}${url.search}`, body });
    const path = url.pathname;
    const q = url.searchParams;
    if (path === "/api/seasons" && method === "GET") return json(route, 200, { seasons: SEASONS });
    if (path === "/api/seasons" && method === "POST")
      return json(route, 201, { id: "s3", ...(body as object) });
    if (path.startsWith("/api/seasons/") && method === "DELETE") return route.fulfill({ status: 204 });
    if (path === "/api/rating") {
      const season = SEASONS.find((s) => s.id === q.get("season")) ?? null;
      return json(route, 200, { season, rows: club.rows });
    }
    if (path === "/api/people") {
      const text = (q.get("q") ?? "").toLowerCase();
      const people = NAMES.map((name, i) => ({ id: `p${i + 1}`, name, kind: "member", council: false }));
      return json(route, 200, { people: people.filter((p) => p.name.toLowerCase().includes(text)) });
    }
    if (path === "/api/people/p3/stats") return json(route, 200, club.stats);
    if (path === "/api/club/stats") return json(route, 200, club.club);
    if (path === "/api/games") {
      const games = club.archived.filter(
        (g) =>
          (!q.get("winner") || g.winner === q.get("winner")) &&
          (!q.get("host") || g.host.id === q.get("host")) &&
          (!q.get("player") || g.players.some((p) => p.person.id === q.get("player"))),
      );
      // Pages of two, as the server pages (its cursor is opaque: here, the index to go on from).
      const from = Number(q.get("after") ?? 0);
      const next = from + 2 < games.length ? String(from + 2) : null;
      const hosts = [...new Map(club.archived.map((g) => [g.host.id, g.host])).values()].sort((a, b) =>
        a.name.localeCompare(b.name),
      );
      return json(route, 200, { games: games.slice(from, from + 2), next, hosts });
    }
    if (path === "/api/games/g1") return json(route, 200, club.game);
    if (path === "/api/games/g1/points" && method === "PUT") {
      const { seat, points, reason } = body as { seat: Seat; points: number; reason: string };
      const players = club.game.players.map((p) => (p.seat === seat ? { ...p, points, corrected: true } : p));
      const from = club.game.players[seat - 1]?.points ?? 0;
      const correction: Correction = {
        seat,
        from,
        to: points,
        by: { id: "p1", name: "Mykola" },
        at: ENDED + DAY,
        reason,
      };
      club.game = { ...club.game, players, corrections: [...club.game.corrections, correction] };
      // The server answers the correction; the page then reads the game again.
      return json(route, 200, { seat, from, points, by: correction.by, at: correction.at, reason });
    }
    if (path === "/api/games/import" && method === "POST") {
      const records = (body as { records?: unknown[] }).records;
      if (records && records.length > 1)
        return json(route, 400, {
          error: "invalid_record",
          message: "The records have problems.",
          problems: ["records/1/events/12: DAY-3 a seat votes once", "records/2: not a Misto record"],
        });
      return json(route, 201, { imported: ["g1"] });
    }
    return json(route, 404, { error: "not_found", message: `no fixture for ${method} ${path}` });
  });
  return asked;
}
