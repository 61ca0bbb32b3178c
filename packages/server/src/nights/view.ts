// A club night as an account sees it (docs/club-nights.md): the evening, its counts, the viewer's
// own place ("waiting, 2nd", "table 2, seat 7") and the rounds' seating; the sign-up list with
// check-ins only to those who run the night (a host or the administration).

import type { MyPlace, NightPage, NightSummary, RoundInfo } from "@misto/protocol";
import { runsTables } from "../auth/sessions.js";
import type { HostRow, Store } from "../store/index.js";
import type { EntryRow, NightRow, RoundRow } from "../store/night-queries.js";
import type { Finished } from "../tournaments/scored-games.js";
import { roundsGames } from "../tournaments/standings.js";
import { type Place, places } from "./places.js";

/** Names by id, read once per answer. */
export class Names {
  private readonly people = new Map<string, string>();
  private readonly accounts = new Map<string, string>();

  constructor(private readonly store: Store) {}

  async person(id: string): Promise<{ id: string; name: string }> {
    let name = this.people.get(id);
    if (name === undefined) {
      name = (await this.store.getPerson(id))?.name ?? "";
      this.people.set(id, name);
    }
    return { id, name };
  }

  async account(id: string): Promise<{ id: string; name: string }> {
    let name = this.accounts.get(id);
    if (name === undefined) {
      name = (await this.store.getHost(id))?.name ?? "";
      this.accounts.set(id, name);
    }
    return { id, name };
  }
}

function myPlace(account: HostRow, placed: readonly Place[], rounds: readonly RoundRow[]): MyPlace {
  const mine = placed.find((p) => p.entry.personId === account.personId);
  const last = rounds[rounds.length - 1];
  let seat: MyPlace["seat"] = null;
  for (const [t, table] of (last?.seating.tables ?? []).entries()) {
    const i = table.seats.indexOf(account.personId ?? "");
    if (last && i >= 0) seat = { round: last.n, table: t + 1, seat: i + 1, id: table.table };
  }
  return {
    status: mine?.status ?? null,
    waiting: mine?.waiting ?? null,
    checkedIn: mine?.entry.checkedInAt != null,
    seat,
  };
}

async function summary(
  names: Names,
  night: NightRow,
  placed: readonly Place[],
  me: MyPlace,
): Promise<NightSummary> {
  return {
    id: night.id,
    title: night.title,
    startsAt: night.startsAt,
    place: night.place,
    capacity: night.capacity,
    tables: night.tables,
    hosts: await Promise.all(night.hosts.map((id) => names.account(id))),
    going: placed.filter((p) => p.status === "going").length,
    waiting: placed.filter((p) => p.status === "waiting").length,
    me,
  };
}

/** A round's seating; a table is over once its game is among `games` (the page's one read). */
export async function roundInfo(names: Names, round: RoundRow, games: Finished): Promise<RoundInfo> {
  return {
    n: round.n,
    dealt: round.dealtAt !== null,
    tables: await Promise.all(
      round.seating.tables.map(async (table, t) => ({
        n: t + 1,
        host: table.host === null ? null : await names.account(table.host),
        seats: await Promise.all(
          table.seats.map(async (id, i) => ({ seat: i + 1, person: await names.person(id) })),
        ),
        table: table.table,
        // A game is kept once its result is announced: its protocol prints from then on.
        over: table.table !== null && games.has(table.table),
      })),
    ),
    out: await Promise.all(round.seating.out.map((id) => names.person(id))),
  };
}

/** The night's page for `account`. */
export async function nightPage(store: Store, night: NightRow, account: HostRow): Promise<NightPage> {
  const names = new Names(store);
  const entries = await store.nights.listEntries(night.id);
  const rounds = await store.nights.listRounds(night.id);
  const placed = places(entries, night.capacity);
  const runs = runsTables(account);
  const games = await roundsGames(store, rounds);
  return {
    night: await summary(names, night, placed, myPlace(account, placed, rounds)),
    runs,
    entries: runs
      ? await Promise.all(
          placed.map(async (p) => ({
            person: await names.person(p.entry.personId),
            status: p.status,
            waiting: p.waiting,
            door: p.entry.door,
            checkedIn: p.entry.checkedInAt !== null,
          })),
        )
      : [],
    pairs: runs ? await pairsOf(store, names, night.id) : [],
    rounds: await Promise.all(rounds.map((r) => roundInfo(names, r, games))),
  };
}

type Named = { id: string; name: string };
/** By name, then (two of one name) by id: the order a host reads, not the order of random ids. */
const byName = (x: Named, y: Named) =>
  x.name.localeCompare(y.name) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/**
 * The night's pair policies, each pair's two people in name order and the pairs by their names.
 * The store keeps a pair as `a` < `b` by id: shown so, "Bohdan and Ada" or "Ada and Bohdan" would
 * depend on two random ids.
 */
async function pairsOf(store: Store, names: Names, nightId: string): Promise<NightPage["pairs"]> {
  const pairs = await Promise.all(
    (await store.nights.listPairs(nightId)).map(async (p) => {
      const [a, b] = [await names.person(p.a), await names.person(p.b)].sort(byName) as [Named, Named];
      return { a, b, kind: p.kind };
    }),
  );
  return pairs.sort((x, y) => byName(x.a, y.a) || byName(x.b, y.b));
}

/** Every night's summary for `account`: upcoming first (soonest first), then past (latest first). */
export async function nightList(store: Store, account: HostRow, now: number): Promise<NightSummary[]> {
  const names = new Names(store);
  const nights = await store.nights.listNights();
  const out: NightSummary[] = [];
  for (const night of nights) {
    const entries: EntryRow[] = await store.nights.listEntries(night.id);
    const placed = places(entries, night.capacity);
    const rounds = await store.nights.listRounds(night.id);
    out.push(await summary(names, night, placed, myPlace(account, placed, rounds)));
  }
  const upcoming = out.filter((n) => n.startsAt >= now - OVER_AFTER_MS);
  const past = out.filter((n) => n.startsAt < now - OVER_AFTER_MS).reverse();
  return [...upcoming, ...past];
}

/** A night is over (no more sign-ups; listed among the past ones) this long after it starts. */
export const OVER_AFTER_MS = 12 * 60 * 60 * 1000;
