// A club night's rounds (docs/club-nights.md "Seating"): the next round drawn by the optimiser
// from the checked-in players (the night's earlier rounds counted), two players swapped by hand
// before the deal, and the deal: one table per drawn table, made by the table service with its
// host and the seats named by person.

import { randomBytes } from "node:crypto";
import { HttpError } from "../errors.js";
import { loadLedger } from "../rating/ledger.js";
import { skillRatings } from "../rating/skill.js";
import type { Store } from "../store/index.js";
import type { NightRow, RoundRow, RoundSeating } from "../store/night-queries.js";
import { StoreConflict } from "../store/types.js";
import type { TableService } from "../tables/service.js";
import { dealRound, dealtAlready } from "./deal.js";
import { drawRounds } from "./draw.js";

/** Each person's skill estimate (OpenSkill's ordinal), to balance the tables by. */
async function skillOf(store: Store, people: readonly string[]): Promise<Record<string, number>> {
  const ledger = await loadLedger(store);
  const now = skillRatings(ledger.games, ledger.excluded).now;
  const skill: Record<string, number> = {};
  for (const id of people) {
    const resolved = (await store.resolvePerson(id))?.id ?? id;
    skill[id] = now.get(resolved)?.ordinal ?? 0;
  }
  return skill;
}

/**
 * Draws the next round: a new one after a dealt round, or the undealt last one again. As many
 * tables as planned, as the checked-in players fill (12 each) and as the night has hosts.
 */
export async function drawNext(store: Store, night: NightRow, balance: boolean): Promise<void> {
  const entries = await store.nights.listEntries(night.id);
  const players = entries.filter((e) => e.checkedInAt !== null).map((e) => e.personId);
  const tables = Math.min(night.tables, Math.floor(players.length / 12), night.hosts.length);
  if (tables < 1) {
    throw new HttpError(
      422,
      "too_few_players",
      `a table needs 12 checked-in players; ${players.length} are`,
      {
        checkedIn: players.length,
      },
    );
  }
  const rounds = await store.nights.listRounds(night.id);
  const last = rounds[rounds.length - 1];
  const redraw = last !== undefined && last.dealtAt === null;
  const history = rounds.filter((r) => r.dealtAt !== null).map((r) => r.seating);
  // The pairs whose two players both came.
  const here = new Set(players);
  const pairs = (await store.nights.listPairs(night.id)).filter((p) => here.has(p.a) && here.has(p.b));
  const pairsOf = (kind: "apart" | "together") =>
    pairs.filter((p) => p.kind === kind).map((p) => [p.a, p.b] as const);
  const drawn = drawRounds({
    players,
    tables,
    rounds: 1,
    seed: randomBytes(16).toString("base64url"),
    hosts: night.hosts,
    history,
    apart: pairsOf("apart"),
    together: pairsOf("together"),
    ...(balance ? { skill: await skillOf(store, players) } : {}),
  });
  if (!drawn.ok) throw new HttpError(422, drawn.error.code, drawn.error.message);
  const round = drawn.rounds[0];
  if (!round) throw new Error("the optimiser drew no round");
  const seating: RoundSeating = {
    tables: round.tables.map((t) => ({ host: t.host, seats: [...t.seats], table: null })),
    out: [...round.out],
  };
  if (redraw) {
    if (!(await store.nights.setUndealtSeating(night.id, last.n, seating))) throw dealtAlready(last.n);
    return;
  }
  const n = (last?.n ?? 0) + 1;
  try {
    await store.nights.addRound(night.id, { n, seating, drawnAt: Date.now(), dealtAt: null });
  } catch (error) {
    if (error instanceof StoreConflict)
      throw new HttpError(409, "conflict", `round ${n} was drawn meanwhile`);
    throw error;
  }
}

async function roundOf(store: Store, night: NightRow, n: number): Promise<RoundRow> {
  const round = (await store.nights.listRounds(night.id)).find((r) => r.n === n);
  if (!round) throw new HttpError(404, "not_found", `the night has no round ${n}`);
  return round;
}

/** Where a person is in a seating: a table's seat, or among those sitting out. */
function placeOf(
  seating: RoundSeating,
  person: string,
): { table: number; seat: number } | { out: number } | null {
  for (const [t, table] of seating.tables.entries()) {
    const seat = table.seats.indexOf(person);
    if (seat >= 0) return { table: t, seat };
  }
  const out = seating.out.indexOf(person);
  return out >= 0 ? { out } : null;
}

function put(
  seating: RoundSeating,
  place: { table: number; seat: number } | { out: number },
  person: string,
) {
  if ("out" in place) seating.out[place.out] = person;
  else (seating.tables[place.table] as RoundSeating["tables"][number]).seats[place.seat] = person;
}

/** Two players of an undealt round trade places (a seat, or sitting out). */
export async function swap(store: Store, night: NightRow, n: number, a: string, b: string): Promise<void> {
  const round = await roundOf(store, night, n);
  if (round.dealtAt !== null) throw dealtAlready(n);
  const seating = structuredClone(round.seating);
  const pa = placeOf(seating, a);
  const pb = placeOf(seating, b);
  if (!pa || !pb || a === b) {
    throw new HttpError(422, "not_in_round", "swap two different players of the round");
  }
  put(seating, pa, b);
  put(seating, pb, a);
  if (!(await store.nights.setUndealtSeating(night.id, n, seating))) throw dealtAlready(n);
}

/** Makes the round's tables (deal.ts), the night's rows claiming and finishing the deal. */
export async function deal(store: Store, tables: TableService, night: NightRow, n: number): Promise<void> {
  const round = await roundOf(store, night, n);
  await dealRound(store, tables, {
    n,
    seating: round.seating,
    title: (t) => `${night.title} · ${n}.${t + 1}`,
    claim: (at) => store.nights.claimDeal(night.id, n, at),
    finish: (seating, dealt) => store.nights.finishDeal(night.id, n, seating, dealt),
  });
}
