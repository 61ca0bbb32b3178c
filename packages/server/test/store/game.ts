// Real engine events for the store tests: a game created and played through the engine itself.

import {
  type CommandBody,
  type Created,
  createGame,
  execute,
  type GameEvent,
  type GameState,
} from "@misto/engine/testing";

export interface Game {
  readonly created: Created;
  readonly state: GameState;
  /** Applies a command that must be legal (as the host); returns its events. */
  play(body: CommandBody): GameEvent[];
  /** The table's columns for the game as it stands. */
  status(): { phase: string; winner: string | null };
}

export function newGame(seed = "store"): Game {
  const made = createGame({
    seats: Array.from({ length: 12 }, (_, i) => ({
      name: i === 0 ? "Олена «Дон» Ґудзь" : `Player ${i + 1}`,
    })),
    deal: { seed },
    at: 1_767_225_600_000,
  });
  if (!made.ok) throw new Error(made.error.message);
  let state = made.state;
  let at = made.event.at;
  return {
    created: made.event,
    get state() {
      return state;
    },
    play(body) {
      const done = execute(state, { actor: "host", ...body, at: ++at } as Parameters<typeof execute>[1]);
      if (!done.ok) throw new Error(`${done.error.rule}: ${done.error.message}`);
      state = done.state;
      return [...done.events];
    },
    status: () => ({ phase: state.phase.kind, winner: state.result?.winner ?? null }),
  };
}
