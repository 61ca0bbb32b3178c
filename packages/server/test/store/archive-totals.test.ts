// The archive's totals on SQLite and PostgreSQL (docs/club-pages.md "How the pages stay fast"):
// after random imports (some older than the newest game, which start the recompute job), point
// corrections, merges of guests, seasons and changes of the administration, every precomputed
// answer equals the full recomputation the pages used to do on each request (ledger.ts, skill.ts,
// table.ts, stats.ts), and the archive's pages give every game exactly once.

import { playGame } from "@misto/bots";
import type { GameEvent } from "@misto/engine";
import { type GameRecord, toRecord } from "@misto/record";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { checkImport, importGames } from "../../src/games/archive.js";
import { loadLedger } from "../../src/rating/ledger.js";
import { clubPage, playerPage, ratingRows } from "../../src/rating/pages.js";
import { endsIn, periodBounds } from "../../src/rating/played.js";
import { skillRatings } from "../../src/rating/skill.js";
import { clubStats, playerStats } from "../../src/rating/stats.js";
import { ratingTable } from "../../src/rating/table.js";
import type { ArchiveCursor, ArchiveFilter } from "../../src/store/archive-types.js";
import { type HostRow, openStore, type SeasonRow, type Store } from "../../src/store/index.js";
import { postgresDatabase, sqliteDatabase } from "./databases.js";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse("2026-01-01T00:00:00Z");
const MEMBERS = ["Olena", "Taras", "Iryna", "Lev"];
const GUESTS = ["Guest A", "Guest B", "Guest C", "Guest D", "Guest E", "Guest F"];
const NAMES = [...MEMBERS, ...GUESTS, "Bot X", "Bot Y", "Bot Z", "Bot W"];

/** A few real bot games, played once; each import shifts one in time and renames its seats. */
const POOL: GameEvent[][] = ["t1", "t2", "t3", "t4", "t5"].map(
  (seed) => playGame({ seed, bots: "heuristic", record: true }).events as GameEvent[],
);

function record(pool: number, day: number, names: readonly number[]): GameRecord {
  const events = POOL[pool % POOL.length] as GameEvent[];
  const shift = T0 + day * DAY - (events[0] as GameEvent).at;
  const shifted = events.map((e) => ({ ...e, at: e.at + shift })) as GameEvent[];
  const created = shifted[0] as Extract<GameEvent, { type: "created" }>;
  // Twelve distinct names, picked from the pool by the given order.
  const order = [...new Set([...names.map((n) => n % NAMES.length), ...NAMES.keys()])].slice(0, 12);
  const seats = created.seats.map((s, i) => ({ ...s, name: NAMES[order[i] as number] as string }));
  return toRecord([{ ...created, seats }, ...shifted.slice(1)] as GameEvent[], { title: `Day ${day}` });
}

type Op =
  | { kind: "import"; pool: number; day: number; names: number[] }
  | { kind: "correct"; game: number; seat: number; points: number }
  | { kind: "merge"; guest: number; member: number }
  | { kind: "season"; from: number; days: number }
  | { kind: "role"; admin: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("import" as const),
      pool: fc.nat(20),
      day: fc.nat(60),
      names: fc.array(fc.nat(40), { maxLength: 12 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("correct" as const),
      game: fc.nat(50),
      seat: fc.integer({ min: 1, max: 12 }),
      points: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("merge" as const), guest: fc.nat(10), member: fc.nat(10) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("season" as const),
      from: fc.nat(60),
      days: fc.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("role" as const), admin: fc.boolean() }) },
);

const ADMIN: HostRow = {
  id: "host-admin",
  name: "Admin",
  login: "admin",
  role: "admin",
  passwordHash: "x",
  createdAt: T0,
  personId: "person-admin",
};

/** Olena's account: its role moves in and out of the administration. */
const OLENA_ACCOUNT: HostRow = {
  ...ADMIN,
  id: "host-olena",
  name: "Olena",
  login: "olena",
  role: "host",
  personId: "member-0",
};

async function club(store: Store): Promise<void> {
  await store.createHost(ADMIN, {
    id: "person-admin",
    name: "Admin",
    kind: "member",
    council: false,
    mergedInto: null,
    createdAt: T0,
  });
  for (const [i, name] of MEMBERS.entries()) {
    const person = {
      id: `member-${i}`,
      name,
      kind: "member" as const,
      council: i === 1,
      mergedInto: null,
      createdAt: T0,
    };
    if (i === 0) await store.createHost(OLENA_ACCOUNT, person);
    else await store.createPerson(person);
  }
}

async function apply(store: Store, o: Op, seasons: number): Promise<void> {
  if (o.kind === "import") {
    const checked = await checkImport(record(o.pool, o.day, o.names), (keys) =>
      store.archive.knownKeys(keys),
    );
    if (checked.ok) await importGames(store, ADMIN, checked.games);
  } else if (o.kind === "correct") {
    const games = await store.listGames();
    const game = games[o.game % Math.max(1, games.length)];
    const seat = game?.seats.find((s) => s.seat === o.seat);
    if (!game || !seat) return;
    await store.correctPoints({
      id: `c-${Math.random()}`,
      tableId: game.id,
      seat: o.seat,
      from: seat.points,
      to: o.points,
      byHostId: ADMIN.id,
      at: T0,
      reason: "test",
    });
  } else if (o.kind === "merge") {
    const guest = await store.findGuest(GUESTS[o.guest % GUESTS.length] as string);
    if (guest) await store.mergeGuest(guest.id, `member-${o.member % MEMBERS.length}`);
  } else if (o.kind === "season") {
    const from = new Date(T0 + o.from * DAY).toISOString().slice(0, 10);
    const until = new Date(T0 + (o.from + o.days) * DAY).toISOString().slice(0, 10);
    await store.createSeason({ id: `season-${seasons}`, name: `S${seasons}`, from, until, createdAt: T0 });
  } else {
    await store.setRole(OLENA_ACCOUNT.id, o.admin ? "admin" : "host");
  }
}

