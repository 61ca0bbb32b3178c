// The evening's standings on the night's board: each player's games, wins and points, read from
// the stored results of the night's games whose rating closed (nothing of a game still played).
// One small file on purpose: a tournament's scoring module takes its place (docs/club-nights.md).

import type { Standing } from "@misto/protocol";
import type { GameRow, Store } from "../store/index.js";
import type { RoundRow } from "../store/night-queries.js";

/** The night's finished games: every dealt round's tables that have a stored result. */
export async function nightGames(store: Store, rounds: readonly RoundRow[]): Promise<GameRow[]> {
  const ids = rounds.flatMap((r) => r.seating.tables.map((t) => t.table)).filter((id) => id !== null);
  const games = await Promise.all(ids.map((id) => store.getGame(id)));
  return games.filter((g) => g !== null);
}

/**
 * Each player's totals over the games, counted for the person the seat counts for (through
 * merges); the administration is not ranked (RATE-7). Most points first, then most wins, fewest
 * games, then by name.
 */
export function standingsOf(games: readonly GameRow[], nameOf: (id: string) => string): Standing[] {
  const totals = new Map<string, { games: number; wins: number; points: number }>();
  for (const game of games) {
    for (const seat of game.seats) {
      if (seat.admin) continue;
      const row = totals.get(seat.playerId) ?? { games: 0, wins: 0, points: 0 };
      row.games++;
      if (seat.result === "won") row.wins++;
      row.points += seat.points;
      totals.set(seat.playerId, row);
    }
  }
  return [...totals]
    .map(([id, t]) => ({ person: { id, name: nameOf(id) }, ...t, points: Math.round(t.points * 100) / 100 }))
    .sort(
      (a, b) =>
        b.points - a.points ||
        b.wins - a.wins ||
        a.games - b.games ||
        a.person.name.localeCompare(b.person.name),
    );
}

/** The night's standings, names read from the store. */
export async function nightStandings(store: Store, rounds: readonly RoundRow[]): Promise<Standing[]> {
  const games = await nightGames(store, rounds);
  const names = new Map<string, string>();
  for (const id of new Set(games.flatMap((g) => g.seats.map((s) => s.playerId))))
    names.set(id, (await store.getPerson(id))?.name ?? "");
  return standingsOf(games, (id) => names.get(id) ?? "");
}
