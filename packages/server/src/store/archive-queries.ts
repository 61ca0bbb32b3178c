// The club pages' reads (archive-types.ts), the same on SQLite and PostgreSQL: each one indexed
// query, or a few, over the stored results and the totals the folds keep (archive-fold.ts).

import { type Kysely, sql } from "kysely";
import { CLUB_COUNTS } from "../rating/tally.js";
import { selectExcluded } from "./archive-fold.js";
import type {
  ArchiveCursor,
  ArchiveFilter,
  ArchiveGame,
  PlayerGameRow,
  PlayerGroup,
  TotalsRow,
} from "./archive-types.js";
import { type Database, millis } from "./schema.js";

type Db = Kysely<Database>;

/** A page's rows and the cursor after its last (one row more is read to know there is a next page). */
function paged<T extends ArchiveCursor>(rows: T[], limit: number): { rows: T[]; next: ArchiveCursor | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    next:
      rows.length > limit && last
        ? { endedAt: last.endedAt, startedAt: last.startedAt, key: last.key }
        : null,
  };
}

const before = (c: ArchiveCursor) =>
  sql<boolean>`(g.ended_at, g.started_at, g.record_key) < (${c.endedAt}, ${c.startedAt}, ${c.key})`;

export async function selectPage(
  db: Db,
  filter: ArchiveFilter,
  after: ArchiveCursor | null,
  limit: number,
): Promise<{ games: ArchiveGame[]; next: ArchiveCursor | null }> {
  let q = db
    .selectFrom("games as g")
    .innerJoin("tables as t", "t.id", "g.table_id")
    .leftJoin("hosts as h", "h.id", "t.host_id")
    .select([
      "g.table_id as id",
      "g.record_key as key",
      "g.started_at as startedAt",
      "g.ended_at as endedAt",
      "g.winner as winner",
      "t.title as title",
      "t.online as online",
      "t.host_id as hostId",
      "h.name as hostName",
    ]);
  if (filter.from !== undefined) q = q.where("g.ended_at", ">=", filter.from);
  if (filter.until !== undefined) q = q.where("g.ended_at", "<", filter.until);
  // The game's copy of its host (0012): the games_host index gives his newest games first.
  if (filter.hostId !== undefined) q = q.where("g.host_id", "=", filter.hostId);
  if (filter.winner !== undefined) q = q.where("g.winner", "=", filter.winner);
  if (filter.playerId !== undefined) {
    // From the player's seats (the game_seats_player index, in his games' order), not every game.
    const player = filter.playerId;
    q = q
      .innerJoin("game_seats as s", (j) =>
        j.onRef("s.table_id", "=", "g.table_id").on("s.player_id", "=", player),
      )
      .where("s.ended_at", "<=", after?.endedAt ?? Number.MAX_SAFE_INTEGER);
  }
  if (after) q = q.where("g.ended_at", "<=", after.endedAt).where(before(after));
  // The same order; by the seat's copy of the end when the player's seats lead (their index).
  const rows = await q
    .orderBy(sql.ref(filter.playerId === undefined ? "g.ended_at" : "s.ended_at"), "desc")
    .orderBy("g.started_at", "desc")
    .orderBy("g.record_key", "desc")
    .limit(limit + 1)
    .execute();
  // A person in two seats of one game (a merged guest and his member) joins it twice: once here.
  const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
  const { rows: page } = paged(
    unique.map((r) => ({ ...r, endedAt: millis(r.endedAt), startedAt: millis(r.startedAt) })),
    limit,
  );
  const last = page[page.length - 1];
  const next =
    rows.length > limit && last ? { endedAt: last.endedAt, startedAt: last.startedAt, key: last.key } : null;
  const seats =
    page.length === 0
      ? []
      : await db
          .selectFrom("game_seats as s")
          .leftJoin("people as p", "p.id", "s.player_id")
          .select(["s.table_id", "s.seat", "s.player_id", "p.name"])
          .where(
            "s.table_id",
            "in",
            page.map((g) => g.id),
          )
          .orderBy("s.seat")
          .execute();
  const players = new Map<string, { seat: number; person: { id: string; name: string } }[]>();
  for (const s of seats) {
    const list = players.get(s.table_id) ?? [];
    list.push({ seat: s.seat, person: { id: s.player_id ?? "", name: s.name ?? "" } });
    players.set(s.table_id, list);
  }
  return {
    games: page.map((g) => ({
      id: g.id,
      key: g.key,
      startedAt: g.startedAt,
      endedAt: g.endedAt,
      title: g.title,
      host: { id: g.hostId, name: g.hostName ?? "" },
      online: g.online === 1 || (g.online as unknown) === "1",
      winner: g.winner,
      players: players.get(g.id) ?? [],
    })),
    next,
  };
}