const fixed = (s: { mu: number; sigma: number; ordinal: number }) => ({
  mu: s.mu.toFixed(9),
  sigma: s.sigma.toFixed(9),
  ordinal: s.ordinal.toFixed(9),
});

/** The rating table as the routes gave it before the totals: everything replayed. */
async function replayedRating(store: Store, season: SeasonRow | null) {
  const ledger = await loadLedger(store);
  const end = season ? periodBounds(season).end : Number.POSITIVE_INFINITY;
  const skill = skillRatings(
    ledger.games.filter((g) => g.endedAt < end),
    ledger.excluded,
  );
  const games = season ? ledger.games.filter((g) => endsIn(g, season)) : ledger.games;
  return ratingTable(games, ledger.excluded, skill.now).map((r) => ({ ...r, skill: fixed(r.skill) }));
}

async function allPages(store: Store, filter: ArchiveFilter, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: ArchiveCursor | null = null;
  for (let n = 0; n < 1000; n++) {
    const page: Awaited<ReturnType<Store["archive"]["page"]>> = await store.archive.page(
      filter,
      after,
      limit,
    );
    ids.push(...page.games.map((g) => g.id));
    if (!page.next) return ids;
    after = page.next;
  }
  throw new Error("the pages never end");
}

async function expectTotalsAsReplayed(store: Store): Promise<void> {
  await store.archive.idle();
  const ledger = await loadLedger(store);
  const seasons = await store.listSeasons();
  for (const season of [null, ...seasons]) {
    const kept = ratingRows(await store.archive.totals(season ? season.id : "all"));
    expect(kept.map((r) => ({ ...r, skill: fixed(r.skill) }))).toEqual(await replayedRating(store, season));
  }
  const club = clubPage(await store.archive.clubTotals(), seasons);
  const replayed = clubStats(ledger.games, seasons);
  expect(club.seasons).toEqual(replayed.seasons);
  expect(club.eliminations).toEqual(replayed.eliminations);
  expect(club.note).toEqual(replayed.note);
  expect(club.length.games).toBe(replayed.length.games);
  for (const k of ["meanDays", "meanNights", "meanMinutes"] as const) {
    expect(club.length[k]).toBeCloseTo(replayed.length[k], 1);
  }
  const history = skillRatings(ledger.games, ledger.excluded).history;
  const people = new Set(ledger.games.flatMap((g) => g.seats.map((s) => s.person.id)));
  for (const id of people) {
    const page = await store.archive.playerGames(id, null, 100);
    const kept = playerPage(await store.archive.playerGroups(id), page.games);
    const { games, skill, ...sums } = playerStats(id, ledger.games, history.get(id) ?? []);
    const { games: keptGames, skill: keptSkill, ...keptSums } = kept;
    expect(keptSums).toEqual(sums);
    expect(keptGames.map((g) => g.table)).toEqual(games.map((g) => g.table));
    // A person in two seats of a game (a merged guest and his member): the skill he left it with.
    const lastPerGame = [...new Map(skill.map((step) => [step.table, step])).values()];
    expect(keptSkill.map(fixed)).toEqual(lastPerGame.map(fixed));
    // A player's archive: his games, newest first, each once.
    expect(await allPages(store, { playerId: id }, 2)).toEqual(games.map((g) => g.table).reverse());
  }
  // Every game exactly once, newest first, whatever the page's length; a filter keeps the order.
  const newest = ledger.games.map((g) => g.id).reverse();
  for (const limit of [1, 3, 100]) expect(await allPages(store, {}, limit)).toEqual(newest);
  const red = ledger.games
    .filter((g) => g.winner === "red")
    .map((g) => g.id)
    .reverse();
  expect(await allPages(store, { winner: "red" }, 2)).toEqual(red);
}

describe.each([
  { name: "sqlite", database: sqliteDatabase() },
  { name: "postgres", database: postgresDatabase() },
])("the archive's totals on $name", ({ database }) => {
  afterAll(() => database.drop());

  it("equal a full recomputation after random imports, corrections, merges, seasons and roles", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 14 }), async (ops) => {
        const store = await openStore(await database.create());
        try {
          await club(store);
          let seasons = 0;
          for (const o of ops) await apply(store, o, seasons++);
          await expectTotalsAsReplayed(store);
          // The recompute job from nothing gives the same totals as the folds did.
          store.archive.recompute("test");
          await expectTotalsAsReplayed(store);
          expect(store.archive.progress()).toMatchObject({ state: "idle", reason: "test" });
        } finally {
          await store.close();
        }
      }),
      { numRuns: 4, endOnFailure: true },
    );
  }, 300_000);
});
