// Seat arithmetic: who is in the game, the clockwise order (12 → 1), and what fouls have taken (FOUL-4).

import { teamOf } from "./cards.js";
import { FOUL_LIMITS } from "./limits.js";
import { type GameState, SEATS, type Seat, type SeatState, type Winner } from "./state.js";

export function seatOf(state: GameState, seat: Seat): SeatState {
  return state.seats[seat - 1] as SeatState;
}

export function isSeat(value: unknown): value is Seat {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= SEATS;
}

export function inGame(state: GameState, seat: Seat): boolean {
  return seatOf(state, seat).out === null;
}

/** FOUL-4: after three fouls a player may not speak in the discussion or his accusation. */
export function isMuted(s: SeatState): boolean {
  return s.fouls >= FOUL_LIMITS.muted;
}

/** FOUL-4: after four fouls a player may not vote. */
export function hasNoVote(s: SeatState): boolean {
  return s.fouls >= FOUL_LIMITS.noVote;
}

export function living(state: GameState): Seat[] {
  const out: Seat[] = [];
  for (const s of state.seats) if (s.out === null) out.push(s.seat);
  return out;
}

/** The seats clockwise starting at `start` (inclusive), all twelve. */
export function clockwiseFrom(start: Seat): Seat[] {
  const order: Seat[] = [];
  for (let i = 0; i < SEATS; i++) order.push(((start - 1 + i) % SEATS) + 1);
  return order;
}

/** The living seats clockwise from `start` (inclusive). */
export function livingFrom(state: GameState, start: Seat): Seat[] {
  // A loop, not clockwiseFrom(start).filter(…): every accusation round and voting builds this.
  const out: Seat[] = [];
  for (let i = 0; i < SEATS; i++) {
    const seat = ((start - 1 + i) % SEATS) + 1;
    if (inGame(state, seat)) out.push(seat);
  }
  return out;
}

/** Sorts seats in clockwise order starting at `start`. */
export function inOrderFrom(seats: readonly Seat[], start: Seat): Seat[] {
  // Most votes put out one player: no sort (and its comparator) for one seat.
  if (seats.length < 2) return seats.slice();
  const rank = (seat: Seat) => (seat - start + SEATS) % SEATS;
  return seats.slice().sort((a, b) => rank(a) - rank(b));
}

/** DAY-5: the first living seat clockwise after the previous round's starter (seat 1 for the first round). */
export function nextStarter(state: GameState): Seat {
  const from = state.lastStarter === null ? 1 : (state.lastStarter % SEATS) + 1;
  for (let i = 0; i < SEATS; i++) {
    const seat = ((from - 1 + i) % SEATS) + 1;
    if (inGame(state, seat)) return seat;
  }
  // Nobody in the game (the game is over by then): the seat after the last starter; livingFrom it is empty.
  return from;
}

// A loop rather than a find callback: each night step's wake asks it, several times a night.
export function holderOf(state: GameState, card: SeatState["card"]): SeatState | undefined {
  for (const s of state.seats) if (s.card === card) return s;
  return undefined;
}

/** TEAM-1 (and the parity and quiet-phase settings): the winner now, or null while the game goes on. */
export function winnerNow(state: GameState): Winner | null {
  let red = 0;
  let black = 0;
  for (const s of state.seats) {
    if (s.out !== null) continue;
    if (teamOf(s.card) === "red") red++;
    else black++;
  }
  if (red === 0 && black === 0) return "draw";
  if (red === 0) return "black";
  if (black === 0) return "red";
  if (state.settings.blackWinsAtParity && black >= red) return "black";
  return null;
}

/** A state being built by evolve from one event: a fresh shallow copy, so writing to it is safe. */
export type Draft = { -readonly [K in keyof GameState]: GameState[K] };

/**
 * A shallow copy to write to. Spelled out field by field because V8 copies a literal like this
 * many times faster than `{ ...s }` on an object this wide, and evolve makes one per event.
 */
export function draftOf(s: GameState): Draft {
  return {
    settings: s.settings,
    created: s.created,
    seed: s.seed,
    deals: s.deals,
    seats: s.seats,
    phase: s.phase,
    stepSince: s.stepSince,
    stepVersion: s.stepVersion,
    lastStarter: s.lastStarter,
    votingStarter: s.votingStarter,
    nights: s.nights,
    checks: s.checks,
    noteUsed: s.noteUsed,
    votings: s.votings,
    speeches: s.speeches,
    quietPhases: s.quietPhases,
    result: s.result,
    rating: s.rating,
    log: s.log,
    undos: s.undos,
    version: s.version,
  };
}

/** A new step begins with this event (its time `at`): when, and which event, for timers and runners. */
export function beginStep(d: Draft, at: number): void {
  d.stepSince = at;
  d.stepVersion = d.version;
}

/** Replaces one seat's state in the draft, keeping the other seats shared. */
export function setSeat(d: Draft, seat: Seat, patch: Partial<SeatState>): void {
  const seats = d.seats.slice();
  const s = seats[seat - 1] as SeatState;
  seats[seat - 1] = {
    seat: s.seat,
    name: s.name,
    admin: s.admin,
    card: patch.card ?? s.card,
    out: patch.out !== undefined ? patch.out : s.out,
    revealed: patch.revealed ?? s.revealed,
    fouls: patch.fouls ?? s.fouls,
    remarks: patch.remarks ?? s.remarks,
    foulVotes: patch.foulVotes ?? s.foulVotes,
  };
  d.seats = seats;
}

/**
 * `list` with `item` added at its end, as a new array, made at its final length and filled: V8's
 * `concat` with an object argument takes a slow path (it checks the object for spreading), and a
 * push onto a slice grows the slice's store again (a second allocation and copy, a third of the
 * cost). These appends run for every ballot, night choice and voting of every game.
 */
export function appended<T>(list: readonly T[], item: T): T[] {
  const n = list.length;
  const out = new Array<T>(n + 1);
  for (let i = 0; i < n; i++) out[i] = list[i] as T;
  out[n] = item;
  return out;
}
