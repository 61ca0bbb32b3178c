// The one data-access layer: the same queries on SQLite and PostgreSQL, through Kysely. The Store
// the app gets, composed of one part per aggregate over one shared context (kysely-part.ts: the
// database, its dialect, the writer lock, the archive's index): accounts and sessions
// (kysely-accounts.ts), people with sanctions and complaints (kysely-people.ts), tables with their
// events, codes, tokens and out chat (kysely-tables.ts; the append, kysely-appends.ts), the rating
// (kysely-rating.ts). Nights, tournaments and the archive are parts of their own (store.nights…).
//
// Each method is a one-line delegate, the plainest TypeScript that keeps every call site
// (store.getHost(…)) and the type checker's word on it: `implements Store` checks each against the
// interface and its part, and the list says which part answers what. Copying the parts' methods
// on (a mixin, Object.assign) would be typed by a declaration the compiler takes on trust.

import type { GameEvent } from "@misto/engine";
import { type Kysely, Migrator, sql } from "kysely";
import type { GameResult } from "../rating/result.js";
import { ArchiveIndex } from "./archive-index.js";
import { KyselyAccounts } from "./kysely-accounts.js";
import { Appends } from "./kysely-appends.js";
import type { StoreContext, Write } from "./kysely-part.js";
import { KyselyPeople } from "./kysely-people.js";
import { KyselyRating } from "./kysely-rating.js";
import { KyselyTables } from "./kysely-tables.js";
import { migrations } from "./migrations/index.js";
import { NightQueries, type NightStore } from "./night-queries.js";
import type { CorrectionRow, GameRow, ImportedGame, SeasonRow } from "./rating-types.js";
import type { Database } from "./schema.js";
import { TournamentQueries, type TournamentStore } from "./tournament-queries.js";
import {
  type AppendResult,
  type ComplaintRow,
  type Connections,
  type HostRow,
  type NewOutChatLine,
  type OutChatLine,
  type PersonRow,
  type Role,
  type SanctionRow,
  type SeatPerson,
  type SeatTokenRow,
  type Store,
  type StoreGauges,
  StoreUnavailable,
  type TableRow,
} from "./types.js";

/** How long the ready check waits for the database's answer. */
const PING_MS = 3_000;

export class KyselyStore implements Store {
  private readonly accounts: KyselyAccounts;
  private readonly people: KyselyPeople;
  private readonly tables: KyselyTables;
  private readonly rating: KyselyRating;
  /** Club nights (night-queries.ts). */
  readonly nights: NightStore;
  /** Tournaments (tournament-queries.ts). */
  readonly tournaments: TournamentStore;
  /** The club pages' reads and totals (archive-index.ts). */
  readonly archive: ArchiveIndex;
  readonly gauges: StoreGauges;

  constructor(
    readonly kind: "sqlite" | "postgres",
    private readonly db: Kysely<Database>,
    /**
     * Every write goes through it. SQLite: one writer per file in this process, answered after the
     * flush of the `-wal` file that follows its COMMIT (./lock.ts durably); PostgreSQL runs them as
     * they come.
     */
    private readonly write: Write,
    /** PostgreSQL's pool now; SQLite has its one connection. */
    connections: (() => Connections) | null = null,
    /** Frees what the database's connection does not (SQLite: the `-wal` file held open to flush). */
    private readonly release: () => Promise<void> = async () => {},
  ) {
    this.archive = new ArchiveIndex(kind, db, write);
    const context: StoreContext = { kind, db, write, archive: this.archive };
    const appends = new Appends(context);
    // SQLite's group commit (null on PostgreSQL): its queue is the one connection's waiting.
    const group = appends.appends;
    this.accounts = new KyselyAccounts(context);
    this.people = new KyselyPeople(context);
    this.tables = new KyselyTables(context, appends);
    this.rating = new KyselyRating(context);
    this.nights = new NightQueries(db as Kysely<unknown>, write);
    this.tournaments = new TournamentQueries(db as Kysely<unknown>, write);
    this.gauges = {
      connections:
        connections ?? (() => ({ open: 1, idle: group?.queued ? 0 : 1, waiting: group?.queued ?? 0 })),
      onBatch: (listener) => group?.onBatch(listener),
    };
  }

