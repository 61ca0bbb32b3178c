// FLOW-2: a day's steps in order, written once as data (like CALL_ORDER and RESOLUTION_ORDER), and
// the queue a step goes round. day/day.ts walks this list; nothing else names the order.

import { beginStep, type Draft } from "../seats.js";
import type { DayStep, Seat } from "../state.js";

/**
 * FLOW-2, DAY-1…7: the stages of a day. A day enters only the stages it needs (`needs` in
 * day/day.ts): the morning after a night, the split speeches and the re-vote after a tie in the
 * vote, the lift-all vote after a tie in the re-vote (DAY-6), the last words after an elimination
 * (DAY-7). After the last stage the night comes (FLOW-1). The vote and the re-vote are both a
 * `voting` step (its `round`).
 */
export const DAY_ORDER = [
  "morning",
  "discussion",
  "accusations",
  "vote",
  "splitSpeeches",
  "revote",
  "liftAll",
  "lastWords",
] as const;
export type DayStage = (typeof DAY_ORDER)[number];

/** The stage a day step is at. */
export function stageOf(step: DayStep): DayStage {
  return step.kind === "voting" ? step.round : step.kind;
}

export function dayStep(d: Draft, n: number, step: DayStep, at: number): void {
  d.phase = { kind: "day", n, step };
  beginStep(d, at);
}

export type QueueStep = Extract<DayStep, { queue: readonly Seat[] }>;

/**
 * Whether a day step goes round a queue (every step but the morning and the discussion). Asked by
 * its kind rather than with `"queue" in step`, which V8 answers slowly across the many step shapes,
 * at every speech and vote.
 */
export function hasQueue(step: DayStep): step is QueueStep {
  return step.kind !== "morning" && step.kind !== "discussion";
}

/** The seat whose turn it is in the current day queue, if any. */
export function currentInQueue(step: DayStep): Seat | undefined {
  return hasQueue(step) ? step.queue[step.index] : undefined;
}

/** The same step at another place in its queue (spelled out: this runs for every speech and vote). */
export function withIndex(step: QueueStep, index: number): DayStep {
  switch (step.kind) {
    case "accusations":
    case "splitSpeeches":
      return { kind: step.kind, queue: step.queue, index };
    case "voting":
      return {
        kind: "voting",
        round: step.round,
        queue: step.queue,
        index,
        candidates: step.candidates,
        ballots: step.ballots,
      };
    case "liftAll":
      return { kind: "liftAll", queue: step.queue, index, tied: step.tied, answers: step.answers };
    case "lastWords":
      return { kind: "lastWords", queue: step.queue, index, graveDone: step.graveDone };
  }
}

/** Moves the current day step past its current actor (a speech ended, a vote cast). */
export function nextInQueue(d: Draft, at: number): void {
  const phase = d.phase;
  if (phase.kind !== "day" || !hasQueue(phase.step)) return;
  dayStep(d, phase.n, withIndex(phase.step, phase.step.index + 1), at);
}
