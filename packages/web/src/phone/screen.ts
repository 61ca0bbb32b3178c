// What a player's phone shows for a view: a plain screen model (no browser here: tests use it).
// The equal night screen: at night every living player, called or not, whatever his card, gets the
// same screen — the same words, the same thirteen buttons (the twelve seats and "skip"), the same
// pick-and-confirm taps, for the whole night — so nobody can tell a role by who touches his phone
// or by what is on it. Whether the pick counts now, and what it does, is on the held card only.

import type { Action, Card, CommandBody, Seat, SeatView, View } from "@misto/engine";
import { dayTitleKey } from "../game/steps.js";
import type { Key } from "../i18n/types.js";

export type Params = Readonly<Record<string, string | number>>;

/** One line of text: an i18n key and its parameters; `card` fills the "{card}" parameter with a card's name. */
export interface Line {
  readonly key: Key;
  readonly params?: Params;
  readonly card?: Card;
}

/** One answer the player may give: its words, the command it sends, and the confirmation asked first. */
export interface Option {
  readonly label: Line;
  readonly confirm: Line;
  /** Null for a night pick that counts for nothing (the player is not called now): it stays on the phone. */
  readonly command: CommandBody | null;
  /** A night slot that is not a legal answer now (a seat out of the game, a target the rules refuse). */
  readonly disabled?: boolean;
}

export interface Choice {
  /** The question: a new id drops a pick not yet confirmed. One night is one question, called or not. */
  readonly id: string;
  readonly prompt: Line;
  readonly options: readonly Option[];
}

export type ScreenKind = "deal" | "night" | "day" | "out" | "ended" | "rating" | "closed";

export interface PhoneScreen {
  readonly kind: ScreenKind;
  readonly title: Line;
  /** What is happening now (whose speech, who votes, the candidates). */
  readonly lines: readonly Line[];
  /** The step's timer, when it has one. */
  readonly timer: { readonly seconds: number; readonly since: number } | null;
  /** Fouls, remarks and their effects on this player (public facts). */
  readonly status: readonly Line[];
  /** What this player may answer now, or null. */
  readonly choice: Choice | null;
}

/** What the held card shows: the card, its rule, and the private facts this seat knows. */
export interface CardFacts {
  readonly card: Card;
  readonly rule: Line;
  readonly lines: readonly Line[];
}

const list = (seats: readonly Seat[]) => seats.join(", ");

function seatOf(view: View, seat: Seat): SeatView | undefined {
  return view.seats.find((s) => s.seat === seat);
}

/** The command an action sends from a phone: the server takes the actor from the seat's token. */
export function bodyOf(action: Action): CommandBody {
  const { actor: _actor, ...command } = action;
  return command as CommandBody;
}

/** Fouls, remarks and what they mean for this player. */
export function statusLines(view: View, seat: Seat): Line[] {
  const me = seatOf(view, seat);
  if (!me) return [];
  const out: Line[] = [];
  if (me.out) out.push({ key: "phone.you.out" });
  if (me.fouls > 0) out.push({ key: "phone.you.fouls", params: { n: me.fouls } });
  if (me.remarks > 0) out.push({ key: "phone.you.remarks", params: { n: me.remarks } });
  if (!me.out && me.muted) out.push({ key: "phone.you.muted" });
  if (!me.out && me.noVote) out.push({ key: "phone.you.noVote" });
  return out;
}

/** The confirmations a seat picker asks; each has its ".none" twin (typed: both must be keys). */
type SeatConfirm =
  | "phone.confirm.vote"
  | "phone.confirm.grave"
  | "phone.confirm.nominate"
  | "phone.confirm.rating";

function seatOption(n: Seat | null, command: CommandBody, confirmKey: SeatConfirm, noneKey: Key): Option {
  return n === null
    ? { label: { key: noneKey }, confirm: { key: `${confirmKey}.none` }, command }
    : { label: { key: "phone.seat", params: { n } }, confirm: { key: confirmKey, params: { n } }, command };
}

