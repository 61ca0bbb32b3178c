// The order of play (FLOW-1…4, DAY-2…7): which step follows which, and what happens on the way.
// Every function here writes to the draft evolve made for one event; `settle` runs after every
// event and walks past steps that nobody needs to act in.

import { resolveNight } from "./night/resolve.js";
import { anyPending, tonight, wakeFor } from "./night/wake.js";
import {
  appended,
  beginStep,
  type Draft,
  hasNoVote,
  inGame,
  inOrderFrom,
  isMuted,
  livingFrom,
  nextStarter,
  seatOf,
  setSeat,
  winnerNow,
} from "./seats.js";
import {
  CALL_ORDER,
  type DayStep,
  type GameState,
  type LiftAnswer,
  type NightStep,
  type OutCause,
  type PhaseRef,
  SEATS,
  type Seat,
  type Voting,
} from "./state.js";

function dayStep(d: Draft, n: number, step: DayStep, at: number): void {
  d.phase = { kind: "day", n, step };
  beginStep(d, at);
}

function nightStep(d: Draft, n: number, step: NightStep, at: number): void {
  d.phase = { kind: "night", n, step };
  beginStep(d, at);
}

export function phaseRef(state: GameState): PhaseRef | null {
  const p = state.phase;
  return p.kind === "day" || p.kind === "night" ? { kind: p.kind, n: p.n } : null;
}

/** The game is over (TEAM-1): nothing more happens in this phase. */
const over = (d: Draft) => d.result !== null;

/** TEAM-1: ends the game if a team has won; HOST-2: the result waits for the host's announcement. */
function checkWin(d: Draft): void {
  if (d.result !== null) return;
  const winner = winnerNow(d);
  const when = phaseRef(d);
  if (winner === null || when === null) return;
  end(d, { winner, when, announced: false });
}

/**
 * The game ends with its result, to be announced: a step of its own (the time of the step the
 * game ended in still counts for the announcement's pause).
 */
function end(d: Draft, result: NonNullable<Draft["result"]>): void {
  d.result = result;
  d.phase = { kind: "ended" };
  d.stepVersion = d.version;
}

/** Takes seats out of the game, then the win check. Cards: DAY-7 at the last word, FOUL-5/6 at once, NIGHT-14 at the announcement. */
export function eliminate(d: Draft, seats: readonly Seat[], cause: OutCause): void {
  const when = phaseRef(d) ?? { kind: "day", n: 0 };
  const now = cause === "fouls" || cause === "disqualified";
  for (const seat of seats) {
    if (!inGame(d, seat)) continue;
    setSeat(d, seat, {
      out: { cause, when, announced: cause !== "night" },
      revealed: seatOf(d, seat).revealed || now,
    });
  }
  checkWin(d);
}

/** TEAM-1 setting drawAfterQuietPhases: counts a phase that ended with nobody leaving. */
function endPhase(d: Draft, ref: PhaseRef): void {
  const left = d.seats.some((s) => s.out && s.out.when.kind === ref.kind && s.out.when.n === ref.n);
  d.quietPhases = left ? 0 : d.quietPhases + 1;
  const limit = d.settings.drawAfterQuietPhases;
  if (limit !== null && d.quietPhases >= limit && d.result === null) {
    end(d, { winner: "draw", when: ref, announced: false });
  }
}

// ── Day ─────────────────────────────────────────────────────────────────────────────────────────

/** FLOW-2: a day after a night opens with the announcement; the first day of the game does not. */
export function startDay(d: Draft, n: number, at: number): void {
  d.votingStarter = null;
  dayStep(d, n, d.nights.length > 0 ? { kind: "morning" } : { kind: "discussion" }, at);
}

