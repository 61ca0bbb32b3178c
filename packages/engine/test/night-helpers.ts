// Helpers for the night, foul, rating and view tests: a table woken at night 1, a day played to the
// next night, a game played to its rating, and a scan of a view for facts its viewer may not know.

import {
  awaiting,
  type Card,
  type GameEvent,
  type Seat,
  type Settings,
  type View,
  viewFor,
} from "@misto/engine";
import { Table } from "./scenario.js";

/** A standard table whose first phase is the night, woken up to the prostitute's step of night 1. */
export function firstNight(settings: Partial<Settings> = {}, cards?: readonly Card[]): Table {
  const t = new Table({ settings: { firstPhase: "night", ...settings }, ...(cards ? { cards } : {}) });
  t.advance(2); // the deal, then the mafia's acquaintance
  return t;
}

/** A night choice for `seat` (entered by the host, as at a live table). */
export function choose(t: Table, seat: Seat, target: Seat | null): GameEvent[] {
  return t.do({ type: "choose", seat, target });
}

type Role = "prostitute" | "doctor" | "mafia" | "maniac" | "commissar";

/** Plays tonight's choices (by role; missing = skip) until the host wakes `role`. */
export function nightUntil(t: Table, role: Role, targets: Partial<Record<Role, Seat | null>> = {}): Table {
  for (let guard = 0; woken(t) !== role; guard++) {
    const seat = awaiting(t.state).find((a): a is Seat => a !== "host");
    if (seat === undefined || guard > 20) throw new Error(`the night did not reach the ${role}'s step`);
    choose(t, seat, targets[woken(t) as Role] ?? null);
  }
  return t;
}

/** The role the host is waking now, or the night step's kind, or null outside the night. */
export function woken(t: Table): string | null {
  const p = t.state.phase;
  if (p.kind !== "night") return null;
  return p.step.kind === "wake" ? p.step.role : p.step.kind;
}

/** From anywhere in a day: everyone votes `out` out (he votes for another living seat); his last word ends. */
export function voteOut(t: Table, out: Seat): Table {
  t.toVoting();
  const other = t.state.seats.find((s) => s.out === null && s.seat !== out)?.seat as Seat;
  t.vote((voter) => (voter === out ? other : out));
  t.endSpeeches("lastWords");
  return t;
}

/** The morning's announcement: the host's button in the morning step. */
export function announce(t: Table): Table {
  if (t.step !== "morning") throw new Error(`not the morning but ${t.step}`);
  return t.advance();
}

/** Day 1 discussion; then the whole black team is disqualified, so red wins, and the host announces it. */
export function toRating(admins: readonly Seat[] = []): Table {
  const t = new Table({ admins });
  t.advance();
  for (const seat of [1, 2, 3, 4]) t.do({ type: "disqualify", seat });
  t.do({ type: "announceResult" });
  return t;
}

/** Every fact in `view` that `viewer` may not know, as sentences; empty when the view is clean. */
export function leaks(t: Table, view: View): string[] {
  const state = t.state;
  const viewer = view.viewer;
  const problems: string[] = [];
  if (viewer === "host") return problems;
  const over = state.result?.announced === true;
  const mafioso = (c: Card) => c === "don" || c === "mafia";
  const mine = typeof viewer === "number" ? state.seats[viewer - 1]?.card : undefined;
  const knowsBlack = (c: Card) => mafioso(c) || (state.settings.prostituteKnowsMafia && c === "prostitute");
  const known = (seat: Seat): boolean => {
    const s = state.seats[seat - 1];
    if (!s || over || s.revealed || seat === viewer) return true;
    return mine !== undefined && state.nights.length > 0 && knowsBlack(mine) && knowsBlack(s.card);
  };
  for (const s of view.seats) {
    if (!known(s.seat) && s.card !== null) problems.push(`seat ${s.seat}'s card ${s.card} is shown`);
    const out = state.seats[s.seat - 1]?.out;
    if (s.out !== null && out && !out.announced && !over)
      problems.push(`seat ${s.seat}'s night death is shown`);
  }
  // What is left once the viewer's own facts are set aside must name no hidden card and no night choice.
  const { you, ...rest } = view;
  const text = JSON.stringify({ ...rest, actions: [] });
  const shown = new Set(state.seats.filter((s) => known(s.seat)).map((s) => s.card));
  for (const card of ["don", "mafia", "prostitute", "commissar", "doctor", "maniac", "civilian"] as const) {
    if (!shown.has(card) && text.includes(`"${card}"`)) problems.push(`the hidden card ${card} is named`);
  }
  for (const key of ["choices", "outcome", "shots", "heal", "freeze", "script", "checks", "gesture"]) {
    if (new RegExp(`"${key}":(?!null)`).test(text)) problems.push(`the view holds "${key}"`);
  }
  if (view.host !== null) problems.push("a seat or spectator sees the host's view");
  if (you) {
    if (you.seat !== viewer) problems.push("`you` is another seat");
    if (you.card !== mine) problems.push("`you` shows a card that is not the viewer's");
    if (mine !== "commissar" && you.checks.length > 0)
      problems.push("a seat other than the commissar sees checks");
    for (const c of you.choices) {
      const night = state.nights.find((n) => n.n === c.night);
      if (!night?.choices.some((x) => x.seat === viewer && x.role === c.role && x.target === c.target))
        problems.push(`seat ${viewer} is shown a choice that is not his own`);
    }
    for (const n of you.frozenNights) {
      const night = state.nights.find((x) => x.n === n);
      const freeze = night?.choices.find((c) => c.role === "prostitute")?.target;
      if (freeze !== viewer) problems.push(`seat ${viewer} is told he was frozen on night ${n}`);
    }
    for (const p of you.partners) if (!known(p.seat)) problems.push(`partner ${p.seat} is not known`);
  } else if (typeof viewer === "number") problems.push("a seat's view has no `you`");
  return problems;
}

/** Every viewer's view of the table now. */
export function allViews(t: Table): View[] {
  const viewers = ["host", "spectator", ...Array.from({ length: 12 }, (_, i) => i + 1)] as const;
  return viewers.map((v) => viewFor(t.state, v));
}
