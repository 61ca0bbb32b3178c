// Older records, read in today's version. Version 1 (before HOST-4) had no host's step at a count or
// at a night's end: the engine counted a voting round at its last ballot and resolved a night at its
// last choice. Version 2 makes both the host's `advance`; a version 1 record gets that step inserted
// right where version 1 took it, so it replays to the very game it recorded.

import { decide, evolve, type Game, type GameEvent, hostTurn } from "@misto/engine";

/** HOST-4: the game waits for the host's count or his end of the night. */
function hostMoment(state: Game | null): state is Game {
  if (state === null) return false;
  const next = hostTurn(state).next?.kind;
  return next === "announceCount" || next === "cityWakes";
}

/**
 * A version 1 record's events as version 2 has them. A version 1 undo dropped the last real step;
 * the host's steps inserted after that step are undone with it, so one undo may become two.
 * Throws on events the engine cannot fold (the caller reports the record as broken).
 */
export function eventsFromVersion1(events: readonly GameEvent[]): GameEvent[] {
  return eventGroupsFromVersion1(events).groups.flat();
}

/**
 * The same, one group per version 1 event: that event as version 2 has it (an undo maybe repeated)
 * and the host's steps inserted after it. A store that numbers events maps its old numbers by them.
 * Also the game they fold to (null for no events), so that a caller need not fold them again.
 */
export function eventGroupsFromVersion1(events: readonly GameEvent[]): {
  groups: GameEvent[][];
  state: Game | null;
} {
  const groups: GameEvent[][] = [];
  // For every step in the game's undo log: whether this migration inserted it.
  const inserted: boolean[] = [];
  let state: Game | null = null;
  for (const event of events) {
    const out: GameEvent[] = [];
    // A version 1 undo drops the steps inserted after the last real one too.
    let folds = 1;
    if (event.type === "undone") while ((inserted.pop() ?? false) === true) folds++;
    else if (event.type !== "created" && event.type !== "spoke") inserted.push(false);
    for (let i = 0; i < folds; i++) {
      state = evolve(state, event);
      out.push(event);
    }
    while (hostMoment(state)) {
      const made = decide(state, { actor: "host", type: "advance", at: event.at });
      if (!made.ok) throw new Error(made.error.message);
      for (const e of made.events) {
        state = evolve(state, e);
        out.push(e);
      }
      inserted.push(true);
    }
    groups.push(out);
  }
  return { groups, state };
}