function yesNo(yes: boolean, command: CommandBody, base: "phone.lift" | "phone.contest"): Option {
  const word = yes ? "yes" : "no";
  return { label: { key: `${base}.${word}` }, confirm: { key: `${base}.confirm.${word}` }, command };
}

/** Night choices keep "skip" last; seat choices go in seat order. */
function byTarget(a: number | null, b: number | null): number {
  return (a ?? 99) - (b ?? 99);
}

/** The player's answer now, built from his legal actions only (at night: see nightChoice). */
export function choiceOf(view: View): Choice | null {
  if (view.phase.kind === "night") return nightChoice(view);
  const choice = dayChoice(view);
  return choice && { id: JSON.stringify(choice.options.map((o) => o.command)), ...choice };
}

function dayChoice(view: View): Omit<Choice, "id"> | null {
  const actions = view.actions.map(bodyOf);
  if (actions.length === 0) return null;
  const first = actions[0] as CommandBody;
  switch (first.type) {
    case "vote": {
      const targets = actions.flatMap((a) => (a.type === "vote" ? [a.target] : [])).sort(byTarget);
      return {
        prompt: { key: "phone.vote.prompt" },
        options: targets.map((target) =>
          seatOption(
            target,
            { type: "vote", voter: first.voter, target },
            "phone.confirm.vote",
            "phone.skip",
          ),
        ),
      };
    }
    case "liftVote":
      return {
        prompt: { key: "phone.lift.prompt", params: { list: list(view.phase.candidates) } },
        options: [true, false].map((yes) =>
          yesNo(yes, { type: "liftVote", voter: first.voter, yes }, "phone.lift"),
        ),
      };
    case "grave": {
      const targets = actions.flatMap((a) => (a.type === "grave" ? [a.target] : [])).sort(byTarget);
      return {
        prompt: { key: "phone.grave.prompt" },
        options: targets.map((target) =>
          seatOption(
            target,
            { type: "grave", seat: first.seat, target },
            "phone.confirm.grave",
            "phone.grave.none",
          ),
        ),
      };
    }
    case "nominate": {
      const targets = actions.flatMap((a) => (a.type === "nominate" ? [a.candidate] : [])).sort(byTarget);
      return {
        prompt: { key: "phone.nominate.prompt" },
        options: targets.map((candidate) =>
          seatOption(candidate, { type: "nominate", candidate }, "phone.confirm.nominate", "phone.skip"),
        ),
      };
    }
    case "ratingVote": {
      const targets = actions.flatMap((a) => (a.type === "ratingVote" ? [a.candidate] : [])).sort(byTarget);
      return {
        prompt: { key: "phone.rating.prompt" },
        options: targets.map((candidate) =>
          seatOption(
            candidate,
            { type: "ratingVote", voter: first.voter, candidate },
            "phone.confirm.rating",
            "phone.abstain",
          ),
        ),
      };
    }
    case "contestVote":
      return {
        prompt: { key: "phone.contest.prompt" },
        options: [true, false].map((support) =>
          yesNo(support, { type: "contestVote", voter: first.voter, support }, "phone.contest"),
        ),
      };
    default:
      return null;
  }
}

/** The night's slots: the twelve seats in order, then "skip" — the same thirteen for everyone. */
const NIGHT_SLOTS: readonly (Seat | null)[] = [...Array.from({ length: 12 }, (_, i) => i + 1), null];

/**
 * The night picker, one for every living player all night long, the same whoever is called: every
 * living seat and "skip" can be picked, a seat out of the game cannot (that is public). Called now,
 * a slot sends the seat's legal command (a choice, or the commissar's note: his check's seat leaves
 * it, "skip" does not); a slot the rules refuse (himself, a partner) is taken and ignored (command
 * null), and a chooser who may only skip (frozen, or stopped) sends his skip whatever he picks.
 * Not called, no pick sends anything. Why a pick does not count is on the held card only.
 */
