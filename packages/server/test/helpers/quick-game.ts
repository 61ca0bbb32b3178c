// A game played to its end in few commands, for tests of what comes after games (tournaments,
// standings): the host disqualifies one team's players until the other wins (and, with some
// seeds, gives one of them five fouls: removed), then the rating is played as finishGame plays it.
// Every command goes through the API as the host's console sends it.

import { type Action, evolve, type GameEvent, type GameState, replay } from "@misto/engine/testing";
import { commandId, type Harness, nextAction, send } from "./api.js";
import { decidingAction } from "./deciding.js";
import { finishGame } from "./finish.js";

/** The next quick command: advance past the deal, then fouls or a disqualification; null when the game is decided. */
export function quickAction(state: GameState, seed: number): Action | null {
  const kind = state.phase.kind;
  if (kind === "rating" || kind === "closed") return null;
  return decidingAction(state, seed) ?? (kind === "deal" ? nextAction(state) : null);
}

/** Plays the table quickly to its end and closes its rating. */
export async function quickFinish(h: Harness, cookie: string, table: string, seed: number): Promise<void> {
  const res = await h.app.inject({ method: "GET", url: `/api/tables/${table}`, headers: { cookie } });
  const body = res.json() as { seq: number; events: GameEvent[] };
  let state = replay(body.events);
  let seq = body.seq;
  for (let step = 0; step < 200; step++) {
    const action = quickAction(state, seed);
    if (!action) break;
    const sent = await send(h, cookie, table, { id: commandId(), seq, command: action });
    if (sent.statusCode !== 200) throw new Error(`${action.type}: ${sent.statusCode} ${sent.body}`);
    const answer = sent.json() as { seq: number; events: GameEvent[] };
    for (const event of answer.events) state = evolve(state, event);
    seq = answer.seq;
  }
  await finishGame(h, cookie, table, { nominate: [2, 7] }, seed);
}
