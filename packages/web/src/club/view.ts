// The club pages' view models: numbers and dates in the reader's language, shares, and the series
// the charts draw. Pure (no browser, no fetch): the unit tests read them.

import { CARDS, type Card } from "@misto/engine";
import type { ClubStats, OutCause, PersonStats, PlayedGame, SeasonResults } from "../api/club.js";

/** A number in the reader's language with at most `digits` decimals ("2,5" in ru and uk). */
export function formatNumber(value: number, lang: string, digits = 2): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
}

/** A share 0…1 as a whole percentage ("67 %" or "67%" as the language writes it). */
export function formatPercent(share: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(share);
}

/** A day ("YYYY-MM-DD", read as that calendar day wherever the reader is) or a time (epoch ms). */
export function formatDate(value: string | number, lang: string): string {
  const date =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00Z`)
      : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const timeZone = typeof value === "string" ? "UTC" : undefined;
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) }).format(
    date,
  );
}

/** wins / games, 0 when there were no games (never NaN on a page). */
export function share(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/** A point of a chart's series: where on the x axis, the value, and its words for the text alternative. */
export interface SeriesPoint {
  readonly x: number;
  readonly y: number;
  readonly label: string;
}

/** Points per game, oldest first: each game's points, and the player's average after it. */
export function pointsSeries(games: readonly PlayedGame[]): {
  points: SeriesPoint[];
  average: SeriesPoint[];
} {
  let total = 0;
  const points: SeriesPoint[] = [];
  const average: SeriesPoint[] = [];
  games.forEach((game, i) => {
    total += game.points;
    const label = game.title || game.table;
    points.push({ x: i + 1, y: game.points, label });
    average.push({ x: i + 1, y: total / (i + 1), label });
  });
  return { points, average };
}

/**
 * The skill after each game, oldest first: the ordinal the club ranks by, the estimate μ, and the
 * band μ ± σ around the estimate.
 */
export function skillSeries(skill: PersonStats["skill"]): {
  ordinal: SeriesPoint[];
  mu: SeriesPoint[];
  low: SeriesPoint[];
  high: SeriesPoint[];
} {
  const at = (y: (s: PersonStats["skill"][number]) => number) =>
    skill.map((s, i) => ({ x: i + 1, y: y(s), label: s.table }));
  return {
    ordinal: at((s) => s.ordinal),
    mu: at((s) => s.mu),
    low: at((s) => s.mu - s.sigma),
    high: at((s) => s.mu + s.sigma),
  };
}

/** A bar of a bar chart: its key (for the words), its count and its share of the whole. */
export interface Bar<K extends string = string> {
  readonly key: K;
  readonly count: number;
  readonly share: number;
}

function bars<K extends string>(keys: readonly K[], counts: Readonly<Record<K, number>>): Bar<K>[] {
  const whole = keys.reduce((sum, key) => sum + counts[key], 0);
  return keys.map((key) => ({ key, count: counts[key], share: share(counts[key], whole) }));
}

export const OUT_CAUSES: readonly OutCause[] = ["voted", "night", "grave", "removed"];
export const RESULTS = ["red", "black", "draw"] as const;

/** Eliminations by cause, each with its share of all eliminations. */
export function eliminationBars(eliminations: ClubStats["eliminations"]): Bar<OutCause>[] {
  return bars(OUT_CAUSES, eliminations);
}

/** A season's games split into red, black and draw, each with its share of the season's games. */
export function resultBars(season: SeasonResults): Bar<(typeof RESULTS)[number]>[] {
  return RESULTS.map((key) => ({ key, count: season[key], share: share(season[key], season.games) }));
}

/** Seasons as the club's chart shows them: oldest first, all time last (the server sends newest first). */
export function seasonsInOrder(seasons: readonly SeasonResults[]): SeasonResults[] {
  const dated = seasons.filter((s) => s.season !== null).reverse();
  return [...dated, ...seasons.filter((s) => s.season === null)];
}

/** Wins by card, in the deck's order of importance, only the cards the player had. */
export const CARD_ORDER: readonly Card[] = CARDS;

export function cardRows(byCard: PersonStats["byCard"]): { card: Card; games: number; wins: number }[] {
  return CARD_ORDER.flatMap((card) => {
    const row = byCard[card];
    return row && row.games > 0 ? [{ card, games: row.games, wins: row.wins }] : [];
  });
}

/** Whether an account may correct a game's points (PUT /api/games/:id/points). */
export function mayCorrect(role: string | undefined): boolean {
  return role === "admin" || role === "host";
}
