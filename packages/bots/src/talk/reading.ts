// What a bot reads off the table for its speech: public facts (ballots, night deaths, claims) and
// its own (card, checks, heals), each taken from its own View and nothing else.

import type { Seat, View, YouView } from "@misto/engine";
import { type Claim, parseClaims } from "../claims.js";

/** One public ballot: who voted against whom, on which day. */
export interface Ballot {
  readonly day: number;
  readonly voter: Seat;
  readonly target: Seat;
}

export interface Reading {
  readonly me: Seat;
  readonly you: YouView;
  readonly today: number;
  /** Seats still in the game, as announced. */
  readonly living: ReadonlySet<Seat>;
  /** The black seats this seat knows (FLOW-4), himself included when black. */
  readonly allies: ReadonlySet<Seat>;
  /** Every claim made in the city, in order (claims.ts). */
  readonly claims: readonly Claim[];
  readonly ballots: readonly Ballot[];
  /** Night deaths as announced, each with its night. */
  readonly deaths: readonly { readonly night: number; readonly seat: Seat }[];
  /** The last announced night, if nobody died in it: its number. */
  readonly quietNight: number | null;
  /** This seat's own lines today (its memory of what it has said). */
  readonly saidToday: number;
}

/** Reads the view of a seat; null for a view that is not a seat's own. */
export function read(view: View): Reading | null {
  const you = view.you;
  if (you === null) return null;
  const me = you.seat;
  const today = view.phase.kind === "day" ? (view.phase.n ?? 0) : 0;
  const living = new Set<Seat>();
  for (const s of view.seats) if (s.out === null) living.add(s.seat);
  const allies = new Set<Seat>();
  if (you.team === "black") {
    allies.add(me);
    for (const p of you.partners) allies.add(p.seat);
  }
  const claims: Claim[] = [];
  let saidToday = 0;
  for (const s of view.speeches) {
    claims.push(...parseClaims(s.seat, s.text));
    if (s.seat === me && s.when?.kind === "day" && s.when.n === today) saidToday++;
  }
  const ballots: Ballot[] = [];
  for (const v of view.votings) for (const b of v.ballots) ballots.push({ day: v.day, ...b });
  const deaths: { night: number; seat: Seat }[] = [];
  for (const n of view.nights) for (const d of n.deaths) deaths.push({ night: n.n, seat: d.seat });
  const last = view.nights[view.nights.length - 1];
  const quietNight = last !== undefined && last.deaths.length === 0 ? last.n : null;
  return { me, you, today, living, allies, claims, ballots, deaths, quietNight, saidToday };
}

/** The day whose vote came just before night `n` (FLOW-1: day n, or day n−1 when nights come first). */
export function dayBefore(view: View, night: number): number {
  return view.settings.firstPhase === "night" ? night - 1 : night;
}