/** DAY-8, NIGHT-14: the host announces the night; its victims (and a read note's commissar) go public. */
export function announceNight(d: Draft): void {
  const last = d.nights[d.nights.length - 1];
  if (!last?.outcome) return;
  const reveal = d.settings.revealNightVictims;
  for (const seat of last.outcome.deaths) {
    const s = seatOf(d, seat);
    if (s.out && !s.out.announced)
      setSeat(d, seat, { out: { ...s.out, announced: true }, revealed: s.revealed || reveal });
  }
  if (last.outcome.noteRead !== null) {
    const commissar = d.seats.find((s) => s.card === "commissar");
    if (commissar) setSeat(d, commissar.seat, { revealed: true });
  }
}

/** DAY-2, DAY-5: the accusation round starts at the next starter and runs through every living seat. */
export function startAccusations(d: Draft, n: number, at: number): void {
  const starter = nextStarter(d);
  d.lastStarter = starter;
  dayStep(d, n, { kind: "accusations", queue: livingFrom(d, starter), index: 0 }, at);
}

/** DAY-3, DAY-5: the day's vote, in turn from the next starter. */
function startVoting(d: Draft, n: number, at: number): void {
  const starter = nextStarter(d);
  d.lastStarter = starter;
  d.votingStarter = starter;
  dayStep(
    d,
    n,
    { kind: "voting", round: "vote", queue: livingFrom(d, starter), index: 0, candidates: null, ballots: [] },
    at,
  );
}

/** Whether `voter` may vote now and has someone to vote for (never himself). */
function canVote(state: GameState, voter: Seat, candidates: readonly Seat[] | null): boolean {
  const s = seatOf(state, voter);
  if (s.out !== null || hasNoVote(s)) return false;
  if (candidates === null) return true;
  return candidates.some((c) => c !== voter && inGame(state, c));
}

/** DAY-4, FOUL-3: counts a vote or re-vote and moves on by the tie rule (DAY-6). */
function countVoting(d: Draft, n: number, step: Extract<DayStep, { kind: "voting" }>, at: number): void {
  // Votes by seat (index seat − 1): a plain array, as this runs at every voting of every game,
  // filled by a loop (Array.prototype.fill runs outside the optimized code, in V8's C++ runtime).
  const votes: number[] = [];
  for (let i = 0; i < SEATS; i++) votes.push(0);
  const add = (seat: Seat, n: number): void => {
    votes[seat - 1] = (votes[seat - 1] ?? 0) + n;
  };
  for (const b of step.ballots) if (inGame(d, b.target)) add(b.target, 1);
  const foulVotes: { seat: Seat; votes: number }[] = [];
  if (step.round === "vote") {
    for (const s of d.seats) {
      if (s.out === null && s.foulVotes > 0) {
        foulVotes.push({ seat: s.seat, votes: s.foulVotes });
        add(s.seat, s.foulVotes);
        setSeat(d, s.seat, { foulVotes: 0 });
      }
    }
  }
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
  if (tied.length === 0) return eliminateByVote(d, n, eliminated, at);
  if (step.round === "vote")
    return dayStep(d, n, { kind: "splitSpeeches", queue: inOrderFrom(tied, starter), index: 0 }, at);
  dayStep(d, n, { kind: "liftAll", queue: livingFrom(d, starter), index: 0, tied, answers: [] }, at);
}

/**
 * HOST-4: the host announces the count of the voting round in progress, once nobody is left to vote.
 * What he recorded since the last ballot counts: a foul's foul vote (FOUL-3), a removal voiding the
 * votes for that player (DAY-4). DAY-3: a day vote without a ballot is no vote; foul votes wait.
 */
export function count(d: Draft, n: number, step: DayStep, at: number): void {
  if (step.kind === "liftAll") return countLiftAll(d, n, step.tied, step.answers, at);
  if (step.kind !== "voting") return;
  if (step.round === "vote" && step.ballots.length === 0) return endDay(d, n, at);
  countVoting(d, n, step, at);
}

