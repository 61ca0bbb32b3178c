// The readable log above the undo button (HOST-3): the last steps that undo would take back, newest
// first. Night choices and the note never show their target here: the screen is seen at a glance.
// With the cards hidden they do not name the role either: "Choice: maniac" read by the city in the
// morning would tell it the maniac is alive.

import type { GameEvent } from "@misto/engine";
import { oneOf } from "../i18n/text.js";
import type { Tr } from "./tr.js";

/** The steps an `advance` may end (the record's schema lists them), each with its words. */
const LOG_STEPS = [
  "deal",
  "acquaintance",
  "morning",
  "discussion",
  "accusations",
  "splitSpeeches",
  "lastWords",
  "voting",
  "liftAll",
  "dawn",
] as const;

export function describeStep(event: GameEvent, tr: Tr, hideRoles = false): string {
  switch (event.type) {
    case "created":
      return tr("log.created");
    case "redealt":
      return tr("log.redealt");
    case "advanced":
      return tr("log.advanced", {
        step: oneOf(LOG_STEPS, event.from) ? tr(`log.step.${event.from}`) : event.from,
      });
    case "chose":
      return hideRoles ? tr("log.nightChoice") : tr("log.chose", { role: tr(`role.${event.role}`) });
    case "noted":
      return hideRoles ? tr("log.nightChoice") : tr("log.noted");
    case "voted":
      return tr("log.voted", { voter: event.voter, target: event.target });
    case "liftVoted":
      return tr("log.liftVoted", { voter: event.voter, answer: tr(event.yes ? "common.yes" : "common.no") });
    case "graveChosen":
      return event.target === null
        ? tr("log.graveNobody", { seat: event.seat })
        : tr("log.grave", { seat: event.seat, target: event.target });
    case "fouled":
      return tr("log.fouled", { seat: event.seat, reason: tr(`foul.${event.reason}`) });
    case "remarked":
      return tr("log.remarked", { seat: event.seat, reason: tr(`remark.${event.reason}`) });
    case "disqualified":
      return tr("log.disqualified", { seat: event.seat });
    case "spoke":
      return tr("log.spoke", { seat: event.seat });
    case "undone":
      return tr("log.undone");
    case "resultAnnounced":
      return tr("log.resultAnnounced");
    case "nominated":
      return tr("log.nominated", { seat: event.candidate });
    case "nominationsClosed":
      return tr("log.nominationsClosed");
    case "ratingVoted":
      return event.candidate === null
        ? tr("log.ratingAbstained", { voter: event.voter })
        : tr("log.ratingVoted", { voter: event.voter, seat: event.candidate });
    case "splitSet":
      return tr("log.splitSet");
    case "bonusGiven":
      return tr("log.bonusGiven", { seat: event.seat, points: event.points });
    case "contestOpened":
      return tr("log.contestOpened", { seat: event.seat, points: event.points });
    case "contestVoted":
      return tr("log.contestVoted", {
        voter: event.voter,
        answer: tr(event.support ? "common.yes" : "common.no"),
      });
    case "ratingClosed":
      return tr("log.ratingClosed");
  }
}
