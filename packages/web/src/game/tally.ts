// The running tally of the vote in progress (DAY-3, DAY-4): ballots per seat, foul votes (FOUL-3)
// kept apart so the host can read them out separately, and the lift-all count (DAY-6).

import type { Seat, View } from "@misto/engine";
import { isRevote } from "./steps.js";

export interface TallyRow {
  readonly seat: Seat;
  /** The voters who named this seat, in the order they voted. */
  readonly voters: readonly Seat[];
  /** FOUL-3: foul votes counted against this seat in this voting (never in a re-vote). */
  readonly foulVotes: number;
  readonly total: number;
  /** DAY-4: the seat left the game before the count: its votes are void. */
  readonly void: boolean;
}

/** Rows with at least one vote, most votes first, then in seat order. */
export function tallyOf(view: View): TallyRow[] {
  const p = view.phase;
  if (p.step !== "voting") return [];
  const revote = isRevote(view);
  const rows = new Map<Seat, { voters: Seat[]; foulVotes: number }>();
  const row = (seat: Seat) => {
    let r = rows.get(seat);
    if (!r) {
      r = { voters: [], foulVotes: 0 };
      rows.set(seat, r);
    }
    return r;
  };
  for (const b of p.ballots) row(b.target).voters.push(b.voter);
  if (!revote) {
    for (const s of view.seats) if (s.out === null && s.foulVotes > 0) row(s.seat).foulVotes = s.foulVotes;
  }
  const out: TallyRow[] = [];
  for (const [seat, r] of rows) {
    const gone = view.seats[seat - 1]?.out !== null;
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

/** The seats leading now (a tie when more than one). */
export function leaders(rows: readonly TallyRow[]): Seat[] {
  const top = rows[0]?.total ?? 0;
  return top > 0 ? rows.filter((r) => r.total === top).map((r) => r.seat) : [];
}

export interface LiftCount {
  readonly yes: number;
  readonly no: number;
  /** DAY-6: more than half of the voters must answer yes. */
  readonly needed: number;
}

export function liftCount(view: View): LiftCount {
  const answers = view.phase.answers;
  const voters = view.phase.queue.filter(
    (seat) => view.seats[seat - 1]?.out === null && !view.seats[seat - 1]?.noVote,
  ).length;
  return {
    yes: answers.filter((a) => a.yes).length,
    no: answers.filter((a) => !a.yes).length,
    needed: Math.floor(voters / 2) + 1,
  };
}

/** The voters still to vote after the current one (those without a vote are passed over). */
export function votersAfter(view: View): Seat[] {
  const p = view.phase;
  if (p.current === null) return [];
  return p.queue
    .slice(p.queue.indexOf(p.current) + 1)
    .filter((seat) => view.seats[seat - 1]?.out === null && !view.seats[seat - 1]?.noVote);
}
