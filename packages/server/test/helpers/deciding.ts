// The command that decides a quick game (the server's tests' quickFinish and the browser tests'
// playQuickly): the losing team (even seed: the city) disqualified seat by seat, and with every
// third seed its first seat removed by five fouls instead. Engine only: the browser tests import it.

import { type Action, type GameState, legalActions, teamOf } from "@misto/engine/testing";

/** The host's next foul or disqualification toward the seed's result; null when none is left. */
export function decidingAction(state: GameState, seed: number): Action | null {
  const legal = legalActions(state, "host");
  const losing = seed % 2 === 0 ? "red" : "black";
  const team = state.seats.filter((s) => teamOf(s.card) === losing);
  const fouled = seed % 3 === 0 ? team[0]?.seat : undefined;
  const foul = legal.find((a) => a.type === "foul" && a.seat === fouled);
  if (foul) return foul;
  const dq = legal.find(
    (a) =>
      a.type === "disqualify" && team.some((s) => s.seat === a.seat && s.out === null && s.seat !== fouled),
  );
  return dq ?? null;
}
