// Keeping the archive's totals (docs/club-pages.md "How the pages stay fast"): a stored game is
// folded in once, in the club's order: its rated seats' skill moved from the person's skill so far,
// its points added to the all-time and season rows, its sums to the club's. A game that arrives
// older than the newest folded one (an import of old games) cannot be folded in place: the caller
// then starts the recompute job, whose writes are here too.

import { type Kysely, sql, type Transaction } from "kysely";
import { periodBounds } from "../rating/played.js";
import type { SeatSkill } from "../rating/replay.js";
import {
  addStep,
  CLUB_COUNTS,
  type ClubCounts,
  clubCounts,
  compareGames,
  type GameOrder,
  noCounts,
  type PersonStep,
  type PersonTotal,
  personSteps,
  ratedSeats,
  type ScopeBounds,
  scopesOf,
  type TallyGame,
  type TallySeat,
} from "../rating/tally.js";
import { type Database, millis } from "./schema.js";

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per multi-row statement: under SQLite's and PostgreSQL's limits on parameters. */
const ROWS = 400;

/** The administration's people now (RATE-7): never rated. */
export async function selectExcluded(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom("hosts")
    .select("person_id")
    .where("role", "=", "admin")
    .where("person_id", "is not", null)
    .execute();
  return new Set(rows.map((r) => r.person_id as string));
}

/** Every season's bounds. */
export async function selectScopes(db: Db): Promise<ScopeBounds[]> {
  const rows = await db.selectFrom("seasons").select(["id", "from_date", "until_date"]).execute();
  return rows.map((r) => ({ id: r.id, ...periodBounds({ from: r.from_date, until: r.until_date }) }));
}

const gameColumns = [
  "table_id",
  "ended_at",
  "started_at",
  "record_key",
  "winner",
  "days",
  "nights",
  "note_read",
] as const;

type GameSelect = {
  table_id: string;
  ended_at: number | string;
  started_at: number | string;
  record_key: string;
  winner: "red" | "black" | "draw";
  days: number;
  nights: number;
  note_read: number;
};

/** The games' seats, as the totals read them. */
async function withSeats(db: Db, games: readonly GameSelect[]): Promise<TallyGame[]> {
  if (games.length === 0) return [];
  const rows = await db
    .selectFrom("game_seats")
    .select([
      "table_id",
      "seat",
      "team",
      "result",
      "points",
      "admin",
      "player_id",
      "out_cause",
      "mu",
      "sigma",
    ])
    .where(
      "table_id",
      "in",
      games.map((g) => g.table_id),
    )
    .orderBy("table_id")
    .orderBy("seat")
    .execute();
  const seats = new Map<string, TallySeat[]>();
  for (const r of rows) {
    const list = seats.get(r.table_id) ?? [];
    list.push({
      seat: r.seat,
      team: r.team,
      result: r.result,
      points: r.points,
      admin: Number(r.admin) === 1,
      playerId: r.player_id ?? "",
      out: r.out_cause,
      skill: r.mu === null || r.sigma === null ? null : { mu: r.mu, sigma: r.sigma },
    });
    seats.set(r.table_id, list);
  }
  return games.map((g) => ({
    id: g.table_id,
    endedAt: millis(g.ended_at),
    startedAt: millis(g.started_at),
    key: g.record_key,
    winner: g.winner,
    days: g.days,
    nights: g.nights,
    noteRead: Number(g.note_read) === 1,
    seats: seats.get(g.table_id) ?? [],
  }));
}

/** The next `limit` games after `after` in the club's order (all games, folded or not), with seats. */
export async function selectGamesAfter(
  db: Db,
  after: GameOrder | null,
  limit: number,
  only?: { folded: true },
): Promise<TallyGame[]> {
  let q = db.selectFrom("games").select(gameColumns);
  if (only) q = q.where("folded", "=", 1);
  if (after) {
    q = q
      .where("ended_at", ">=", after.endedAt)
      .where(
        sql<boolean>`(ended_at, started_at, record_key) > (${after.endedAt}, ${after.startedAt}, ${after.key})`,
      );
  }
  const games = await q
    .orderBy("ended_at")
    .orderBy("started_at")
    .orderBy("record_key")
    .limit(limit)
    .execute();
  return withSeats(db, games);
}

