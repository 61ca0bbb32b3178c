// Who plays at which table in one round (docs/club-nights.md "Fair seating"): a greedy start, then
// simulated annealing over swaps of two players between tables. The cost grows steeply with each
// earlier meeting of a pair and of a player with the table's host, and with the tables' skill
// gap; a pair kept apart never shares a table, a pair kept together never parts. Pure.

import type { Random } from "@misto/engine";
import type { Tally } from "./tally.js";

export interface Partition {
  readonly tally: Tally;
  /** The round's players, as groups that sit together (a single player is a group of one). */
  readonly groups: readonly (readonly number[])[];
  /** apart[a * n + b] = 1: a and b never share a table. */
  readonly apart: Uint8Array;
  /** Each player's skill as a z-score over the club (0 when not balancing). */
  readonly skill: Float64Array | null;
  /** The host of each table (index into the tally's hosts), or null. */
  readonly hosts: readonly (number | null)[];
}

/** The marginal cost of one more meeting after `m`: steep, so no pair runs far above the rest. */
export const again = (m: number): number => 6 ** m - 1;
/** Weight of the tables' skill gap against one meeting at the mean. */
export const SKILL_WEIGHT = 4;
/** Weight of meeting a host again against meeting a player again: a softer aim. */
export const HOST_WEIGHT = 0.25;
/** Swaps tried per player in a round. */
const SWAPS_PER_PLAYER = 300;
const HOT = 1;
const COLD = 0.01;

/** The cost of one more meeting for a pair that met as often as pairs do on average so far. */
export function meetingScale(tally: Tally): number {
  const n = tally.players;
  let meetings = 0;
  for (let a = 0; a < n; a++) meetings += tally.games(a) * 11;
  return Math.max(1, again(Math.round(meetings / Math.max(1, n * (n - 1)))));
}

const at = (a: readonly number[], i: number): number => a[i] as number;

/** The tables' players (table i's twelve, unordered), or null when the apart pairs cannot be kept. */
export function partition(p: Partition, random: Random): number[][] | null {
  const tables = start(p, random);
  if (!tables) return null;
  anneal(p, tables, random);
  return tables;
}

function tableCostOf(p: Partition, table: readonly number[], host: number | null, player: number): number {
  let cost = host === null ? 0 : HOST_WEIGHT * again(p.tally.metHost(host, player));
  for (const other of table) cost += again(p.tally.met(player, other));
  return cost;
}

function clashes(p: Partition, table: readonly number[], player: number, except = -1): boolean {
  const n = p.tally.players;
  for (const other of table) if (other !== except && p.apart[player * n + other] === 1) return true;
  return false;
}

/** Starts tried before the pairs kept apart are found impossible to keep. */
const STARTS = 20;

/**
 * Groups, the most kept apart from others first, then the largest, each to the cheapest table with
 * room and no clash; tried again in other orders when one finds no table.
 */
function start(p: Partition, random: Random): number[][] | null {
  const n = p.tally.players;
  const partners = (g: readonly number[]) => {
    let count = 0;
    for (const x of g) for (let y = 0; y < n; y++) count += p.apart[x * n + y] as number;
    return count;
  };
  const keyed = p.groups.map((g) => ({ g, partners: partners(g) }));
  for (let attempt = 0; attempt < STARTS; attempt++) {
    const order = keyed
      .map((k) => ({ ...k, key: random() }))
      .sort((a, b) =>
        attempt === 0
          ? b.partners - a.partners || b.g.length - a.g.length || a.key - b.key
          : b.g.length - a.g.length || a.key - b.key,
      );
    const tables = place(
      p,
      order.map((k) => k.g),
      random,
    );
    if (tables) return tables;
  }
  return null;
}

function place(p: Partition, order: readonly (readonly number[])[], random: Random): number[][] | null {
  const tables: number[][] = p.hosts.map(() => []);
  for (const g of order) {
    let best = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const [t, table] of tables.entries()) {
      if (table.length + g.length > 12 || g.some((x) => clashes(p, table, x))) continue;
      let cost = random() * 1e-6;
      for (const x of g) cost += tableCostOf(p, table, p.hosts[t] ?? null, x);
      if (cost < bestCost) {
        best = t;
        bestCost = cost;
      }
    }
    const table = tables[best];
    if (!table) return null;
    table.push(...g);
  }
  return tables;
}

function anneal(p: Partition, tables: number[][], random: Random): void {
  const movable: { t: number; i: number }[] = [];
  const single = new Set(p.groups.filter((g) => g.length === 1).map((g) => at(g, 0)));
  for (const [t, table] of tables.entries()) {
    for (const [i, x] of table.entries()) if (single.has(x)) movable.push({ t, i });
  }
  if (tables.length < 2 || movable.length < 2) return;
  const sums = tables.map((table) => table.reduce((s, x) => s + (p.skill?.[x] ?? 0), 0));
  const steps = SWAPS_PER_PLAYER * movable.length;
  // The costs grow with the meetings so far: the temperature follows a meeting's cost at the mean.
  const scale = meetingScale(p.tally);
  const hot = scale * HOT;
  const cold = hot * COLD;
  for (let step = 0; step < steps; step++) {
    const u = movable[Math.floor(random() * movable.length)];
    const v = movable[Math.floor(random() * movable.length)];
    if (!u || !v || u.t === v.t) continue;
    const ta = tables[u.t] as number[];
    const tb = tables[v.t] as number[];
    const a = at(ta, u.i);
    const b = at(tb, v.i);
    if (clashes(p, ta, b, a) || clashes(p, tb, a, b)) continue;
    const ha = p.hosts[u.t] ?? null;
    const hb = p.hosts[v.t] ?? null;
    let delta =
      tableCostOf(p, ta, ha, b) -
      again(p.tally.met(b, a)) -
      tableCostOf(p, ta, ha, a) +
      tableCostOf(p, tb, hb, a) -
      again(p.tally.met(a, b)) -
      tableCostOf(p, tb, hb, b);
    // Each player's own count against himself is 0, so again(0) = 0 drops out above.
    const d = p.skill ? (p.skill[b] as number) - (p.skill[a] as number) : 0;
    const sa = sums[u.t] as number;
    const sb = sums[v.t] as number;
    delta += (scale * SKILL_WEIGHT * (2 * d * (sa - sb) + 2 * d * d)) / 12;
    const temperature = hot * (cold / hot) ** (step / steps);
    if (delta <= 0 || random() < Math.exp(-delta / temperature)) {
      ta[u.i] = b;
      tb[v.i] = a;
      sums[u.t] = sa + d;
      sums[v.t] = sb - d;
    }
  }
}
