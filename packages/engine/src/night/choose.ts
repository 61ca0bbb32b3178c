// A woken role's night choice (FLOW-3, FLOW-4, NIGHT-1…11, ACTING-DON): its check, and the choices
// a seat may make now, both from the wake (wake.ts) and its target rules.

import { type Action, ALL_SEATS, chooseAction } from "../actions.js";
import { actsFor, inPlay, type Sent } from "../guards.js";
import { type RuleError, ruleError } from "../rules.js";
import { inGame, isSeat } from "../seats.js";
import type { Actor, GameState, Seat } from "../state.js";
import {
  isPending,
  isStopped,
  standingFreeze,
  targetProblem,
  targetRefusal,
  type Wake,
  wakeFor,
} from "./wake.js";

/** FLOW-3: a choice for `seat` at the current wake step (null skips). */
export function checkChoose(state: GameState, c: Sent<"choose">): RuleError | null {
  const bad = actsFor(c.actor, c.seat) ?? inPlay(state);
  if (bad) return bad;
  const phase = state.phase;
  if (phase.kind !== "night" || phase.step.kind !== "wake") return notNightChoiceTime(state);
  if (!inGame(state, c.seat))
    return ruleError("FLOW-3", `seat ${c.seat} is out of the game and makes no choice`);
  const wake = wakeFor(state, phase.step.role);
  if (!wake || !isPending(state, wake, c.seat)) return notCalled(state, wake, c.seat);
  if (c.target === null) return null;
  if (!isSeat(c.target)) return ruleError("COMMAND", "a target is a seat 1–12 or null");
  const p = targetProblem(state, wake, c.seat, c.target);
  return p ? ruleError(p.rule, p.message) : null;
}

/** FLOW-4: a night choice on a night 1 that is the acquaintance only; else FLOW-3, not the time. */
function notNightChoiceTime(state: GameState): RuleError {
  const phase = state.phase;
  if (phase.kind === "night" && phase.n === 1 && !state.settings.firstNightActions)
    return ruleError("FLOW-4", "night 1 is the mafia's acquaintance only: nobody acts");
  return ruleError("FLOW-3", "night choices are made when a role is woken at night");
}

/**
 * A living seat not called to choose now. At the mafia's step a woken mafioso who does not make
 * the shot names the row that says who does: NIGHT-4 when the freeze stops the shot, NIGHT-2 when
 * he is frozen, ACTING-DON otherwise. Anyone else, or a chooser who has chosen, is out of turn.
 */
function notCalled(state: GameState, wake: Wake | null, seat: Seat): RuleError {
  const outOfTurn = ruleError("FLOW-3", `seat ${seat} is not called to choose now`);
  if (wake === null || wake.role !== "mafia" || !wake.wake.includes(seat) || wake.choosers.includes(seat))
    return outOfTurn;
  if (wake.stopped.length > 0) return ruleError("NIGHT-4", "the freeze stops the mafia's shot tonight");
  if (standingFreeze(state) === seat) return ruleError("NIGHT-2", `seat ${seat} is frozen and does not act`);
  return ruleError("ACTING-DON", "the Don makes the shot while he lives and is not frozen");
}

/**
 * NIGHT-1: the choices `seat` may make now (itself, or the host on its behalf): nobody, then every
 * target its role may take; a stopped chooser (NIGHT-2, NIGHT-4) may only skip.
 */
export function choicesOf(state: GameState, actor: Actor, seat: Seat): Action[] {
  const phase = state.phase;
  if (phase.kind !== "night" || phase.step.kind !== "wake") return [];
  const wake = wakeFor(state, phase.step.role);
  if (!wake || !isPending(state, wake, seat)) return [];
  const out: Action[] = [chooseAction(actor, seat, null)];
  if (isStopped(wake, seat)) return out;
  for (let i = 0; i < ALL_SEATS.length; i++) {
    const target = ALL_SEATS[i] as Seat;
    if (targetRefusal(state, wake, seat, target) === null) out.push(chooseAction(actor, seat, target));
  }
  return out;
}