/** The oldest games not folded yet, at most `limit`. */
export async function selectPending(db: Db, limit: number): Promise<TallyGame[]> {
  const games = await db
    .selectFrom("games")
    .select(gameColumns)
    .where("folded", "=", 0)
    .orderBy("ended_at")
    .orderBy("started_at")
    .orderBy("record_key")
    .limit(limit)
    .execute();
  return withSeats(db, games);
}

/** How many games are not folded yet. */
export async function countPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom("games")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("folded", "=", 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The newest folded game's place in the order, or null: one row from the end of the games_folded
 * index (without the limit, every folded game is read to take the first: a fold as slow as the
 * archive is long).
 */
async function newestFolded(db: Db): Promise<GameOrder | null> {
  const row = await db
    .selectFrom("games")
    .select(["ended_at", "started_at", "record_key"])
    .where("folded", "=", 1)
    .orderBy("ended_at", "desc")
    .orderBy("started_at", "desc")
    .orderBy("record_key", "desc")
    .limit(1)
    .executeTakeFirst();
  return row
    ? { endedAt: millis(row.ended_at), startedAt: millis(row.started_at), key: row.record_key }
    : null;
}

/**
 * Folds the game in, in the caller's transaction: "folded", "taken" (folded already, by another
 * process), or "stale" (older than the newest folded game: only a recompute puts it in its place;
 * nothing is written).
 */
export async function foldGame(
  tx: Transaction<Database>,
  kind: "sqlite" | "postgres",
  game: TallyGame,
  excluded: ReadonlySet<string>,
  seasons: readonly ScopeBounds[],
): Promise<"folded" | "taken" | "stale"> {
  // PostgreSQL: one fold at a time over every process (the skill reads what the last fold wrote).
  if (kind === "postgres") await sql`select pg_advisory_xact_lock(110011)`.execute(tx);
  const newest = await newestFolded(tx);
  if (newest && compareGames(game, newest) < 0) return "stale";
  const claimed = await tx
    .updateTable("games")
    .set({ folded: 1 })
    .where("table_id", "=", game.id)
    .where("folded", "=", 0)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "taken";
  const ids = [...new Set(ratedSeats(game, excluded).map((s) => s.playerId))];
  const before =
    ids.length === 0
      ? []
      : await tx
          .selectFrom("person_totals")
          .select(["person_id", "mu", "sigma"])
          .where("scope", "=", "all")
          .where("person_id", "in", ids)
          .execute();
  const skill = new Map(
    before.flatMap((r) =>
      r.mu === null || r.sigma === null ? [] : [[r.person_id, { mu: r.mu, sigma: r.sigma }]],
    ),
  );
  const steps = personSteps(game, excluded, (id) => skill.get(id));
  await writeSeatSkills(
    tx,
    [...steps].flatMap(([seat, s]) => (s.skill ? [{ table: game.id, seat, ...s.skill }] : [])),
  );
  const scopes = scopesOf(game, seasons);
  await addPersonTotals(tx, scopes, [...steps.values()]);
  await addClubCounts(tx, scopes, clubCounts(game));
  return "folded";
}

/** One row per person (a merged guest and his member may share a game): the steps summed. */
function perPerson(steps: readonly PersonStep[]): PersonStep[] {
  const byPerson = new Map<string, PersonStep>();
  for (const s of steps) {
    const had = byPerson.get(s.personId);
    byPerson.set(
      s.personId,
      had ? { ...s, points: had.points + s.points, wins: had.wins + s.wins, skill: s.skill ?? had.skill } : s,
    );
  }
  return [...byPerson.values()];
}

async function addPersonTotals(
  tx: Db,
  scopes: readonly string[],
  steps: readonly PersonStep[],
): Promise<void> {
  const people = perPerson(steps);
  const games = new Map<string, number>();
  for (const s of steps) games.set(s.personId, (games.get(s.personId) ?? 0) + 1);
  const rows = scopes.flatMap((scope) =>
    people.map((p) => ({
      scope,
      person_id: p.personId,
      points: p.points,
      games: games.get(p.personId) ?? 1,
      wins: p.wins,
      mu: p.skill?.mu ?? null,
      sigma: p.skill?.sigma ?? null,
    })),
  );
  if (rows.length === 0) return;
  await tx
    .insertInto("person_totals")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["scope", "person_id"]).doUpdateSet({
        points: sql`person_totals.points + excluded.points`,
        games: sql`person_totals.games + excluded.games`,
        wins: sql`person_totals.wins + excluded.wins`,
        mu: sql`coalesce(excluded.mu, person_totals.mu)`,
        sigma: sql`coalesce(excluded.sigma, person_totals.sigma)`,
      }),
    )
    .execute();
}

