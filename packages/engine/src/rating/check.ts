// The rating's commands (RATE-1…7): each one's check, and what a seat or the host may do now.

import { type Action, ALL_SEATS } from "../actions.js";
import type { CommandBody } from "../commands.js";
import { actsFor, hostOnly } from "../guards.js";
import { type RuleError, ruleError } from "../rules.js";
import { isSeat, seatOf } from "../seats.js";
import type { Actor, GameState, Seat } from "../state.js";
import { MAX_POINTS } from "./points.js";

const RATING_COMMANDS: readonly string[] = [
  "nominate",
  "closeNominations",
  "ratingVote",
  "split",
  "bonus",
  "contest",
  "contestVote",
  "closeRating",
];

/** RATE-7: club administration takes no part in the rating. */
const rated = (state: GameState, seat: Seat) => !seatOf(state, seat).admin;

export function checkRating(state: GameState, c: CommandBody & { readonly actor: Actor }): RuleError | null {
  // An unknown type is a malformed command in every phase, not a rating command out of its time.
  if (!RATING_COMMANDS.includes(c.type))
    return ruleError("COMMAND", `unknown command type ${JSON.stringify((c as { type: unknown }).type)}`);
  const phase = state.phase;
  if (phase.kind !== "rating" || !state.rating)
    return ruleError("RATE-1", "the rating comes after the result is announced");
  const rating = state.rating;
  const step = phase.step;
  switch (c.type) {
    case "nominate": {
      // RATE-1, RATE-3: the host names candidates and players may propose more, never themselves.
      if (step.kind !== "nominations") return ruleError("RATE-1", "nominations are closed");
      if (!isSeat(c.candidate)) return ruleError("COMMAND", "a candidate is a seat 1–12");
      if (c.actor !== "host" && c.actor === c.candidate)
        return ruleError("RATE-3", "nobody proposes himself");
      if (c.actor !== "host" && !rated(state, c.actor))
        return ruleError("RATE-7", "the administration takes no part in the rating");
      if (!rated(state, c.candidate)) return ruleError("RATE-7", "the administration is never a candidate");
      if (rating.candidates.some((x) => x.seat === c.candidate))
        return ruleError("RATE-3", `seat ${c.candidate} is already a candidate`);
      return null;
    }
    case "closeNominations":
      return (
        hostOnly(c.actor, "close the nominations") ??
        (step.kind === "nominations" ? null : ruleError("RATE-1", "nominations are closed"))
      );
    case "ratingVote": {
      // RATE-3: everyone who played votes in turn for one candidate, never himself.
      const bad = actsFor(c.actor, c.voter);
      if (bad) return bad;
      if (step.kind !== "votes") return ruleError("RATE-3", "there is no rating vote now");
      if (step.queue[step.index] !== c.voter)
        return ruleError("RATE-3", `the vote is in turn: it is seat ${step.queue[step.index]}'s turn`);
      const others = rating.candidates.filter((x) => x.seat !== c.voter);
      if (c.candidate === null)
        return others.length === 0 ? null : ruleError("RATE-3", "every player votes for one candidate");
      if (c.candidate === c.voter) return ruleError("RATE-3", "nobody votes for himself");
      return others.some((x) => x.seat === c.candidate)
        ? null
        : ruleError("RATE-3", `seat ${c.candidate} is not a candidate`);
    }
    case "split": {
      // RATE-5: the host splits a tied place, 1 to 3 points each.
      const bad = hostOnly(c.actor, "split a tied place");
      if (bad) return bad;
      if (step.kind !== "split") return ruleError("RATE-5", "there is no tie to split");
      if (!Array.isArray(c.points)) return ruleError("COMMAND", "points are a list of { seat, points }");
      const seats = c.points.map((p) => p?.seat);
      if (seats.length !== step.tied.length || !step.tied.every((seat) => seats.includes(seat))) {
        return ruleError(
          "RATE-5",
          `the split gives points to exactly the tied seats ${step.tied.join(", ")}`,
        );
      }
      const bad2 = c.points.find((p) => !Number.isInteger(p.points) || p.points < 1 || p.points > 3);
      return bad2 ? ruleError("RATE-5", "each tied player gets between 1 and 3 points") : null;
    }
    case "bonus":
      return hostOnly(c.actor, "give a bonus") ?? bonusProblem(state, c.seat, c.points);
    case "contest": {
      // RATE-6: the host puts a contested change to the table.
      const bad = hostOnly(c.actor, "put a contest to the table");
      if (bad) return bad;
      if (step.kind !== "review") return ruleError("RATE-6", "a contest comes after the city's vote");
      if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
      if (!rated(state, c.seat)) return ruleError("RATE-7", "the administration gets no points");
      if (!Number.isInteger(c.points) || c.points < 0 || c.points > MAX_POINTS)
        return ruleError("RATE-4", `points are 0 to ${MAX_POINTS}`);
      return null;
    }
    case "contestVote": {
      const bad = actsFor(c.actor, c.voter);
      if (bad) return bad;
      if (step.kind !== "contest") return ruleError("RATE-6", "there is no contest vote now");
      if (step.queue[step.index] !== c.voter)
        return ruleError("RATE-6", `the vote is in turn: it is seat ${step.queue[step.index]}'s turn`);
      return typeof c.support === "boolean" ? null : ruleError("COMMAND", "`support` is true or false");
    }
    case "closeRating":
      return (
        hostOnly(c.actor, "close the rating") ??
        (step.kind === "review" ? null : ruleError("RATE-1", "finish the current rating step first"))
      );
    default:
      return ruleError("COMMAND", `unknown command type ${JSON.stringify((c as { type: unknown }).type)}`);
  }
}

