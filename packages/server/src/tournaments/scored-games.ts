// The finished games a standings counts, read from the stored result rows (the rating's `games`
// and `game_seats`, corrections applied) as the scoring module takes them. The stored rows say
// "removed" for both fouls and disqualification; a game with a removal is replayed to tell them
// apart (its penalties differ).

import { evolve, type Game, viewFor } from "@misto/engine";
import type { Removal, ScoredGame } from "../scoring/standings.js";
import type { GameRow, Store } from "../store/index.js";

/** Each seat removed by a rule in the table's game: by fouls or disqualified. */
async function removals(store: Store, tableId: string): Promise<Map<number, Removal>> {
  let game: Game | null = null;
  for (const { event } of await store.readEvents(tableId)) game = evolve(game, event);
  const out = new Map<number, Removal>();
  if (!game) return out;
  for (const seat of viewFor(game, "host").seats) {
    if (seat.out?.cause === "fouls" || seat.out?.cause === "disqualified") out.set(seat.seat, seat.out.cause);
  }
  return out;
}

async function scored(store: Store, game: GameRow, final: boolean): Promise<ScoredGame> {
  const removed = game.seats.some((s) => s.out?.cause === "removed")
    ? await removals(store, game.id)
    : new Map();
  return {
    id: game.id,
    final,
    seats: game.seats.map((s) => ({
      person: s.playerId,
      result: s.result,
      points: s.points,
      removal: s.out?.cause === "removed" ? (removed.get(s.seat) ?? "fouls") : null,
    })),
  };
}

/** The finished games of these tables by table, in one read (a game not over yet is absent). */
export async function finishedGames(store: Store, tableIds: readonly string[]): Promise<Finished> {
  return new Map((await store.getGames(tableIds)).map((g) => [g.id, g]));
}

/** A page's one read of its tables' finished games, shared by its rounds' `over` and its standings. */
export type Finished = ReadonlyMap<string, GameRow>;

/** The finished games among `tables` (a game not over yet is not counted), in the tables' order. */
export async function scoredGames(
  store: Store,
  tables: readonly { id: string; final: boolean }[],
  games: Finished,
): Promise<ScoredGame[]> {
  const out: ScoredGame[] = [];
  for (const table of tables) {
    const game = games.get(table.id);
    if (game) out.push(await scored(store, game, table.final));
  }
  return out;
}
