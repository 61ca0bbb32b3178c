// What the rating's events do (RATE-1…6): the steps of the rating, from the announced result to its close.

import type { GameEvent } from "../events.js";
import { beginStep, type Draft } from "../seats.js";
import type { RatingStep } from "../state.js";
import { placeCandidates, ratedSeats, withPoints } from "./points.js";

function ratingStep(d: Draft, step: RatingStep, at: number): void {
  d.phase = { kind: "rating", step };
  beginStep(d, at);
}

/** HOST-2, RATE-1: once the result is announced the rating opens with the nominations. */
export function openRating(d: Draft, at: number): void {
  d.rating = { candidates: [], votes: [], points: d.seats.map(() => 0), bonuses: [], contests: [] };
  ratingStep(d, { kind: "nominations" }, at);
}

export function applyRating(d: Draft, event: GameEvent, at: number): void {
  const phase = d.phase;
  const rating = d.rating;
  if (phase.kind !== "rating" || rating === null) return;
  const step = phase.step;
  switch (event.type) {
    case "nominated":
      d.rating = { ...rating, candidates: [...rating.candidates, { seat: event.candidate, by: event.by }] };
      return;
    case "nominationsClosed":
      // RATE-2: with no candidates the city gives no points.
      if (rating.candidates.length === 0) return ratingStep(d, { kind: "review" }, at);
      return ratingStep(d, { kind: "votes", queue: ratedSeats(d), index: 0 }, at);
    case "ratingVoted": {
      if (step.kind !== "votes") return;
      d.rating = { ...rating, votes: [...rating.votes, { voter: event.voter, candidate: event.candidate }] };
      if (step.index + 1 < step.queue.length)
        return ratingStep(d, { kind: "votes", queue: step.queue, index: step.index + 1 }, at);
      // RATE-3, RATE-5: the places, and the tie the host splits.
      const placed = placeCandidates(d.rating);
      for (const p of placed.points) d.rating = withPoints(d.rating, p.seat, p.points);
      return ratingStep(
        d,
        placed.tied.length ? { kind: "split", tied: placed.tied } : { kind: "review" },
        at,
      );
    }
    case "splitSet":
      for (const p of event.points)
        d.rating = withPoints(d.rating as NonNullable<Draft["rating"]>, p.seat, p.points);
      return ratingStep(d, { kind: "review" }, at);
    case "bonusGiven": {
      // RATE-4: the host's bonus adds to the city's points.
      const scored = withPoints(rating, event.seat, (rating.points[event.seat - 1] as number) + event.points);
      d.rating = { ...scored, bonuses: [...rating.bonuses, { seat: event.seat, points: event.points }] };
      return;
    }
    case "contestOpened":
      return ratingStep(
        d,
        {
          kind: "contest",
          seat: event.seat,
          points: event.points,
          // RATE-6: the seed forbids supporting oneself, so the contested player does not vote on his own change.
          queue: ratedSeats(d).filter((seat) => seat !== event.seat),
          index: 0,
          support: [],
        },
        at,
      );
    case "contestVoted": {
      if (step.kind !== "contest") return;
      const support = event.support ? [...step.support, event.voter] : step.support;
      if (step.index + 1 < step.queue.length)
        return ratingStep(
          d,
          {
            kind: "contest",
            seat: step.seat,
            points: step.points,
            queue: step.queue,
            index: step.index + 1,
            support,
          },
          at,
        );
      // RATE-6: a change needs at least two supporting players.
      const passed = support.length >= 2;
      const scored = passed ? withPoints(rating, step.seat, step.points) : rating;
      d.rating = {
        ...scored,
        contests: [...rating.contests, { seat: step.seat, points: step.points, support, passed }],
      };
      return ratingStep(d, { kind: "review" }, at);
    }
    case "ratingClosed":
      d.phase = { kind: "closed" };
      beginStep(d, at);
      return;
  }
}
