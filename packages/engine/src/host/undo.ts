// HOST-3: the host's undo, step by step, and the rebuild it makes from the steps kept.

import type { GameEvent } from "../events.js";
import { type RuleError, ruleError } from "../rules.js";
import type { Draft } from "../seats.js";
import type { GameState } from "../state.js";

/**
 * HOST-3: why the host's undo is refused now, or null. It drops the last step that changed the game
 * (speech lines are no steps). The announced result is final, but the rating's own steps after it
 * (nominations, votes, the split, the bonus, contests) can be undone until the rating is closed.
 */
export function undoProblem(state: GameState): RuleError | null {
  if (state.phase.kind === "closed") return ruleError("HOST-3", "the rating is closed and final");
  for (let node = state.log; node; node = node.prev) {
    const type = node.event.type;
    if (type === "spoke") continue;
    return type === "resultAnnounced"
      ? ruleError("HOST-3", "the result has been announced and is final")
      : null;
  }
  return ruleError("HOST-3", "there is nothing to undo");
}

/** HOST-3: the events kept after dropping the last step that changed the game (speech lines stay), oldest first. */
export function keptByUndo(d: Draft): GameEvent[] {
  const kept: GameEvent[] = [];
  let dropped = false;
  for (let node = d.log; node; node = node.prev) {
    if (!dropped && node.event.type !== "spoke") dropped = true;
    else kept.push(node.event);
  }
  return kept.reverse();
}
