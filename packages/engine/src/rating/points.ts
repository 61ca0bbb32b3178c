// RATE-3, RATE-5: the city's vote turned into points, and the tied places the host must split.

import type { GameState, Rating, Seat } from "../state.js";

const PLACE_POINTS = [3, 2, 1];

/** Ranks candidates by votes; only those with two or more votes score (RATE-3). */
export function placeCandidates(rating: Rating): { points: { seat: Seat; points: number }[]; tied: Seat[] } {
  const votes = new Map<Seat, number>();
  for (const v of rating.votes)
    if (v.candidate !== null) votes.set(v.candidate, (votes.get(v.candidate) ?? 0) + 1);
  const ranked = [...votes.entries()].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const points: { seat: Seat; points: number }[] = [];
  const tied: Seat[] = [];
  let place = 0;
  while (place < ranked.length && place < PLACE_POINTS.length) {
    const count = (ranked[place] as [Seat, number])[1];
    const group = ranked.filter(([, n]) => n === count).map(([seat]) => seat);
    if (group.length === 1) points.push({ seat: group[0] as Seat, points: PLACE_POINTS[place] as number });
    else tied.push(...group); // RATE-5: the host splits a tie that reaches the first three places.
    place += group.length;
  }
  return { points, tied };
}

/** RATE-7: administration is never rated. */
export function ratedSeats(state: GameState): Seat[] {
  return state.seats.filter((s) => !s.admin).map((s) => s.seat);
}

export const MAX_POINTS = 5;

export function withPoints(rating: Rating, seat: Seat, points: number): Rating {
  const all = rating.points.slice();
  all[seat - 1] = points;
  return { ...rating, points: all };
}
