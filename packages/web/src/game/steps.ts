// What the host does next at each step: the ONE primary button, its words, and the queue around the
// current speaker. Read from the host's view only, so the console can never disagree with the engine.

import type { Action, HostStepKind, Seat, SeatView, StepKind, View } from "@misto/engine";
import { oneOf } from "../i18n/text.js";
import type { Key } from "../i18n/types.js";

export interface Primary {
  /** i18n key of the button's words. */
  readonly key: Key;
  readonly action: Action;
  /** The engine accepts it now. */
  readonly enabled: boolean;
}

const isLegal = (view: View, type: Action["type"]) => view.actions.some((a) => a.type === type);

/** The host's next step (the engine's, view.host.next) in the console's words. */
const PRIMARY_KEYS: Readonly<Record<HostStepKind, Key>> = {
  startGame: "primary.startGame",
  announceNight: "primary.announce",
  endDiscussion: "primary.endDiscussion",
  nextSpeaker: "primary.nextSpeaker",
  startVote: "primary.startVote",
  startRevote: "primary.startRevote",
  nextLastWord: "primary.nextLastWord",
  endLastWords: "primary.endLastWords",
  announceCount: "primary.announceCount",
  endAcquaintance: "primary.endAcquaintance",
  cityWakes: "primary.cityWakes",
  announceResult: "primary.announceResult",
  closeNominations: "primary.closeNominations",
  closeRating: "primary.closeRating",
};

/** The seats still to speak after the current one, the way the engine will call them. */
export function nextSpeakers(view: View): readonly Seat[] {
  return view.phase.upcoming;
}

/** The queued seats passed over because of fouls (shown as "skipped", FOUL-4). */
export function skippedSpeakers(view: View): readonly Seat[] {
  return view.phase.passedOver;
}

export function seatOf(view: View, seat: Seat): SeatView {
  return view.seats[seat - 1] as SeatView;
}

/** The primary button for the current step, or null when the step is answered on its panel. */
export function primaryOf(view: View): Primary | null {
  const next = view.host?.next;
  if (!next) return null;
  const action: Action = { actor: "host", type: next.command };
  // DON-1: the engine lets the word end with the grave untouched, which records no choice; the
  // console asks the host to record one first (a seat, or "nobody").
  const enabled = isLegal(view, action.type) && !graveOpen(view);
  return { key: PRIMARY_KEYS[next.kind], action, enabled };
}

/** DON-1: the current last word is the Don's and his grave is still to be chosen (view.host.grave). */
export function graveOpen(view: View): boolean {
  return view.host?.grave?.open === true;
}

/** A day's steps, each with its title (a view names a night's or rating's steps in the same field). */
const DAY_STEPS = [
  "morning",
  "discussion",
  "accusations",
  "voting",
  "splitSpeeches",
  "liftAll",
  "lastWords",
] as const;

/** A day step's title key; a step no day has (none comes) reads as the morning. */
export function dayTitleKey(step: StepKind | null): Key {
  return `step.day.${oneOf(DAY_STEPS, step) ? step : "morning"}`;
}

/** The phase bar's title: i18n key and parameters. */
export function phaseTitle(view: View): { key: Key; params: Record<string, number> } {
  const p = view.phase;
  const n = p.n ?? 0;
  switch (p.kind) {
    case "day":
      return { key: dayTitleKey(p.step), params: { n } };
    case "night":
      return { key: "phase.night", params: { n } };
    default:
      return { key: `phase.${p.kind}`, params: {} };
  }
}

/** The voting in progress is a re-vote (DAY-6): it has candidates. */
export function isRevote(view: View): boolean {
  return view.phase.step === "voting" && view.phase.candidates.length > 0;
}
