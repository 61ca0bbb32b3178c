// NIGHT-12: the commissar's note, right after his check: its check and the answers he may give.

import { type Action, noteActions } from "../actions.js";
import { actsFor, inPlay, type Sent } from "../guards.js";
import { type RuleError, ruleError } from "../rules.js";
import { seatOf } from "../seats.js";
import type { Actor, GameState, Seat } from "../state.js";

export function checkNote(state: GameState, c: Sent<"note">): RuleError | null {
  const bad = actsFor(c.actor, c.seat) ?? inPlay(state);
  if (bad) return bad;
  const phase = state.phase;
  if (phase.kind !== "night" || phase.step.kind !== "note")
    return ruleError("NIGHT-12", "the note is left right after the commissar's check");
  if (seatOf(state, c.seat).card !== "commissar")
    return ruleError("NIGHT-12", "only the commissar leaves a note");
  return typeof c.leave === "boolean" ? null : ruleError("COMMAND", "`leave` is true or false");
}

/** The commissar leaves his note, or not (the seat of the note step only). */
export function notesOf(state: GameState, actor: Actor, seat: Seat): Action[] {
  const phase = state.phase;
  if (phase.kind !== "night" || phase.step.kind !== "note") return [];
  return seatOf(state, seat).card === "commissar" ? noteActions(actor, seat) : [];
}
