// The rating's queries (rating-types.ts), the same on SQLite and PostgreSQL, through Kysely.
// KyselyRating (kysely-rating.ts) delegates to these; the closing append (kysely-appends.ts) calls insertResult inside its own transaction.

import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { GameResult } from "../rating/result.js";
import { correctTotals, lockGame } from "./archive-fold.js";
import type { CorrectionRow, GameRow, GameSeatRow, ImportedGame, SeasonRow } from "./rating-types.js";
import { type Database, type GameSeatsTable, millis } from "./schema.js";
import type { PersonRow } from "./types.js";

type Db = Kysely<Database> | Transaction<Database>;

/** Writes a finished game's result (the caller runs it in the closing transaction). */
export async function insertResult(tx: Db, tableId: string, result: GameResult): Promise<void> {
  // Who each seat counts for: the seated person, or the member a merged guest became.
  const seated = await tx
    .selectFrom("table_seats as ts")
    .leftJoin("people as p", "p.id", "ts.person_id")
    .select(["ts.seat", "ts.person_id", "p.merged_into"])
    .where("ts.table_id", "=", tableId)
    .execute();
  const player = new Map(seated.map((s) => [s.seat, s.merged_into ?? s.person_id]));
  await tx
    .insertInto("games")
    .values({
      table_id: tableId,
      record_key: result.key,
      started_at: result.startedAt,
      ended_at: result.endedAt,
      winner: result.winner,
      days: result.days,
      nights: result.nights,
      note_read: result.noteRead ? 1 : 0,
      host_id: sql<string>`(select t.host_id from tables t where t.id = ${tableId})`,
    })
    .execute();
  await tx
    .insertInto("game_seats")
    .values(
      result.seats.map((s) => ({
        table_id: tableId,
        seat: s.seat,
        card: s.card,
        team: s.team,
        result: s.result,
        rated_points: s.points,
        points: s.points,
        admin: s.admin ? 1 : 0,
        out_cause: s.out?.cause ?? null,
        out_when: s.out?.when ?? null,
        out_n: s.out?.n ?? null,
        player_id: player.get(s.seat) ?? null,
        ended_at: result.endedAt,
        mu: null,
        sigma: null,
      })),
    )
    .execute();
}

/** The finished games (all, or one table's), with their seats and who sat in them. */
/** Every finished game, or those among `tableIds`, in the club's order. */
export async function selectGames(db: Db, tableIds?: readonly string[]): Promise<GameRow[]> {
  if (tableIds?.length === 0) return [];
  let games = db
    .selectFrom("games")
    .innerJoin("tables", "tables.id", "games.table_id")
    .select([
      "games.table_id as id",
      "games.record_key as key",
      "tables.title as title",
      "tables.host_id as hostId",
      "tables.online as online",
      "games.started_at as startedAt",
      "games.ended_at as endedAt",
      "games.winner as winner",
      "games.days as days",
      "games.nights as nights",
      "games.note_read as noteRead",
    ]);
  let seats = db
    .selectFrom("game_seats")
    .innerJoin("table_seats", (j) =>
      j
        .onRef("table_seats.table_id", "=", "game_seats.table_id")
        .onRef("table_seats.seat", "=", "game_seats.seat"),
    )
    .selectAll("game_seats")
    .select("table_seats.person_id as person_id");
  if (tableIds !== undefined) {
    games = games.where("games.table_id", "in", tableIds);
    seats = seats.where("game_seats.table_id", "in", tableIds);
  }
  const [gameRows, seatRows] = await Promise.all([
    games.orderBy("games.ended_at").orderBy("games.started_at").orderBy("games.record_key").execute(),
    seats.orderBy("game_seats.table_id").orderBy("game_seats.seat").execute(),
  ]);
  const byGame = new Map<string, GameSeatRow[]>();
  for (const row of seatRows) {
    const list = byGame.get(row.table_id) ?? [];
    list.push(seatRow(row));
    byGame.set(row.table_id, list);
  }
  return gameRows.map((g) => ({
    id: g.id,
    key: g.key,
    title: g.title,
    hostId: g.hostId,
    online: g.online === 1 || (g.online as unknown) === "1",
    startedAt: millis(g.startedAt),
    endedAt: millis(g.endedAt),
    winner: g.winner,
    days: g.days,
    nights: g.nights,
    noteRead: Number(g.noteRead) === 1,
    seats: byGame.get(g.id) ?? [],
  }));
}

