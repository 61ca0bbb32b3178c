// What the server asks of its storage, whichever database holds it.

import type { GameEvent } from "@misto/engine";
import type { GameResult } from "../rating/result.js";
import type { ArchiveStore } from "./archive-types.js";
import type { NightStore } from "./night-queries.js";
import type { RatingStore } from "./rating-types.js";
import type { TournamentStore } from "./tournament-queries.js";

/** An account's role: the administration (RATE-7: plays, never rated), a host, or a member. */
export type Role = "admin" | "host" | "member";

/** An account (the `hosts` table): who signs in. */
export interface HostRow {
  id: string;
  name: string;
  login: string;
  role: Role;
  passwordHash: string;
  createdAt: number;
  /** The account's person (docs/club.md); null only for a row written before 0005_people. */
  personId: string | null;
}

/** CLUB-1: every player is a person, a member of the club or a guest seated by name. */
export interface PersonRow {
  id: string;
  name: string;
  kind: "member" | "guest";
  /** A member admitted to the club council. */
  council: boolean;
  /** A guest merged into a member: the member's id; their games count for the member. */
  mergedInto: string | null;
  createdAt: number;
}

/** CLUB-3: the administration's sanction on a person: a warning, or a ban from playing for a period. */
export interface SanctionRow {
  id: string;
  personId: string;
  kind: "warning" | "ban";
  reason: string;
  /** A ban's period, epoch ms, `until` excluded; null for a warning. */
  from: number | null;
  until: number | null;
  /** The admin's account that recorded it. */
  byHostId: string;
  createdAt: number;
}

/** CLUB-2: a complaint about a finished game or its host, answered by the administration. */
export interface ComplaintRow {
  id: string;
  tableId: string;
  about: "game" | "host";
  text: string;
  /** The account that filed it. */
  byHostId: string;
  createdAt: number;
  /** `decision`: a tournament referee's on an objection (absent: the administration's answer). */
  answer: { text: string; byHostId: string; at: number; decision?: "upheld" | "rejected" } | null;
}

/** Who sat in a seat of a table. */
export interface SeatPerson {
  seat: number;
  personId: string;
}

export interface TableRow {
  id: string;
  title: string;
  hostId: string;
  createdAt: number;
  seq: number;
  phase: string;
  winner: string | null;
  /** An online table: the server is its host (docs/api.md "Online tables"). */
  online: boolean;
  /** An online table's own settings as JSON (tables/online-settings.ts), or null. */
  onlineSettings?: string | null;
}

export type AppendResult = { ok: true; seq: number } | { ok: false; conflict: "seq" | "command" };

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

/** The storage; the rating's part is in rating-types.ts, the club pages' in archive-types.ts. */
export interface Store extends RatingStore {
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

