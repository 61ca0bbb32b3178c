// What the server asks of its storage, whichever database holds it.

import type { AccountStore } from "./account-types.js";
import type { ArchiveStore } from "./archive-types.js";
import type { NightStore } from "./night-queries.js";
import type { PeopleStore } from "./people-types.js";
import type { RatingStore } from "./rating-types.js";
import type { TableStore } from "./table-types.js";
import type { TournamentStore } from "./tournament-queries.js";

export type { HostRow, Role } from "./account-types.js";
export type { ComplaintRow, PersonRow, SanctionRow } from "./people-types.js";
export type {
  AppendResult,
  NewOutChatLine,
  OutChatLine,
  SeatPerson,
  SeatTokenRow,
  TableRow,
} from "./table-types.js";

/** A database's connections now: PostgreSQL's pool; SQLite's one connection, with its appends queued as `waiting`. */
export interface Connections {
  readonly open: number;
  readonly idle: number;
  readonly waiting: number;
}

/** What a store tells /metrics (src/observe): its connections, and the size of each group commit. */
export interface StoreGauges {
  connections(): Connections;
  onBatch(listener: (size: number) => void): void;
}

/**
 * The storage, by aggregate: accounts and sessions (account-types.ts), people (people-types.ts),
 * tables and their events (table-types.ts), the rating (rating-types.ts); the club pages, nights
 * and tournaments as parts of their own (archive, nights, tournaments).
 */
export interface Store extends AccountStore, PeopleStore, TableStore, RatingStore {
  readonly kind: "sqlite" | "postgres";
  /** The club pages' indexed reads, the totals kept as games are stored, the recompute job. */
  readonly archive: ArchiveStore;
  close(): Promise<void>;
  /** Resolves once the database answers a trivial query (the ready check); StoreUnavailable if not. */
  ping(): Promise<void>;
  /** Club nights (night-queries.ts). */
  readonly nights: NightStore;
  /** Tournaments (tournament-queries.ts). */
  readonly tournaments: TournamentStore;
  /** Its connections and group commits, for /metrics (absent in a test's in-memory store). */
  readonly gauges?: StoreGauges;
}

/** A row that would break a uniqueness rule: a second club, a taken login, a taken id. */
export class StoreConflict extends Error {
  override readonly name = "StoreConflict";
}

/**
 * The database did not answer: its connections were lost or refused (a network blip, a failover,
 * a restart). Nothing of the failed call is known to be stored; the same call may be tried again.
 */
export class StoreUnavailable extends Error {
  override readonly name = "StoreUnavailable";

  constructor(options?: ErrorOptions) {
    super("the database is not answering, try again", options);
  }
}
