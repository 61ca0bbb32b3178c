// The second pass of the seating optimiser (docs/club-nights.md "Fair seating"): the rounds drawn
// one by one are improved together. A swap of two players between tables of any new round is
// weighed by what it does to every pair's total over all rounds (earlier ones included), so a pair
// that meets too often in the end is parted in whichever round it can be; a tabu search then parts
// the pairs still past the goal (one above the mean, rounded up). Pure.

import type { Random } from "@misto/engine";
import { again, HOST_WEIGHT, type Partition, SKILL_WEIGHT } from "./partition.js";
import type { Tally } from "./tally.js";

/** Swaps tried per player and new round. */
const SWAPS = 400;
const HOT = 10;
const COLD = 0.01;

/** The cost of one more meeting after `m`, and of one fewer (negative). */
const plus = (m: number) => again(m);
const minus = (m: number) => (m > 0 ? -again(m - 1) : 0);

/** Meetings over all rounds: the tally's (earlier rounds) plus the new rounds'. */
class Totals {
  readonly pairs: Int32Array;
  readonly hosts: Int32Array;

  constructor(
    private readonly tally: Tally,
    rounds: readonly (readonly number[][])[],
    hosts: readonly (readonly (number | null)[])[],
  ) {
    const n = tally.players;
    this.pairs = new Int32Array(n * n);
    this.hosts = new Int32Array(Math.max(tally.hosts, 1) * n);
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) this.pairs[a * n + b] = tally.met(a, b);
      for (let h = 0; h < tally.hosts; h++) this.hosts[h * n + a] = tally.metHost(h, a);
    }
    for (const [r, round] of rounds.entries()) {
      for (const [t, table] of round.entries()) {
        const host = hosts[r]?.[t] ?? null;
        for (const a of table) {
          if (host !== null) this.hosts[host * n + a] = this.host(host, a) + 1;
          for (const b of table) if (a !== b) this.pairs[a * n + b] = this.pair(a, b) + 1;
        }
      }
    }
  }

  pair(a: number, b: number): number {
    return this.pairs[a * this.tally.players + b] as number;
  }

  host(h: number, p: number): number {
    return this.hosts[h * this.tally.players + p] as number;
  }

  addPair(a: number, b: number, by: number): void {
    const n = this.tally.players;
    this.pairs[a * n + b] = this.pair(a, b) + by;
    this.pairs[b * n + a] = this.pair(b, a) + by;
  }

  addHost(h: number | null, p: number, by: number): void {
    if (h !== null) this.hosts[h * this.tally.players + p] = this.host(h, p) + by;
  }
}

/** What moving `p` from table `from` to table `to` costs (`skip`, who moves the other way, left out). */
function moveCost(
  totals: Totals,
  p: number,
  from: readonly number[],
  to: readonly number[],
  skip: number,
  hosts: readonly [number | null, number | null],
): number {
  let cost = 0;
  for (const x of from) if (x !== p && x !== skip) cost += minus(totals.pair(p, x));
  for (const x of to) if (x !== skip) cost += plus(totals.pair(p, x));
  const [hFrom, hTo] = hosts;
  if (hFrom !== null) cost += HOST_WEIGHT * minus(totals.host(hFrom, p));
  if (hTo !== null) cost += HOST_WEIGHT * plus(totals.host(hTo, p));
  return cost;
}

/** A swap of A[i] and B[j] in one round, with the tables' hosts. */
interface Swap {
  readonly A: number[];
  readonly B: number[];
  readonly i: number;
  readonly j: number;
  readonly ha: number | null;
  readonly hb: number | null;
}

type Context = Omit<Partition, "hosts"> & {
  readonly totals: Totals;
  readonly single: ReadonlySet<number>;
  /** The cost of a meeting at the mean: the temperature's and the skill gap's unit. */
  readonly scale: number;
};

