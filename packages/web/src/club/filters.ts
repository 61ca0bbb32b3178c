// The archive's filters and the address bar: read from a query string (anything malformed dropped),
// written back as one (empty filters left out), so a filtered archive is a link one can share.

import type { GameFilters } from "../api/club.js";
import { query } from "../api/club.js";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WINNERS = new Set(["red", "black", "draw"]);

/** A "YYYY-MM-DD" that is a real calendar day. */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The filters a query string names ("?from=2026-01-01&winner=red"); unknown or malformed ones dropped. */
export function readFilters(search: string): GameFilters {
  const params = new URLSearchParams(search);
  const text = (name: string) => (params.get(name) ?? "").trim();
  const from = text("from");
  const until = text("until");
  const host = text("host");
  const player = text("player");
  const winner = text("winner");
  return {
    ...(isDay(from) ? { from } : {}),
    ...(isDay(until) ? { until } : {}),
    ...(host ? { host } : {}),
    ...(player ? { player } : {}),
    ...(WINNERS.has(winner) ? { winner: winner as NonNullable<GameFilters["winner"]> } : {}),
  };
}

/** The query string of some filters, in a fixed order ("" for none). */
export function filtersQuery(filters: GameFilters): string {
  return query({
    from: filters.from,
    until: filters.until,
    host: filters.host,
    player: filters.player,
    winner: filters.winner,
  });
}

/** A problem with the dates: "until" before "from" (the server would answer nothing). */
export function datesProblem(filters: GameFilters): "order" | null {
  return filters.from && filters.until && filters.until < filters.from ? "order" : null;
}
