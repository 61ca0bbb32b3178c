// The inverse of decide's events: the command that produced an event. Kept beside the engine's
// own command and event types so both directions of the mapping change together; the record's
// import re-decides each stored event through it.

import type { Command } from "./commands.js";
import type { Created, GameEvent } from "./events.js";

/** The command that produced an event: its `at` stays, its `by` becomes the actor. */
export function commandOf(event: Exclude<GameEvent, Created>): Command {
  const at = event.at;
  const actor = event.by;
  switch (event.type) {
    case "redealt":
      return event.seed === null
        ? { at, actor, type: "redeal", cards: event.cards }
        : { at, actor, type: "redeal", seed: event.seed };
    case "advanced":
      return { at, actor, type: "advance" };
    case "chose":
      return { at, actor, type: "choose", seat: event.seat, target: event.target };
    case "noted":
      return { at, actor, type: "note", seat: event.seat, leave: event.leave };
    case "voted":
      return { at, actor, type: "vote", voter: event.voter, target: event.target };
    case "liftVoted":
      return { at, actor, type: "liftVote", voter: event.voter, yes: event.yes };
    case "graveChosen":
      return { at, actor, type: "grave", seat: event.seat, target: event.target };
    case "fouled":
      return event.note === undefined
        ? { at, actor, type: "foul", seat: event.seat, reason: event.reason }
        : { at, actor, type: "foul", seat: event.seat, reason: event.reason, note: event.note };
    case "remarked":
      return { at, actor, type: "remark", seat: event.seat, reason: event.reason };
    case "disqualified":
      return { at, actor, type: "disqualify", seat: event.seat };
    case "spoke":
      return { at, actor, type: "speak", seat: event.seat, text: event.text };
    case "undone":
      return { at, actor, type: "undo" };
    case "resultAnnounced":
      return { at, actor, type: "announceResult" };
    case "nominated":
      return { at, actor, type: "nominate", candidate: event.candidate };
    case "nominationsClosed":
      return { at, actor, type: "closeNominations" };
    case "ratingVoted":
      return { at, actor, type: "ratingVote", voter: event.voter, candidate: event.candidate };
    case "splitSet":
      return { at, actor, type: "split", points: event.points };
    case "bonusGiven":
      return { at, actor, type: "bonus", seat: event.seat, points: event.points };
    case "contestOpened":
      return { at, actor, type: "contest", seat: event.seat, points: event.points };
    case "contestVoted":
      return { at, actor, type: "contestVote", voter: event.voter, support: event.support };
    case "ratingClosed":
      return { at, actor, type: "closeRating" };
  }
}