/**
 * A player's page of games: from his seats by the (player_id, ended_at) index. A game where a merged
 * guest and his member both sat comes twice from the join: kept once.
 */
export async function selectPlayerGames(
  db: Db,
  personId: string,
  after: ArchiveCursor | null,
  limit: number,
): Promise<{ games: PlayerGameRow[]; next: ArchiveCursor | null }> {
  let q = db
    .selectFrom("game_seats as s")
    .innerJoin("games as g", "g.table_id", "s.table_id")
    .innerJoin("tables as t", "t.id", "s.table_id")
    .select([
      "s.table_id as table",
      "s.seat",
      "g.record_key as key",
      "g.started_at as startedAt",
      "g.ended_at as endedAt",
      "t.title as title",
      "s.card",
      "s.team",
      "s.result",
      "s.points",
      "s.out_cause",
      "s.out_when",
      "s.out_n",
      "s.mu",
      "s.sigma",
    ])
    .where("s.player_id", "=", personId);
  if (after) q = q.where("s.ended_at", "<=", after.endedAt).where(before(after));
  const rows = await q
    .orderBy("s.ended_at", "desc")
    .orderBy("g.started_at", "desc")
    .orderBy("g.record_key", "desc")
    .limit(limit + 1)
    .execute();
  // A person in two seats of one game (a merged guest and his member): the game once, as his first
  // seat played it, with the skill he left it with (his last seat, red before black, as skill.ts).
  const byTable = new Map<string, { row: (typeof rows)[number]; last: (typeof rows)[number] }>();
  const rank = (r: (typeof rows)[number]) => (r.team === "black" ? 100 : 0) + r.seat;
  for (const r of rows) {
    const had = byTable.get(r.table);
    if (!had) byTable.set(r.table, { row: r, last: r });
    else
      byTable.set(r.table, {
        row: r.seat < had.row.seat ? r : had.row,
        last: rank(r) > rank(had.last) ? r : had.last,
      });
  }
  const games: PlayerGameRow[] = [...byTable.values()].map(({ row: r, last }) => ({
    table: r.table,
    key: r.key,
    startedAt: millis(r.startedAt),
    endedAt: millis(r.endedAt),
    title: r.title,
    card: r.card,
    team: r.team,
    result: r.result,
    points: r.points,
    out:
      r.out_cause && r.out_when && r.out_n !== null
        ? { cause: r.out_cause, when: r.out_when, n: r.out_n }
        : null,
    skill: last.mu === null || last.sigma === null ? null : { mu: last.mu, sigma: last.sigma },
  }));
  const page = paged(games, limit);
  return { games: page.rows, next: rows.length > limit ? page.next : null };
}

/**
 * A player's sums by group, in the groups' order: every seat of his from the game_seats_tally index
 * (0013), in its order, less his later seats in a game where he sat twice (a merged guest and his
 * member: his first seat counts), which game_seats_groups (0012) gives in one pass of his seats.
 */
