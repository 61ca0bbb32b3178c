// The tables and their event streams, join codes, seat tokens and out chat, as the store keeps
// them (part of Store, types.ts).

import type { GameEvent } from "@misto/engine";
import type { GameResult } from "../rating/result.js";

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

/** Tables (each game an append-only event stream), the phones' codes and tokens, the out chat. */
export interface TableStore {
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
