// Who may send a command, and whether the game still takes game commands: the engine's own rows
// ACTOR and COMMAND, and TEAM-1's "a finished game accepts no further game actions".

import type { CommandBody } from "./commands.js";
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
