// legalActions: what an actor may do now, and awaiting: whom the game waits for. The list is drawn up
// from the same rules each command's check asks (night/choose.ts, voting/vote.ts, don/grave.ts,
// fouls/fouls.ts, rating/check.ts, host/), area by area: one list, one way.

import { type Action, ALL_SEATS } from "./actions.js";
import { gravesOf } from "./don/grave.js";
import { disciplineOf } from "./fouls/fouls.js";
import { advanceProblem, announceProblem } from "./host/advance.js";
import { undoProblem } from "./host/undo.js";
import { choicesOf } from "./night/choose.js";
import { notesOf } from "./night/note.js";
import { isPending, pendingChoosers, wakeFor } from "./night/wake.js";
import { hostRatingActions, ratingActionsOf } from "./rating/check.js";
import { holderOf } from "./seats.js";
import { type Actor, type GameState, SEATS, type Seat } from "./state.js";
import { ballotsOf } from "./voting/vote.js";

export type { Action } from "./actions.js";

/**
 * Shared answers of `awaiting`: the host is awaited at most steps of every game, and one seat at
 * every vote and most night steps, so none of them builds a new list. Read-only by their type but
 * not frozen: V8 reads a frozen array by index through a slower generic path, and the game loop
 * reads `awaiting(state)[0]` at every command.
 */
const HOST: readonly Actor[] = ["host"];
const NOBODY: readonly Actor[] = [];
const ONE_SEAT: readonly (readonly Actor[])[] = Array.from({ length: SEATS + 1 }, (_, seat) => [seat]);

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

/** What `seat` may do now in the current step, sent by itself or by the host on its behalf. */
function actionsOf(state: GameState, actor: Actor, seat: Seat): Action[] {
  const phase = state.phase;
  switch (phase.kind) {
    case "night":
      return phase.step.kind === "note" ? notesOf(state, actor, seat) : choicesOf(state, actor, seat);
    case "day":
      return phase.step.kind === "lastWords" ? gravesOf(state, actor, seat) : ballotsOf(state, actor, seat);
    case "rating":
      return ratingActionsOf(state, actor, seat);
    default:
      return [];
  }
}

/** The host's own steps now: the primary button, undo, the announcement, discipline, the rating's steps. */
function hostActions(state: GameState): Action[] {
  const out: Action[] = [];
  if (advanceProblem(state) === null) out.push({ actor: "host", type: "advance" });
  if (undoProblem(state) === null) out.push({ actor: "host", type: "undo" });
  if (announceProblem(state) === null) out.push({ actor: "host", type: "announceResult" });
  for (const seat of ALL_SEATS) for (const a of disciplineOf(state, seat)) out.push(a);
  for (const a of hostRatingActions(state)) out.push(a);
  return out;
}

/**
 * Every command `actor` may make now. A seat gets its own choices and votes. The host gets every
 * seat's, entered on its behalf (as at a live table), then his own: the primary button, undo, the
 * announcement, one foul, one remark and one disqualification per seat where each is open (any
 * listed reason is as legal as the one shown; "other" needs a note, FOUL-1), and the rating's
 * steps. RATE-6 contests are open-ended (any seat, any points) and are not listed.
 */
export function legalActions(state: GameState, actor: Actor): Action[] {
  if (actor !== "host") return actionsOf(state, actor, actor);
  const out: Action[] = [];
  for (const seat of ALL_SEATS) for (const a of actionsOf(state, "host", seat)) out.push(a);
  for (const a of hostActions(state)) out.push(a);
  return out;
}
