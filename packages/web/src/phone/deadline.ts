// The deadlines a phone at an online table shows before they pass, as plain data (no browser here:
// tests use it): the step's own timer, and this seat's answer that the server enters for it when
// its time is up (@misto/protocol missedAnswer, the very rule the server's runner applies), said
// beforehand. Built from the seat's own view and the table's online settings only.

import type { Seat, View } from "@misto/engine";
import { missedAnswer, type OnlineSettingsJson } from "@misto/protocol";
import type { Key } from "../i18n/index.js";
import type { Line } from "./screen.js";

/** From this many ms before a deadline the phone warns that it is near. */
export const WARN_MS = 10_000;

export interface Deadline {
  /** "answer": this seat's own answer is awaited; "step": the step's timer. */
  readonly kind: "answer" | "step";
  /** When it passes (ms since the epoch, the server's clock). */
  readonly at: number;
  /** What happens when it passes, said before it does. */
  readonly after: Line;
  /**
   * Told on the held card only: at night the screen is the same for every living player, so the
   * seat woken sees its deadline where an onlooker cannot (phone/screen.ts, the equal night screen).
   */
  readonly secret: boolean;
}

/** This seat's deadlines now, the nearest first (none at a live table: `online` null). */
export function deadlinesOf(view: View, online: OnlineSettingsJson | null): Deadline[] {
  if (!online) return [];
  const out: Deadline[] = [];
  const answer = answerDeadline(view, online);
  if (answer) out.push(answer);
  const step = stepDeadline(view);
  if (step) out.push(step);
  return out.sort((a, b) => a.at - b.at);
}

/** The seat's own answer: when the server enters one for it, and which (the runner's rule). */
function answerDeadline(view: View, online: OnlineSettingsJson): Deadline | null {
  const you = view.you;
  if (!you?.awaited || you.awaitedSince === null) return null;
  const missed = missedAnswer(view.actions, you.seat);
  if (!missed) return null;
  const night = view.phase.kind === "night";
  const at = you.awaitedSince + (night ? online.nightMs : online.voteMs);
  const after = ((): Line => {
    switch (missed.type) {
      case "choose":
        return { key: "deadline.then.skip" };
      case "note":
        return { key: "deadline.then.noNote" };
      case "liftVote":
        return { key: "deadline.then.liftYes" };
      case "vote":
        return { key: "deadline.then.vote", params: { n: missed.target } };
      case "ratingVote":
        return missed.candidate === null
          ? { key: "deadline.then.abstain" }
          : { key: "deadline.then.vote", params: { n: missed.candidate } };
      case "contestVote":
        return { key: "deadline.then.contestNo" };
      default:
        return { key: "deadline.then.skip" };
    }
  })();
  return { kind: "answer", at, after, secret: night };
}

/** The day step's timer: what its end does for this seat. */
function stepDeadline(view: View): Deadline | null {
  const p = view.phase;
  if (p.kind !== "day" || p.seconds === null) return null;
  const at = p.since + p.seconds * 1000;
  const me: Seat | undefined = view.you?.seat;
  // DON-1: the grave is chosen within the Don's last word; nothing is entered for him.
  if (view.actions.some((a) => a.type === "grave")) return step(at, "deadline.then.grave");
  if (p.step === "discussion") return step(at, "deadline.then.discussion");
  if (p.current !== null && p.current === me) return step(at, "deadline.then.yourSpeech");
  return step(at, "deadline.then.floor");
}

function step(at: number, key: Key): Deadline {
  return { kind: "step", at, after: { key }, secret: false };
}

/** Whether a deadline is near (within WARN_MS) and not yet passed, at `now`. */
export function isNear(deadline: Deadline, now: number): boolean {
  const left = deadline.at - now;
  return left > 0 && left <= WARN_MS;
}