function nightChoice(view: View): Choice | null {
  const me = view.you && seatOf(view, view.you.seat);
  if (!me || me.out) return null;
  const commandFor = nightCommands(view);
  const options = NIGHT_SLOTS.map((slot): Option => {
    const label: Line = slot === null ? { key: "phone.skip" } : { key: "phone.seat", params: { n: slot } };
    const confirm: Line =
      slot === null
        ? { key: "phone.night.confirm.none" }
        : { key: "phone.night.confirm", params: { n: slot } };
    const option = { label, confirm, command: commandFor(slot) };
    return slot === null || seatOf(view, slot)?.out === null ? option : { ...option, disabled: true };
  });
  return { id: `night-${view.phase.n ?? 0}`, prompt: { key: "phone.night.prompt" }, options };
}

/** What each night slot sends for this seat now: null when the pick counts for nothing. */
function nightCommands(view: View): (slot: Seat | null) => CommandBody | null {
  const actions = view.actions.map(bodyOf);
  const note = actions.find((a): a is Extract<CommandBody, { type: "note" }> => a.type === "note");
  if (note) {
    const checked = view.you?.checks.find((c) => c.night === view.phase.n)?.target;
    return (slot) => (slot === null || slot === checked ? { ...note, leave: slot !== null } : null);
  }
  const only = onlySkip(view);
  if (only) return () => only;
  return (slot) => actions.find((a) => a.type === "choose" && a.target === slot) ?? null;
}

/** The skip of a called chooser who may only skip (frozen, or stopped: NIGHT-2, NIGHT-4), or null. */
function onlySkip(view: View): CommandBody | null {
  const [first, ...rest] = view.actions.map(bodyOf);
  return first?.type === "choose" && first.target === null && rest.length === 0 ? first : null;
}

/** The living seats a called chooser's pick does not count on now (the rules refuse them). */
function refusedSeats(view: View): Seat[] {
  const commandFor = nightCommands(view);
  return view.seats.filter((s) => s.out === null && commandFor(s.seat) === null).map((s) => s.seat);
}

function dayLines(view: View, seat: Seat): Line[] {
  const p = view.phase;
  const lines: Line[] = [];
  const current = p.current;
  switch (p.step) {
    case "morning":
      lines.push({ key: "phone.day.morning" });
      break;
    case "discussion":
    case "accusations":
    case "splitSpeeches":
      if (current !== null)
        lines.push(
          current === seat
            ? { key: "phone.day.yourSpeech" }
            : { key: "phone.day.speaks", params: { n: current } },
        );
      break;
    case "lastWords":
      if (current !== null)
        lines.push(
          current === seat
            ? { key: "phone.day.yourLastWord" }
            : { key: "phone.day.lastWord", params: { n: current } },
        );
      break;
    case "voting":
      if (p.candidates.length > 0)
        lines.push({ key: "phone.day.revote", params: { list: list(p.candidates) } });
      if (current !== null)
        lines.push(
          current === seat
            ? { key: "phone.day.yourVote" }
            : { key: "phone.day.votes", params: { n: current } },
        );
      break;
    case "liftAll":
      lines.push({ key: "phone.day.liftAll", params: { list: list(p.candidates) } });
      if (current !== null)
        lines.push(
          current === seat
            ? { key: "phone.day.yourVote" }
            : { key: "phone.day.votes", params: { n: current } },
        );
      break;
  }
  return lines;
}

