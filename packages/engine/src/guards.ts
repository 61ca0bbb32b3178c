// Who may send a command, and whether the game still takes game commands: the engine's own rows
// ACTOR and COMMAND, and TEAM-1's "a finished game accepts no further game actions".

import type { Command, CommandBody } from "./commands.js";
import { type RuleError, ruleError } from "./rules.js";
import { isSeat } from "./seats.js";
import type { Actor, GameState } from "./state.js";

/** ACTOR, COMMAND: the actor may act for `seat`: it is the seat itself or the host entering its choice. */
export function actsFor(actor: Actor, seat: unknown): RuleError | null {
  if (!isSeat(seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
  if (actor !== "host" && actor !== seat)
    return ruleError("ACTOR", `seat ${actor} may act only for itself, not for seat ${seat}`);
  return null;
}

/** A seat sends only these types, for itself (ACTOR); every other command is the host's. */
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

/** ACTOR: a seat's command of a type only the host sends is refused before any rule is checked. */
export function seatSends(actor: Actor, type: unknown): RuleError | null {
  if (actor === "host" || seatMaySend(type) || typeof type !== "string") return null;
  return ruleError("ACTOR", `only the host may send ${type}`);
}

/** ACTOR: a command only the host sends. */
export function hostOnly(actor: Actor, what: string): RuleError | null {
  return actor === "host" ? null : ruleError("ACTOR", `only the host may ${what}`);
}

export const GAME_OVER = ruleError("TEAM-1", "the game is over: it accepts no further game actions");

/** TEAM-1: the game is still being played (not ended, nor in its rating). */
export function inPlay(state: GameState): RuleError | null {
  const k = state.phase.kind;
  return k === "ended" || k === "rating" || k === "closed" ? GAME_OVER : null;
}

/** A command of one type as `check` sees it: its body and its actor (its time is checked first). */
export type Sent<T extends CommandBody["type"]> = Extract<CommandBody, { readonly type: T }> & {
  readonly actor: Actor;
};
