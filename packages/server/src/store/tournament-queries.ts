// Tournaments' rows (docs/tournaments.md, migration 0011_tournaments): the tournament and its
// referees, its players (a dropped one with his replacement), each round's seating. The same
// queries on SQLite and PostgreSQL. KyselyStore hands `store.tournaments` here.

import type { FinalKind, Scoring } from "@misto/protocol";
import type { Kysely } from "kysely";
import type { RoundRow, RoundSeating } from "./night-queries.js";
import { type Millis, millis, type NullableMillis } from "./schema.js";
import { unique } from "./unique.js";

interface TournamentsDatabase {
  tournaments: {
    id: string;
    title: string;
    starts_at: Millis;
    rounds: number;
    tables: number;
    final_kind: FinalKind;
    chief_id: string;
    scoring: string;
    created_by: string;
    created_at: Millis;
  };
  tournament_hosts: { tournament_id: string; position: number; host_id: string };
  tournament_players: {
    tournament_id: string;
    person_id: string;
    joined_at: Millis;
    dropped_at: NullableMillis;
    replaced_by: string | null;
  };
  tournament_rounds: {
    tournament_id: string;
    n: number;
    final: number;
    seating: string;
    drawn_at: Millis;
    dealt_at: NullableMillis;
  };
}

export interface TournamentRow {
  id: string;
  title: string;
  startsAt: number;
  /** The qualifying rounds; the final is round `rounds + 1`. */
  rounds: number;
  tables: number;
  final: FinalKind;
  chiefId: string;
  /** The tables' hosts, in turn. */
  hosts: string[];
  /** Only the settings the organiser changed. */
  scoring: Partial<Scoring>;
  createdBy: string;
  createdAt: number;
}

export interface TournamentPlayerRow {
  personId: string;
  joinedAt: number;
  droppedAt: number | null;
  replacedBy: string | null;
}

export interface TournamentRoundRow extends RoundRow {
  final: boolean;
}

/** What the server asks of the store for tournaments. */
export interface TournamentStore {
  createTournament(t: TournamentRow): Promise<void>;
  getTournament(id: string): Promise<TournamentRow | null>;
  /** Every tournament, by start. */
  listTournaments(): Promise<TournamentRow[]>;
  /** StoreConflict when the person plays already. */
  addPlayer(id: string, player: TournamentPlayerRow): Promise<void>;
  /** In the order they joined (ties by person id). */
  listPlayers(id: string): Promise<TournamentPlayerRow[]>;
  /**
   * In one transaction: `personId` drops out (false when he is no player, or dropped already),
   * `replacement` joins, and the undealt rounds take the given seatings (only if still undealt).
   */
  replacePlayer(
    id: string,
    personId: string,
    replacement: string,
    at: number,
    seatings: readonly { n: number; seating: RoundSeating }[],
  ): Promise<boolean>;
  listRounds(id: string): Promise<TournamentRoundRow[]>;
  /** Replaces every qualifying round by `rounds` while none is dealt; false once one is. */
  setQualifying(id: string, rounds: readonly TournamentRoundRow[]): Promise<boolean>;
  /** StoreConflict when the round's number is taken. */
  addRound(id: string, round: TournamentRoundRow): Promise<void>;
  /** Marks the round dealt if it was not: true for the one caller that may make its tables. */
  claimDeal(id: string, n: number, at: number): Promise<boolean>;
  /** The dealt round's seating with its tables; `dealt: false` gives the round back. */
  finishDeal(id: string, n: number, seating: RoundSeating, dealt: boolean): Promise<void>;
}

type Write = <T>(work: () => Promise<T>) => Promise<T>;

const nullableMillis = (v: number | string | null): number | null => (v === null ? null : millis(v));

export class TournamentQueries implements TournamentStore {
  private readonly db: Kysely<TournamentsDatabase>;

  constructor(
    db: Kysely<unknown>,
    private readonly write: Write,
  ) {
    // 0011_tournaments made these tables; the rest of the database is schema.ts's.
    this.db = db as Kysely<TournamentsDatabase>;
  }

  async createTournament(t: TournamentRow): Promise<void> {
    await this.write(() =>
      unique(`the tournament ${t.id} exists`, () =>
        this.db.transaction().execute(async (tx) => {
          await tx
            .insertInto("tournaments")
            .values({
              id: t.id,
              title: t.title,
              starts_at: t.startsAt,
              rounds: t.rounds,
              tables: t.tables,
              final_kind: t.final,
              chief_id: t.chiefId,
              scoring: JSON.stringify(t.scoring),
              created_by: t.createdBy,
              created_at: t.createdAt,
            })
            .execute();
          for (const [position, hostId] of t.hosts.entries()) {
            await tx
              .insertInto("tournament_hosts")
              .values({ tournament_id: t.id, position, host_id: hostId })
              .execute();
          }
        }),
      ),
    );
  }

  async getTournament(id: string): Promise<TournamentRow | null> {
    return (await this.select(id))[0] ?? null;
  }

  listTournaments(): Promise<TournamentRow[]> {
    return this.select();
  }