/** DAY-6: the re-vote among the tied, in the order of the day's vote. */
function startRevote(d: Draft, n: number, tied: readonly Seat[], at: number): void {
  const queue = livingFrom(d, d.votingStarter as Seat);
  const candidates = tied.filter((seat) => inGame(d, seat));
  dayStep(d, n, { kind: "voting", round: "revote", queue, index: 0, candidates, ballots: [] }, at);
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
  const eliminated = yes * 2 > answers.length ? tied.filter((seat) => inGame(d, seat)) : [];
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
  eliminateByVote(d, n, eliminated, at);
}

/** DAY-7: the voted-out leave with a last word each, in seat order from the voting starter. */
function eliminateByVote(d: Draft, n: number, seats: readonly Seat[], at: number): void {
  if (seats.length === 0) return endDay(d, n, at);
  eliminate(d, seats, "vote");
  if (over(d)) return;
  dayStep(
    d,
    n,
    { kind: "lastWords", queue: inOrderFrom(seats, d.votingStarter as Seat), index: 0, graveDone: false },
    at,
  );
}

/** FLOW-1: after the day comes the night. */
function endDay(d: Draft, n: number, at: number): void {
  endPhase(d, { kind: "day", n });
  if (!over(d)) startNight(d, d.settings.firstPhase === "day" ? n : n + 1, at);
}

// ── Night ───────────────────────────────────────────────────────────────────────────────────────

/** FLOW-3, FLOW-4: night 1 opens with the mafia's acquaintance. */
export function startNight(d: Draft, n: number, at: number): void {
  d.nights = appended(d.nights, { n, choices: [], note: false, outcome: null });
  nightStep(d, n, n === 1 ? { kind: "acquaintance" } : { kind: "wake", role: CALL_ORDER[0] }, at);
}

/** After the acquaintance: night 1's choices, or (firstNightActions off) straight to the morning. */
export function afterAcquaintance(d: Draft, n: number, at: number): void {
  if (!d.settings.firstNightActions) return resolve(d, n, at);
  nightStep(d, n, { kind: "wake", role: CALL_ORDER[0] }, at);
}

/** NIGHT-13, NIGHT-14, HOST-4: the night resolves when the host ends it, after its last choice. */
export function resolve(d: Draft, n: number, at: number): void {
  const night = tonight(d);
  const outcome = resolveNight(d, night);
  const nights = d.nights.slice();
  nights[nights.length - 1] = { n: night.n, choices: night.choices, note: night.note, outcome };
  d.nights = nights;
  eliminate(d, outcome.deaths, "night");
  endPhase(d, { kind: "night", n });
  if (!over(d)) startDay(d, d.settings.firstPhase === "day" ? n + 1 : n, at);
}

/** Goes on to the step after `role` in the call order, or after the last to the night's end (dawn). */
function nextRole(d: Draft, n: number, role: (typeof CALL_ORDER)[number], at: number): void {
  const following = CALL_ORDER[CALL_ORDER.indexOf(role) + 1];
  // HOST-4: after the last role the night waits for the host; a removal until then leaves at once.
  if (following === undefined) nightStep(d, n, { kind: "dawn" }, at);
  else nightStep(d, n, { kind: "wake", role: following }, at);
}

/** After a wake step: the commissar's note (NIGHT-12) when he checked and still has the right. */
function afterWake(d: Draft, n: number, role: (typeof CALL_ORDER)[number], at: number): void {
  if (role === "commissar") {
    const check = tonight(d).choices.find((c) => c.role === "commissar");
    if (check && check.target !== null && !d.noteUsed && inGame(d, check.seat))
      return nightStep(d, n, { kind: "note" }, at);
  }
  nextRole(d, n, role, at);
}

/** NIGHT-12: after the commissar's note, the call order goes on past him. */
export function afterNote(d: Draft, n: number, at: number): void {
  nextRole(d, n, "commissar", at);
}

// ── Settle ──────────────────────────────────────────────────────────────────────────────────────

/** Walks past every step that has nobody left to act: skipped speakers and voters, empty wake steps. */
export function settle(d: Draft, at: number): void {
  for (let guard = 0; guard < 1000; guard++) if (!settleOnce(d, at)) return;
  throw new Error("settle did not converge");
}