  async close(): Promise<void> {
    await this.archive.stop();
    await this.db.destroy();
    await this.release();
  }

  /** Bounded: a connection that hangs (packets dropped, no reset) is the database not answering. */
  async ping(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailable()), PING_MS);
    });
    try {
      await Promise.race([sql`select 1`.execute(this.db), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs the migrations not yet run (Kysely's Migrator records them in kysely_migration). */
  async migrate(): Promise<void> {
    const migrator = new Migrator({ db: this.db, provider: migrations });
    const { error, results } = await this.write(() => migrator.migrateToLatest());
    if (error) {
      const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "a migration";
      throw new Error(`the ${this.kind} database could not be migrated (${failed}): ${error}`, {
        cause: error,
      });
    }
    // Games stored before the totals existed (0008), or by a process that stopped before folding.
    await this.archive.start();
  }

  // ── accounts ──
  getClub(): Promise<{ id: string; name: string } | null> {
    return this.accounts.getClub();
  }
  createClub(club: { id: string; name: string }, admin: HostRow, person: PersonRow): Promise<void> {
    return this.accounts.createClub(club, admin, person);
  }
  setSetupToken(hash: string | null): Promise<void> {
    return this.accounts.setSetupToken(hash);
  }
  getSetupToken(): Promise<string | null> {
    return this.accounts.getSetupToken();
  }
  createHost(host: HostRow, person?: PersonRow): Promise<void> {
    return this.accounts.createHost(host, person);
  }
  findHostByPerson(personId: string): Promise<HostRow | null> {
    return this.accounts.findHostByPerson(personId);
  }
  listHosts(): Promise<HostRow[]> {
    return this.accounts.listHosts();
  }
  findHostByLogin(login: string): Promise<HostRow | null> {
    return this.accounts.findHostByLogin(login);
  }
  getHost(id: string): Promise<HostRow | null> {
    return this.accounts.getHost(id);
  }
  createSession(s: {
    tokenHash: string;
    hostId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    return this.accounts.createSession(s);
  }
  getSession(tokenHash: string): Promise<{ hostId: string; expiresAt: number } | null> {
    return this.accounts.getSession(tokenHash);
  }
  deleteSession(tokenHash: string): Promise<void> {
    return this.accounts.deleteSession(tokenHash);
  }
  deleteSessionsOf(hostId: string): Promise<string[]> {
    return this.accounts.deleteSessionsOf(hostId);
  }
  setRole(hostId: string, role: Role): Promise<boolean> {
    return this.accounts.setRole(hostId, role);
  }
  setPasswordHash(hostId: string, passwordHash: string): Promise<boolean> {
    return this.accounts.setPasswordHash(hostId, passwordHash);
  }

  // ── people ──
  createPerson(person: PersonRow): Promise<void> {
    return this.people.createPerson(person);
  }
  getPerson(id: string): Promise<PersonRow | null> {
    return this.people.getPerson(id);
  }
  findGuest(name: string): Promise<PersonRow | null> {
    return this.people.findGuest(name);
  }
  listPeople(query: { q?: string; limit: number }): Promise<PersonRow[]> {
    return this.people.listPeople(query);
  }
  resolvePerson(id: string): Promise<PersonRow | null> {
    return this.people.resolvePerson(id);
  }
  setCouncil(personId: string, council: boolean): Promise<boolean> {
    return this.people.setCouncil(personId, council);
  }
  mergeGuest(guestId: string, memberId: string): Promise<boolean> {
    return this.people.mergeGuest(guestId, memberId);
  }
  createSanction(sanction: SanctionRow): Promise<void> {
    return this.people.createSanction(sanction);
  }
  listSanctions(personId: string): Promise<SanctionRow[]> {
    return this.people.listSanctions(personId);
  }
  activeBan(personId: string, at: number): Promise<SanctionRow | null> {
    return this.people.activeBan(personId, at);
  }
  createComplaint(complaint: ComplaintRow): Promise<void> {
    return this.people.createComplaint(complaint);
  }
  getComplaint(id: string): Promise<ComplaintRow | null> {
    return this.people.getComplaint(id);
  }
  listComplaints(query: { tableId: string } | { open: true }): Promise<ComplaintRow[]> {
    return this.people.listComplaints(query);
  }
  answerComplaint(id: string, answer: NonNullable<ComplaintRow["answer"]>): Promise<boolean> {
    return this.people.answerComplaint(id, answer);
  }

  // ── tables ──
  createTable(
    table: Omit<TableRow, "seq">,
    created: GameEvent,
    seats?: readonly SeatPerson[],
  ): Promise<void> {
    return this.tables.createTable(table, created, seats);
  }
  setTableSeats(tableId: string, seats: readonly SeatPerson[]): Promise<void> {
    return this.tables.setTableSeats(tableId, seats);
  }
  listTableSeats(tableId: string): Promise<SeatPerson[]> {
    return this.tables.listTableSeats(tableId);
  }
  listGamesOf(personId: string, limit: number): Promise<{ table: TableRow; seat: number }[]> {
    return this.tables.listGamesOf(personId, limit);
  }
  getTable(id: string): Promise<TableRow | null> {
    return this.tables.getTable(id);
  }
  listTables(): Promise<TableRow[]> {
    return this.tables.listTables();
  }
  readEvents(tableId: string, afterSeq?: number): Promise<{ seq: number; event: GameEvent }[]> {
    return this.tables.readEvents(tableId, afterSeq);
  }
  append(
    tableId: string,
    expectedSeq: number,
    events: readonly GameEvent[],
    command: { id: string; answer: unknown },
    status: { phase: string; winner: string | null },
    finished?: GameResult,
  ): Promise<AppendResult> {
    return this.tables.append(tableId, expectedSeq, events, command, status, finished);
  }
  findCommand(tableId: string, commandId: string): Promise<unknown | null> {
    return this.tables.findCommand(tableId, commandId);
  }
  setJoinCode(tableId: string, code: string): Promise<void> {
    return this.tables.setJoinCode(tableId, code);
  }
  getJoinCode(tableId: string): Promise<string | null> {
    return this.tables.getJoinCode(tableId);
  }
  findTableByCode(code: string): Promise<string | null> {
    return this.tables.findTableByCode(code);
  }
  createSeatToken(t: SeatTokenRow, whilePhase?: string): Promise<boolean> {
    return this.tables.createSeatToken(t, whilePhase);
  }
  getSeatToken(tokenHash: string): Promise<SeatTokenRow | null> {
    return this.tables.getSeatToken(tokenHash);
  }
  listSeatTokens(tableId: string): Promise<SeatTokenRow[]> {
    return this.tables.listSeatTokens(tableId);
  }
  deleteSeatToken(tableId: string, seat: number): Promise<boolean> {
    return this.tables.deleteSeatToken(tableId, seat);
  }
  addOutChatLine(tableId: string, line: NewOutChatLine): Promise<OutChatLine | null> {
    return this.tables.addOutChatLine(tableId, line);
  }
  readOutChat(tableId: string): Promise<OutChatLine[]> {
    return this.tables.readOutChat(tableId);
  }

  // ── rating ──
  listGames(): Promise<GameRow[]> {
    return this.rating.listGames();
  }
  getGame(tableId: string): Promise<GameRow | null> {
    return this.rating.getGame(tableId);
  }
  getGames(tableIds: readonly string[]): Promise<GameRow[]> {
    return this.rating.getGames(tableIds);
  }
  correctPoints(correction: CorrectionRow): Promise<void> {
    return this.rating.correctPoints(correction);
  }
  listCorrections(tableId: string): Promise<CorrectionRow[]> {
    return this.rating.listCorrections(tableId);
  }
  importGame(
    table: { id: string; title: string; hostId: string; createdAt: number; online: boolean },
    events: readonly GameEvent[],
    seats: readonly SeatPerson[],
    result: GameResult,
  ): Promise<void> {
    return this.rating.importGame(table, events, seats, result);
  }
  importGames(games: readonly ImportedGame[]): Promise<void> {
    return this.rating.importGames(games);
  }
  listAllPeople(): Promise<PersonRow[]> {
    return this.rating.listAllPeople();
  }
  createSeason(season: SeasonRow): Promise<void> {
    return this.rating.createSeason(season);
  }
  listSeasons(): Promise<SeasonRow[]> {
    return this.rating.listSeasons();
  }
  deleteSeason(id: string): Promise<boolean> {
    return this.rating.deleteSeason(id);
  }
}