/** What the swap changes in the cost, or null when it may not be made (a group, a pair kept apart). */
function swapDelta(c: Context, s: Swap): number | null {
  const n = c.tally.players;
  const a = s.A[s.i] as number;
  const b = s.B[s.j] as number;
  const clashes = (table: readonly number[], player: number, except: number) =>
    table.some((o) => o !== except && c.apart[player * n + o] === 1);
  if (!c.single.has(a) || !c.single.has(b) || clashes(s.A, b, a) || clashes(s.B, a, b)) return null;
  let delta =
    moveCost(c.totals, a, s.A, s.B, b, [s.ha, s.hb]) + moveCost(c.totals, b, s.B, s.A, a, [s.hb, s.ha]);
  if (c.skill) {
    const skill = c.skill;
    const d = (skill[b] as number) - (skill[a] as number);
    const sa = s.A.reduce((sum, x) => sum + (skill[x] as number), 0);
    const sb = s.B.reduce((sum, x) => sum + (skill[x] as number), 0);
    delta += (c.scale * SKILL_WEIGHT * (2 * d * (sa - sb) + 2 * d * d)) / 12;
  }
  return delta;
}

function apply(totals: Totals, s: Swap): void {
  const a = s.A[s.i] as number;
  const b = s.B[s.j] as number;
  for (const x of s.A) {
    if (x === a) continue;
    totals.addPair(a, x, -1);
    totals.addPair(b, x, 1);
  }
  for (const y of s.B) {
    if (y === b) continue;
    totals.addPair(b, y, -1);
    totals.addPair(a, y, 1);
  }
  totals.addHost(s.ha, a, -1);
  totals.addHost(s.ha, b, 1);
  totals.addHost(s.hb, b, -1);
  totals.addHost(s.hb, a, 1);
  s.A[s.i] = b;
  s.B[s.j] = a;
}

/** Improves `rounds` in place (each a list of tables of players); `hosts[r][t]` is table t's host. */
export function polish(
  p: Omit<Partition, "hosts">,
  rounds: number[][][],
  hosts: readonly (readonly (number | null)[])[],
  random: Random,
): void {
  const single = new Set(p.groups.filter((g) => g.length === 1).map((g) => g[0] as number));
  const totals = new Totals(p.tally, rounds, hosts);
  const n = p.tally.players;
  const seated = rounds.reduce((s, round) => s + round.length * 12, 0);
  const steps = SWAPS * seated;
  // The costs grow with the meetings: the temperature follows the cost of a meeting at the mean.
  let meetings = 0;
  for (const x of totals.pairs) meetings += x;
  const scale = Math.max(1, again(Math.round(meetings / Math.max(1, n * (n - 1)))));
  const c: Context = { ...p, totals, single, scale };
  for (let step = 0; step < steps; step++) {
    const r = Math.floor(random() * rounds.length);
    const round = rounds[r] as number[][];
    const ta = Math.floor(random() * round.length);
    const tb = Math.floor(random() * round.length);
    if (ta === tb) continue;
    const s: Swap = {
      A: round[ta] as number[],
      B: round[tb] as number[],
      i: Math.floor(random() * 12),
      j: Math.floor(random() * 12),
      ha: hosts[r]?.[ta] ?? null,
      hb: hosts[r]?.[tb] ?? null,
    };
    const delta = swapDelta(c, s);
    if (delta === null) continue;
    const temperature = scale * HOT * (COLD / HOT) ** (step / steps);
    if (delta <= 0 || random() < Math.exp(-delta / temperature)) apply(totals, s);
  }
  repair(c, rounds, hosts);
}

/** Moves of the repair at most, per seated player of the new rounds. */
const REPAIR_MOVES = 2;
/** Moves during which a player just moved in a round stays put there. */
const TABU = 7;

/** How the swap changes the meetings past the goal (a pair's meetings beyond it, summed). */
function excessDelta(totals: Totals, s: Swap, goal: number): number {
  const a = s.A[s.i] as number;
  const b = s.B[s.j] as number;
  let delta = 0;
  const leave = (p: number, x: number) => (totals.pair(p, x) > goal ? -1 : 0);
  const join = (p: number, x: number) => (totals.pair(p, x) >= goal ? 1 : 0);
  for (const x of s.A) if (x !== a) delta += leave(a, x) + join(b, x);
  for (const y of s.B) if (y !== b) delta += leave(b, y) + join(a, y);
  return delta;
}

