// A finished game's result as the club keeps it (rating/result.ts), built from the engine's events.

import {
  type Command,
  createGame,
  DECK,
  execute,
  type GameEvent,
  type GameState,
} from "@misto/engine/testing";
import { describe, expect, it } from "vitest";
import { gameResult } from "../../src/rating/result.js";

const MANIAC = DECK.indexOf("maniac") + 1;

/** A game dealt in the deck's order (1 Don, 2–3 Mafia, 4 Prostitute, 5–7 red roles, 8–12 civilians) with `seats` removed on day 1, its rating closed at once. */
function closedAfterRemoving(seats: readonly number[]): GameEvent[] {
  const created = createGame({
    seats: Array.from({ length: 12 }, (_, i) => ({ name: `Player ${i + 1}` })),
    deal: { cards: DECK },
    at: 0,
  });
  if (!created.ok) throw new Error(created.error.message);
  const events: GameEvent[] = [created.event];
  let state: GameState = created.state;
  let at = 1;
  const run = (body: Record<string, unknown>) => {
    const result = execute(state, { actor: "host", at: at++, ...body } as Command);
    if (!result.ok) throw new Error(`${result.error.rule} ${result.error.message}`);
    state = result.state;
    events.push(...result.events);
  };
  run({ type: "advance" });
  for (const seat of seats) run({ type: "disqualify", seat });
  run({ type: "announceResult" });
  run({ type: "closeNominations" });
  run({ type: "closeRating" });
  return events;
}

describe("the maniac in the club's result", () => {
  it("TEAM-2 the maniac is red in the rating: he wins with red", () => {
    const result = gameResult(closedAfterRemoving([1, 2, 3, 4]));
    expect(result?.winner).toBe("red");
    expect(result?.seats[MANIAC - 1]).toMatchObject({ card: "maniac", team: "red", result: "won" });
  });

  it("TEAM-2 the maniac is red in the rating: he loses with red", () => {
    const result = gameResult(closedAfterRemoving([5, 6, 8, 9, 10, 11, 12, MANIAC]));
    expect(result?.winner).toBe("black");
    expect(result?.seats[MANIAC - 1]).toMatchObject({ team: "red", result: "lost" });
  });
});
