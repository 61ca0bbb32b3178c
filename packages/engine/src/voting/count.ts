// The count of a voting round (DAY-3, DAY-4, DAY-6, FOUL-3), made when the host announces it
// (HOST-4): the tally (tally.ts, which the views' running tally reads too), the tie rule, and who leaves.

import { eliminateByVote } from "../day/day.js";
import { appended, type Draft, inGame, setSeat } from "../seats.js";
import { type DayStep, type LiftAnswer, SEATS, type Seat, type Voting } from "../state.js";
import { liftNeeded, tallyRows } from "./tally.js";

/**
 * HOST-4: the host announces the count of the voting round in progress, once nobody is left to vote.
 * What he recorded since the last ballot counts: a foul's foul vote (FOUL-3), a removal voiding the
 * votes for that player (DAY-4). DAY-3: a day vote without a ballot is no vote; foul votes wait.
 */
export function count(d: Draft, n: number, step: DayStep, at: number): void {
  if (step.kind === "liftAll") return countLiftAll(d, n, step.tied, step.answers, at);
  if (step.kind !== "voting") return;
  if (step.round === "vote" && step.ballots.length === 0) return eliminateByVote(d, n, [], "vote", at);
  countVoting(d, n, step, at);
}

/** DAY-4, FOUL-3: counts a vote or re-vote and moves on by the tie rule (DAY-6). */
function countVoting(d: Draft, n: number, step: Extract<DayStep, { kind: "voting" }>, at: number): void {
  const rows = tallyRows(d, step);
  const foulVotes: { seat: Seat; votes: number }[] = [];
  for (const r of rows) {
    if (r.foulVotes === 0) continue;
    foulVotes.push({ seat: r.seat, votes: r.foulVotes });
    setSeat(d, r.seat, { foulVotes: 0 });
  }
  const votes: number[] = [];
  for (let i = 0; i < SEATS; i++) votes.push(0);
  for (const r of rows) votes[r.seat - 1] = r.total;
  const starter = d.votingStarter as Seat;
  const tally: { seat: Seat; votes: number }[] = [];
  for (let i = 0; i < SEATS; i++) {
    const seat = ((starter - 1 + i) % SEATS) + 1; // clockwise from the starter
    const count = votes[seat - 1] as number;
    if (count > 0) tally.push({ seat, votes: count });
  }
  let max = 0;
  for (const t of tally) if (t.votes > max) max = t.votes;
  const leaders: Seat[] = [];
  if (max > 0) for (const t of tally) if (t.votes === max) leaders.push(t.seat);
  // DAY-6 and its setting tieRule: what a tie leads to.
  const rule = d.settings.tieRule;
  let eliminated: Seat[] = [];
  let tied: Seat[] = [];
  if (leaders.length === 1) eliminated = leaders;
  else if (leaders.length > 1) {
    if (rule === "allTied") eliminated = leaders;
    else if (rule !== "nobody" && step.round === "vote") tied = leaders;
    else if (rule === "revoteThenLiftAll" && step.round === "revote") tied = leaders;
  }
  const voting: Voting = {
    day: n,
    round: step.round,
    starter,
    ballots: step.ballots,
    answers: [],
    foulVotes,
    tally,
    eliminated,
    tied,
  };
  d.votings = appended(d.votings, voting);
  eliminateByVote(d, n, eliminated, step.round, at);
}

/** DAY-6: more than half of the answers "yes" eliminate every tied player; otherwise nobody. */
function countLiftAll(
  d: Draft,
  n: number,
  tied: readonly Seat[],
  answers: readonly LiftAnswer[],
  at: number,
): void {
  const yes = answers.filter((a) => a.yes).length;
  const eliminated = yes >= liftNeeded(answers.length) ? tied.filter((seat) => inGame(d, seat)) : [];
  const starter = d.votingStarter as Seat;
  const voting: Voting = {
    day: n,
    round: "liftAll",
    starter,
    ballots: [],
    answers,
    foulVotes: [],
    tally: [],
    eliminated,
    tied: [],
  };
  d.votings = appended(d.votings, voting);
  eliminateByVote(d, n, eliminated, "liftAll", at);
}