  private async select(id?: string): Promise<TournamentRow[]> {
    let query = this.db.selectFrom("tournaments").selectAll();
    if (id !== undefined) query = query.where("id", "=", id);
    const rows = await query.orderBy("starts_at").orderBy("id").execute();
    if (rows.length === 0) return [];
    const hosts = await this.db
      .selectFrom("tournament_hosts")
      .selectAll()
      .where(
        "tournament_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("position")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      startsAt: millis(r.starts_at),
      rounds: r.rounds,
      tables: r.tables,
      final: r.final_kind,
      chiefId: r.chief_id,
      hosts: hosts.filter((h) => h.tournament_id === r.id).map((h) => h.host_id),
      scoring: JSON.parse(r.scoring) as Partial<Scoring>,
      createdBy: r.created_by,
      createdAt: millis(r.created_at),
    }));
  }

  async addPlayer(id: string, p: TournamentPlayerRow): Promise<void> {
    await this.write(() =>
      unique("already a player", () =>
        this.db
          .insertInto("tournament_players")
          .values({
            tournament_id: id,
            person_id: p.personId,
            joined_at: p.joinedAt,
            dropped_at: p.droppedAt,
            replaced_by: p.replacedBy,
          })
          .execute(),
      ),
    );
  }

  async listPlayers(id: string): Promise<TournamentPlayerRow[]> {
    const rows = await this.db
      .selectFrom("tournament_players")
      .selectAll()
      .where("tournament_id", "=", id)
      .orderBy("joined_at")
      .orderBy("person_id")
      .execute();
    return rows.map((r) => ({
      personId: r.person_id,
      joinedAt: millis(r.joined_at),
      droppedAt: nullableMillis(r.dropped_at),
      replacedBy: r.replaced_by,
    }));
  }

  async replacePlayer(
    id: string,
    personId: string,
    replacement: string,
    at: number,
    seatings: readonly { n: number; seating: RoundSeating }[],
  ): Promise<boolean> {
    return this.write(() =>
      unique(`${replacement} is a player already`, () =>
        this.db.transaction().execute(async (tx) => {
          const dropped = await tx
            .updateTable("tournament_players")
            .set({ dropped_at: at, replaced_by: replacement })
            .where("tournament_id", "=", id)
            .where("person_id", "=", personId)
            .where("dropped_at", "is", null)
            .executeTakeFirst();
          if (Number(dropped.numUpdatedRows) !== 1) return false;
          await tx
            .insertInto("tournament_players")
            .values({
              tournament_id: id,
              person_id: replacement,
              joined_at: at,
              dropped_at: null,
              replaced_by: null,
            })
            .execute();
          for (const { n, seating } of seatings) {
            await tx
              .updateTable("tournament_rounds")
              .set({ seating: JSON.stringify(seating) })
              .where("tournament_id", "=", id)
              .where("n", "=", n)
              .where("dealt_at", "is", null)
              .execute();
          }
          return true;
        }),
      ),
    );
  }

  async listRounds(id: string): Promise<TournamentRoundRow[]> {
    const rows = await this.db
      .selectFrom("tournament_rounds")
      .selectAll()
      .where("tournament_id", "=", id)
      .orderBy("n")
      .execute();
    return rows.map((r) => ({
      n: r.n,
      final: r.final === 1,
      seating: JSON.parse(r.seating) as RoundSeating,
      drawnAt: millis(r.drawn_at),
      dealtAt: nullableMillis(r.dealt_at),
    }));
  }

  async setQualifying(id: string, rounds: readonly TournamentRoundRow[]): Promise<boolean> {
    return this.write(() =>
      this.db.transaction().execute(async (tx) => {
        const dealt = await tx
          .selectFrom("tournament_rounds")
          .select("n")
          .where("tournament_id", "=", id)
          .where("dealt_at", "is not", null)
          .executeTakeFirst();
        if (dealt) return false;
        await tx.deleteFrom("tournament_rounds").where("tournament_id", "=", id).execute();
        for (const round of rounds)
          await tx.insertInto("tournament_rounds").values(this.values(id, round)).execute();
        return true;
      }),
    );
  }

  async addRound(id: string, round: TournamentRoundRow): Promise<void> {
    await this.write(() =>
      unique(`round ${round.n} is drawn already`, () =>
        this.db.insertInto("tournament_rounds").values(this.values(id, round)).execute(),
      ),
    );
  }

  private values(id: string, round: TournamentRoundRow) {
    return {
      tournament_id: id,
      n: round.n,
      final: round.final ? 1 : 0,
      seating: JSON.stringify(round.seating),
      drawn_at: round.drawnAt,
      dealt_at: round.dealtAt,
    };
  }

  async claimDeal(id: string, n: number, at: number): Promise<boolean> {
    // "Not dealt yet" is part of the update: two referees dealing at once, one makes the tables.
    const result = await this.write(() =>
      this.db
        .updateTable("tournament_rounds")
        .set({ dealt_at: at })
        .where("tournament_id", "=", id)
        .where("n", "=", n)
        .where("dealt_at", "is", null)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  async finishDeal(id: string, n: number, seating: RoundSeating, dealt: boolean): Promise<void> {
    await this.write(() =>
      this.db
        .updateTable("tournament_rounds")
        .set(
          dealt ? { seating: JSON.stringify(seating) } : { seating: JSON.stringify(seating), dealt_at: null },
        )
        .where("tournament_id", "=", id)
        .where("n", "=", n)
        .execute(),
    );
  }
}