/** RATE-4: the host's bonus of 1 or 2 points, to at most `hostBonusPlayers`, never past MAX_POINTS. */
function bonusProblem(state: GameState, seat: Seat, points: number): RuleError | null {
  const phase = state.phase;
  const rating = state.rating;
  if (phase.kind !== "rating" || rating === null)
    return ruleError("RATE-1", "the rating comes after the result is announced");
  if (phase.step.kind !== "review") return ruleError("RATE-4", "the bonus comes after the city's vote");
  if (!isSeat(seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
  if (!rated(state, seat)) return ruleError("RATE-7", "the administration gets no points");
  if (points !== 1 && points !== 2) return ruleError("RATE-4", "the host's bonus is 1 or 2 points");
  if (rating.bonuses.some((b) => b.seat === seat))
    return ruleError("RATE-4", `seat ${seat} already has the host's bonus`);
  if (rating.bonuses.length >= state.settings.hostBonusPlayers)
    return ruleError(
      "RATE-4",
      `the host's bonus goes to at most ${state.settings.hostBonusPlayers} player(s)`,
    );
  if ((rating.points[seat - 1] as number) + points > MAX_POINTS)
    return ruleError("RATE-4", `no player gets more than ${MAX_POINTS} points for one game`);
  return null;
}

/**
 * The rating's actions of `seat` now (itself, or the host on its behalf): a nomination, its rating
 * vote, its contest vote. A seat nominates any candidate but himself.
 */
export function ratingActionsOf(state: GameState, actor: Actor, seat: Seat): Action[] {
  const phase = state.phase;
  const rating = state.rating;
  if (phase.kind !== "rating" || rating === null) return [];
  const step = phase.step;
  const out: Action[] = [];
  switch (step.kind) {
    case "nominations": {
      const candidates = actor === "host" ? [seat] : ALL_SEATS;
      for (const candidate of candidates) {
        const a: Action = { actor, type: "nominate", candidate };
        if (checkRating(state, a) === null) out.push(a);
      }
      return out;
    }
    case "votes": {
      // RATE-3: one candidate, never himself; abstaining only when he is the sole candidate.
      if (step.queue[step.index] !== seat) return out;
      for (const target of ALL_SEATS)
        if (target !== seat && rating.candidates.some((c) => c.seat === target))
          out.push({ actor, type: "ratingVote", voter: seat, candidate: target });
      if (out.length === 0) out.push({ actor, type: "ratingVote", voter: seat, candidate: null });
      return out;
    }
    case "contest":
      if (step.queue[step.index] !== seat) return out;
      out.push(
        { actor, type: "contestVote", voter: seat, support: true },
        { actor, type: "contestVote", voter: seat, support: false },
      );
      return out;
    default:
      return out;
  }
}

/** The host's own rating steps now: closing the nominations or the rating, the bonus, the split. */
export function hostRatingActions(state: GameState): Action[] {
  const phase = state.phase;
  const out: Action[] = [];
  if (phase.kind !== "rating" || state.rating === null) return out;
  const step = phase.step;
  if (step.kind === "nominations") out.push({ actor: "host", type: "closeNominations" });
  if (step.kind === "review") {
    out.push({ actor: "host", type: "closeRating" });
    for (const seat of ALL_SEATS)
      for (const points of [1, 2])
        if (bonusProblem(state, seat, points) === null)
          out.push({ actor: "host", type: "bonus", seat, points });
  }
  // RATE-5: one split the host may make (every tied player 2 points); any other within 1–3 is as legal.
  if (step.kind === "split")
    out.push({ actor: "host", type: "split", points: step.tied.map((seat) => ({ seat, points: 2 })) });
  return out;
}
