// The one data-access layer: the same queries on SQLite and PostgreSQL, through Kysely.

import type { GameEvent } from "@misto/engine";
import { type Kysely, Migrator, type Selectable, sql, type Transaction } from "kysely";
import type { GameResult } from "../rating/result.js";
import { dropScope, mergeTotals, rebuildScope, selectExcluded, selectScopes } from "./archive-fold.js";
import { ArchiveIndex } from "./archive-index.js";
import { ClubQueries } from "./club-queries.js";
import { GroupCommit, type Outcome } from "./group-commit.js";
import { migrations } from "./migrations/index.js";
import { NightQueries, type NightStore } from "./night-queries.js";
import {
  insertCorrection,
  insertImported,
  insertResult,
  insertSeason,
  removeSeason,
  selectAllPeople,
  selectCorrections,
  selectGames,
  selectSeasons,
} from "./rating-queries.js";
import type { CorrectionRow, GameRow, ImportedGame, SeasonRow } from "./rating-types.js";
import { type Database, type HostsTable, millis, type PeopleTable, type TablesTable } from "./schema.js";
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
import { isUniqueViolation, unique } from "./unique.js";

/** How long the ready check waits for the database's answer. */
const PING_MS = 3_000;

/** Why an append was rolled back: thrown inside its transaction, caught outside it. */
class AppendRefused extends Error {
  constructor(readonly conflict: "seq" | "command") {
    super(`append refused: ${conflict}`);
  }
}

const hostRow = (r: Selectable<HostsTable>): HostRow => ({
  id: r.id,
  name: r.name,
  login: r.login,
  role: r.role,
  passwordHash: r.password_hash,
  createdAt: millis(r.created_at),
  personId: r.person_id,
});

const personRow = (r: Selectable<PeopleTable>): PersonRow => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  council: Number(r.council) === 1,
  mergedInto: r.merged_into,
  createdAt: millis(r.created_at),
});

/** A LIKE pattern that matches `text` anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const tableRow = (r: Selectable<TablesTable>): TableRow => ({
  id: r.id,
  title: r.title,
  hostId: r.host_id,
  createdAt: millis(r.created_at),
  seq: r.seq,
  phase: r.phase,
  winner: r.winner,
  online: r.online === 1 || (r.online as unknown) === "1",
  onlineSettings: r.online_settings ?? null,
});

/** One append's arguments (Store.append). */
interface Append {
  readonly tableId: string;
  readonly expectedSeq: number;
  readonly events: readonly GameEvent[];
  readonly command: { readonly id: string; readonly answer: unknown };
  readonly status: { readonly phase: string; readonly winner: string | null };
  /** The rating closed: the game's result, committed with its last events. */
  readonly finished?: GameResult | undefined;
}

export class KyselyStore implements Store {
  /**
   * SQLite: the appends waiting at once share one transaction and one flush to disk
   * (./group-commit.ts), each in its own savepoint so that one refused append leaves the others.
   * PostgreSQL commits each on its own connection, the waiting done off this thread.
   */
  private readonly appends: GroupCommit<Append, AppendResult> | null;
  private readonly club: ClubQueries;
  /** Club nights (night-queries.ts). */
  readonly nights: NightStore;
  /** Tournaments (tournament-queries.ts). */
  readonly tournaments: TournamentStore;
  /** The club pages' reads and totals (archive-index.ts). */
  readonly archive: ArchiveIndex;

  constructor(
    readonly kind: "sqlite" | "postgres",
    private readonly db: Kysely<Database>,
    /** Serializes writes (SQLite: one writer per file in this process); PostgreSQL runs them as they come. */
    private readonly write: <T>(work: () => Promise<T>) => Promise<T>,
    /** PostgreSQL's pool now; SQLite has its one connection. */
    connections: (() => Connections) | null = null,
  ) {
    const appends =
      kind === "sqlite"
        ? new GroupCommit<Append, AppendResult>((batch) => this.appendBatch(batch), write)
        : null;
    this.appends = appends;
    this.club = new ClubQueries(db, write);
    this.nights = new NightQueries(db as Kysely<unknown>, write);
    this.tournaments = new TournamentQueries(db as Kysely<unknown>, write);
    this.archive = new ArchiveIndex(kind, db, write);
    this.gauges = {
      connections:
        connections ?? (() => ({ open: 1, idle: appends?.queued ? 0 : 1, waiting: appends?.queued ?? 0 })),
      onBatch: (listener) => appends?.onBatch(listener),
    };
  }

