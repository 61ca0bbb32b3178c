// What the server asks of its storage, whichever database holds it.

import type { GameEvent } from "@misto/engine";

export interface HostRow {
  id: string;
  name: string;
  login: string;
  role: "admin" | "host";
  passwordHash: string;
  createdAt: number;
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

export interface Store {
  readonly kind: "sqlite" | "postgres";
  close(): Promise<void>;

  // club and people
  getClub(): Promise<{ id: string; name: string } | null>;
  /** Creates the club and its admin in one transaction; fails with StoreConflict if a club exists. */
  createClub(club: { id: string; name: string }, admin: HostRow): Promise<void>;
  /** The one-time setup token (only its hash is stored); null clears it. */
  setSetupToken(hash: string | null): Promise<void>;
  getSetupToken(): Promise<string | null>;
  /** Fails with StoreConflict on a taken login (or id). */
  createHost(host: HostRow): Promise<void>;
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

  // tables: each game is an append-only event stream
  /** Creates the table and its event 1 (the `created` event) in one transaction; StoreConflict on a taken id. */
  createTable(table: Omit<TableRow, "seq">, created: GameEvent): Promise<void>;
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

  // the out chat: lines of players out of the game, never part of the game's events
  /** Stores a line as the table's next (its `n` one past the last); answers the stored line. */
  addOutChatLine(tableId: string, line: Omit<OutChatLine, "n">): Promise<OutChatLine>;
  /** The table's out chat, in order. */
  readOutChat(tableId: string): Promise<OutChatLine[]>;
}

export interface OutChatLine {
  n: number;
  seat: number;
  at: number;
  text: string;
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
