// The tally of a voting round, written once: the count at the host's announcement (count.ts)
// and the running tally the views show before it (view/tally.ts) both read it.
// DAY-3: a ballot is one vote for its target; DAY-4: votes for a player who left are void;
// FOUL-3: foul votes count in a day's vote, never in a re-vote. DAY-6: a lift-all needs a majority.

import { inGame } from "../seats.js";
import { type DayStep, type GameState, SEATS, type Seat } from "../state.js";

export interface TallyRow {
  readonly seat: Seat;
  /** The voters who named this seat, in the order they voted. */
  readonly voters: readonly Seat[];
  /** FOUL-3: foul votes that count against this seat in this round (never in a re-vote). */
  readonly foulVotes: number;
  /** The votes that count: ballots and foul votes, none for a seat that left (DAY-4). */
  readonly total: number;
  /** DAY-4: the seat left the game before the count: its votes are void. */
  readonly void: boolean;
}

/** The round's rows in seat order, one for each seat with a ballot or a foul vote against it. */
export function tallyRows(state: GameState, step: Extract<DayStep, { kind: "voting" }>): TallyRow[] {
  // Voters by seat (index seat − 1), filled by a loop: this runs at every count of every game.
  const voters: Seat[][] = [];
  const fouls: number[] = [];
  for (let i = 0; i < SEATS; i++) {
    voters.push([]);
    fouls.push(0);
  }
  for (const b of step.ballots) (voters[b.target - 1] as Seat[]).push(b.voter);
  if (step.round === "vote") for (const s of state.seats) if (s.out === null) fouls[s.seat - 1] = s.foulVotes;
  const rows: TallyRow[] = [];
  for (let i = 0; i < SEATS; i++) {
    const v = voters[i] as Seat[];
    const foulVotes = fouls[i] as number;
    if (v.length === 0 && foulVotes === 0) continue;
    const seat = i + 1;
    const gone = !inGame(state, seat);
    rows.push({ seat, voters: v, foulVotes, total: gone ? 0 : v.length + foulVotes, void: gone });
  }
  return rows;
}

/** DAY-6: the yes answers that eliminate the tied players: more than half of all the answers. */
export function liftNeeded(answers: number): number {
  return Math.floor(answers / 2) + 1;
}
