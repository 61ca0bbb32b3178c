// legalActions: what an actor may do now. Candidates are drawn up per phase and kept only if decide
// accepts them, so this list and decide can never disagree.

import type { CommandBody } from "./commands.js";
import { check, graveOpen } from "./decide.js";
import { isPending, isStopped, pendingChoosers, targetRefusal, wakeFor } from "./night/wake.js";
import { holderOf, inGame, seatOf } from "./seats.js";
import { type Actor, type GameState, SEATS, type Seat } from "./state.js";

/** A command without its time: the caller adds `at` when it sends it. */
export type Action = CommandBody & { readonly actor: Actor };

const ALL_SEATS: readonly Seat[] = Array.from({ length: SEATS }, (_, i) => i + 1);

/**
 * A seat's own choices and votes as shared, frozen values made once, indexed [seat][target] (target
 * 0 for "nobody" where nobody may be named). A bot game lists a seat's votes or night choices at every one of its turns, and
 * building a dozen fresh objects each time was a tenth of the run. An action is an immutable value,
 * so every list may hand out the same one. The field order is the one `candidates` builds.
 */
function perSeat<T>(make: (seat: Seat) => T): readonly T[] {
  const out: T[] = [];
  for (let seat = 1; seat <= SEATS; seat++) out[seat] = make(seat);
  return out;
}
const byTarget = (make: (target: Seat | null) => Action): readonly Action[] =>
  [null, ...ALL_SEATS].map((target) => Object.freeze(make(target)));
const CHOOSE = perSeat((seat) => byTarget((target) => ({ actor: seat, type: "choose", seat, target })));
const GRAVE = perSeat((seat) => byTarget((target) => ({ actor: seat, type: "grave", seat, target })));
const VOTE = perSeat((seat) =>
  perSeat((target) => Object.freeze<Action>({ actor: seat, type: "vote", voter: seat, target })),
);
const LIFT = perSeat((seat) => [
  Object.freeze<Action>({ actor: seat, type: "liftVote", voter: seat, yes: true }),
  Object.freeze<Action>({ actor: seat, type: "liftVote", voter: seat, yes: false }),
]);
const NOTE = perSeat((seat) => [
  Object.freeze<Action>({ actor: seat, type: "note", seat, leave: true }),
  Object.freeze<Action>({ actor: seat, type: "note", seat, leave: false }),
]);

/**
 * Shared answers of `awaiting`: the host is awaited at most steps of every game, and one seat at
 * every vote and most night steps, so none of them builds a new list. Read-only by their type but
 * not frozen: V8 reads a frozen array by index through a slower generic path, and the game loop
 * reads `awaiting(state)[0]` at every command.
 */
const HOST: readonly Actor[] = ["host"];
const NOBODY: readonly Actor[] = [];
const ONE_SEAT = perSeat((seat): readonly Actor[] => [seat]);

/** The awaited seat as a list: itself, or nobody when the queue is done. */
const only = (seat: Seat | undefined): readonly Actor[] =>
  seat === undefined ? NOBODY : (ONE_SEAT[seat] as readonly Actor[]);

/** Who the game waits for now: seats whose choice or vote is due, or the host. */
export function awaiting(state: GameState): readonly Actor[] {
  const phase = state.phase;
  if (phase.kind === "night" && phase.step.kind === "wake") {
    const wake = wakeFor(state, phase.step.role);
    if (!wake) return NOBODY;
    // One chooser but when several mafiosi shoot together (ACTING-DON, NIGHT-4).
    if (wake.choosers.length !== 1) return pendingChoosers(state, wake);
    const seat = wake.choosers[0] as Seat;
    return isPending(state, wake, seat) ? only(seat) : NOBODY;
  }
  if (phase.kind === "night" && phase.step.kind === "note") return only(holderOf(state, "commissar")?.seat);
  if (phase.kind === "day" && (phase.step.kind === "voting" || phase.step.kind === "liftAll")) {
    // HOST-4: past the last voter, the host's count.
    const voter = phase.step.queue[phase.step.index];
    return voter === undefined ? HOST : only(voter);
  }
  if (phase.kind === "rating" && (phase.step.kind === "votes" || phase.step.kind === "contest")) {
    return only(phase.step.queue[phase.step.index]);
  }
  return phase.kind === "closed" ? NOBODY : HOST;
}