  readonly gauges: StoreGauges;

  async close(): Promise<void> {
    await this.archive.stop();
    await this.db.destroy();
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

  async getClub(): Promise<{ id: string; name: string } | null> {
    const row = await this.db.selectFrom("club").select(["id", "name"]).executeTakeFirst();
    return row ?? null;
  }

  createClub(club: { id: string; name: string }, admin: HostRow, person: PersonRow): Promise<void> {
    return this.write(() =>
      unique("the club is already set up", () =>
        this.db.transaction().execute(async (tx) => {
          await tx.insertInto("club").values({ slot: 1, id: club.id, name: club.name }).execute();
          await tx.insertInto("people").values(personValues(person)).execute();
          await tx.insertInto("hosts").values(hostValues(admin)).execute();
        }),
      ),
    );
  }

  async setSetupToken(hash: string | null): Promise<void> {
    await this.write(() =>
      this.db
        .insertInto("setup")
        .values({ slot: 1, token_hash: hash })
        .onConflict((oc) => oc.column("slot").doUpdateSet({ token_hash: hash }))
        .execute(),
    );
  }

  async getSetupToken(): Promise<string | null> {
    const row = await this.db.selectFrom("setup").select("token_hash").executeTakeFirst();
    return row?.token_hash ?? null;
  }

  async createHost(host: HostRow, person?: PersonRow): Promise<void> {
    await this.write(() =>
      unique(`the login ${host.login} is taken`, () =>
        this.db.transaction().execute(async (tx) => {
          if (person) await tx.insertInto("people").values(personValues(person)).execute();
          await tx.insertInto("hosts").values(hostValues(host)).execute();
        }),
      ),
    );
  }

  async findHostByPerson(personId: string): Promise<HostRow | null> {
    const row = await this.db
      .selectFrom("hosts")
      .selectAll()
      .where("person_id", "=", personId)
      .executeTakeFirst();
    return row ? hostRow(row) : null;
  }

  async listHosts(): Promise<HostRow[]> {
    const rows = await this.db.selectFrom("hosts").selectAll().orderBy("name").orderBy("id").execute();
    return rows.map(hostRow);
  }

  async createPerson(person: PersonRow): Promise<void> {
    await this.write(() =>
      unique(`the person ${person.name} exists`, () =>
        this.db.insertInto("people").values(personValues(person)).execute(),
      ),
    );
  }

  async getPerson(id: string): Promise<PersonRow | null> {
    const row = await this.db.selectFrom("people").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? personRow(row) : null;
  }

  async findGuest(name: string): Promise<PersonRow | null> {
    const row = await this.db
      .selectFrom("people")
      .selectAll()
      .where("kind", "=", "guest")
      .where("merged_into", "is", null)
      .where("name", "=", name)
      .executeTakeFirst();
    return row ? personRow(row) : null;
  }

  async listPeople(query: { q?: string; limit: number }): Promise<PersonRow[]> {
    let select = this.db.selectFrom("people").selectAll().where("merged_into", "is", null);
    const q = query.q?.trim().toLowerCase();
    if (q) select = select.where(sql<boolean>`name_key like ${containsPattern(q)} escape '\\'`);
    const rows = await select
      .orderBy(sql`case when kind = 'member' then 0 else 1 end`)
      .orderBy("name_key")
      .orderBy("id")
      .limit(query.limit)
      .execute();
    return rows.map(personRow);
  }

  async setCouncil(personId: string, council: boolean): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .updateTable("people")
        .set({ council: council ? 1 : 0 })
        .where("id", "=", personId)
        .where("kind", "=", "member")
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  async mergeGuest(guestId: string, memberId: string): Promise<boolean> {
    const merged = await this.write(() =>
      this.db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable("people")
          .set({ merged_into: memberId })
          .where("id", "=", guestId)
          .where("kind", "=", "guest")
          .where("merged_into", "is", null)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("people as member")
                .select("member.id")
                .where("member.id", "=", memberId)
                .where("member.kind", "=", "member")
                .where("member.merged_into", "is", null),
            ),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        // The guest's sanctions follow them: a ban is not escaped by joining the club.
        await tx
          .updateTable("sanctions")
          .set({ person_id: memberId })
          .where("person_id", "=", guestId)
          .execute();
        await mergeTotals(tx, guestId, memberId);
        return true;
      }),
    );
    // The guest's games join the member's: his skill is replayed from the first of them.
    if (merged) this.archive.recompute("merge");
    return merged;
  }

  createSanction(sanction: SanctionRow): Promise<void> {
    return this.club.createSanction(sanction);
  }

  listSanctions(personId: string): Promise<SanctionRow[]> {
    return this.club.listSanctions(personId);
  }

  activeBan(personId: string, at: number): Promise<SanctionRow | null> {
    return this.club.activeBan(personId, at);
  }

  createComplaint(complaint: ComplaintRow): Promise<void> {
    return this.club.createComplaint(complaint);
  }

  getComplaint(id: string): Promise<ComplaintRow | null> {
    return this.club.getComplaint(id);
  }

  listComplaints(query: { tableId: string } | { open: true }): Promise<ComplaintRow[]> {
    return this.club.listComplaints(query);
  }

  answerComplaint(id: string, answer: NonNullable<ComplaintRow["answer"]>): Promise<boolean> {
    return this.club.answerComplaint(id, answer);
  }

  async resolvePerson(id: string): Promise<PersonRow | null> {
    let person = await this.getPerson(id);
    // Only a guest is merged, only into a member (who is never merged): at most one step, a few for safety.
    for (let step = 0; person?.mergedInto && step < 8; step++)
      person = await this.getPerson(person.mergedInto);
    return person;
  }

  async findHostByLogin(login: string): Promise<HostRow | null> {
    const row = await this.db.selectFrom("hosts").selectAll().where("login", "=", login).executeTakeFirst();
    return row ? hostRow(row) : null;
  }

  async getHost(id: string): Promise<HostRow | null> {
    const row = await this.db.selectFrom("hosts").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? hostRow(row) : null;
  }

  async createSession(s: {
    tokenHash: string;
    hostId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    await this.write(() =>
      this.db
        .insertInto("sessions")
        .values({
          token_hash: s.tokenHash,
          host_id: s.hostId,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
        })
        .execute(),
    );
  }

  async getSession(tokenHash: string): Promise<{ hostId: string; expiresAt: number } | null> {
    const row = await this.db
      .selectFrom("sessions")
      .select(["host_id", "expires_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row ? { hostId: row.host_id, expiresAt: millis(row.expires_at) } : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.write(() => this.db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute());
  }

  async deleteSessionsOf(hostId: string): Promise<string[]> {
    const rows = await this.write(() =>
      this.db.deleteFrom("sessions").where("host_id", "=", hostId).returning("token_hash").execute(),
    );
    return rows.map((r) => r.token_hash);
  }

  async setRole(hostId: string, role: Role): Promise<boolean> {
    const before = await this.getHost(hostId);
    const result = await this.write(() =>
      this.db.updateTable("hosts").set({ role }).where("id", "=", hostId).executeTakeFirst(),
    );
    // RATE-7: the administration is never rated: who is in it changes everyone's skill.
    if (before && (before.role === "admin") !== (role === "admin")) this.archive.recompute("role");
    return Number(result.numUpdatedRows) === 1;
  }

  async setPasswordHash(hostId: string, passwordHash: string): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .updateTable("hosts")
        .set({ password_hash: passwordHash })
        .where("id", "=", hostId)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  createTable(
    table: Omit<TableRow, "seq">,
    created: GameEvent,
    seats: readonly SeatPerson[] = [],
  ): Promise<void> {
    return this.write(() =>
      unique(`the table ${table.id} exists`, () =>
        this.db.transaction().execute(async (tx) => {
          await tx
            .insertInto("tables")
            .values({
              id: table.id,
              title: table.title,
              host_id: table.hostId,
              created_at: table.createdAt,
              seq: 1,
              phase: table.phase,
              winner: table.winner,
              online: table.online ? 1 : 0,
              online_settings: table.onlineSettings ?? null,
            })
            .execute();
          await tx
            .insertInto("events")
            .values({ table_id: table.id, seq: 1, event: JSON.stringify(created) })
            .execute();
          await insertSeats(tx, table.id, seats);
        }),
      ),
    );
  }

  async setTableSeats(tableId: string, seats: readonly SeatPerson[]): Promise<void> {
    await this.write(() =>
      this.db.transaction().execute(async (tx) => {
        await tx.deleteFrom("table_seats").where("table_id", "=", tableId).execute();
        await insertSeats(tx, tableId, seats);
      }),
    );
  }

  async listGamesOf(personId: string, limit: number): Promise<{ table: TableRow; seat: number }[]> {
    const rows = await this.db
      .selectFrom("table_seats")
      .innerJoin("tables", "tables.id", "table_seats.table_id")
      .innerJoin("people", "people.id", "table_seats.person_id")
      .selectAll("tables")
      .select("table_seats.seat as seat")
      .where((eb) => eb.or([eb("people.id", "=", personId), eb("people.merged_into", "=", personId)]))
      .orderBy("tables.created_at", "desc")
      .orderBy("tables.id")
      .limit(limit)
      .execute();
    return rows.map(({ seat, ...table }) => ({ table: tableRow(table), seat }));
  }

  async listTableSeats(tableId: string): Promise<SeatPerson[]> {
    const rows = await this.db
      .selectFrom("table_seats")
      .select(["seat", "person_id"])
      .where("table_id", "=", tableId)
      .orderBy("seat")
      .execute();
    return rows.map((r) => ({ seat: r.seat, personId: r.person_id }));
  }

  async getTable(id: string): Promise<TableRow | null> {
    const row = await this.db.selectFrom("tables").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? tableRow(row) : null;
  }

  async listTables(): Promise<TableRow[]> {
    const rows = await this.db
      .selectFrom("tables")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "asc")
      .execute();
    return rows.map(tableRow);
  }

  async readEvents(tableId: string, afterSeq = 0): Promise<{ seq: number; event: GameEvent }[]> {
    const rows = await this.db
      .selectFrom("events")
      .select(["seq", "event"])
      .where("table_id", "=", tableId)
      .where("seq", ">", afterSeq)
      .orderBy("seq", "asc")
      .execute();
    return rows.map((r) => ({ seq: r.seq, event: JSON.parse(r.event) as GameEvent }));
  }

  async append(
    tableId: string,
    expectedSeq: number,
    events: readonly GameEvent[],
    command: { id: string; answer: unknown },
    status: { phase: string; winner: string | null },
    finished?: GameResult,
  ): Promise<AppendResult> {
    const append: Append = { tableId, expectedSeq, events, command, status, finished };
    const result = await this.appendOne(append);
    // The game's result is stored: the archive's totals take it in, after the answer.
    if (finished && result.ok) void this.archive.fold();
    return result;
  }

  private async appendOne(append: Append): Promise<AppendResult> {
    if (this.appends) return this.appends.run(append);
    try {
      await this.write(() => this.db.transaction().execute((tx) => appendIn(tx, append)));
    } catch (error) {
      if (error instanceof AppendRefused) return { ok: false, conflict: error.conflict };
      throw error;
    }
    return { ok: true, seq: append.expectedSeq + append.events.length };
  }

  /** Several appends in one transaction (the caller holds the writer lock), each in a savepoint. */
  private appendBatch(batch: readonly Append[]): Promise<Outcome<AppendResult>[]> {
    return this.db.transaction().execute(async (tx) => {
      const outcomes: Outcome<AppendResult>[] = [];
      for (const append of batch) {
        await sql`savepoint append`.execute(tx);
        try {
          await appendIn(tx, append);
          outcomes.push({ ok: true, value: { ok: true, seq: append.expectedSeq + append.events.length } });
        } catch (error) {
          await sql`rollback to append`.execute(tx);
          outcomes.push(
            error instanceof AppendRefused
              ? { ok: true, value: { ok: false, conflict: error.conflict } }
              : { ok: false, error },
          );
        }
        await sql`release append`.execute(tx);
      }
      return outcomes;
    });
  }

  async findCommand(tableId: string, commandId: string): Promise<unknown | null> {
    const row = await this.db
      .selectFrom("commands")
      .select("answer")
      .where("table_id", "=", tableId)
      .where("command_id", "=", commandId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.answer) as unknown) : null;
  }

  async setJoinCode(tableId: string, code: string): Promise<void> {
    await this.write(() =>
      unique(`the join code ${code} is taken`, () =>
        this.db.insertInto("join_codes").values({ code, table_id: tableId }).execute(),
      ),
    );
  }

  async getJoinCode(tableId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("join_codes")
      .select("code")
      .where("table_id", "=", tableId)
      .executeTakeFirst();
    return row?.code ?? null;
  }

  async findTableByCode(code: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("join_codes")
      .select("table_id")
      .where("code", "=", code)
      .executeTakeFirst();
    return row?.table_id ?? null;
  }

  async createSeatToken(t: SeatTokenRow, whilePhase?: string): Promise<boolean> {
    return this.write(() =>
      unique(`seat ${t.seat} is taken`, () =>
        this.db.transaction().execute(async (tx) => {
          if (whilePhase !== undefined) {
            const read = tx.selectFrom("tables").select("phase").where("id", "=", t.tableId);
            // PostgreSQL: the row stays locked until this commits, so an append (which updates it)
            // waits for this join, or this waits for the append and reads the phase it left. SQLite
            // writes one transaction at a time anyway.
            const row = await (this.kind === "postgres" ? read.forShare() : read).executeTakeFirst();
            if (row?.phase !== whilePhase) return false;
          }
          await tx
            .insertInto("seat_tokens")
            .values({ token_hash: t.tokenHash, table_id: t.tableId, seat: t.seat, created_at: t.createdAt })
            .execute();
          return true;
        }),
      ),
    );
  }

  async getSeatToken(tokenHash: string): Promise<SeatTokenRow | null> {
    const row = await this.db
      .selectFrom("seat_tokens")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row
      ? {
          tokenHash: row.token_hash,
          tableId: row.table_id,
          seat: row.seat,
          createdAt: millis(row.created_at),
        }
      : null;
  }

  async listSeatTokens(tableId: string): Promise<SeatTokenRow[]> {
    const rows = await this.db
      .selectFrom("seat_tokens")
      .selectAll()
      .where("table_id", "=", tableId)
      .orderBy("seat", "asc")
      .execute();
    return rows.map((row) => ({
      tokenHash: row.token_hash,
      tableId: row.table_id,
      seat: row.seat,
      createdAt: millis(row.created_at),
    }));
  }

  async deleteSeatToken(tableId: string, seat: number): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .deleteFrom("seat_tokens")
        .where("table_id", "=", tableId)
        .where("seat", "=", seat)
        .executeTakeFirst(),
    );
    return Number(result.numDeletedRows) > 0;
  }

  async addOutChatLine(tableId: string, line: NewOutChatLine): Promise<OutChatLine | null> {
    // Two processes sharing PostgreSQL may take the same next n: the (table_id, n) key refuses the
    // second, which tries again with the n after.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.write(() =>
          this.db.transaction().execute(async (tx) => {
            // A repeated id: stored once already (a phone sending its line again after a drop).
            const known = await tx
              .selectFrom("out_chat")
              .select("n")
              .where("table_id", "=", tableId)
              .where("said_id", "=", line.id)
              .executeTakeFirst();
            if (known) return null;
            const last = await tx
              .selectFrom("out_chat")
              .select((eb) => eb.fn.max("n").as("n"))
              .where("table_id", "=", tableId)
              .executeTakeFirst();
            const n = Number(last?.n ?? 0) + 1;
            await tx
              .insertInto("out_chat")
              .values({
                table_id: tableId,
                n,
                seat: line.seat,
                at: line.at,
                text: line.text,
                said_id: line.id,
              })
              .execute();
            return { n, seat: line.seat, at: line.at, text: line.text };
          }),
        );
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
      }
    }
  }

  async readOutChat(tableId: string): Promise<OutChatLine[]> {
    const rows = await this.db
      .selectFrom("out_chat")
      .select(["n", "seat", "at", "text"])
      .where("table_id", "=", tableId)
      .orderBy("n", "asc")
      .execute();
    return rows.map((r) => ({ n: r.n, seat: r.seat, at: millis(r.at), text: r.text }));
  }

  // ── The rating (rating-types.ts, rating-queries.ts) ──

  listGames(): Promise<GameRow[]> {
    return selectGames(this.db);
  }

  async getGame(tableId: string): Promise<GameRow | null> {
    return (await selectGames(this.db, tableId))[0] ?? null;
  }

  async correctPoints(correction: CorrectionRow): Promise<void> {
    await this.write(() => insertCorrection(this.db, this.kind, correction));
    // A recompute running now read the points before this: it runs once more when done.
    this.archive.rerunIfRunning("correction");
  }

  listCorrections(tableId: string): Promise<CorrectionRow[]> {
    return selectCorrections(this.db, tableId);
  }

  importGame(
    table: { id: string; title: string; hostId: string; createdAt: number; online: boolean },
    events: readonly GameEvent[],
    seats: readonly SeatPerson[],
    result: GameResult,
  ): Promise<void> {
    return this.write(() =>
      unique(`the table ${table.id} exists`, () =>
        insertImported(this.db, [{ table, events, seats, result }]),
      ),
    );
  }

  importGames(games: readonly ImportedGame[]): Promise<void> {
    return this.write(() => unique("a table exists", () => insertImported(this.db, games)));
  }

  listAllPeople(): Promise<PersonRow[]> {
    return selectAllPeople(this.db);
  }

  async createSeason(season: SeasonRow): Promise<void> {
    await this.write(() =>
      unique(`the season ${season.id} exists`, () =>
        this.db.transaction().execute(async (tx) => {
          await insertSeason(tx, season);
          const scope = (await selectScopes(tx)).find((s) => s.id === season.id);
          if (scope) await rebuildScope(tx, this.kind, scope, await selectExcluded(tx));
        }),
      ),
    );
    // A recompute running now read the seasons before this one: its totals would drop the new
    // season's rows, so it runs once more when done.
    this.archive.rerunIfRunning("season");
  }

  listSeasons(): Promise<SeasonRow[]> {
    return selectSeasons(this.db);
  }

  async deleteSeason(id: string): Promise<boolean> {
    const removed = await this.write(() =>
      this.db.transaction().execute(async (tx) => {
        await dropScope(tx, id);
        return removeSeason(tx, id);
      }),
    );
    this.archive.rerunIfRunning("season");
    return removed;
  }
}