/** Who may act in a day queue: a speaker (FOUL-4 mutes), a split speaker (keeps his speech), a voter. */
type Turn = "speech" | "splitSpeech" | "vote";

/**
 * The index of the first seat from `index` on that may take its turn, or the queue's length.
 * Written as a loop over a kind, not a callback, because it runs after every event of the day.
 */
function firstAble(
  d: Draft,
  queue: readonly Seat[],
  index: number,
  turn: Turn,
  candidates: readonly Seat[] | null,
): number {
  let i = index;
  for (; i < queue.length; i++) {
    const seat = queue[i] as Seat;
    const s = seatOf(d, seat);
    if (s.out !== null) continue;
    if (turn === "speech" && isMuted(s)) continue;
    if (turn === "vote" && !canVote(d, seat, candidates)) continue;
    break;
  }
  return i;
}

/** Moves a queue step to index `i`; false when it is there already. */
function moveTo(d: Draft, n: number, step: QueueStep, i: number, at: number): boolean {
  if (i === step.index) return false;
  dayStep(d, n, withIndex(step, i), at);
  return true;
}

/** One move past a step with nobody to act; false when the game waits for someone. */
function settleOnce(d: Draft, at: number): boolean {
  const phase = d.phase;
  if (phase.kind === "night") {
    const step = phase.step;
    if (step.kind === "note") {
      if (inGame(d, (d.seats.find((s) => s.card === "commissar") as { seat: Seat }).seat)) return false;
      afterNote(d, phase.n, at);
      return true;
    }
    if (step.kind !== "wake") return false;
    const wake = wakeFor(d, step.role);
    if (wake && anyPending(d, wake)) return false;
    afterWake(d, phase.n, step.role, at);
    return true;
  }
  if (phase.kind !== "day") return false;
  const n = phase.n;
  const step = phase.step;
  switch (step.kind) {
    case "morning":
    case "discussion":
      return false;
    case "accusations": {
      const i = firstAble(d, step.queue, step.index, "speech", null);
      if (i < step.queue.length) return moveTo(d, n, step, i, at);
      startVoting(d, n, at);
      return true;
    }
    case "voting": {
      // HOST-4: past the last voter the round waits for the host's count (see count).
      return moveTo(d, n, step, firstAble(d, step.queue, step.index, "vote", step.candidates), at);
    }
    case "splitSpeeches": {
      const i = firstAble(d, step.queue, step.index, "splitSpeech", null);
      if (i < step.queue.length) return moveTo(d, n, step, i, at);
      startRevote(d, n, step.queue, at);
      return true;
    }
    case "liftAll":
      return moveTo(d, n, step, firstAble(d, step.queue, step.index, "vote", null), at);
    case "lastWords": {
      const speaker = step.queue[step.index];
      if (speaker === undefined) {
        endDay(d, n, at);
        return true;
      }
      // DAY-7: the card is revealed during the last word; it shows as the word begins.
      if (seatOf(d, speaker).revealed) return false;
      setSeat(d, speaker, { revealed: true });
      return true;
    }
  }
}

/** Moves the current day step past its current actor (a speech ended, a vote cast). */
export function nextInQueue(d: Draft, at: number): void {
  const phase = d.phase;
  if (phase.kind !== "day" || !hasQueue(phase.step)) return;
  dayStep(d, phase.n, withIndex(phase.step, phase.step.index + 1), at);
}

type QueueStep = Extract<DayStep, { queue: readonly Seat[] }>;

/**
 * Whether a day step goes round a queue (every step but the morning and the discussion). Asked by
 * its kind rather than with `"queue" in step`, which V8 answers slowly across the many step shapes,
 * at every speech and vote.
 */
export function hasQueue(step: DayStep): step is QueueStep {
  return step.kind !== "morning" && step.kind !== "discussion";
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
