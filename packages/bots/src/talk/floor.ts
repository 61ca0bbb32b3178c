// Who may speak now, for the drivers that offer bots the floor (playGame, the server's online
// runner): DAY-1 the discussion's speakers, DAY-2 DAY-6 DAY-7 a speech's speaker. The engine
// decides it (its floor, view.phase.floor, and silencedBy); this only lists it.

import { type Game, hostTurn, phaseOf, SEATS, type Seat, silencedBy } from "@misto/engine";

/** The seats that may speak in the discussion now, in seat order (none outside a discussion). */
export function discussionFloor(game: Game): Seat[] {
  if (phaseOf(game).step !== "discussion") return [];
  const seats: Seat[] = [];
  for (let seat = 1; seat <= SEATS; seat++) if (silencedBy(game, seat) === null) seats.push(seat);
  return seats;
}

/** DAY-2, DAY-6, DAY-7: the seat with the floor of a speech now (the engine's floor), unless silenced; or null. */
export function speakerOf(game: Game): Seat | null {
  const floor = hostTurn(game).floor;
  return floor !== null && silencedBy(game, floor.seat) === null ? floor.seat : null;
}
