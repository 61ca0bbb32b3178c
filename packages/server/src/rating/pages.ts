// The rating's answers built from the stored totals (store/archive-types.ts): the rating table's
// order and skill, a player's page from his seats' sums and a page of his games, the club's page
// from its sums. Pure; the same numbers the full replay gives (ledger.ts, skill.ts, stats.ts, table.ts).

import { ordinal, rating } from "openskill";
import type { PlayerGameRow, PlayerGroup, TotalsRow } from "../store/archive-types.js";
import type { SeasonRow } from "../store/index.js";
import type { LeftBy } from "./result.js";
import { NEW_SKILL, type Skill, type SkillStep } from "./skill.js";
import type { ClubStats, PlayerGame, PlayerStats } from "./stats.js";
import { compareTallies, type RatingRow } from "./table.js";

const round2 = (n: number) => Math.round(n * 100) / 100;

const skillOf = (s: { mu: number; sigma: number } | null): Skill =>
  s ? { mu: s.mu, sigma: s.sigma, ordinal: ordinal(rating({ mu: s.mu, sigma: s.sigma })) } : NEW_SKILL;

/** The rows in the documented order (table.ts compareTallies), placed. */
export function ratingRows(totals: readonly TotalsRow[]): RatingRow[] {
  return [...totals].sort(compareTallies).map((t, i) => ({
    place: i + 1,
    person: t.person,
    points: t.points,
    games: t.games,
    average: round2(t.points / t.games),
    wins: t.wins,
    skill: skillOf(t.skill),
  }));
}

/** A player's page: the sums over every game he played, and the page of games (oldest first). */
export function playerPage(
  groups: readonly PlayerGroup[],
  page: readonly PlayerGameRow[],
): Omit<PlayerStats, "games" | "skill"> & { games: PlayerGame[]; skill: SkillStep[] } {
  const byTeam = { red: { games: 0, wins: 0 }, black: { games: 0, wins: 0 } };
  const byCard: Record<string, { games: number; wins: number }> = {};
  let games = 0;
  let wins = 0;
  let points = 0;
  let votedOut = 0;
  let shotAtNight = 0;
  for (const g of groups) {
    const won = g.result === "won" ? g.games : 0;
    games += g.games;
    wins += won;
    points += g.points;
    byTeam[g.team].games += g.games;
    byTeam[g.team].wins += won;
    const card = byCard[g.card] ?? { games: 0, wins: 0 };
    byCard[g.card] = card;
    card.games += g.games;
    card.wins += won;
    if (g.out === "voted") votedOut += g.games;
    if (g.out === "night") shotAtNight += g.games;
  }
  const oldestFirst = [...page].reverse();
  return {
    games: oldestFirst.map((g) => ({
      table: g.table,
      title: g.title,
      endedAt: g.endedAt,
      card: g.card,
      team: g.team,
      result: g.result,
      points: g.points,
      out: g.out,
    })),
    totals: { games, wins, points, average: games ? round2(points / games) : 0 },
    byTeam,
    byCard,
    votedOut,
    shotAtNight,
    skill: oldestFirst.flatMap((g) =>
      g.skill ? [{ table: g.table, endedAt: g.endedAt, ...skillOf(g.skill) }] : [],
    ),
  };
}

/** The club's page from its sums per scope ('all', each season's id). */
export function clubPage(
  totals: ReadonlyMap<string, Record<string, number>>,
  seasons: readonly SeasonRow[],
): ClubStats<SeasonRow> {
  const of = (scope: string) => totals.get(scope) ?? {};
  const n = (scope: string, key: string) => of(scope)[key] ?? 0;
  const all = n("all", "games");
  const mean = (key: string, unit = 1) => (all ? round2(n("all", key) / unit / all) : 0);
  const wins = (season: SeasonRow | null) => {
    const scope = season ? season.id : "all";
    return {
      season,
      games: n(scope, "games"),
      red: n(scope, "red"),
      black: n(scope, "black"),
      draw: n(scope, "draw"),
    };
  };
  const eliminations = Object.fromEntries(
    (["voted", "night", "grave", "removed"] as const).map((c) => [c, n("all", c)]),
  ) as Record<LeftBy, number>;
  return {
    seasons: [wins(null), ...seasons.map(wins)],
    length: {
      games: all,
      meanDays: mean("days"),
      meanNights: mean("nights"),
      meanMinutes: mean("duration_ms", 60_000),
    },
    eliminations,
    note: { games: all, read: n("all", "note_read") },
  };
}