  // club and people
  getClub(): Promise<{ id: string; name: string } | null>;
  /** Creates the club, its admin and the admin's person in one transaction; StoreConflict if a club exists. */
  createClub(club: { id: string; name: string }, admin: HostRow, person: PersonRow): Promise<void>;
  /** The one-time setup token (only its hash is stored); null clears it. */
  setSetupToken(hash: string | null): Promise<void>;
  getSetupToken(): Promise<string | null>;
  /** Creates the account (and its new person, when given) in one transaction; StoreConflict on a taken login (or id). */
  createHost(host: HostRow, person?: PersonRow): Promise<void>;
  /** The account linked to a person, or null. */
  findHostByPerson(personId: string): Promise<HostRow | null>;
  /** Every account, by name. */
  listHosts(): Promise<HostRow[]>;
  findHostByLogin(login: string): Promise<HostRow | null>;
  getHost(id: string): Promise<HostRow | null>;
  createSession(s: {
    tokenHash: string;
    hostId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void>;
  /** The session as stored, expired or not: the caller compares `expiresAt` with its clock. */
  getSession(tokenHash: string): Promise<{ hostId: string; expiresAt: number } | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of the account: the hashes of those ended. */
  deleteSessionsOf(hostId: string): Promise<string[]>;
  /** False when there is no such account. */
  setRole(hostId: string, role: Role): Promise<boolean>;
  setPasswordHash(hostId: string, passwordHash: string): Promise<boolean>;

  // people (docs/club.md)
  /** StoreConflict on a taken id, or a second unmerged guest by the same name. */
  createPerson(person: PersonRow): Promise<void>;
  getPerson(id: string): Promise<PersonRow | null>;
  /** The unmerged guest with exactly this name, or null. */
  findGuest(name: string): Promise<PersonRow | null>;
  /**
   * People not merged into another, whose name contains `q` (any case; all when absent), members
   * first, then by name; at most `limit`.
   */
  listPeople(query: { q?: string; limit: number }): Promise<PersonRow[]>;
  /** The person a merged guest became (following `mergedInto`), the person itself otherwise. */
  resolvePerson(id: string): Promise<PersonRow | null>;
  /** False when there is no such member. */
  setCouncil(personId: string, council: boolean): Promise<boolean>;
  /**
   * Merges an unmerged guest into an unmerged member, moving the guest's sanctions to the member,
   * in one transaction; false (nothing changed) when either is not so.
   */
  mergeGuest(guestId: string, memberId: string): Promise<boolean>;

  // sanctions (CLUB-3) and complaints (CLUB-2)
  createSanction(sanction: SanctionRow): Promise<void>;
  /** A person's sanctions, newest first. */
  listSanctions(personId: string): Promise<SanctionRow[]>;
  /** The person's ban in force at `at` (the one ending last), or null. */
  activeBan(personId: string, at: number): Promise<SanctionRow | null>;
  createComplaint(complaint: ComplaintRow): Promise<void>;
  getComplaint(id: string): Promise<ComplaintRow | null>;
  /** Complaints, oldest first: of one table, or every one not answered yet. */
  listComplaints(query: { tableId: string } | { open: true }): Promise<ComplaintRow[]>;
  /** Answers a complaint not answered yet; false when it is unknown or answered already. */
  answerComplaint(id: string, answer: NonNullable<ComplaintRow["answer"]>): Promise<boolean>;

  // tables: each game is an append-only event stream
  /**
   * Creates the table, its event 1 (the `created` event) and who sat where, in one transaction;
   * StoreConflict on a taken id.
   */
  createTable(table: Omit<TableRow, "seq">, created: GameEvent, seats?: readonly SeatPerson[]): Promise<void>;
  /** Replaces the record of who sat where at the table. */
  setTableSeats(tableId: string, seats: readonly SeatPerson[]): Promise<void>;
  /** Who sat where at the table (as seated, not resolved through merges), in seat order. */
  listTableSeats(tableId: string): Promise<SeatPerson[]>;
  /**
   * The tables a person sat at, counting the guests merged into them (a guest's games are the
   * member's), newest first, at most `limit`: each table's row and the seat.
   */
  listGamesOf(personId: string, limit: number): Promise<{ table: TableRow; seat: number }[]>;
  getTable(id: string): Promise<TableRow | null>;
  /** Every table, newest first. */
  listTables(): Promise<TableRow[]>;
  /** The table's events after `afterSeq` (default 0: all of them), in seq order. */
  readEvents(tableId: string, afterSeq?: number): Promise<{ seq: number; event: GameEvent }[]>;
  /**
   * Appends events at expectedSeq+1, expectedSeq+2… together with the command's id and its answer,
   * and updates the table's seq/phase/winner, all in ONE transaction. A second writer at the same
   * seq fails on the (table_id, seq) primary key, never both: returns { ok: false, conflict: "seq" };
   * a command id already stored returns { ok: false, conflict: "command" }.
   */
  append(
    tableId: string,
    expectedSeq: number,
    events: readonly GameEvent[],
    command: { id: string; answer: unknown },
    status: { phase: string; winner: string | null },
    /** The game's result when these events close its rating: stored in the same transaction. */
    finished?: GameResult,
  ): Promise<AppendResult>;
  /** The stored answer of a command id already applied to this table, or null. */
  findCommand(tableId: string, commandId: string): Promise<unknown | null>;

  // phones: join codes and seat tokens
  /** Gives the table its join code; StoreConflict when the code (or the table's code) is taken. */
  setJoinCode(tableId: string, code: string): Promise<void>;
  getJoinCode(tableId: string): Promise<string | null>;
  /** The table with this join code (upper case), or null. */
  findTableByCode(code: string): Promise<string | null>;
  /**
   * A phone takes a seat; StoreConflict when the seat already has a token. With `whilePhase`, only
   * while the table's stored phase is that one (false, nothing stored, otherwise): decided against
   * the row the game's appends update, so a join racing the append that ends the deal (on another
   * process too) is either stored before it or refused.
   */
  createSeatToken(t: SeatTokenRow, whilePhase?: string): Promise<boolean>;
  /** The seat a token's hash stands for, or null (unknown or freed). */
  getSeatToken(tokenHash: string): Promise<SeatTokenRow | null>;
  /** The table's seats that have a phone. */
  listSeatTokens(tableId: string): Promise<SeatTokenRow[]>;
  /** Frees a seat: its token stops working. True when there was one. */
  deleteSeatToken(tableId: string, seat: number): Promise<boolean>;

  // the out chat: lines of players out of the game, never part of the game's events
  /** Stores a line as the table's next (its `n` one past the last); answers the stored line. */
  addOutChatLine(tableId: string, line: NewOutChatLine): Promise<OutChatLine | null>;
  /** The table's out chat, in order. */
  readOutChat(tableId: string): Promise<OutChatLine[]>;
}

export interface OutChatLine {
  n: number;
  seat: number;
  at: number;
  text: string;
}

/** A line to store, with the phone's id for it (`say`'s id). */
export interface NewOutChatLine extends Omit<OutChatLine, "n"> {
  id: string;
}

export interface SeatTokenRow {
  tokenHash: string;
  tableId: string;
  seat: number;
  createdAt: number;
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