function hostValues(h: HostRow) {
  return {
    id: h.id,
    name: h.name,
    login: h.login,
    role: h.role,
    password_hash: h.passwordHash,
    created_at: h.createdAt,
    person_id: h.personId,
  };
}

/**
 * One append's writes, in the caller's transaction: the command's id and answer, the events at
 * expectedSeq+1…, the table's seq and status. Throws AppendRefused on a stale seq or a known id.
 */
async function appendIn(tx: Transaction<Database>, a: Append): Promise<void> {
  const seq = a.expectedSeq + a.events.length;
  // The command first: a repeated id is "command" even when its seq is stale too.
  await refuseOnUnique("command", () =>
    tx
      .insertInto("commands")
      .values({
        table_id: a.tableId,
        command_id: a.command.id,
        seq,
        answer: JSON.stringify(a.command.answer),
      })
      .execute(),
  );
  if (a.events.length > 0) {
    // A concurrent writer at the same seq breaks the (table_id, seq) primary key here; on
    // PostgreSQL the second waits for the first to commit, then fails.
    await refuseOnUnique("seq", () =>
      tx
        .insertInto("events")
        .values(
          a.events.map((event, i) => ({
            table_id: a.tableId,
            seq: a.expectedSeq + 1 + i,
            event: JSON.stringify(event),
          })),
        )
        .execute(),
    );
  }
  // Guards an expectedSeq ahead of the table (a gap) and an append with no events.
  const updated = await tx
    .updateTable("tables")
    .set({ seq, phase: a.status.phase, winner: a.status.winner })
    .where("id", "=", a.tableId)
    .where("seq", "=", a.expectedSeq)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppendRefused("seq");
  // The rating closed: the game's result is kept with it, committed with its last events.
  if (a.finished) await insertResult(tx, a.tableId, a.finished);
}

function personValues(p: PersonRow) {
  return {
    id: p.id,
    name: p.name,
    name_key: p.name.toLowerCase(),
    kind: p.kind,
    council: p.council ? 1 : 0,
    merged_into: p.mergedInto,
    created_at: p.createdAt,
  };
}

async function insertSeats(tx: Transaction<Database>, tableId: string, seats: readonly SeatPerson[]) {
  if (seats.length === 0) return;
  await tx
    .insertInto("table_seats")
    .values(seats.map((s) => ({ table_id: tableId, seat: s.seat, person_id: s.personId })))
    .execute();
}

async function refuseOnUnique(conflict: "seq" | "command", work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppendRefused(conflict);
    throw error;
  }
}
