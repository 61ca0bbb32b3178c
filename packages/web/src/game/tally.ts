// The running tally of the vote in progress (DAY-3, DAY-4), foul votes kept apart (FOUL-3), and the
// lift-all count (DAY-6): the engine's (view.phase.tally, view.phase.lift), read here for the panel.

import type { LiftCount, Seat, TallyRow, View } from "@misto/engine";

export type { LiftCount, TallyRow };

/** Rows with at least one vote, most votes first, then in seat order. */
export function tallyOf(view: View): readonly TallyRow[] {
  return view.phase.tally;
}

/** The seats leading now (a tie when more than one). */
export function leaders(rows: readonly TallyRow[]): Seat[] {
  const top = rows[0]?.total ?? 0;
  return top > 0 ? rows.filter((r) => r.total === top).map((r) => r.seat) : [];
}

export function liftCount(view: View): LiftCount {
  return view.phase.lift ?? { yes: 0, no: 0, needed: 0 };
}

/** The voters still to vote after the current one (those without a vote are passed over). */
export function votersAfter(view: View): readonly Seat[] {
  return view.phase.upcoming;
}
