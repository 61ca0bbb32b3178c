// The rows as the database holds them (snake_case columns), for Kysely's typed queries.
// Times are epoch milliseconds in `bigint` columns: PostgreSQL hands them back as strings,
// SQLite as numbers, so reads go through `millis()`.

import type { ColumnType } from "kysely";

/** An epoch-milliseconds column: written as a number, read as a number (SQLite) or a string (pg). */
export type Millis = ColumnType<number | string, number, number>;
/** A bigint sum (club_totals): a number on SQLite, a string on PostgreSQL, read through Number(). */
export type Sum = ColumnType<number | string, number, number>;
/** The same, where the column may be null. */
export type NullableMillis = ColumnType<number | string | null, number | null, number | null>;

export interface ClubTable {
  /** Always 1: the database holds one club, and a second insert breaks the primary key. */
  slot: number;
  id: string;
  name: string;
}

export interface SetupTable {
  slot: number;
  token_hash: string | null;
}

export interface HostsTable {
  id: string;
  name: string;
  login: string;
  role: "admin" | "host" | "member";
  password_hash: string;
  created_at: Millis;
  /** The account's person (0005_people); every account has one. */
  person_id: string | null;
}

export interface PeopleTable {
  id: string;
  name: string;
  /** `name` in lower case (JavaScript's, Unicode-aware): what search as you type compares. */
  name_key: string;
  kind: "member" | "guest";
  /** 1 for a member of the club council. */
  council: number;
  merged_into: string | null;
  created_at: Millis;
}

export interface TableSeatsTable {
  table_id: string;
  seat: number;
  person_id: string;
}

export interface SanctionsTable {
  id: string;
  person_id: string;
  kind: "warning" | "ban";
  reason: string;
  starts_at: NullableMillis;
  ends_at: NullableMillis;
  by_host_id: string;
  created_at: Millis;
}

export interface ComplaintsTable {
  id: string;
  table_id: string;
  about: "game" | "host";
  text: string;
  by_host_id: string;
  created_at: Millis;
  answer: string | null;
  answered_by: string | null;
  answered_at: NullableMillis;
  /** 0011_tournaments: a referee's decision on an objection. */
  decision: "upheld" | "rejected" | null;
}

export interface SessionsTable {
  token_hash: string;
  host_id: string;
  created_at: Millis;
  expires_at: Millis;
}

export interface TablesTable {
  id: string;
  title: string;
  host_id: string;
  created_at: Millis;
  seq: number;
  phase: string;
  winner: string | null;
  /** 1 for an online table; 0 or null (tables from before 0003) otherwise. */
  online: number | null;
  /** An online table's own settings as JSON (tables/online-settings.ts); null for others and before 0008. */
  online_settings: string | null;
}

export interface EventsTable {
  table_id: string;
  seq: number;
  /** The event as JSON text. */
  event: string;
}

export interface CommandsTable {
  table_id: string;
  command_id: string;
  /** The table's seq once the command's events were appended. */
  seq: number;
  /** The answer the client was given, as JSON text. */
  answer: string;
}

export interface JoinCodesTable {
  code: string;
  table_id: string;
}

export interface SeatTokensTable {
  /** The token's SHA-256 (hex); the token itself is never stored. */
  token_hash: string;
  table_id: string;
  seat: number;
  created_at: Millis;
}

export interface OutChatTable {
  table_id: string;
  /** The line's number at its table, from 1. */
  n: number;
  seat: number;
  at: Millis;
  text: string;
  said_id: string;
}

// ── The rating (0006_rating) ──

export interface GamesTable {
  table_id: string;
  /** The SHA-256 of the game's events (rating/result.ts): orders ties alike everywhere, refuses a second import. */
  record_key: string;
  started_at: Millis;
  ended_at: Millis;
  winner: "red" | "black" | "draw";
  days: number;
  nights: number;
  note_read: number;
  /** 1 once the game is counted in the totals and its seats have their skill (0008). */
  folded: ColumnType<number, number | undefined, number>;
  /** The table's host (0012; null only for a table stored without one). */
  host_id: string | null;
}

export interface GameSeatsTable {
  table_id: string;
  seat: number;
  card: string;
  team: "red" | "black";
  result: "won" | "lost" | "draw";
  rated_points: number;
  points: number;
  admin: number;
  out_cause: "voted" | "night" | "grave" | "removed" | null;
  out_when: "day" | "night" | null;
  out_n: number | null;
  /** The person the seat counts for now: the seated person through merges (0008). */
  player_id: string | null;
  /** The game's end, beside the seat: a player's games in order from one index. */
  ended_at: NullableMillis;
  /** The seat's skill after the game (null: not rated, RATE-7, or not folded yet). */
  mu: number | null;
  sigma: number | null;
}

export interface PointCorrectionsTable {
  id: string;
  table_id: string;
  seat: number;
  from_points: number;
  to_points: number;
  by_host_id: string;
  at: Millis;
  reason: string;
}

export interface SeasonsTable {
  id: string;
  name: string;
  from_date: string;
  until_date: string;
  created_at: Millis;
}

// ── The archive's totals (0010_archive_aggregates) ──

/** A rating table's row: scope 'all' (all time) or a season's id. */
export interface PersonTotalsTable {
  scope: string;
  person_id: string;
  points: number;
  games: number;
  wins: number;
  /** The skill after the person's last game in the scope. */
  mu: number | null;
  sigma: number | null;
}

/** The club page's sums per scope ('all' or a season's id). */
export interface ClubTotalsTable {
  scope: string;
  games: Sum;
  red: Sum;
  black: Sum;
  draw: Sum;
  days: Sum;
  nights: Sum;
  duration_ms: Sum;
  note_read: Sum;
  voted: Sum;
  night: Sum;
  grave: Sum;
  removed: Sum;
}

export interface Database {
  club: ClubTable;
  setup: SetupTable;
  hosts: HostsTable;
  sessions: SessionsTable;
  tables: TablesTable;
  events: EventsTable;
  commands: CommandsTable;
  join_codes: JoinCodesTable;
  seat_tokens: SeatTokensTable;
  out_chat: OutChatTable;
  people: PeopleTable;
  table_seats: TableSeatsTable;
  sanctions: SanctionsTable;
  complaints: ComplaintsTable;
  games: GamesTable;
  game_seats: GameSeatsTable;
  point_corrections: PointCorrectionsTable;
  seasons: SeasonsTable;
  person_totals: PersonTotalsTable;
  club_totals: ClubTotalsTable;
}

export const millis = (value: number | string): number => Number(value);
