// What the seating optimiser remembers between rounds (docs/club-nights.md "Fair seating"): how
// often each pair met, each player's seats, how often a player met each host, games played.
// Players and hosts are numbered 0…n-1 here; draw.ts maps the ids.

/** A count in a typed array (noUncheckedIndexedAccess: the index is always in range here). */
const get = (a: Int32Array, i: number): number => a[i] as number;

export class Tally {
  /** pairs[a * n + b]: games a and b played at one table (kept symmetric). */
  private readonly pairs: Int32Array;
  /** seats[p * 12 + s]: games p played in seat s + 1. */
  private readonly seats: Int32Array;
  /** seatSums[p]: the sum of p's seat numbers (1–12). */
  private readonly seatSums: Int32Array;
  /** hostMet[h * n + p]: games p played at a table host h ran. */
  private readonly hostMet: Int32Array;
  /** played[p]: games p played. */
  readonly played: Int32Array;

  constructor(
    readonly players: number,
    readonly hosts: number,
  ) {
    this.pairs = new Int32Array(players * players);
    this.seats = new Int32Array(players * 12);
    this.seatSums = new Int32Array(players);
    this.hostMet = new Int32Array(Math.max(hosts, 1) * players);
    this.played = new Int32Array(players);
  }

  met(a: number, b: number): number {
    return get(this.pairs, a * this.players + b);
  }

  metHost(host: number, p: number): number {
    return get(this.hostMet, host * this.players + p);
  }

  timesInSeat(p: number, seat: number): number {
    return get(this.seats, p * 12 + seat - 1);
  }

  seatSum(p: number): number {
    return get(this.seatSums, p);
  }

  games(p: number): number {
    return get(this.played, p);
  }

  /** Counts one table: `seats[i]` sat in seat i + 1 (-1: a seat whose player is not counted). */
  addTable(seats: readonly number[], host: number | null): void {
    const n = this.players;
    for (const [i, a] of seats.entries()) {
      if (a < 0) continue;
      this.played[a] = this.games(a) + 1;
      this.seats[a * 12 + i] = this.timesInSeat(a, i + 1) + 1;
      this.seatSums[a] = this.seatSum(a) + i + 1;
      if (host !== null) this.hostMet[host * n + a] = this.metHost(host, a) + 1;
      for (const b of seats) {
        if (b >= 0 && b !== a) this.pairs[a * n + b] = this.met(a, b) + 1;
      }
    }
  }
}
