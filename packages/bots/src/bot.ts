// What a bot is: a player at one seat that picks its next action from what that seat may see.

import type { Action, Random, Seat, View } from "@misto/engine";

/** What a bot is shown when asked to act: its seat, its legal actions, and (lazily) its own view. */
export interface Seen {
  readonly seat: Seat;
  /** legalActions(state, seat): part of the seat's view, handed over without building the rest. */
  readonly actions: readonly Action[];
  /** viewFor(state, seat), built on first call and memoised: the only state a bot may look at. */
  view(): View;
}

export type BotKind = "random" | "heuristic";

/**
 * One bot plays one seat for one game and may keep its own memory between calls. It answers with
 * one of `seen.actions`, or, when the view shows its own speech, a `speak` action it builds; null
 * when it has nothing to do.
 */
export interface Bot {
  readonly kind: BotKind;
  /** It may speak in its own accusation speech: the game loop offers it the floor once per speech. */
  readonly talks: boolean;
  act(seen: Seen): Action | null;
}

/** A uniform choice from a list by the given generator, or null for an empty list. */
export function pickOrNull<T>(items: readonly T[], random: Random): T | null {
  return items.length === 0 ? null : (items[Math.floor(random() * items.length)] as T);
}
