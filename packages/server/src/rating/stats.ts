// A player's statistics and the club's, from the finished games. Pure: the routes load the games.

import type { Period, PlayedGame } from "./played.js";
import { endsIn } from "./played.js";
import type { LeftBy, SeatOut } from "./result.js";
import type { SkillStep } from "./skill.js";

export interface PlayerGame {
  readonly table: string;
  readonly title: string;
  readonly endedAt: number;
  readonly card: string;
  readonly team: "red" | "black";
  readonly result: "won" | "lost" | "draw";
  readonly points: number;
  readonly out: SeatOut | null;
}

interface Count {
  games: number;
  wins: number;
}

export interface PlayerStats {
  readonly games: PlayerGame[];
  readonly totals: { games: number; wins: number; points: number; average: number };
  readonly byTeam: { red: Count; black: Count };
  readonly byCard: Record<string, Count>;
  readonly votedOut: number;
  readonly shotAtNight: number;
  readonly skill: SkillStep[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The person's games (oldest first) and what they add up to. */
export function playerStats(
  personId: string,
  games: readonly PlayedGame[],
  skill: readonly SkillStep[],
): PlayerStats {
  const played: PlayerGame[] = [];
  const byTeam = { red: { games: 0, wins: 0 }, black: { games: 0, wins: 0 } };
  const byCard: Record<string, Count> = {};
  let wins = 0;
  let points = 0;
  let votedOut = 0;
  let shotAtNight = 0;
  for (const game of games) {
    const seat = game.seats.find((s) => s.person.id === personId);
    if (!seat) continue;
    const won = seat.result === "won" ? 1 : 0;
    played.push({
      table: game.id,
      title: game.title,
      endedAt: game.endedAt,
      card: seat.card,
      team: seat.team,
      result: seat.result,
      points: seat.points,
      out: seat.out,
    });
    wins += won;
    points += seat.points;
    byTeam[seat.team].games += 1;
    byTeam[seat.team].wins += won;
    const card = byCard[seat.card] ?? { games: 0, wins: 0 };
    byCard[seat.card] = card;
    card.games += 1;
    card.wins += won;
    if (seat.out?.cause === "voted") votedOut += 1;
    if (seat.out?.cause === "night") shotAtNight += 1;
  }
  return {
    games: played,
    totals: {
      games: played.length,
      wins,
      points,
      average: played.length ? round2(points / played.length) : 0,
    },
    byTeam,
    byCard,
    votedOut,
    shotAtNight,
    skill: [...skill],
  };
}

export interface SeasonWins<S> {
  readonly season: S | null;
  readonly games: number;
  readonly red: number;
  readonly black: number;
  readonly draw: number;
}

export interface ClubStats<S> {
  /** All time first (season null), then each season as given. */
  readonly seasons: SeasonWins<S>[];
  readonly length: { games: number; meanDays: number; meanNights: number; meanMinutes: number };
  readonly eliminations: Record<LeftBy, number>;
  readonly note: { games: number; read: number };
}

function wins<S>(season: S | null, games: readonly PlayedGame[]): SeasonWins<S> {
  const count = { red: 0, black: 0, draw: 0 };
  for (const game of games) count[game.winner] += 1;
  return { season, games: games.length, ...count };
}

/** The club's win rates by season, game length, eliminations by cause and the note's use. */
export function clubStats<S extends Period>(
  games: readonly PlayedGame[],
  seasons: readonly S[],
): ClubStats<S> {
  const n = games.length;
  const mean = (f: (g: PlayedGame) => number) =>
    n ? round2(games.reduce((sum, g) => sum + f(g), 0) / n) : 0;
  const eliminations: Record<LeftBy, number> = { voted: 0, night: 0, grave: 0, removed: 0 };
  for (const game of games) for (const seat of game.seats) if (seat.out) eliminations[seat.out.cause] += 1;
  return {
    seasons: [
      wins<S>(null, games),
      ...seasons.map((season) =>
        wins(
          season,
          games.filter((g) => endsIn(g, season)),
        ),
      ),
    ],
    length: {
      games: n,
      meanDays: mean((g) => g.days),
      meanNights: mean((g) => g.nights),
      meanMinutes: mean((g) => (g.endedAt - g.startedAt) / 60_000),
    },
    eliminations,
    note: { games: n, read: games.filter((g) => g.noteRead).length },
  };
}
