// Club nights' rows (docs/club-nights.md, migration 0009_nights): the evening and its hosts, the
// sign-ups and check-ins, each round's seating. The same queries on SQLite and PostgreSQL.
// KyselyStore hands `store.nights` here.

import type { Kysely } from "kysely";
import { type Millis, millis, type NullableMillis } from "./schema.js";
import { unique } from "./unique.js";

interface NightsTable {
  id: string;
  title: string;
  starts_at: Millis;
  place: string;
  capacity: number;
  tables: number;
  created_by: string;
  created_at: Millis;
}

interface NightHostsTable {
  night_id: string;
  host_id: string;
}

interface NightEntriesTable {
  night_id: string;
  person_id: string;
  signed_at: Millis;
  door: number;
  checked_in_at: NullableMillis;
}

interface NightRoundsTable {
  night_id: string;
  n: number;
  seating: string;
  drawn_at: Millis;
  dealt_at: NullableMillis;
}

interface NightPairsTable {
  night_id: string;
  a: string;
  b: string;
  kind: "apart" | "together";
}

/** The tables this file reads (added to the store's database by 0009_nights). */
export interface NightsDatabase {
  nights: NightsTable;
  night_hosts: NightHostsTable;
  night_entries: NightEntriesTable;
  night_rounds: NightRoundsTable;
  night_pairs: NightPairsTable;
}

export interface NightRow {
  id: string;
  title: string;
  startsAt: number;
  place: string;
  capacity: number;
  tables: number;
  /** The hosts' accounts, in the order given. */
  hosts: string[];
  createdBy: string;
  createdAt: number;
}

/** A sign-up (or a host's guest at the door) and its check-in. */
export interface EntryRow {
  personId: string;
  signedAt: number;
  door: boolean;
  checkedInAt: number | null;
}

/** A round's seating: `seats[i]` is the person in seat i + 1; `table` once the round is dealt. */
export interface RoundSeating {
  tables: { host: string | null; seats: string[]; table: string | null }[];
  out: string[];
}

/** A pair policy: `a` < `b` (ids), kept apart or together at the night's draws. */
export interface PairRow {
  a: string;
  b: string;
  kind: "apart" | "together";
}

export interface RoundRow {
  n: number;
  seating: RoundSeating;
  drawnAt: number;
  dealtAt: number | null;
}

/** What the server asks of the store for club nights. */
export interface NightStore {
  createNight(night: NightRow): Promise<void>;
  getNight(id: string): Promise<NightRow | null>;
  /** Every night, by start. */
  listNights(): Promise<NightRow[]>;
  /** StoreConflict when the person is signed up already. */
  addEntry(nightId: string, entry: EntryRow): Promise<void>;
  /** False when the person was not signed up. */
  removeEntry(nightId: string, personId: string): Promise<boolean>;
  /** The sign-ups in the order they came (ties by person id). */
  listEntries(nightId: string): Promise<EntryRow[]>;
  /** False when the person is not signed up. */
  setCheckedIn(nightId: string, personId: string, at: number | null): Promise<boolean>;
  /** Sets the pair's policy (replacing one the pair had). */
  setPair(nightId: string, pair: PairRow): Promise<void>;
  /** False when the pair had no policy. */
  removePair(nightId: string, a: string, b: string): Promise<boolean>;
  listPairs(nightId: string): Promise<PairRow[]>;
  listRounds(nightId: string): Promise<RoundRow[]>;
  /** StoreConflict when the round's number is taken (two draws at once: one wins). */
  addRound(nightId: string, round: RoundRow): Promise<void>;
  /** Rewrites a round not dealt yet; false when it is dealt (or unknown). */
  setUndealtSeating(nightId: string, n: number, seating: RoundSeating): Promise<boolean>;
  /** Marks the round dealt if it was not: true for the one caller that may make its tables. */
  claimDeal(nightId: string, n: number, at: number): Promise<boolean>;
  /** The dealt round's seating with its tables; `dealt: false` gives the round back (a failed deal). */
  finishDeal(nightId: string, n: number, seating: RoundSeating, dealt: boolean): Promise<void>;
}

type Write = <T>(work: () => Promise<T>) => Promise<T>;

const nullableMillis = (v: number | string | null): number | null => (v === null ? null : millis(v));

export class NightQueries implements NightStore {
  private readonly db: Kysely<NightsDatabase>;

  constructor(
    db: Kysely<unknown>,
    private readonly write: Write,
  ) {
    // 0009_nights made these tables; the rest of the database is schema.ts's.
    this.db = db as Kysely<NightsDatabase>;
  }

  async createNight(night: NightRow): Promise<void> {
    await this.write(() =>
      unique(`the night ${night.id} exists`, () =>
        this.db.transaction().execute(async (tx) => {
          await tx
            .insertInto("nights")
            .values({
              id: night.id,
              title: night.title,
              starts_at: night.startsAt,
              place: night.place,
              capacity: night.capacity,
              tables: night.tables,
              created_by: night.createdBy,
              created_at: night.createdAt,
            })
            .execute();
          for (const hostId of night.hosts) {
            await tx.insertInto("night_hosts").values({ night_id: night.id, host_id: hostId }).execute();
          }
        }),
      ),
    );
  }

