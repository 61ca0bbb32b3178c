// The day's vote, the re-vote and the lift-all vote, ballot by ballot (DAY-3, DAY-6, FOUL-4): each
// ballot's check and the ballots a seat may cast now, from the same rules.

import { type Action, ALL_SEATS, liftActions, voteAction } from "../actions.js";
import { currentInQueue } from "../day/steps.js";
import { actsFor, inPlay, type Sent } from "../guards.js";
import { type RuleError, ruleError } from "../rules.js";
import { hasNoVote, inGame, isSeat, seatOf } from "../seats.js";
import type { Actor, GameState, Seat } from "../state.js";

/** DAY-3, FOUL-4: the voter is out of the game, or has lost his vote to his fouls. */
export function voteLost(state: GameState, voter: Seat): RuleError | null {
  if (!inGame(state, voter)) return ruleError("DAY-3", `seat ${voter} is out of the game and does not vote`);
  const s = seatOf(state, voter);
  return hasNoVote(s)
    ? ruleError("FOUL-4", `seat ${voter} has ${s.fouls} fouls and has lost his vote`)
    : null;
}

/** DAY-3, DAY-6: a ballot in the day's vote or the re-vote. */
export function checkVote(state: GameState, c: Sent<"vote">): RuleError | null {
  const bad = actsFor(c.actor, c.voter) ?? inPlay(state);
  if (bad) return bad;
  const phase = state.phase;
  if (phase.kind !== "day" || phase.step.kind !== "voting") return ruleError("DAY-3", "there is no vote now");
  const step = phase.step;
  const lost = voteLost(state, c.voter);
  if (lost) return lost;
  if (step.queue[step.index] !== c.voter)
    return ruleError("DAY-3", `the vote is in turn: it is seat ${step.queue[step.index]}'s turn`);
  if (!isSeat(c.target)) return ruleError("DAY-3", "the vote names a living player");
  // DAY-6: the re-vote's own limit comes before the day vote's general one.
  if (step.candidates && (c.target === c.voter || !step.candidates.includes(c.target)))
    return ruleError("DAY-6", "the re-vote is for one of the other tied players only");
  if (!inGame(state, c.target)) return ruleError("DAY-3", "the vote names a living player");
  if (c.target === c.voter) return ruleError("DAY-3", "nobody may vote for himself");
  return null;
}

/** DAY-6: an answer in the lift-all vote. */
export function checkLiftVote(state: GameState, c: Sent<"liftVote">): RuleError | null {
  const bad = actsFor(c.actor, c.voter) ?? inPlay(state);
  if (bad) return bad;
  const phase = state.phase;
  if (phase.kind !== "day" || phase.step.kind !== "liftAll")
    return ruleError("DAY-6", "there is no lift-all vote now");
  const lost = voteLost(state, c.voter);
  if (lost) return lost;
  if (currentInQueue(phase.step) !== c.voter)
    return ruleError("DAY-6", `the vote is in turn: it is seat ${currentInQueue(phase.step)}'s turn`);
  return typeof c.yes === "boolean" ? null : ruleError("COMMAND", "`yes` is true or false");
}

/** The ballots `voter` may cast now (the seat itself, or the host on its behalf), in seat order. */
export function ballotsOf(state: GameState, actor: Actor, voter: Seat): Action[] {
  const phase = state.phase;
  if (phase.kind !== "day") return [];
  const step = phase.step;
  if (step.kind === "liftAll")
    return step.queue[step.index] === voter && voteLost(state, voter) === null
      ? liftActions(actor, voter)
      : [];
  if (step.kind !== "voting" || step.queue[step.index] !== voter || voteLost(state, voter) !== null)
    return [];
  // DAY-3: a living player, never himself; DAY-6: in the re-vote, one of the tied.
  const out: Action[] = [];
  const candidates = step.candidates;
  for (let i = 0; i < ALL_SEATS.length; i++) {
    const target = ALL_SEATS[i] as Seat;
    if (target === voter || !inGame(state, target)) continue;
    if (candidates !== null && !candidates.includes(target)) continue;
    out.push(voteAction(actor, voter, target));
  }
  return out;
}
