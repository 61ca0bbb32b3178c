// The game's course across phases (FLOW-1, TEAM-1): leaving the game, the win check, the end of a
// phase, and `settle`, which runs after every event and walks past steps nobody needs to act in.
// The day's own course is day/day.ts, the night's night/night.ts. Every function here writes to the
// draft evolve made for one event.

import { settleDay } from "./day/day.js";
import { settleNight } from "./night/night.js";
import { type Draft, inGame, seatOf, setSeat, winnerNow } from "./seats.js";
import type { GameState, OutCause, PhaseRef, Seat } from "./state.js";

export function phaseRef(state: GameState): PhaseRef | null {
  const p = state.phase;
  return p.kind === "day" || p.kind === "night" ? { kind: p.kind, n: p.n } : null;
}

/** The game is over (TEAM-1): nothing more happens in this phase. */
export const over = (d: Draft) => d.result !== null;

/** TEAM-1: ends the game if a team has won; HOST-2: the result waits for the host's announcement. */
function checkWin(d: Draft): void {
  if (d.result !== null) return;
  const winner = winnerNow(d);
  const when = phaseRef(d);
  if (winner === null || when === null) return;
  end(d, { winner, when, announced: false });
}

/**
 * The game ends with its result, to be announced: a step of its own (the time of the step the
 * game ended in still counts for the announcement's pause).
 */
function end(d: Draft, result: NonNullable<Draft["result"]>): void {
  d.result = result;
  d.phase = { kind: "ended" };
  d.stepVersion = d.version;
}

/**
 * FOUL-7, TEAM-1: takes seats out of the game at once, then the win check. Cards: DAY-7 at the last
 * word, FOUL-5/6 at once, NIGHT-14 at the announcement.
 */
export function eliminate(d: Draft, seats: readonly Seat[], cause: OutCause): void {
  const when = phaseRef(d) ?? { kind: "day", n: 0 };
  const now = cause === "fouls" || cause === "disqualified";
  for (const seat of seats) {
    if (!inGame(d, seat)) continue;
    setSeat(d, seat, {
      out: { cause, when, announced: cause !== "night" },
      revealed: seatOf(d, seat).revealed || now,
    });
  }
  checkWin(d);
}

/**
 * TEAM-1 setting drawAfterQuietPhases, HOST-4: counts a phase that ended with nobody leaving (a
 * departure between the count or the resolution and the phase's end belongs to that phase).
 */
export function endPhase(d: Draft, ref: PhaseRef): void {
  const left = d.seats.some((s) => s.out && s.out.when.kind === ref.kind && s.out.when.n === ref.n);
  d.quietPhases = left ? 0 : d.quietPhases + 1;
  const limit = d.settings.drawAfterQuietPhases;
  if (limit !== null && d.quietPhases >= limit && d.result === null) {
    end(d, { winner: "draw", when: ref, announced: false });
  }
}

/** Walks past every step that has nobody left to act: skipped speakers and voters, empty wake steps. */
export function settle(d: Draft, at: number): void {
  for (let guard = 0; guard < 1000; guard++) if (!settleOnce(d, at)) return;
  throw new Error("settle did not converge");
}

/** One move past a step with nobody to act; false when the game waits for someone. */
function settleOnce(d: Draft, at: number): boolean {
  const phase = d.phase;
  if (phase.kind === "night") return settleNight(d, phase.n, phase.step, at);
  if (phase.kind === "day") return settleDay(d, phase.n, phase.step, at);
  return false;
}
