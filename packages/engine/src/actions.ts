// A command without its time, as legalActions lists it, and the seats' own actions made once.

import type { CommandBody } from "./commands.js";
import { type Actor, SEATS, type Seat } from "./state.js";

/** A command without its time: the caller adds `at` when it sends it. */
export type Action = CommandBody & { readonly actor: Actor };

export const ALL_SEATS: readonly Seat[] = Array.from({ length: SEATS }, (_, i) => i + 1);

/**
 * A seat's own choices and votes as shared, frozen values made once, indexed [seat][target] (target
 * 0 for "nobody" where nobody may be named). A bot game lists a seat's votes or night choices at
 * every one of its turns, and building a dozen fresh objects each time was a tenth of the run. An
 * action is an immutable value, so every list may hand out the same one. The host's entries on a
 * seat's behalf are built fresh, in the same field order.
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

const targetIndex = (target: Seat | null) => (target === null ? 0 : target);

export function chooseAction(actor: Actor, seat: Seat, target: Seat | null): Action {
  if (actor !== "host") return (CHOOSE[seat] as readonly Action[])[targetIndex(target)] as Action;
  return { actor, type: "choose", seat, target };
}

export function graveAction(actor: Actor, seat: Seat, target: Seat | null): Action {
  if (actor !== "host") return (GRAVE[seat] as readonly Action[])[targetIndex(target)] as Action;
  return { actor, type: "grave", seat, target };
}

export function voteAction(actor: Actor, voter: Seat, target: Seat): Action {
  if (actor !== "host") return (VOTE[voter] as readonly Action[])[target] as Action;
  return { actor, type: "vote", voter, target };
}

export function liftActions(actor: Actor, voter: Seat): Action[] {
  if (actor !== "host") return (LIFT[voter] as Action[]).slice();
  return [
    { actor, type: "liftVote", voter, yes: true },
    { actor, type: "liftVote", voter, yes: false },
  ];
}

export function noteActions(actor: Actor, seat: Seat): Action[] {
  if (actor !== "host") return (NOTE[seat] as Action[]).slice();
  return [
    { actor, type: "note", seat, leave: true },
    { actor, type: "note", seat, leave: false },
  ];
}
