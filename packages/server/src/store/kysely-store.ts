// The one data-access layer: the same queries on SQLite and PostgreSQL, through Kysely. The Store
// the app gets, composed of one part per aggregate over one shared context (kysely-part.ts: the
// database, its dialect, the writer lock, the archive's index): accounts and sessions
// (kysely-accounts.ts), people with sanctions and complaints (kysely-people.ts), tables with their
// events, codes, tokens and out chat (kysely-tables.ts; the append, kysely-appends.ts), the rating
// (kysely-rating.ts). Nights, tournaments and the archive are parts of their own (store.nights…).
//
// Each method is a one-line delegate typed by the interface (`Store["getHost"]`, so its parameters
// are written once, there): it keeps every call site (store.getHost(…)) and the type checker's word
// on it, as `implements Store` checks each against the interface and the call against its part,
// and the list says which part answers what. Copying the parts' methods on (a mixin,
// Object.assign) would be typed by a declaration the compiler takes on trust.

import type BetterSqlite3 from "better-sqlite3";
import { type Kysely, Migrator, sql } from "kysely";
import { ArchiveIndex } from "./archive-index.js";
import { KyselyAccounts } from "./kysely-accounts.js";
import { Appends } from "./kysely-appends.js";
import type { StoreContext, Write } from "./kysely-part.js";
import { KyselyPeople } from "./kysely-people.js";
import { KyselyRating } from "./kysely-rating.js";
import { KyselyTables } from "./kysely-tables.js";
import { migrations } from "./migrations/index.js";
import { NightQueries, type NightStore } from "./night-queries.js";
import type { Database } from "./schema.js";
import { TournamentQueries, type TournamentStore } from "./tournament-queries.js";
import { type Connections, type Store, type StoreGauges, StoreUnavailable } from "./types.js";

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
  private readonly release: () => Promise<void>;

  constructor(
    readonly kind: "sqlite" | "postgres",
    private readonly db: Kysely<Database>,
    /**
     * Every write goes through it. SQLite: one writer per file in this process, answered after the
     * flush of the `-wal` file that follows its COMMIT (./lock.ts durably); PostgreSQL runs them as
     * they come.
     */
    private readonly write: Write,
    parts: {
      /** PostgreSQL's pool now; SQLite has its one connection. */
      readonly connections?: () => Connections;
      /** Frees what the database's connection does not (SQLite: the `-wal` file held open to flush). */
      readonly release?: () => Promise<void>;
      /** SQLite: better-sqlite3 itself, for the appends (sqlite-appends.ts). */
      readonly sqlite?: BetterSqlite3.Database | undefined;
    } = {},
  ) {
    this.release = parts.release ?? (async () => {});
    this.archive = new ArchiveIndex(kind, db, write);
    const context: StoreContext = { kind, db, write, archive: this.archive, sqlite: parts.sqlite ?? null };
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
        parts.connections ?? (() => ({ open: 1, idle: group?.queued ? 0 : 1, waiting: group?.queued ?? 0 })),
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
  readonly createClub: Store["createClub"] = (...args) => this.accounts.createClub(...args);
  readonly setSetupToken: Store["setSetupToken"] = (...args) => this.accounts.setSetupToken(...args);
  readonly getSetupToken: Store["getSetupToken"] = (...args) => this.accounts.getSetupToken(...args);
  readonly createHost: Store["createHost"] = (...args) => this.accounts.createHost(...args);
  readonly findHostByPerson: Store["findHostByPerson"] = (...args) => this.accounts.findHostByPerson(...args);
  readonly listHosts: Store["listHosts"] = (...args) => this.accounts.listHosts(...args);
  readonly findHostByLogin: Store["findHostByLogin"] = (...args) => this.accounts.findHostByLogin(...args);
  readonly getHost: Store["getHost"] = (...args) => this.accounts.getHost(...args);
  readonly createSession: Store["createSession"] = (...args) => this.accounts.createSession(...args);
  readonly getSession: Store["getSession"] = (...args) => this.accounts.getSession(...args);
  readonly deleteSession: Store["deleteSession"] = (...args) => this.accounts.deleteSession(...args);
  readonly deleteSessionsOf: Store["deleteSessionsOf"] = (...args) => this.accounts.deleteSessionsOf(...args);
  readonly setRole: Store["setRole"] = (...args) => this.accounts.setRole(...args);
  readonly setPasswordHash: Store["setPasswordHash"] = (...args) => this.accounts.setPasswordHash(...args);

  // ── people ──
  readonly createPerson: Store["createPerson"] = (...args) => this.people.createPerson(...args);
  readonly getPerson: Store["getPerson"] = (...args) => this.people.getPerson(...args);
  readonly findGuest: Store["findGuest"] = (...args) => this.people.findGuest(...args);
  readonly listPeople: Store["listPeople"] = (...args) => this.people.listPeople(...args);
  readonly resolvePerson: Store["resolvePerson"] = (...args) => this.people.resolvePerson(...args);
  readonly setCouncil: Store["setCouncil"] = (...args) => this.people.setCouncil(...args);
  readonly mergeGuest: Store["mergeGuest"] = (...args) => this.people.mergeGuest(...args);
  readonly createSanction: Store["createSanction"] = (...args) => this.people.createSanction(...args);
  readonly listSanctions: Store["listSanctions"] = (...args) => this.people.listSanctions(...args);
  readonly activeBan: Store["activeBan"] = (...args) => this.people.activeBan(...args);
  readonly createComplaint: Store["createComplaint"] = (...args) => this.people.createComplaint(...args);
  readonly getComplaint: Store["getComplaint"] = (...args) => this.people.getComplaint(...args);
  readonly listComplaints: Store["listComplaints"] = (...args) => this.people.listComplaints(...args);
  readonly answerComplaint: Store["answerComplaint"] = (...args) => this.people.answerComplaint(...args);

  // ── tables ──
  readonly createTable: Store["createTable"] = (...args) => this.tables.createTable(...args);
  readonly setTableSeats: Store["setTableSeats"] = (...args) => this.tables.setTableSeats(...args);
  readonly listTableSeats: Store["listTableSeats"] = (...args) => this.tables.listTableSeats(...args);
  readonly listGamesOf: Store["listGamesOf"] = (...args) => this.tables.listGamesOf(...args);
  readonly getTable: Store["getTable"] = (...args) => this.tables.getTable(...args);
  readonly listTables: Store["listTables"] = (...args) => this.tables.listTables(...args);
  readonly readEvents: Store["readEvents"] = (...args) => this.tables.readEvents(...args);
  readonly append: Store["append"] = (...args) => this.tables.append(...args);
  readonly findCommand: Store["findCommand"] = (...args) => this.tables.findCommand(...args);
  readonly setJoinCode: Store["setJoinCode"] = (...args) => this.tables.setJoinCode(...args);
  readonly getJoinCode: Store["getJoinCode"] = (...args) => this.tables.getJoinCode(...args);
  readonly findTableByCode: Store["findTableByCode"] = (...args) => this.tables.findTableByCode(...args);
  readonly createSeatToken: Store["createSeatToken"] = (...args) => this.tables.createSeatToken(...args);
  readonly getSeatToken: Store["getSeatToken"] = (...args) => this.tables.getSeatToken(...args);
  readonly listSeatTokens: Store["listSeatTokens"] = (...args) => this.tables.listSeatTokens(...args);
  readonly deleteSeatToken: Store["deleteSeatToken"] = (...args) => this.tables.deleteSeatToken(...args);
  readonly addOutChatLine: Store["addOutChatLine"] = (...args) => this.tables.addOutChatLine(...args);
  readonly readOutChat: Store["readOutChat"] = (...args) => this.tables.readOutChat(...args);

  // ── rating ──
  readonly listGames: Store["listGames"] = (...args) => this.rating.listGames(...args);
  readonly getGame: Store["getGame"] = (...args) => this.rating.getGame(...args);
  readonly getGames: Store["getGames"] = (...args) => this.rating.getGames(...args);
  readonly correctPoints: Store["correctPoints"] = (...args) => this.rating.correctPoints(...args);
  readonly listCorrections: Store["listCorrections"] = (...args) => this.rating.listCorrections(...args);
  readonly importGame: Store["importGame"] = (...args) => this.rating.importGame(...args);
  readonly importGames: Store["importGames"] = (...args) => this.rating.importGames(...args);
  readonly listAllPeople: Store["listAllPeople"] = (...args) => this.rating.listAllPeople(...args);
  readonly createSeason: Store["createSeason"] = (...args) => this.rating.createSeason(...args);
  readonly listSeasons: Store["listSeasons"] = (...args) => this.rating.listSeasons(...args);
  readonly deleteSeason: Store["deleteSeason"] = (...args) => this.rating.deleteSeason(...args);
}
