// What the host does next at each step: the ONE primary button, its words, and the queue around the
// current speaker. Read from the host's view only, so the console can never disagree with the engine.

import type { Action, Seat, SeatView, View } from "@misto/engine";

export interface Primary {
  /** i18n key of the button's words. */
  readonly key: string;
  readonly action: Action;
  /** The engine accepts it now. */
  readonly enabled: boolean;
}

const HOST = "host" as const;

const isLegal = (view: View, type: Action["type"]) => view.actions.some((a) => a.type === type);

function primary(view: View, key: string, action: Action): Primary {
  return { key, action, enabled: isLegal(view, action.type) };
}

/** The seats still to speak after the current one, the way the engine will call them. */
export function nextSpeakers(view: View): Seat[] {
  const p = view.phase;
  if (p.current === null) return [];
  const rest = p.queue.slice(p.queue.indexOf(p.current) + 1);
  return rest.filter((seat) => canSpeak(view, seatOf(view, seat)));
}

/** FOUL-4: a muted player loses his accusation speech (not his split speech or last word). */
function canSpeak(view: View, s: SeatView): boolean {
  if (view.phase.step === "lastWords") return true;
  if (s.out !== null) return false;
  return view.phase.step !== "accusations" || !s.muted;
}

/** The queued seats passed over because of fouls (shown as "skipped"). */
export function skippedSpeakers(view: View): Seat[] {
  if (view.phase.step !== "accusations") return [];
  return view.phase.queue.filter((seat) => {
    const s = seatOf(view, seat);
    return s.out === null && s.muted;
  });
}

export function seatOf(view: View, seat: Seat): SeatView {
  return view.seats[seat - 1] as SeatView;
}

/** The primary button for the current step, or null when the step is answered on its panel. */
export function primaryOf(view: View): Primary | null {
  const p = view.phase;
  const advance: Action = { actor: HOST, type: "advance" };
  const last = nextSpeakers(view).length === 0;
  switch (p.kind) {
    case "deal":
      return primary(view, "primary.startGame", advance);
    case "day":
      switch (p.step) {
        case "morning":
          return primary(view, "primary.announce", advance);
        case "discussion":
          return primary(view, "primary.endDiscussion", advance);
        case "accusations":
          return primary(view, last ? "primary.startVote" : "primary.nextSpeaker", advance);
        case "splitSpeeches":
          return primary(view, last ? "primary.startRevote" : "primary.nextSpeaker", advance);
        case "lastWords": {
          // DON-1: the engine lets the word end with the grave untouched, which records no choice;
          // the console asks the host to record one first (a seat, or "nobody").
          const next = primary(view, last ? "primary.endLastWords" : "primary.nextLastWord", advance);
          return graveOpen(view) ? { ...next, enabled: false } : next;
        }
        case "voting":
        case "liftAll":
          // HOST-4: every ballot is in; the count is the host's announcement.
          return p.current === null ? primary(view, "primary.announceCount", advance) : null;
        default:
          return null;
      }
    case "night":
      if (p.step === "dawn") return primary(view, "primary.cityWakes", advance); // HOST-4
      return p.step === "acquaintance" ? primary(view, "primary.endAcquaintance", advance) : null;
    case "ended":
      return primary(view, "primary.announceResult", { actor: HOST, type: "announceResult" });
    case "rating":
      if (p.step === "nominations")
        return primary(view, "primary.closeNominations", { actor: HOST, type: "closeNominations" });
      if (p.step === "review")
        return primary(view, "primary.closeRating", { actor: HOST, type: "closeRating" });
      return null;
    default:
      return null;
  }
}

/** DON-1: the current last word is the Don's and his grave is still to be chosen (the view offers it). */
export function graveOpen(view: View): boolean {
  const seat = view.phase.current;
  return seat !== null && view.actions.some((a) => a.type === "grave" && a.seat === seat);
}

/** The phase bar's title: i18n key and parameters. */
export function phaseTitle(view: View): { key: string; params: Record<string, number> } {
  const p = view.phase;
  const n = p.n ?? 0;
  switch (p.kind) {
    case "day":
      return { key: `step.day.${p.step ?? "morning"}`, params: { n } };
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
