// The Don's grave (DON-1, DON-2): whether it is open, its check, the choices he may make, and what
// his choice does.

import { type Action, ALL_SEATS, graveAction } from "../actions.js";
import type { GameEvent } from "../events.js";
import { eliminate } from "../flow.js";
import { actsFor, inPlay, type Sent } from "../guards.js";
import { FOUL_LIMITS } from "../limits.js";
import { type RuleError, ruleError } from "../rules.js";
import { appended, type Draft, inGame, isSeat, seatOf } from "../seats.js";
import type { Actor, GameState, Seat } from "../state.js";

/** DON-1, DON-2: the grave is open: he is the current last word, voted out today, with fewer than two fouls. */
export function graveOpen(state: GameState, seat: Seat): RuleError | null {
  const phase = state.phase;
  if (phase.kind !== "day" || phase.step.kind !== "lastWords")
    return ruleError("DON-1", "the grave is taken during the Don's last word");
  const s = seatOf(state, seat);
  if (s.card !== "don") return ruleError("DON-1", `seat ${seat} is not the Don`);
  if (phase.step.queue[phase.step.index] !== seat)
    return ruleError("DON-1", "the grave is taken during the Don's own last word");
  if (s.out?.cause !== "vote")
    return ruleError("DON-1", "only a Don voted out by the day's vote takes a player to the grave");
  if (phase.step.graveDone) return ruleError("DON-1", "the Don has already made his grave choice");
  if (s.fouls >= FOUL_LIMITS.foulVote)
    return ruleError("DON-2", "a Don with a foul vote (two or more fouls) loses the grave");
  return null;
}

/**
 * FOUL-7: a voted-out Don whose last word is still to come has not named his grave: he can be
 * fouled, until two fouls take the grave (DON-2), as in his own last word (graveOpen).
 */
export function graveAhead(state: GameState, seat: Seat): boolean {
  const phase = state.phase;
  if (phase.kind !== "day" || phase.step.kind !== "lastWords") return false;
  const s = seatOf(state, seat);
  return (
    s.card === "don" &&
    s.out?.cause === "vote" &&
    s.fouls < FOUL_LIMITS.foulVote &&
    phase.step.queue.indexOf(seat) > phase.step.index
  );
}

/** DON-1: the Don takes a living player to the grave, or nobody (HOST-1: whoever he names leaves). */
export function checkGrave(state: GameState, c: Sent<"grave">): RuleError | null {
  const bad = actsFor(c.actor, c.seat) ?? inPlay(state) ?? graveOpen(state, c.seat);
  if (bad) return bad;
  if (c.target === null) return null;
  if (!isSeat(c.target) || !inGame(state, c.target))
    return ruleError("DON-1", "the Don takes a living player to the grave");
  return null;
}

/** DON-1: the Don's grave choices now: nobody, or any living player. */
export function gravesOf(state: GameState, actor: Actor, seat: Seat): Action[] {
  if (graveOpen(state, seat) !== null) return [];
  const out: Action[] = [graveAction(actor, seat, null)];
  for (const target of ALL_SEATS) if (inGame(state, target)) out.push(graveAction(actor, seat, target));
  return out;
}

/** DON-1, DAY-7: the grave's victim leaves with a last word, after the voted-out. */
export function applyGrave(d: Draft, event: Extract<GameEvent, { type: "graveChosen" }>): void {
  const phase = d.phase;
  if (phase.kind !== "day" || phase.step.kind !== "lastWords") return;
  const { queue, index } = phase.step;
  d.phase = { kind: "day", n: phase.n, step: { kind: "lastWords", queue, index, graveDone: true } };
  if (event.target === null) return;
  eliminate(d, [event.target], "grave");
  if (d.result === null) {
    const withVictim = appended(queue, event.target);
    d.phase = {
      kind: "day",
      n: phase.n,
      step: { kind: "lastWords", queue: withVictim, index, graveDone: true },
    };
  }
}