/**
 * Targets the pairs past the goal (one above the mean, rounded up) by tabu search: each move is the
 * best swap of one of such a pair, in a round where they meet, with anyone at another table: the
 * one that most lowers the meetings past the goal, then the cost, even when none lowers them (so
 * the search walks out of a dead end), never undoing a recent move. Keeps the best rounds seen.
 */
function repair(c: Context, rounds: number[][][], hosts: readonly (readonly (number | null)[])[]): void {
  const n = c.tally.players;
  let meetings = 0;
  for (const x of c.totals.pairs) meetings += x;
  const goal = Math.ceil(meetings / Math.max(1, n * (n - 1))) + 1;
  let excess = 0;
  for (const x of c.totals.pairs) excess += Math.max(0, x - goal);
  let best = { excess, rounds: rounds.map((round) => round.map((t) => [...t])) };
  const tabu = new Map<string, number>();
  const seated = rounds.reduce((sum, round) => sum + round.length * 12, 0);
  for (let move = 0; move < REPAIR_MOVES * seated && excess > 0; move++) {
    const chosen = bestMove(c, rounds, hosts, goal, (p, r) => (tabu.get(`${p}/${r}`) ?? -1) >= move);
    if (!chosen) break;
    const { s, r } = chosen;
    excess += excessDelta(c.totals, s, goal);
    tabu.set(`${s.A[s.i]}/${r}`, move + TABU);
    tabu.set(`${s.B[s.j]}/${r}`, move + TABU);
    apply(c.totals, s);
    if (excess < best.excess) best = { excess, rounds: rounds.map((round) => round.map((t) => [...t])) };
  }
  if (best.excess < excess) restore(c, rounds, hosts, best.rounds);
}

/** The best swap for the pairs past the goal (see repair), or null when every one is tabu. */
function bestMove(
  c: Context,
  rounds: number[][][],
  hosts: readonly (readonly (number | null)[])[],
  goal: number,
  isTabu: (p: number, r: number) => boolean,
): { s: Swap; r: number } | null {
  let best: { s: Swap; r: number } | null = null;
  let bestExcess = Number.POSITIVE_INFINITY;
  let bestDelta = Number.POSITIVE_INFINITY;
  for (const [r, round] of rounds.entries()) {
    for (const [ta, A] of round.entries()) {
      for (let i = 0; i < A.length; i++) {
        const a = A[i] as number;
        if (isTabu(a, r) || !A.some((x) => x !== a && c.totals.pair(a, x) > goal)) continue;
        for (const [tb, B] of round.entries()) {
          if (tb === ta) continue;
          for (let j = 0; j < B.length; j++) {
            if (isTabu(B[j] as number, r)) continue;
            const s = { A, B, i, j, ha: hosts[r]?.[ta] ?? null, hb: hosts[r]?.[tb] ?? null };
            const delta = swapDelta(c, s);
            if (delta === null) continue;
            const excess = excessDelta(c.totals, s, goal);
            if (excess < bestExcess || (excess === bestExcess && delta < bestDelta)) {
              best = { s, r };
              bestExcess = excess;
              bestDelta = delta;
            }
          }
        }
      }
    }
  }
  return best;
}

/** Puts `saved` back into `rounds` (the same tables, in place) and the totals with them. */
function restore(
  c: Context,
  rounds: number[][][],
  hosts: readonly (readonly (number | null)[])[],
  saved: readonly (readonly number[][])[],
): void {
  for (const [r, round] of rounds.entries()) {
    for (const [t, table] of round.entries()) table.splice(0, table.length, ...(saved[r]?.[t] ?? []));
  }
  const totals = new Totals(c.tally, rounds, hosts);
  c.totals.pairs.set(totals.pairs);
  c.totals.hosts.set(totals.hosts);
}
