// Plays a table to its end through the API, the rating included: the host's forward steps (picked
// at random from a seed, so games differ), the named candidates, the city's votes for them, and the close.

import {
  type Action,
  evolve,
  type GameEvent,
  type GameState,
  legalActions,
  replay,
  type Seat,
  seededRandom,
} from "@misto/engine/testing";
import { type Harness, nextAction, send } from "./api.js";

export interface RatingPlan {
  /** RATE-1: the candidates the host names, in order of the city's preference; none: RATE-2. */
  readonly nominate: readonly Seat[];
  /** RATE-4: a host's bonus. */
  readonly bonus?: { readonly seat: Seat; readonly points: 1 | 2 };
}

let counter = 0;
const nextId = () => `fin-${process.pid}-${++counter}`;

/** Plays the table from its current state until its rating is closed; returns the final state. */
export async function finishGame(
  h: Harness,
  cookie: string,
  table: string,
  plan: RatingPlan,
  pickSeed = 1,
): Promise<GameState> {
  const res = await h.app.inject({ method: "GET", url: `/api/tables/${table}`, headers: { cookie } });
  const body = res.json() as { seq: number; events: GameEvent[] };
  let state = replay(body.events);
  let seq = body.seq;
  let bonusGiven = false;
  // A seeded random pick, not one by step number: a pick tied to the step can fall in step with a
  // cycle (a tie, a failed lift-all, a missed shot, again) and never end the game.
  const random = seededRandom(`finish-${pickSeed}`);
  for (let step = 0; step < 2000 && state.phase.kind !== "closed"; step++) {
    const action =
      ratingAction(state, plan, bonusGiven) ?? nextAction(state, (n) => Math.floor(random() * n));
    if (!action) throw new Error(`no action in ${state.phase.kind}`);
    if (action.type === "bonus") bonusGiven = true;
    const sent = await send(h, cookie, table, { id: nextId(), seq, command: action });
    if (sent.statusCode !== 200) throw new Error(`${action.type}: ${sent.statusCode} ${sent.body}`);
    const answer = sent.json() as { seq: number; events: GameEvent[] };
    for (const event of answer.events) state = evolve(state, event);
    seq = answer.seq;
  }
  if (state.phase.kind !== "closed") throw new Error("the game did not close");
  return state;
}

function ratingAction(state: GameState, plan: RatingPlan, bonusGiven: boolean): Action | null {
  const phase = state.phase;
  if (phase.kind !== "rating") return null;
  const legal = legalActions(state, "host");
  const find = (f: (a: Action) => boolean) => legal.find(f) ?? null;
  switch (phase.step.kind) {
    case "nominations": {
      const named = new Set(state.rating?.candidates.map((c) => c.seat));
      const next = plan.nominate.find((seat) => !named.has(seat));
      return next !== undefined
        ? find((a) => a.type === "nominate" && a.candidate === next)
        : find((a) => a.type === "closeNominations");
    }
    case "votes": {
      // Each voter votes for the first candidate of the plan he may vote for.
      for (const seat of plan.nominate) {
        const vote = find((a) => a.type === "ratingVote" && a.candidate === seat);
        if (vote) return vote;
      }
      return find((a) => a.type === "ratingVote");
    }
    case "split":
      return find((a) => a.type === "split");
    case "review":
      if (plan.bonus && !bonusGiven) {
        const { seat, points } = plan.bonus;
        return find((a) => a.type === "bonus" && a.seat === seat && a.points === points);
      }
      return find((a) => a.type === "closeRating");
    default:
      return null;
  }
}
