// The facts the host console and the drivers of a table (the bots' host, the online runner) read
// off a game instead of working them out: who has the floor and why, the Don's grave, the check
// just answered, and the host's next announcement (HOST-4).

import { graveOpen } from "../decide.js";
import type { RuleError } from "../rules.js";
import { hasNoVote, isMuted, seatOf } from "../seats.js";
import type { Check, DayStep, GameState, Seat } from "../state.js";

/** Why a seat has the floor: its accusation (DAY-2), split speech (DAY-6), last word (DAY-7), or grave (DON-1). */
export type FloorReason = "accusation" | "splitSpeech" | "lastWord" | "grave";

export interface Floor {
  readonly seat: Seat;
  readonly why: FloorReason;
}

/**
 * The seat given the floor now: the current speaker of an accusation, a split speech or a last word;
 * "grave" while the voted-out Don speaks with his grave open (DON-1, DON-2). Null otherwise.
 */
export function floorOf(state: GameState): Floor | null {
  const p = state.phase;
  if (p.kind !== "day") return null;
  const step = p.step;
  if (step.kind !== "accusations" && step.kind !== "splitSpeeches" && step.kind !== "lastWords") return null;
  const seat = step.queue[step.index];
  if (seat === undefined) return null;
  if (step.kind === "accusations") return { seat, why: "accusation" };
  if (step.kind === "splitSpeeches") return { seat, why: "splitSpeech" };
  return { seat, why: graveOpen(state, seat) === null ? "grave" : "lastWord" };
}

export interface GraveView {
  /** The Don speaking his last word. */
  readonly don: Seat;
  readonly open: boolean;
  /** DON-1: the Don has made his grave choice (a seat, or nobody). */
  readonly chosen: boolean;
  /** Why the grave is closed: DON-1 (not voted out, or already chosen) or DON-2 (two fouls); null when open. */
  readonly lost: RuleError | null;
}

/** DON-1, DON-2: the Don's grave while the Don speaks his last word (the host's to see), else null. */
export function graveOf(state: GameState): GraveView | null {
  const p = state.phase;
  if (p.kind !== "day" || p.step.kind !== "lastWords") return null;
  const don = p.step.queue[p.step.index];
  if (don === undefined || seatOf(state, don).card !== "don") return null;
  const lost = graveOpen(state, don);
  return { don, open: lost === null, chosen: p.step.graveDone, lost };
}

/** NIGHT-11: the check the last step answered (the commissar's choice), shown to him at once; else null. */
export function answeredCheck(state: GameState): Check | null {
  let node = state.log;
  while (node && node.event.type === "spoke") node = node.prev;
  const event = node?.event;
  if (event?.type !== "chose" || event.role !== "commissar" || event.target === null) return null;
  const p = state.phase;
  const n = p.kind === "night" ? p.n : state.nights.at(-1)?.n;
  return state.checks.find((c) => c.night === n && c.target === event.target) ?? null;
}

/** What the host announces or does next with the one primary button (HOST-4), as the engine names it. */
export type HostStepKind =
  | "startGame"
  | "announceNight"
  | "endDiscussion"
  | "nextSpeaker"
  | "startVote"
  | "startRevote"
  | "nextLastWord"
  | "endLastWords"
  | "announceCount"
  | "endAcquaintance"
  | "cityWakes"
  | "announceResult"
  | "closeNominations"
  | "closeRating";

export interface HostStep {
  readonly kind: HostStepKind;
  /** The command that makes it. */
  readonly command: "advance" | "announceResult" | "closeNominations" | "closeRating";
}

const advance = (kind: HostStepKind): HostStep => ({ kind, command: "advance" });

/**
 * The host's next step, or null while the game waits for someone else (a night choice, a ballot, the
 * rating's votes, the split). Whether the host may make it now is in the host's actions.
 */
export function hostStep(state: GameState): HostStep | null {
  const p = state.phase;
  switch (p.kind) {
    case "deal":
      return advance("startGame");
    case "day": {
      const step = p.step;
      switch (step.kind) {
        case "morning":
          return advance("announceNight");
        case "discussion":
          return advance("endDiscussion");
        case "accusations":
          return advance(upcoming(state, step).length ? "nextSpeaker" : "startVote");
        case "splitSpeeches":
          return advance(upcoming(state, step).length ? "nextSpeaker" : "startRevote");
        case "lastWords":
          return advance(upcoming(state, step).length ? "nextLastWord" : "endLastWords");
        default:
          // HOST-4: every ballot is in; the count is the host's announcement.
          return step.queue[step.index] === undefined ? advance("announceCount") : null;
      }
    }
    case "night":
      if (p.step.kind === "dawn") return advance("cityWakes");
      return p.step.kind === "acquaintance" ? advance("endAcquaintance") : null;
    case "ended":
      return { kind: "announceResult", command: "announceResult" };
    case "rating":
      if (p.step.kind === "nominations") return { kind: "closeNominations", command: "closeNominations" };
      return p.step.kind === "review" ? { kind: "closeRating", command: "closeRating" } : null;
    default:
      return null;
  }
}

/**
 * The seats still to take their turn after the current one, as the engine will call them (DAY-5):
 * FOUL-4 passes over the muted in the accusations and the voters without a vote; the out of the game
 * keep only their last word.
 */
export function upcoming(state: GameState, step: DayStep): Seat[] {
  if (!("queue" in step)) return [];
  return step.queue.slice(step.index + 1).filter((seat) => {
    if (step.kind === "lastWords") return true;
    const s = seatOf(state, seat);
    if (s.out !== null) return false;
    if (step.kind === "accusations") return !isMuted(s);
    if (step.kind === "voting" || step.kind === "liftAll") return !hasNoVote(s);
    return true;
  });
}

/** FOUL-4: the queued seats the accusations pass over for their fouls. */
export function passedOver(state: GameState, step: DayStep): Seat[] {
  if (step.kind !== "accusations") return [];
  return step.queue.filter((seat) => {
    const s = seatOf(state, seat);
    return s.out === null && isMuted(s);
  });
}
