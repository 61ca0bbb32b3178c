// What the server asks of its storage, whichever database holds it.

import type { GameEvent } from "@misto/engine";
import type { GameResult } from "../rating/result.js";
import type { RatingStore } from "./rating-types.js";

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
  /** The account's person (docs/club.md); null only for a row written before 0004_people. */
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
}

export type AppendResult = { ok: true; seq: number } | { ok: false; conflict: "seq" | "command" };

/** The storage; the rating's part is in rating-types.ts. */
export interface Store extends RatingStore {
  readonly kind: "sqlite" | "postgres";
  close(): Promise<void>;

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
  deleteSessionsOf(hostId: string): Promise<void>;

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
  /** A phone takes a seat; StoreConflict when the seat already has a token. */
  createSeatToken(t: SeatTokenRow): Promise<void>;
  /** The seat a token's hash stands for, or null (unknown or freed). */
  getSeatToken(tokenHash: string): Promise<SeatTokenRow | null>;
  /** The table's seats that have a phone. */
  listSeatTokens(tableId: string): Promise<SeatTokenRow[]>;
  /** Frees a seat: its token stops working. True when there was one. */
  deleteSeatToken(tableId: string, seat: number): Promise<boolean>;
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
