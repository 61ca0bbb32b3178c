// What the club's pages ask of the storage (docs/club-pages.md "How the pages stay fast"): pages of
// the archive by keyset, a player's games and totals, the rating rows and the club's sums, all read
// from indexed, precomputed rows; and the job that recomputes them. Store.archive (archive-index.ts).

import type { GameOrder } from "../rating/tally.js";

/** Where a page of games ends: the next page starts after it (newest first). */
export type ArchiveCursor = GameOrder;

export interface ArchiveFilter {
  /** Ended at or after (epoch ms). */
  readonly from?: number;
  /** Ended before (epoch ms). */
  readonly until?: number;
  readonly hostId?: string;
  /** The person (through merges) who played in it. */
  readonly playerId?: string;
  readonly winner?: "red" | "black" | "draw";
}

export interface ArchiveGame extends GameOrder {
  readonly id: string;
  readonly title: string;
  readonly host: { id: string; name: string };
  readonly online: boolean;
  readonly winner: "red" | "black" | "draw";
  /** Seat order; each the person it counts for now, with his name. */
  readonly players: { seat: number; person: { id: string; name: string } }[];
}

export interface PlayerGameRow extends GameOrder {
  readonly table: string;
  readonly title: string;
  readonly card: string;
  readonly team: "red" | "black";
  readonly result: "won" | "lost" | "draw";
  readonly points: number;
  readonly out: { cause: "voted" | "night" | "grave" | "removed"; when: "day" | "night"; n: number } | null;
  /** The skill after the game; null when it was not rated. */
  readonly skill: { mu: number; sigma: number } | null;
}

/** A player's seats summed by team, card, result and how he left (one row per combination). */
export interface PlayerGroup {
  readonly team: "red" | "black";
  readonly card: string;
  readonly result: "won" | "lost" | "draw";
  readonly out: "voted" | "night" | "grave" | "removed" | null;
  readonly games: number;
  readonly points: number;
}

export interface TotalsRow {
  readonly person: { readonly id: string; readonly name: string; readonly council: boolean };
  readonly points: number;
  readonly games: number;
  readonly wins: number;
  readonly skill: { mu: number; sigma: number } | null;
}

export interface RecomputeProgress {
  readonly state: "idle" | "running" | "failed";
  /** Why it runs (or last ran): "import", "merge", "role", "admin", "start". */
  readonly reason: string | null;
  readonly done: number;
  readonly total: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly error: string | null;
}

export interface ArchiveStore {
  /** Waits for the folds in flight (a game just stored is in the totals once this settles). */
  settled(): Promise<void>;
  /** Waits for the folds and the recompute job, and any job asked for meanwhile. */
  idle(): Promise<void>;
  /** Folds the stored games not folded yet; starts the recompute job when one arrived out of order. */
  fold(): Promise<void>;
  /** Starts the recompute job (or runs it again after the one running). */
  recompute(reason: string): void;
  progress(): RecomputeProgress;
  /** A page of finished games, newest first, and the cursor of the next (null: the last page). */
  page(
    filter: ArchiveFilter,
    after: ArchiveCursor | null,
    limit: number,
  ): Promise<{ games: ArchiveGame[]; next: ArchiveCursor | null }>;
  /** The accounts that hosted at least one finished game. */
  archiveHosts(): Promise<{ id: string; name: string }[]>;
  /** Which of these record keys are stored. */
  knownKeys(keys: readonly string[]): Promise<Set<string>>;
  /** The unmerged member of exactly this name, else null. */
  memberNamed(name: string): Promise<{ id: string } | null>;
  /** A page of the person's games (through merges), newest first. */
  playerGames(
    personId: string,
    after: ArchiveCursor | null,
    limit: number,
  ): Promise<{ games: PlayerGameRow[]; next: ArchiveCursor | null }>;
  playerGroups(personId: string): Promise<PlayerGroup[]>;
  /** The rating rows of a scope ('all' or a season's id), the administration left out (RATE-7). */
  totals(scope: string): Promise<TotalsRow[]>;
  /** The club page's sums per scope. */
  clubTotals(): Promise<Map<string, Record<string, number>>>;
}