async function addClubCounts(tx: Db, scopes: readonly string[], counts: ClubCounts): Promise<void> {
  const set = Object.fromEntries(
    CLUB_COUNTS.map((c) => [c, sql`club_totals.${sql.ref(c)} + excluded.${sql.ref(c)}`]),
  );
  await tx
    .insertInto("club_totals")
    .values(scopes.map((scope) => ({ scope, ...counts })))
    .onConflict((oc) => oc.column("scope").doUpdateSet(set))
    .execute();
}

/** Sets the seats' skill, many rows a statement. */
export async function writeSeatSkills(tx: Db, seats: readonly SeatSkill[]): Promise<void> {
  for (let i = 0; i < seats.length; i += ROWS) {
    const values = seats
      .slice(i, i + ROWS)
      .map(
        (s) =>
          sql`(${s.table}, cast(${s.seat} as integer), cast(${s.mu} as double precision), cast(${s.sigma} as double precision))`,
      );
    await sql`with v(t, s, mu, sigma) as (values ${sql.join(values)})
      update game_seats set mu = v.mu, sigma = v.sigma from v
      where game_seats.table_id = v.t and game_seats.seat = v.s`.execute(tx);
  }
}

/** The recompute job's chunk: the games' seats get the replay's skill (the others none), the games are folded. */
export async function writeReplayed(
  tx: Db,
  games: readonly TallyGame[],
  seats: readonly SeatSkill[],
): Promise<void> {
  const ids = games.map((g) => g.id);
  if (ids.length === 0) return;
  await tx.updateTable("game_seats").set({ mu: null, sigma: null }).where("table_id", "in", ids).execute();
  await writeSeatSkills(tx, seats);
  await tx.updateTable("games").set({ folded: 1 }).where("table_id", "in", ids).execute();
}

/** The recompute job's end: every total replaced by the replay's. */
export async function replaceTotals(
  tx: Db,
  people: readonly PersonTotal[],
  club: readonly { scope: string; counts: ClubCounts }[],
): Promise<void> {
  await tx.deleteFrom("person_totals").execute();
  await tx.deleteFrom("club_totals").execute();
  await insertPersonTotals(tx, people);
  if (club.length > 0) {
    await tx
      .insertInto("club_totals")
      .values(club.map((c) => ({ scope: c.scope, ...c.counts })))
      .execute();
  }
}

/**
 * A season's rows built anew from the folded games in it (a new season; every fold after this adds
 * to them): each rated seat's points, the skill of the person's last game in it, the club's sums.
 */
export async function rebuildScope(
  tx: Transaction<Database>,
  kind: "sqlite" | "postgres",
  scope: ScopeBounds,
  excluded: ReadonlySet<string>,
): Promise<void> {
  if (kind === "postgres") await sql`select pg_advisory_xact_lock(110011)`.execute(tx);
  await tx.deleteFrom("person_totals").where("scope", "=", scope.id).execute();
  await tx.deleteFrom("club_totals").where("scope", "=", scope.id).execute();
  const people = new Map<string, PersonTotal>();
  const club = noCounts();
  let after: GameOrder | null = { endedAt: scope.start, startedAt: -1, key: "" };
  for (;;) {
    const games: TallyGame[] = (await selectGamesAfter(tx, after, 500, { folded: true })).filter(
      (g) => g.endedAt < scope.end,
    );
    for (const game of games) {
      for (const seat of ratedSeats(game, excluded)) {
        addStep(people, seat.playerId, scope.id, {
          personId: seat.playerId,
          points: seat.points,
          wins: seat.result === "won" ? 1 : 0,
          skill: seat.skill ?? null,
        });
      }
      for (const [k, v] of Object.entries(clubCounts(game))) club[k as keyof ClubCounts] += v;
    }
    const last: TallyGame | undefined = games[games.length - 1];
    if (games.length < 500 || !last) break;
    after = last;
  }
  await insertPersonTotals(tx, [...people.values()]);
  if (club.games > 0)
    await tx
      .insertInto("club_totals")
      .values({ scope: scope.id, ...club })
      .execute();
}

