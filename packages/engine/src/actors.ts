// Who may send which command: a seat sends only these types, for itself (ACTOR); every other
// command is the host's. Written once here; the server checks a seat's request against it.

import type { Command } from "./commands.js";

export const SEAT_COMMANDS = [
  "choose",
  "note",
  "vote",
  "liftVote",
  "grave",
  "speak",
  "ratingVote",
  "contestVote",
  "nominate",
] as const satisfies readonly Command["type"][];

export type SeatCommandType = (typeof SEAT_COMMANDS)[number];

const SEAT_TYPES: ReadonlySet<unknown> = new Set(SEAT_COMMANDS);

/** ACTOR: a seat may send a command of this type (for itself); the rest are the host's. */
export function seatMaySend(type: unknown): type is SeatCommandType {
  return SEAT_TYPES.has(type);
}