function candidates(state: GameState, actor: Actor): Action[] {
  const out: Action[] = [];
  const forSeats: readonly Seat[] = actor === "host" ? ALL_SEATS : [actor];
  const targets: (Seat | null)[] = [null, ...ALL_SEATS];
  const phase = state.phase;
  for (const seat of forSeats) {
    switch (phase.kind) {
      case "night":
        if (phase.step.kind === "wake")
          for (const target of targets) out.push({ actor, type: "choose", seat, target });
        if (phase.step.kind === "note")
          out.push({ actor, type: "note", seat, leave: true }, { actor, type: "note", seat, leave: false });
        break;
      case "day":
        if (phase.step.kind === "voting")
          for (const target of ALL_SEATS) out.push({ actor, type: "vote", voter: seat, target });
        if (phase.step.kind === "liftAll")
          out.push(
            { actor, type: "liftVote", voter: seat, yes: true },
            { actor, type: "liftVote", voter: seat, yes: false },
          );
        if (phase.step.kind === "lastWords")
          for (const target of targets) out.push({ actor, type: "grave", seat, target });
        break;
      case "rating":
        if (phase.step.kind === "nominations") out.push({ actor, type: "nominate", candidate: seat });
        if (phase.step.kind === "votes")
          for (const c of targets) out.push({ actor, type: "ratingVote", voter: seat, candidate: c });
        if (phase.step.kind === "contest")
          out.push(
            { actor, type: "contestVote", voter: seat, support: true },
            { actor, type: "contestVote", voter: seat, support: false },
          );
        break;
    }
  }
  if (actor !== "host") {
    if (phase.kind === "rating" && phase.step.kind === "nominations") {
      for (const candidate of ALL_SEATS) out.push({ actor, type: "nominate", candidate });
    }
    return out;
  }
  out.push({ actor, type: "advance" }, { actor, type: "undo" }, { actor, type: "announceResult" });
  for (const seat of ALL_SEATS) {
    out.push({ actor, type: "foul", seat, reason: "arguing" });
    out.push({ actor, type: "remark", seat, reason: "loud" });
    out.push({ actor, type: "disqualify", seat });
  }
  if (phase.kind === "rating") {
    out.push({ actor, type: "closeNominations" }, { actor, type: "closeRating" });
    if (phase.step.kind === "review") {
      for (const seat of ALL_SEATS) {
        out.push({ actor, type: "bonus", seat, points: 1 }, { actor, type: "bonus", seat, points: 2 });
      }
    }
    if (phase.step.kind === "split") {
      out.push({ actor, type: "split", points: phase.step.tied.map((seat) => ({ seat, points: 2 })) });
    }
  }
  return out;
}

/**
 * DAY-3, DAY-6: the seats a ballot may name in a voting, in seat order: the living players, and in
 * a re-vote only the tied ones (the voter himself is left out by the caller). Every voter of a
 * round asks with the same seats and candidates (a ballot changes neither), so the last answer is
 * kept, keyed by the two values it is made from; both are replaced, never changed in place.
 */
function voteTargets(state: GameState, candidates: readonly Seat[] | null): readonly Seat[] {
  const last = lastVoteTargets;
  if (last !== null && last.seats === state.seats && last.candidates === candidates) return last.targets;
  const targets: Seat[] = [];
  for (const target of ALL_SEATS) {
    if (candidates && !candidates.includes(target)) continue;
    if (inGame(state, target)) targets.push(target);
  }
  lastVoteTargets = { seats: state.seats, candidates, targets };
  return targets;
}

