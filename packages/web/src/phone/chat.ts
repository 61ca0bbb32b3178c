// The phone's chat as plain data (no browser here: tests use it): the city's speeches from the view,
// the out chat pushed to players out of the game, who has the floor now, and whether this seat may
// write, with the reason when it may not. Built from the seat's own view only: the rules decided it
// (`you.silenced`), the phone only words it.

import { MAX_SPEECH_LENGTH, type Seat, type View } from "@misto/engine";
import type { Line } from "./screen.js";

/** One line of the out chat, as the server pushes it (`@misto/protocol` OutChatLine). */
export interface OutLine {
  readonly n: number;
  readonly seat: number;
  readonly at: number;
  readonly text: string;
}

/** A pushed `outChat` message: the whole chat (`full`) or new lines. */
export interface OutChatPush {
  readonly full: boolean;
  readonly lines: readonly OutLine[];
}

/** One line shown in a chat list. */
export interface ChatEntry {
  readonly key: string;
  readonly seat: number;
  readonly name: string;
  readonly text: string;
  readonly mine: boolean;
}

/** Whether the seat may write now, or the reason it may not. */
export type Floor = { readonly may: true } | { readonly may: false; readonly reason: Line };

/** The out chat after a push: a full one replaces it; new lines are added once each, in order. */
export function mergeOutChat(held: readonly OutLine[], push: OutChatPush): OutLine[] {
  if (push.full) return [...push.lines].sort((a, b) => a.n - b.n);
  const known = new Set(held.map((l) => l.n));
  return [...held, ...push.lines.filter((l) => !known.has(l.n))].sort((a, b) => a.n - b.n);
}

function nameOf(view: View, seat: number): string {
  return view.seats.find((s) => s.seat === seat)?.name ?? "";
}

/** The city's speeches, oldest first. */
export function cityEntries(view: View): ChatEntry[] {
  const me = view.you?.seat;
  return view.speeches.map((s, i) => ({
    key: `c${i}`,
    seat: s.seat,
    name: nameOf(view, s.seat),
    text: s.text,
    mine: s.seat === me,
  }));
}

export function outEntries(view: View, lines: readonly OutLine[]): ChatEntry[] {
  const me = view.you?.seat;
  return lines.map((l) => ({
    key: `o${l.n}`,
    seat: l.seat,
    name: nameOf(view, l.seat),
    text: l.text,
    mine: l.seat === me,
  }));
}

function isOut(view: View): boolean {
  const me = view.you?.seat;
  return view.seats.find((s) => s.seat === me)?.out != null;
}

/** Whether the phone shows the out chat's tab: to a seat out of the game, or once it holds lines. */
export function showsOutChat(view: View, lines: readonly OutLine[]): boolean {
  return isOut(view) || lines.length > 0;
}

/** Why this seat may speak in the city now or not, worded from the rule the engine gave. */
export function cityFloor(view: View): Floor {
  const rule = view.you?.silenced;
  if (rule === null) return { may: true };
  const p = view.phase;
  switch (rule) {
    case "SETUP-3":
      return { may: false, reason: { key: "chat.silenced.deal" } };
    case "FOUL-1":
      return {
        may: false,
        reason: { key: p.kind === "night" ? "chat.silenced.night" : "chat.silenced.vote" },
      };
    case "DAY-2":
      return p.current === null
        ? { may: false, reason: { key: "chat.silenced.other" } }
        : { may: false, reason: { key: "chat.silenced.turn", params: { n: p.current } } };
    case "FOUL-4":
      return { may: false, reason: { key: "chat.silenced.muted" } };
    case "NIGHT-14":
      return { may: false, reason: { key: "chat.silenced.out" } };
    default:
      return { may: false, reason: { key: "chat.silenced.other" } };
  }
}

/** Whether this seat may write in the out chat now (the server checks the same). */
export function outFloor(view: View): Floor {
  if (view.result?.announced) return { may: false, reason: { key: "chat.out.over" } };
  if (!isOut(view)) return { may: false, reason: { key: "chat.out.living" } };
  return { may: true };
}

/** Who has the floor now, for every player: the open discussion, a speaker, a voter, or nobody. */
export function floorLine(view: View): Line | null {
  const p = view.phase;
  const you = view.you?.seat;
  const seat = (n: Seat) => (n === you ? "chat.floor.you" : "chat.floor.seat");
  switch (p.kind) {
    case "night":
      return { key: "chat.floor.night" };
    case "deal":
      return { key: "chat.floor.deal" };
    case "day":
      if (p.step === "discussion") return { key: "chat.floor.discussion" };
      if (p.current === null) return { key: "chat.floor.nobody" };
      if (p.step === "voting" || p.step === "liftAll")
        return { key: "chat.floor.vote", params: { n: p.current } };
      if (p.step === "accusations" || p.step === "splitSpeeches" || p.step === "lastWords")
        return { key: seat(p.current), params: { n: p.current } };
      return { key: "chat.floor.nobody" };
    default:
      return { key: "chat.floor.open" };
  }
}

/** The step's timer (seconds from `since`), when the step has one. */
export function floorTimer(view: View): { readonly seconds: number; readonly since: number } | null {
  const p = view.phase;
  return p.kind === "day" && p.seconds !== null ? { seconds: p.seconds, since: p.since } : null;
}

/** A draft's problem before it is sent: blank (nothing to send) or too long. */
export function draftProblem(text: string): "blank" | "tooLong" | null {
  const line = text.trim();
  if (line.length === 0) return "blank";
  return line.length > MAX_SPEECH_LENGTH ? "tooLong" : null;
}

export { MAX_SPEECH_LENGTH };
