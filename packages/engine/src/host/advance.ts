// The host's primary button (HOST-2, HOST-4): what it may do now, and what it does, step by step;
// and the announcement of the result (HOST-2).

import { announceNight, goOn, startDay } from "../day/day.js";
import { nextInQueue } from "../day/steps.js";
import { GAME_OVER } from "../guards.js";
import { afterAcquaintance, endNight, startNight } from "../night/night.js";
import { type RuleError, ruleError } from "../rules.js";
import type { Draft } from "../seats.js";
import type { GameState } from "../state.js";
import { count } from "../voting/count.js";

/** What the host's primary button may do now, or the rule that stops it. */
export function advanceProblem(state: GameState): RuleError | null {
  const phase = state.phase;
  switch (phase.kind) {
    case "deal":
      return null;
    case "night":
      if (phase.step.kind === "acquaintance" || phase.step.kind === "dawn") return null;
      return phase.step.kind === "note"
        ? ruleError("NIGHT-12", "the commissar's note decision comes first")
        : ruleError("FLOW-3", "the night waits for the woken role's choice");
    case "day": {
      const step = phase.step;
      // HOST-4: the host announces the count once nobody is left to vote.
      const voting = step.kind === "voting" || step.kind === "liftAll";
      if (!voting || step.index >= step.queue.length) return null;
      return step.kind === "voting"
        ? ruleError("DAY-3", "every voter must vote")
        : ruleError("DAY-6", "every voter answers the lift-all vote");
    }
    case "ended":
      return ruleError("HOST-2", "the game is over: the host announces the result");
    case "rating":
    case "closed":
      return GAME_OVER;
  }
}

/** HOST-2: only the host announces the result, once the game has ended; from then on it is final. */
export function announceProblem(state: GameState): RuleError | null {
  return state.phase.kind === "ended"
    ? null
    : ruleError("HOST-2", "there is no result to announce: the game goes on");
}

/** The host's primary button, step by step: begin play, announce, end a speech, count, end the night. */
export function advance(d: Draft, at: number): void {
  const phase = d.phase;
  if (phase.kind === "deal")
    return d.settings.firstPhase === "day" ? startDay(d, 1, at) : startNight(d, 1, at); // FLOW-1
  if (phase.kind === "night") {
    if (phase.step.kind === "acquaintance") return afterAcquaintance(d, phase.n, at);
    return phase.step.kind === "dawn" ? endNight(d, phase.n, at) : undefined; // HOST-4
  }
  if (phase.kind !== "day") return;
  switch (phase.step.kind) {
    case "morning":
      announceNight(d); // DAY-8, HOST-2
      return goOn(d, phase.n, "morning", at);
    case "discussion":
      return goOn(d, phase.n, "discussion", at);
    case "voting":
    case "liftAll":
      return count(d, phase.n, phase.step, at); // HOST-4: the host announces the count
    default:
      return nextInQueue(d, at);
  }
}