/** The screen a view maps to for the seat it was built for. */
export function phoneScreen(view: View): PhoneScreen {
  const seat = view.you?.seat ?? 0;
  const p = view.phase;
  const me = seatOf(view, seat);
  const status = statusLines(view, seat);
  const base = { timer: null, status, choice: choiceOf(view) } as const;
  switch (p.kind) {
    case "deal":
      return { ...base, kind: "deal", title: { key: "phase.deal" }, lines: [{ key: "phone.deal.wait" }] };
    case "night": {
      const title: Line = { key: "phase.night", params: { n: p.n ?? 0 } };
      if (me?.out) return { ...base, kind: "out", title, lines: [{ key: "phone.out.night" }] };
      // Called or not, one screen: the title, one line, the night picker (see nightChoice).
      return { ...base, kind: "night", title, lines: [{ key: "phone.night.line" }] };
    }
    case "day": {
      const title: Line = { key: dayTitleKey(p.step), params: { n: p.n ?? 0 } };
      const timer = p.seconds === null ? null : { seconds: p.seconds, since: p.since };
      return {
        ...base,
        kind: me?.out && !base.choice ? "out" : "day",
        title,
        lines: dayLines(view, seat),
        timer,
      };
    }
    case "ended": {
      const lines: Line[] = view.result?.announced
        ? [{ key: `winner.${view.result.winner}` }]
        : [{ key: "phone.ended.wait" }];
      return { ...base, kind: "ended", title: { key: "phase.ended" }, lines };
    }
    case "rating": {
      const lines: Line[] = view.result ? [{ key: `winner.${view.result.winner}` }] : [];
      if (p.current !== null && p.current !== seat)
        lines.push({ key: "phone.day.votes", params: { n: p.current } });
      if (!base.choice) lines.push({ key: "phone.rating.wait" });
      return { ...base, kind: "rating", title: { key: "phase.rating" }, lines };
    }
    default: {
      const lines: Line[] = view.result ? [{ key: `winner.${view.result.winner}` }] : [];
      return { ...base, kind: "closed", title: { key: "phase.closed" }, lines };
    }
  }
}

/**
 * What the held card shows: the card and its rule; at night whether the seat is called now and what
 * its pick does (the freeze, the note); the partners, the checks.
 */
export function cardFacts(view: View): CardFacts | null {
  const you = view.you;
  if (!you) return null;
  const lines: Line[] = [...nightFacts(view)];
  for (const p of you.partners) lines.push({ key: "phone.partner", params: { n: p.seat }, card: p.card });
  for (const c of you.checks)
    lines.push({
      key: c.black ? "phone.check.black" : "phone.check.red",
      params: { n: c.target, night: c.night },
    });
  if (you.noteUsed) lines.push({ key: "phone.note.used" });
  return { card: you.card, rule: { key: `phone.rule.${you.card}` }, lines };
}

/** The held card's night lines: called or not, and for a called seat what its pick does now. */
function nightFacts(view: View): Line[] {
  const you = view.you;
  const n = view.phase.kind === "night" ? view.phase.n : null;
  if (!you || n === null || seatOf(view, you.seat)?.out) return [];
  const frozen = you.frozenNights.includes(n);
  if (view.actions.length === 0)
    return frozen
      ? [{ key: "phone.night.notCalled" }, { key: "phone.night.frozen" }]
      : [{ key: "phone.night.notCalled" }];
  const lines: Line[] = [{ key: "phone.night.called" }];
  const check = you.checks.find((c) => c.night === n);
  if (frozen) lines.push({ key: "phone.night.frozen" });
  else if (view.actions.some((a) => a.type === "note") && check)
    return [...lines, { key: "phone.note.how", params: { n: check.target } }];
  else if (onlySkip(view)) lines.push({ key: "phone.night.stopped" });
  // The lone prostitute woken as the mafia shoots (NIGHT-5): the mafia's question, not her visit.
  else lines.push({ key: `phone.night.pick.${you.awake === "mafia" ? "mafia" : you.card}` });
  const refused = onlySkip(view) ? [] : refusedSeats(view);
  if (refused.length > 0) lines.push({ key: "phone.night.refused", params: { list: list(refused) } });
  return lines;
}