  async getNight(id: string): Promise<NightRow | null> {
    return (await this.selectNights(id))[0] ?? null;
  }

  listNights(): Promise<NightRow[]> {
    return this.selectNights();
  }

  private async selectNights(id?: string): Promise<NightRow[]> {
    let query = this.db.selectFrom("nights").selectAll();
    if (id !== undefined) query = query.where("id", "=", id);
    const rows = await query.orderBy("starts_at").orderBy("id").execute();
    if (rows.length === 0) return [];
    const hosts = await this.db
      .selectFrom("night_hosts")
      .selectAll()
      .where(
        "night_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("host_id")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      startsAt: millis(r.starts_at),
      place: r.place,
      capacity: r.capacity,
      tables: r.tables,
      hosts: hosts.filter((h) => h.night_id === r.id).map((h) => h.host_id),
      createdBy: r.created_by,
      createdAt: millis(r.created_at),
    }));
  }

  async addEntry(nightId: string, entry: EntryRow): Promise<void> {
    await this.write(() =>
      unique("already signed up", () =>
        this.db
          .insertInto("night_entries")
          .values({
            night_id: nightId,
            person_id: entry.personId,
            signed_at: entry.signedAt,
            door: entry.door ? 1 : 0,
            checked_in_at: entry.checkedInAt,
          })
          .execute(),
      ),
    );
  }

  async removeEntry(nightId: string, personId: string): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .deleteFrom("night_entries")
        .where("night_id", "=", nightId)
        .where("person_id", "=", personId)
        .executeTakeFirst(),
    );
    return Number(result.numDeletedRows) === 1;
  }

  async listEntries(nightId: string): Promise<EntryRow[]> {
    const rows = await this.db
      .selectFrom("night_entries")
      .selectAll()
      .where("night_id", "=", nightId)
      .orderBy("signed_at")
      .orderBy("person_id")
      .execute();
    return rows.map((r) => ({
      personId: r.person_id,
      signedAt: millis(r.signed_at),
      door: r.door === 1,
      checkedInAt: nullableMillis(r.checked_in_at),
    }));
  }

  async setCheckedIn(nightId: string, personId: string, at: number | null): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .updateTable("night_entries")
        .set({ checked_in_at: at })
        .where("night_id", "=", nightId)
        .where("person_id", "=", personId)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  async setPair(nightId: string, pair: PairRow): Promise<void> {
    await this.write(() =>
      this.db
        .insertInto("night_pairs")
        .values({ night_id: nightId, a: pair.a, b: pair.b, kind: pair.kind })
        .onConflict((oc) => oc.columns(["night_id", "a", "b"]).doUpdateSet({ kind: pair.kind }))
        .execute(),
    );
  }

  async removePair(nightId: string, a: string, b: string): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .deleteFrom("night_pairs")
        .where("night_id", "=", nightId)
        .where("a", "=", a)
        .where("b", "=", b)
        .executeTakeFirst(),
    );
    return Number(result.numDeletedRows) === 1;
  }

  async listPairs(nightId: string): Promise<PairRow[]> {
    const rows = await this.db
      .selectFrom("night_pairs")
      .selectAll()
      .where("night_id", "=", nightId)
      .orderBy("a")
      .orderBy("b")
      .execute();
    return rows.map((r) => ({ a: r.a, b: r.b, kind: r.kind }));
  }

  async listRounds(nightId: string): Promise<RoundRow[]> {
    const rows = await this.db
      .selectFrom("night_rounds")
      .selectAll()
      .where("night_id", "=", nightId)
      .orderBy("n")
      .execute();
    return rows.map((r) => ({
      n: r.n,
      seating: JSON.parse(r.seating) as RoundSeating,
      drawnAt: millis(r.drawn_at),
      dealtAt: nullableMillis(r.dealt_at),
    }));
  }

  async addRound(nightId: string, round: RoundRow): Promise<void> {
    await this.write(() =>
      unique(`round ${round.n} is drawn already`, () =>
        this.db
          .insertInto("night_rounds")
          .values({
            night_id: nightId,
            n: round.n,
            seating: JSON.stringify(round.seating),
            drawn_at: round.drawnAt,
            dealt_at: round.dealtAt,
          })
          .execute(),
      ),
    );
  }

  async setUndealtSeating(nightId: string, n: number, seating: RoundSeating): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .updateTable("night_rounds")
        .set({ seating: JSON.stringify(seating) })
        .where("night_id", "=", nightId)
        .where("n", "=", n)
        .where("dealt_at", "is", null)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  async claimDeal(nightId: string, n: number, at: number): Promise<boolean> {
    // "Not dealt yet" is part of the update: two hosts dealing at once, one makes the tables.
    const result = await this.write(() =>
      this.db
        .updateTable("night_rounds")
        .set({ dealt_at: at })
        .where("night_id", "=", nightId)
        .where("n", "=", n)
        .where("dealt_at", "is", null)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  async finishDeal(nightId: string, n: number, seating: RoundSeating, dealt: boolean): Promise<void> {
    await this.write(() =>
      this.db
        .updateTable("night_rounds")
        .set(
          dealt ? { seating: JSON.stringify(seating) } : { seating: JSON.stringify(seating), dealt_at: null },
        )
        .where("night_id", "=", nightId)
        .where("n", "=", n)
        .execute(),
    );
  }
}
