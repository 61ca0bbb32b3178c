// The running count of the voting round in progress, as the host reads it out before his count
// (HOST-4): the rows of the one tally the count itself uses (voting/tally.ts), most votes first;
// and the lift-all's answers against the majority it needs (DAY-6).

import { seatOf } from "../seats.js";
import type { DayStep, GameState, Seat } from "../state.js";
import { liftNeeded, type TallyRow, tallyRows } from "../voting/tally.js";

export type { TallyRow } from "../voting/tally.js";

export interface LiftCount {
  readonly yes: number;
  readonly no: number;
  /** DAY-6: more than half of the answers must be yes, once every voter still to answer has. */
  readonly needed: number;
}

/** Rows with at least one vote, most votes first, then in seat order; empty outside a voting. */
export function tallyOf(state: GameState, step: DayStep): TallyRow[] {
  if (step.kind !== "voting") return [];
  return tallyRows(state, step).sort((a, b) => b.total - a.total || a.seat - b.seat);
}

/** DAY-6: the lift-all's yes and no so far, and the yes it needs; null outside a lift-all. */
export function liftCountOf(state: GameState, step: DayStep, upcoming: readonly Seat[]): LiftCount | null {
  if (step.kind !== "liftAll") return null;
  const current = step.queue[step.index];
  const toAnswer = (current !== undefined && seatOf(state, current).out === null ? 1 : 0) + upcoming.length;
  const answers = step.answers.length + toAnswer;
  const yes = step.answers.filter((a) => a.yes).length;
  return { yes, no: step.answers.length - yes, needed: liftNeeded(answers) };
}