export async function selectPlayerGroups(db: Db, personId: string): Promise<PlayerGroup[]> {
  const [all, twice] = await Promise.all([
    db
      .selectFrom("game_seats")
      .select((eb) => [
        "team",
        "card",
        "result",
        "out_cause",
        eb.fn.countAll().as("games"),
        eb.fn.sum<number | string>("points").as("points"),
      ])
      .where("player_id", "=", personId)
      .groupBy(["team", "card", "result", "out_cause"])
      .orderBy("team")
      .orderBy("card")
      .orderBy("result")
      .orderBy("out_cause")
      .execute(),
    db
      .selectFrom("game_seats")
      .select(["table_id", "seat", "team", "card", "result", "out_cause", "points"])
      .where("player_id", "=", personId)
      .where("table_id", "in", (eb) =>
        eb
          .selectFrom("game_seats as other")
          .select("other.table_id")
          .where("other.player_id", "=", personId)
          .groupBy("other.table_id")
          .having((h) => h.fn.countAll(), ">", 1),
      )
      .orderBy("table_id")
      .orderBy("seat")
      .execute(),
  ]);
  const groupOf = (r: { team: string; card: string; result: string; out_cause: string | null }) =>
    JSON.stringify([r.team, r.card, r.result, r.out_cause]);
  const later = new Map<string, { games: number; points: number }>();
  let game = "";
  for (const r of twice) {
    if (r.table_id !== game) game = r.table_id;
    else {
      const sum = later.get(groupOf(r)) ?? { games: 0, points: 0 };
      sum.games += 1;
      sum.points += r.points;
      later.set(groupOf(r), sum);
    }
  }
  return all.flatMap((r) => {
    const less = later.get(groupOf(r)) ?? { games: 0, points: 0 };
    const games = Number(r.games) - less.games;
    // A group of later seats only: the page never had it.
    if (games === 0) return [];
    return [
      {
        team: r.team,
        card: r.card,
        result: r.result,
        out: r.out_cause,
        games,
        points: Number(r.points) - less.points,
      },
    ];
  });
}

export async function selectTotals(db: Db, scope: string): Promise<TotalsRow[]> {
  const [rows, excluded] = await Promise.all([
    db
      .selectFrom("person_totals as pt")
      .innerJoin("people as p", "p.id", "pt.person_id")
      .select([
        "pt.person_id",
        "pt.points",
        "pt.games",
        "pt.wins",
        "pt.mu",
        "pt.sigma",
        "p.name",
        "p.council",
      ])
      .where("pt.scope", "=", scope)
      .where("pt.games", ">", 0)
      .execute(),
    selectExcluded(db),
  ]);
  return rows
    .filter((r) => !excluded.has(r.person_id))
    .map((r) => ({
      person: { id: r.person_id, name: r.name, council: Number(r.council) === 1 },
      points: r.points,
      games: r.games,
      wins: r.wins,
      skill: r.mu === null || r.sigma === null ? null : { mu: r.mu, sigma: r.sigma },
    }));
}

export async function selectClubTotals(db: Db): Promise<Map<string, Record<string, number>>> {
  const rows = await db.selectFrom("club_totals").selectAll().execute();
  return new Map(rows.map((r) => [r.scope, Object.fromEntries(CLUB_COUNTS.map((c) => [c, Number(r[c])]))]));
}

export async function selectArchiveHosts(db: Db): Promise<{ id: string; name: string }[]> {
  // One probe of the games_host index per account, not every game joined to its table.
  return db
    .selectFrom("hosts as h")
    .select(["h.id", "h.name"])
    .where((eb) =>
      eb.exists(eb.selectFrom("games as g").select("g.table_id").whereRef("g.host_id", "=", "h.id")),
    )
    .orderBy("h.name")
    .orderBy("h.id")
    .execute();
}

export async function selectKnownKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("games")
      .select("record_key")
      .where("record_key", "in", keys.slice(i, i + 500))
      .execute();
    for (const r of rows) known.add(r.record_key);
  }
  return known;
}

export async function selectMemberNamed(db: Db, name: string): Promise<{ id: string } | null> {
  const row = await db
    .selectFrom("people")
    .select("id")
    .where("name", "=", name)
    .where("kind", "=", "member")
    .where("merged_into", "is", null)
    .orderBy("id")
    .executeTakeFirst();
  return row ?? null;
}