let lastVoteTargets: {
  readonly seats: GameState["seats"];
  readonly candidates: readonly Seat[] | null;
  readonly targets: readonly Seat[];
} | null = null;

/**
 * The seat's own actions, built straight from the rules' predicates (the hot path of a bot game):
 * the same list, in the same order, as `candidates` kept by `check` (a property test compares the
 * two). Null in the rating's steps other than its votes, which take the slow way.
 */
function seatActions(state: GameState, seat: Seat): Action[] | null {
  const phase = state.phase;
  switch (phase.kind) {
    case "deal":
    case "ended":
    case "closed":
      return [];
    case "night": {
      const step = phase.step;
      if (step.kind === "note") {
        // NIGHT-12: the commissar leaves his note, or not.
        return seatOf(state, seat).card === "commissar" ? (NOTE[seat] as Action[]).slice() : [];
      }
      if (step.kind !== "wake") return [];
      const wake = wakeFor(state, step.role);
      if (!wake || !isPending(state, wake, seat)) return [];
      const choose = CHOOSE[seat] as readonly Action[];
      const out: Action[] = [choose[0] as Action];
      if (isStopped(wake, seat)) return out; // NIGHT-2, NIGHT-4, ACTING-DON: he may only skip
      for (const target of ALL_SEATS)
        if (targetRefusal(state, wake, seat, target) === null) out.push(choose[target] as Action);
      return out;
    }
    case "day": {
      const step = phase.step;
      switch (step.kind) {
        case "voting": {
          if (step.queue[step.index] !== seat) return [];
          const vote = VOTE[seat] as readonly Action[];
          const out: Action[] = [];
          const targets = voteTargets(state, step.candidates);
          // Indexed, not for…of: V8 iterated this list through its generic iterator here.
          for (let i = 0; i < targets.length; i++) {
            const target = targets[i] as Seat;
            if (target !== seat) out.push(vote[target] as Action);
          }
          return out;
        }
        case "liftAll":
          return step.queue[step.index] === seat ? (LIFT[seat] as Action[]).slice() : [];
        case "lastWords": {
          // DON-1: the Don's grave, any living player or nobody.
          if (graveOpen(state, seat) !== null) return [];
          const grave = GRAVE[seat] as readonly Action[];
          const out: Action[] = [grave[0] as Action];
          for (const target of ALL_SEATS) if (inGame(state, target)) out.push(grave[target] as Action);
          return out;
        }
        default:
          return [];
      }
    }
    case "rating": {
      if (phase.step.kind !== "votes" || !state.rating) return null;
      // RATE-3: one candidate, never himself; abstaining only when he is the sole candidate.
      if (phase.step.queue[phase.step.index] !== seat) return [];
      const out: Action[] = [];
      const candidates = state.rating.candidates;
      for (const target of ALL_SEATS) {
        if (target !== seat && candidates.some((c) => c.seat === target)) {
          out.push({ actor: seat, type: "ratingVote", voter: seat, candidate: target });
        }
      }
      if (out.length === 0) out.unshift({ actor: seat, type: "ratingVote", voter: seat, candidate: null });
      return out;
    }
  }
}

/**
 * Every command `actor` may make now. For the host this includes one foul, one remark and one
 * disqualification per seat (any listed reason is as legal as the one shown; "other" needs a note,
 * FOUL-1), and every seat's choice or vote, entered on its behalf. RATE-6 contests are open-ended
 * (any seat, any points) and are not listed.
 */
export function legalActions(state: GameState, actor: Actor): Action[] {
  const fast = actor === "host" ? null : seatActions(state, actor);
  return fast ?? candidates(state, actor).filter((action) => check(state, action) === null);
}

/** The same list drawn up the slow way, by asking `check` of every candidate (for tests of the fast path). */
export function legalActionsByCheck(state: GameState, actor: Actor): Action[] {
  return candidates(state, actor).filter((action) => check(state, action) === null);
}