function seatRow(r: Selectable<GameSeatsTable> & { person_id: string }): GameSeatRow {
  return {
    seat: r.seat,
    personId: r.person_id,
    playerId: r.player_id ?? r.person_id,
    card: r.card,
    team: r.team,
    result: r.result,
    ratedPoints: r.rated_points,
    points: r.points,
    admin: Number(r.admin) === 1,
    out:
      r.out_cause && r.out_when && r.out_n !== null
        ? { cause: r.out_cause, when: r.out_when, n: r.out_n }
        : null,
  };
}

export async function insertCorrection(
  db: Kysely<Database>,
  kind: "sqlite" | "postgres",
  c: CorrectionRow,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const game = await lockGame(tx, kind, c.tableId);
    const had = await tx
      .selectFrom("game_seats")
      .select("points")
      .where("table_id", "=", c.tableId)
      .where("seat", "=", c.seat)
      .executeTakeFirst();
    await tx
      .insertInto("point_corrections")
      .values({
        id: c.id,
        table_id: c.tableId,
        seat: c.seat,
        from_points: c.from,
        to_points: c.to,
        by_host_id: c.byHostId,
        at: c.at,
        reason: c.reason,
      })
      .execute();
    await tx
      .updateTable("game_seats")
      .set({ points: c.to })
      .where("table_id", "=", c.tableId)
      .where("seat", "=", c.seat)
      .execute();
    if (game) await correctTotals(tx, game, c.tableId, c.seat, c.to - (had?.points ?? c.to));
  });
}

export async function selectCorrections(db: Db, tableId: string): Promise<CorrectionRow[]> {
  const rows = await db
    .selectFrom("point_corrections")
    .selectAll()
    .where("table_id", "=", tableId)
    .orderBy("at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    tableId: r.table_id,
    seat: r.seat,
    from: r.from_points,
    to: r.to_points,
    byHostId: r.by_host_id,
    at: millis(r.at),
    reason: r.reason,
  }));
}

/** Stores imported games, each whole (table, events, seats, result), in one transaction. */
export async function insertImported(db: Kysely<Database>, games: readonly ImportedGame[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const game of games) await insertOne(tx, game);
  });
}

async function insertOne(
  tx: Transaction<Database>,
  { table, events, seats, result }: ImportedGame,
): Promise<void> {
  await tx
    .insertInto("tables")
    .values({
      id: table.id,
      title: table.title,
      host_id: table.hostId,
      created_at: table.createdAt,
      seq: events.length,
      phase: "closed",
      winner: result.winner,
      online: table.online ? 1 : 0,
    })
    .execute();
  // In chunks: PostgreSQL takes at most 65535 parameters in one statement.
  for (let i = 0; i < events.length; i += 500) {
    await tx
      .insertInto("events")
      .values(
        events.slice(i, i + 500).map((event, j) => ({
          table_id: table.id,
          seq: i + j + 1,
          event: JSON.stringify(event),
        })),
      )
      .execute();
  }
  await tx
    .insertInto("table_seats")
    .values(seats.map((s) => ({ table_id: table.id, seat: s.seat, person_id: s.personId })))
    .execute();
  await insertResult(tx, table.id, result);
}

export async function selectAllPeople(db: Db): Promise<PersonRow[]> {
  const rows = await db.selectFrom("people").selectAll().orderBy("id").execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    council: Number(r.council) === 1,
    mergedInto: r.merged_into,
    createdAt: millis(r.created_at),
  }));
}

export async function insertSeason(db: Db, s: SeasonRow): Promise<void> {
  await db
    .insertInto("seasons")
    .values({ id: s.id, name: s.name, from_date: s.from, until_date: s.until, created_at: s.createdAt })
    .execute();
}

export async function selectSeasons(db: Db): Promise<SeasonRow[]> {
  const rows = await db
    .selectFrom("seasons")
    .selectAll()
    .orderBy("from_date", "desc")
    .orderBy("until_date", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    from: r.from_date,
    until: r.until_date,
    createdAt: millis(r.created_at),
  }));
}

export async function removeSeason(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("seasons").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
