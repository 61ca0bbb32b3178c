// Who may speak now, for the drivers that offer bots the floor (playGame, the server's online
// runner): DAY-1 the discussion's speakers, DAY-2 DAY-6 DAY-7 a speech's speaker. The engine
// decides it (silencedBy); this only lists it.

import { type GameState, SEATS, type Seat, silencedBy } from "@misto/engine";

/** The seats that may speak in the discussion now, in seat order (none outside a discussion). */
export function discussionFloor(state: GameState): Seat[] {
  const phase = state.phase;
  if (phase.kind !== "day" || phase.step.kind !== "discussion") return [];
  const seats: Seat[] = [];
  for (let seat = 1; seat <= SEATS; seat++) if (silencedBy(state, seat) === null) seats.push(seat);
  return seats;
}

/** DAY-2, DAY-6, DAY-7: the speaker of the accusation, split speech or last word now, or null. */
export function speakerOf(state: GameState): Seat | null {
  const phase = state.phase;
  if (phase.kind !== "day") return null;
  const step = phase.step;
  if (step.kind !== "accusations" && step.kind !== "splitSpeeches" && step.kind !== "lastWords") return null;
  const seat = step.queue[step.index] as Seat | undefined;
  return seat !== undefined && silencedBy(state, seat) === null ? seat : null;
}
