// The day's course (FLOW-2, DAY-2, DAY-5, DAY-7): entering the stages of DAY_ORDER one after
// another, each only when the day needs it, and passing speakers who may not speak.

import { eliminate, endPhase, over } from "../flow.js";
import { startNight } from "../night/night.js";
import {
  type Draft,
  hasNoVote,
  inGame,
  inOrderFrom,
  isMuted,
  livingFrom,
  nextStarter,
  seatOf,
  setSeat,
} from "../seats.js";
import type { DayStep, GameState, Seat, Voting } from "../state.js";
import { DAY_ORDER, type DayStage, dayStep, type QueueStep, withIndex } from "./steps.js";

/** FLOW-2: a day after a night opens with the announcement; the first day of the game does not. */
export function startDay(d: Draft, n: number, at: number): void {
  d.votingStarter = null;
  enterFrom(d, n, 0, at);
}

/** Goes on from `stage` to the next stage of DAY_ORDER the day needs, or to the night after the last. */
export function goOn(d: Draft, n: number, stage: DayStage, at: number): void {
  enterFrom(d, n, DAY_ORDER.indexOf(stage) + 1, at);
}

function enterFrom(d: Draft, n: number, from: number, at: number): void {
  for (let i = from; i < DAY_ORDER.length; i++) {
    const stage = DAY_ORDER[i] as DayStage;
    if (needs(d, n, stage)) return enter(d, n, stage, at);
  }
  endDay(d, n, at);
}

/** Today's latest counted voting round (vote, re-vote or lift-all), if any. */
function lastVoting(d: Draft, n: number): Voting | null {
  const last = d.votings[d.votings.length - 1];
  return last !== undefined && last.day === n ? last : null;
}

/** Whether today goes through `stage` (called in DAY_ORDER, after the stage before it). */
function needs(d: Draft, n: number, stage: DayStage): boolean {
  switch (stage) {
    case "morning":
      return d.nights.length > 0; // FLOW-2: every day that follows a night
    case "discussion":
    case "accusations":
    case "vote":
      return true;
    case "splitSpeeches":
    case "revote": {
      // DAY-6: a tie in the day's vote (a tie rule that keeps it: see count.ts)
      const last = lastVoting(d, n);
      return last !== null && last.round === "vote" && last.tied.length > 0;
    }
    case "liftAll": {
      // DAY-6: a tie in the re-vote, with tieRule revoteThenLiftAll
      const last = lastVoting(d, n);
      return last !== null && last.round === "revote" && last.tied.length > 0;
    }
    case "lastWords": {
      // DAY-7: the voted-out leave with a last word (none when the voting ended the game: TEAM-1)
      const last = lastVoting(d, n);
      return last !== null && last.eliminated.length > 0 && !over(d);
    }
  }
}

/** The step a stage begins with. */
function enter(d: Draft, n: number, stage: DayStage, at: number): void {
  const starter = d.votingStarter as Seat;
  switch (stage) {
    case "morning":
    case "discussion":
      return dayStep(d, n, { kind: stage }, at);
    case "accusations": {
      // DAY-2, DAY-5: the accusation round starts at the next starter and runs through every living seat.
      const next = nextStarter(d);
      d.lastStarter = next;
      return dayStep(d, n, { kind: "accusations", queue: livingFrom(d, next), index: 0 }, at);
    }
    case "vote": {
      // DAY-3, DAY-5: the day's vote, in turn from the next starter.
      const next = nextStarter(d);
      d.lastStarter = next;
      d.votingStarter = next;
      const queue = livingFrom(d, next);
      return dayStep(
        d,
        n,
        { kind: "voting", round: "vote", queue, index: 0, candidates: null, ballots: [] },
        at,
      );
    }
    case "splitSpeeches": {
      // DAY-6: each tied player's split speech, in seat order from the voting starter.
      const tied = (lastVoting(d, n) as Voting).tied;
      return dayStep(d, n, { kind: "splitSpeeches", queue: inOrderFrom(tied, starter), index: 0 }, at);
    }
    case "revote": {
      // DAY-6: the re-vote among the tied, in the order of the day's vote.
      const candidates = (lastVoting(d, n) as Voting).tied.filter((seat) => inGame(d, seat));
      const queue = livingFrom(d, starter);
      return dayStep(d, n, { kind: "voting", round: "revote", queue, index: 0, candidates, ballots: [] }, at);
    }
    case "liftAll": {
      // DAY-6: everyone answers yes or no on the players tied in the re-vote, in the same order.
      const tied = (lastVoting(d, n) as Voting).tied;
      return dayStep(
        d,
        n,
        { kind: "liftAll", queue: livingFrom(d, starter), index: 0, tied, answers: [] },
        at,
      );
    }
    case "lastWords": {
      // DAY-7: several voted-out speak in seat order from the voting starter.
      const queue = inOrderFrom((lastVoting(d, n) as Voting).eliminated, starter);
      return dayStep(d, n, { kind: "lastWords", queue, index: 0, graveDone: false }, at);
    }
  }
}

/** DAY-7: the voted-out leave the game (the win check runs at once, TEAM-1); then the day goes on. */
export function eliminateByVote(
  d: Draft,
  n: number,
  seats: readonly Seat[],
  stage: DayStage,
  at: number,
): void {
  if (seats.length > 0) eliminate(d, seats, "vote");
  if (!over(d)) goOn(d, n, stage, at);
}

/** FLOW-1: after the day comes the night. */
function endDay(d: Draft, n: number, at: number): void {
  endPhase(d, { kind: "day", n });
  if (!over(d)) startNight(d, d.settings.firstPhase === "day" ? n : n + 1, at);
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

/** DAY-3, DAY-6: whether `voter` may vote now and has someone to vote for (never himself). */
export function canVote(state: GameState, voter: Seat, candidates: readonly Seat[] | null): boolean {
  const s = seatOf(state, voter);
  if (s.out !== null || hasNoVote(s)) return false;
  if (candidates === null) return true;
  return candidates.some((c) => c !== voter && inGame(state, c));
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

/** One move past a day step with nobody to act; false when the day waits for someone. */
export function settleDay(d: Draft, n: number, step: DayStep, at: number): boolean {
  switch (step.kind) {
    case "morning":
    case "discussion":
      return false;
    case "accusations":
    case "splitSpeeches": {
      // FOUL-4: a muted player has no accusation speech but keeps his split speech.
      const turn = step.kind === "accusations" ? "speech" : "splitSpeech";
      const i = firstAble(d, step.queue, step.index, turn, null);
      if (i < step.queue.length) return moveTo(d, n, step, i, at);
      goOn(d, n, step.kind, at);
      return true;
    }
    case "voting":
      // HOST-4: past the last voter the round waits for the host's count (voting/count.ts).
      return moveTo(d, n, step, firstAble(d, step.queue, step.index, "vote", step.candidates), at);
    case "liftAll":
      return moveTo(d, n, step, firstAble(d, step.queue, step.index, "vote", null), at);
    case "lastWords": {
      const speaker = step.queue[step.index];
      if (speaker === undefined) {
        goOn(d, n, "lastWords", at);
        return true;
      }
      // DAY-7: the card is revealed during the last word; it shows as the word begins.
      if (seatOf(d, speaker).revealed) return false;
      setSeat(d, speaker, { revealed: true });
      return true;
    }
  }
}
