// The rating (rating-types.ts): finished games, corrections, imports and seasons, over the queries
// of rating-queries.ts, telling the archive's index what changes its totals. Part of KyselyStore.

import type { GameEvent } from "@misto/engine";
import type { GameResult } from "../rating/result.js";
import { dropScope, rebuildScope, selectExcluded, selectScopes } from "./archive-fold.js";
import { StorePart } from "./kysely-part.js";
import type { PersonRow } from "./people-types.js";
import {
  insertCorrection,
  insertImported,
  insertSeason,
  removeSeason,
  selectAllPeople,
  selectCorrections,
  selectGames,
  selectSeasons,
} from "./rating-queries.js";
import type { CorrectionRow, GameRow, ImportedGame, RatingStore, SeasonRow } from "./rating-types.js";
import type { SeatPerson } from "./table-types.js";
import { unique } from "./unique.js";

export class KyselyRating extends StorePart implements RatingStore {
  listGames(): Promise<GameRow[]> {
    return selectGames(this.db);
  }

  async getGame(tableId: string): Promise<GameRow | null> {
    return (await selectGames(this.db, [tableId]))[0] ?? null;
  }

  getGames(tableIds: readonly string[]): Promise<GameRow[]> {
    return selectGames(this.db, tableIds);
  }

  async correctPoints(correction: CorrectionRow): Promise<void> {
    await this.write(() => insertCorrection(this.db, this.kind, correction));
    // A recompute running now read the points before this: it runs once more when done.
    this.archive.rerunIfRunning("correction");
  }

  listCorrections(tableId: string): Promise<CorrectionRow[]> {
    return selectCorrections(this.db, tableId);
  }

  importGame(
    table: { id: string; title: string; hostId: string; createdAt: number; online: boolean },
    events: readonly GameEvent[],
    seats: readonly SeatPerson[],
    result: GameResult,
  ): Promise<void> {
    return this.write(() =>
      unique(`the table ${table.id} exists`, () =>
        insertImported(this.db, [{ table, events, seats, result }]),
      ),
    );
  }

  importGames(games: readonly ImportedGame[]): Promise<void> {
    return this.write(() => unique("a table exists", () => insertImported(this.db, games)));
  }

  listAllPeople(): Promise<PersonRow[]> {
    return selectAllPeople(this.db);
  }

  async createSeason(season: SeasonRow): Promise<void> {
    await this.write(() =>
      unique(`the season ${season.id} exists`, () =>
        this.db.transaction().execute(async (tx) => {
          await insertSeason(tx, season);
          const scope = (await selectScopes(tx)).find((s) => s.id === season.id);
          if (scope) await rebuildScope(tx, this.kind, scope, await selectExcluded(tx));
        }),
      ),
    );
    // A recompute running now read the seasons before this one: its totals would drop the new
    // season's rows, so it runs once more when done.
    this.archive.rerunIfRunning("season");
  }

  listSeasons(): Promise<SeasonRow[]> {
    return selectSeasons(this.db);
  }

  async deleteSeason(id: string): Promise<boolean> {
    const removed = await this.write(() =>
      this.db.transaction().execute(async (tx) => {
        await dropScope(tx, id);
        return removeSeason(tx, id);
      }),
    );
    this.archive.rerunIfRunning("season");
    return removed;
  }
}
