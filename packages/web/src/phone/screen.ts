// What a player's phone shows for a view: a plain screen model (no browser here: tests use it).
// The night screen of a living player who is not called now is built from the phase alone, never
// from his card, checks or freezes, so it is the same for every such player (UX: nothing on the
// screen tells an onlooker who has a night role). The private facts live in the held card only.

import type { Action, Card, CommandBody, Seat, SeatView, View } from "@misto/engine";

export type Params = Readonly<Record<string, string | number>>;

/** One line of text: an i18n key and its parameters; `card` fills the "{card}" parameter with a card's name. */
export interface Line {
  readonly key: string;
  readonly params?: Params;
  readonly card?: Card;
}

/** One answer the player may give: its words, the command it sends, and the confirmation asked first. */
export interface Option {
  readonly label: Line;
  readonly confirm: Line;
  readonly command: CommandBody;
}

export interface Choice {
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

function seatOption(n: Seat | null, command: CommandBody, confirmKey: string, noneKey: string): Option {
  return n === null
    ? { label: { key: noneKey }, confirm: { key: `${confirmKey}.none` }, command }
    : { label: { key: "phone.seat", params: { n } }, confirm: { key: confirmKey, params: { n } }, command };
}

function yesNo(yes: boolean, command: CommandBody, base: string): Option {
  const word = yes ? "yes" : "no";
  return { label: { key: `${base}.${word}` }, confirm: { key: `${base}.confirm.${word}` }, command };
}

/** Night choices keep "skip" last; seat choices go in seat order. */
function byTarget(a: number | null, b: number | null): number {
  return (a ?? 99) - (b ?? 99);
}

/** The player's answer now, built from his legal actions only. */
export function choiceOf(view: View): Choice | null {
  const actions = view.actions.map(bodyOf);
  if (actions.length === 0) return null;
  const first = actions[0] as CommandBody;
  const card = view.you?.card;
  switch (first.type) {
    case "choose": {
      const chooses = actions.filter((a) => a.type === "choose");
      const targets = chooses.map((a) => a.target).sort(byTarget);
      const only = targets.length === 1 && targets[0] === null;
      return {
        prompt: { key: only ? "phone.night.onlySkip" : `phone.night.pick.${card ?? "civilian"}` },
        options: targets.map((target) =>
          seatOption(
            target,
            { type: "choose", seat: first.seat, target },
            "phone.confirm.choose",
            "phone.skip",
          ),
        ),
      };
    }
    case "note":
      return {
        prompt: { key: "phone.note.prompt" },
        options: [true, false].map((leave) =>
          yesNo(leave, { type: "note", seat: first.seat, leave }, "phone.note"),
        ),
      };
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
      const title = { key: "phase.night", params: { n: p.n ?? 0 } };
      if (me?.out) return { ...base, kind: "out", title, lines: [{ key: "phone.out.night" }] };
      // Called or not, the layout is one: the title, one line, and (only when called) the choice.
      const called = view.you?.awaited === true && base.choice !== null;
      const lines: Line[] = called ? calledLines(view) : [{ key: "phone.night.wait" }];
      return { ...base, kind: "night", title, lines, choice: called ? base.choice : null };
    }
    case "day": {
      const title = { key: `step.day.${p.step ?? "morning"}`, params: { n: p.n ?? 0 } };
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
    default:
      return { ...base, kind: "closed", title: { key: "phase.closed" }, lines: [] };
  }
}

/** The lines of a called player at night: the freeze notice and tonight's check (his own, private). */
function calledLines(view: View): Line[] {
  const you = view.you;
  const n = view.phase.n ?? 0;
  const lines: Line[] = [{ key: "phone.night.called" }];
  if (you?.frozenNights.includes(n)) lines.push({ key: "phone.night.frozen" });
  const check = you?.checks.find((c) => c.night === n);
  if (check)
    lines.push({
      key: check.black ? "phone.check.black" : "phone.check.red",
      params: { n: check.target, night: n },
    });
  return lines;
}

/** What the held card shows: the card and its rule, the partners, the checks, tonight's freeze. */
export function cardFacts(view: View): CardFacts | null {
  const you = view.you;
  if (!you) return null;
  const lines: Line[] = [];
  for (const p of you.partners) lines.push({ key: "phone.partner", params: { n: p.seat }, card: p.card });
  for (const c of you.checks)
    lines.push({
      key: c.black ? "phone.check.black" : "phone.check.red",
      params: { n: c.target, night: c.night },
    });
  const n = view.phase.kind === "night" ? view.phase.n : null;
  if (n !== null && you.frozenNights.includes(n)) lines.push({ key: "phone.night.frozen" });
  if (you.noteUsed) lines.push({ key: "phone.note.used" });
  return { card: you.card, rule: { key: `phone.rule.${you.card}` }, lines };
}