/** A season's rows go with it. */
export async function dropScope(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom("person_totals").where("scope", "=", id).execute();
  await tx.deleteFrom("club_totals").where("scope", "=", id).execute();
}

/**
 * Locks the game for a correction, first thing in its transaction: a fold locks the game, then its
 * seats, so the correction takes them in the same order. Its end, and whether it is folded.
 */
export async function lockGame(
  tx: Transaction<Database>,
  kind: "sqlite" | "postgres",
  tableId: string,
): Promise<{ folded: boolean; endedAt: number } | null> {
  let read = tx.selectFrom("games").select(["folded", "ended_at"]).where("table_id", "=", tableId);
  if (kind === "postgres") read = read.forUpdate();
  const game = await read.executeTakeFirst();
  return game ? { folded: Number(game.folded) === 1, endedAt: millis(game.ended_at) } : null;
}

/**
 * A host's correction, in its transaction: once the game is folded, the seat's person's rows gain
 * the difference (the skill does not read points). Before, the fold will read the new points.
 */
export async function correctTotals(
  tx: Transaction<Database>,
  game: { folded: boolean; endedAt: number },
  tableId: string,
  seat: number,
  delta: number,
): Promise<void> {
  if (!game.folded || delta === 0) return;
  const row = await tx
    .selectFrom("game_seats")
    .select(["player_id", "admin"])
    .where("table_id", "=", tableId)
    .where("seat", "=", seat)
    .executeTakeFirst();
  if (!row?.player_id || Number(row.admin) === 1) return;
  if ((await selectExcluded(tx)).has(row.player_id)) return;
  const scopes = scopesOf(game, await selectScopes(tx));
  await tx
    .updateTable("person_totals")
    .set({ points: sql`points + ${delta}` })
    .where("scope", "in", scopes)
    .where("person_id", "=", row.player_id)
    .execute();
}

/** A merge, in its transaction: the guest's seats count for the member, and so do his rows (skill: the recompute). */
export async function mergeTotals(
  tx: Transaction<Database>,
  guestId: string,
  memberId: string,
): Promise<void> {
  await tx.updateTable("game_seats").set({ player_id: memberId }).where("player_id", "=", guestId).execute();
  const rows = await tx.selectFrom("person_totals").selectAll().where("person_id", "=", guestId).execute();
  if (rows.length === 0) return;
  await tx
    .insertInto("person_totals")
    .values(rows.map((r) => ({ ...r, person_id: memberId, mu: null, sigma: null })))
    .onConflict((oc) =>
      oc.columns(["scope", "person_id"]).doUpdateSet({
        points: sql`person_totals.points + excluded.points`,
        games: sql`person_totals.games + excluded.games`,
        wins: sql`person_totals.wins + excluded.wins`,
      }),
    )
    .execute();
  await tx.deleteFrom("person_totals").where("person_id", "=", guestId).execute();
}

/** New rating rows, many a statement. */
async function insertPersonTotals(tx: Db, people: readonly PersonTotal[]): Promise<void> {
  for (let i = 0; i < people.length; i += ROWS) {
    await tx
      .insertInto("person_totals")
      .values(
        people.slice(i, i + ROWS).map((p) => ({
          scope: p.scope,
          person_id: p.personId,
          points: p.points,
          games: p.games,
          wins: p.wins,
          mu: p.mu,
          sigma: p.sigma,
        })),
      )
      .execute();
  }
}
