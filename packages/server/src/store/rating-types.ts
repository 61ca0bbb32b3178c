// What the rating asks of the storage (docs/club.md "Rating"): finished games' results, the hosts'
// point corrections and the seasons. Kept apart from types.ts, which the people's work also extends.

import type { GameEvent } from "@misto/engine";
import type { GameResult, SeatResult } from "../rating/result.js";
import type { PersonRow } from "./types.js";

/** A finished game as stored: its table's row, its result, and who sat in each seat. */
export interface GameRow {
  readonly id: string;
  /** The SHA-256 of the game's events (GameResult.key). */
  readonly key: string;
  readonly title: string;
  readonly hostId: string;
  readonly online: boolean;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly winner: "red" | "black" | "draw";
  readonly days: number;
  readonly nights: number;
  readonly noteRead: boolean;
  /** Seat order; `points` are the counting points (host corrections applied), `ratedPoints` the table's. */
  readonly seats: readonly GameSeatRow[];
}

export interface GameSeatRow extends SeatResult {
  /** The person as seated (not resolved through merges). */
  readonly personId: string;
  /** The person the seat counts for now (through merges). */
  readonly playerId: string;
  readonly ratedPoints: number;
}

/** A host's correction of a seat's points in a finished game. */
export interface CorrectionRow {
  readonly id: string;
  readonly tableId: string;
  readonly seat: number;
  readonly from: number;
  readonly to: number;
  readonly byHostId: string;
  readonly at: number;
  readonly reason: string;
}

/** A season: a named range of dates (YYYY-MM-DD, both included, UTC). */
export interface SeasonRow {
  readonly id: string;
  readonly name: string;
  readonly from: string;
  readonly until: string;
  readonly createdAt: number;
}

/** An imported, finished game as importGames stores it. */
export interface ImportedGame {
  readonly table: { id: string; title: string; hostId: string; createdAt: number; online: boolean };
  readonly events: readonly GameEvent[];
  readonly seats: readonly { seat: number; personId: string }[];
  readonly result: GameResult;
}

export interface RatingStore {
  /** Every finished game, oldest end first (ties: earlier start, then key: the same order on every server). */
  listGames(): Promise<GameRow[]>;
  /** The finished game of a table, or null (no such table, or its rating is not closed). */
  getGame(tableId: string): Promise<GameRow | null>;
  /** The finished games among these tables, in one read (a table not finished is left out). */
  getGames(tableIds: readonly string[]): Promise<GameRow[]>;
  /** Records the correction and sets the seat's counting points, in one transaction. */
  correctPoints(correction: CorrectionRow): Promise<void>;
  /** A game's corrections, oldest first. */
  listCorrections(tableId: string): Promise<CorrectionRow[]>;
  /**
   * Stores an imported, finished game: its table, every event, who sat where and its result, in one
   * transaction. StoreConflict on a taken id.
   */
  importGame(
    table: { id: string; title: string; hostId: string; createdAt: number; online: boolean },
    events: readonly GameEvent[],
    seats: readonly { seat: number; personId: string }[],
    result: GameResult,
  ): Promise<void>;
  /** Stores several imported games as importGame does each, all in one transaction (one flush to disk). */
  importGames(games: readonly ImportedGame[]): Promise<void>;
  /** Every person, merged guests too (the rating resolves seats through merges). */
  listAllPeople(): Promise<PersonRow[]>;
  createSeason(season: SeasonRow): Promise<void>;
  /** Newest first (by `from`, then `until`). */
  listSeasons(): Promise<SeasonRow[]>;
  /** True when there was such a season. */
  deleteSeason(id: string): Promise<boolean>;
}
