// The host's side of a bot game that every driver shares: playGame's host bot here, and the
// server's online runner (packages/server/src/tables/online.ts), which adds its timers.

import type { GameState, Seat } from "@misto/engine";

/**
 * The seat a bot host gives the floor to now, on his own turn: the speaker of an accusation speech
 * (his speech, DAY-2), or the Don in his last words while his grave is still to choose (DON-1).
 * Null when nobody is given it. Each driver gives it once per speech, by its own bookkeeping.
 */
export function floorOf(state: GameState): Seat | null {
  const phase = state.phase;
  if (phase.kind !== "day") return null;
  const step = phase.step;
  if (step.kind === "accusations") return (step.queue[step.index] as Seat | undefined) ?? null;
  if (step.kind !== "lastWords" || step.graveDone) return null;
  const speaker = step.queue[step.index] as Seat | undefined;
  return speaker !== undefined && state.seats[speaker - 1]?.card === "don" ? speaker : null;
}
