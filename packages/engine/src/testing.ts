// @misto/engine/testing: the state behind a Game, for tests only (a leak test compares a view with
// the hidden state it came from). No package's source imports it (test/sealed.test.ts).

export { evolve, initialState } from "./evolve.js";
export { createGame, execute, replay } from "./game.js";
export * from "./index.js";
export type * from "./state.js";

import type { Game, GameState } from "./state.js";

/** The state a Game holds. */
export function stateOf(game: Game): GameState {
  return game as GameState;
}
