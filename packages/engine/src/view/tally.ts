// The running count of the voting round in progress, as the host reads it out before his count
// (HOST-4): ballots per seat (DAY-3), foul votes apart (FOUL-3, never in a re-vote), votes for a
// player who left void (DAY-4); and the lift-all's answers against the majority it needs (DAY-6).

import { inGame, seatOf } from "../seats.js";
import type { DayStep, GameState, Seat } from "../state.js";

export interface TallyRow {
  readonly seat: Seat;
  /** The voters who named this seat, in the order they voted. */
  readonly voters: readonly Seat[];
  /** FOUL-3: foul votes that would count against this seat in this round (never in a re-vote). */
  readonly foulVotes: number;
  readonly total: number;
  /** DAY-4: the seat left the game before the count: its votes are void. */
  readonly void: boolean;
}

export interface LiftCount {
  readonly yes: number;
  readonly no: number;
  /** DAY-6: more than half of the answers must be yes, once every voter still to answer has. */
  readonly needed: number;
}

/** Rows with at least one vote, most votes first, then in seat order; empty outside a voting. */
export function tallyOf(state: GameState, step: DayStep): TallyRow[] {
  if (step.kind !== "voting") return [];
  const rows = new Map<Seat, { voters: Seat[]; foulVotes: number }>();
  const row = (seat: Seat) => {
    let r = rows.get(seat);
    if (!r) {
      r = { voters: [], foulVotes: 0 };
      rows.set(seat, r);
    }
    return r;
  };
  for (const b of step.ballots) row(b.target).voters.push(b.voter);
  if (step.round === "vote")
    for (const s of state.seats) if (s.out === null && s.foulVotes > 0) row(s.seat).foulVotes = s.foulVotes;
  const out: TallyRow[] = [];
  for (const [seat, r] of rows) {
    const gone = !inGame(state, seat);
    out.push({
      seat,
      voters: r.voters,
      foulVotes: r.foulVotes,
      total: gone ? 0 : r.voters.length + r.foulVotes,
      void: gone,
    });
  }
  return out.sort((a, b) => b.total - a.total || a.seat - b.seat);
}

/** DAY-6: the lift-all's yes and no so far, and the yes it needs; null outside a lift-all. */
export function liftCountOf(state: GameState, step: DayStep, upcoming: readonly Seat[]): LiftCount | null {
  if (step.kind !== "liftAll") return null;
  const current = step.queue[step.index];
  const toAnswer = (current !== undefined && seatOf(state, current).out === null ? 1 : 0) + upcoming.length;
  const answers = step.answers.length + toAnswer;
  const yes = step.answers.filter((a) => a.yes).length;
  return { yes, no: step.answers.length - yes, needed: Math.floor(answers / 2) + 1 };
}
