// Seat numbers at one drawn table (docs/club-nights.md "Fair seating"): each player's seats
// spread over the rounds, so nobody always speaks first or last and everyone's mean seat stays
// near 6.5. Pure: the table's twelve players in, their order (seat 1 first) out.

import { type Random, shuffled } from "@misto/engine";
import type { Tally } from "./tally.js";

/** Weight of taking a seat again (per earlier time in it) against the mean's drift. */
const SEAT_AGAIN = 6;

/** What seating player `p` in `seat` costs, given his earlier seats. */
function seatCost(tally: Tally, p: number, seat: number): number {
  // How far the sum of his seat numbers would stray from 6.5 a game.
  const drift = tally.seatSum(p) + seat - 6.5 * (tally.games(p) + 1);
  const again = tally.timesInSeat(p, seat);
  return drift * drift + SEAT_AGAIN * again * again;
}

/**
 * The order of `players` (twelve) in seats 1–12: from a random order, any two players trade seats
 * while that lowers the table's cost, until no trade does (a local optimum of a 12×12 assignment).
 */
export function orderSeats(tally: Tally, players: readonly number[], random: Random): number[] {
  const order = shuffled(players, random);
  const cost = (i: number) => seatCost(tally, order[i] as number, i + 1);
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const a = order[i] as number;
        const b = order[j] as number;
        const before = cost(i) + cost(j);
        const after = seatCost(tally, b, i + 1) + seatCost(tally, a, j + 1);
        if (after < before - 1e-9) {
          order[i] = b;
          order[j] = a;
          improved = true;
        }
      }
    }
  }
  return order;
}
