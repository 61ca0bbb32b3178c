// The leak scans of the leak tests (leak.test.ts, leak-http.test.ts), shared with the tests of
// several server processes (redis.test.ts): every view and out-chat message a client received,
// judged against the game its view was built from (gameOfView).

import {
  CARDS,
  evolve,
  type GameEvent,
  type GameState,
  isMafioso,
  type Seat,
  type View,
  type Viewer,
  viewFor,
} from "@misto/engine/testing";
import type { ServerMessage } from "@misto/protocol";

const CARD_NAMES = new Set<string>(CARDS);

export type Receiver = Seat | "spectator";

/** Whether `receiver` may know seat `seat`'s card in `state` (FLOW-4, and public cards). */
export function mayKnowCard(state: GameState, receiver: Receiver, seat: Seat): boolean {
  const s = state.seats[seat - 1];
  if (!s) return false;
  if (s.revealed || state.result?.announced === true) return true;
  if (receiver === "spectator") return false;
  if (receiver === seat) return true;
  if (state.nights.length === 0) return false;
  const me = state.seats[receiver - 1];
  if (!me) return false;
  // A player voted out before night 1 never met the mafia.
  if (me.out?.when.kind === "day" && me.out.when.n === 1 && state.settings.firstPhase === "day") return false;
  const black = (card: string) =>
    isMafioso(card as never) || (state.settings.prostituteKnowsMafia && card === "prostitute");
  return black(me.card) && black(s.card);
}

/** Every leak in one view received by `receiver`, judged against `state` (the game at the view's seq). */
export function leaksIn(state: GameState, receiver: Receiver, view: View): string[] {
  const leaks: string[] = [];
  if (view.host !== null) leaks.push("a host view");
  if (receiver === "spectator") {
    if (view.you !== null) leaks.push("a seat's own view sent to a spectator");
  } else if (view.you?.seat !== receiver) leaks.push(`seat ${receiver} got seat ${view.you?.seat}'s view`);
  if (view.viewer !== receiver) leaks.push(`viewer ${String(view.viewer)} sent to ${receiver}`);
  if (
    state.phase.kind === "night" &&
    (view.version !== null || view.phase.step !== null || view.phase.since !== 0)
  ) {
    leaks.push("the night's progress (version, step or its start)");
  }
  // Night choices: only the receiver's own, and as many as it made.
  const own = state.nights.flatMap((n) => n.choices.filter((c) => c.seat === receiver));
  const shownChoices = view.you?.choices ?? [];
  if (shownChoices.length !== own.length)
    leaks.push(`${shownChoices.length} choices shown, ${own.length} own`);
  const walk = (value: unknown, path: string, parent: Record<string, unknown> | null, key: string) => {
    if (typeof value === "string" && CARD_NAMES.has(value)) {
      const seat = parent?.seat;
      // The receiver's own night choices name their role (a card word): its own, allowed.
      if (key === "role" && /^\$\.you\.choices\[\d+\]\.role$/.test(path)) return;
      // The role the receiver is woken for now: its own card's, or "mafia" for a black card that
      // shoots (the Don; the lone prostitute, NIGHT-5).
      if (path === "$.you.awake") {
        const mine = typeof receiver === "number" ? state.seats[receiver - 1]?.card : undefined;
        const shoots = value === "mafia" && (mine === "don" || mine === "mafia" || mine === "prostitute");
        if (value !== mine && !shoots) leaks.push(`card ${path}: ${value}`);
        return;
      }
      const ok =
        typeof seat === "number" &&
        state.seats[seat - 1]?.card === value &&
        mayKnowCard(state, receiver, seat);
      if (!ok) leaks.push(`card ${path}: ${value}`);
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`, parent, key);
      return;
    }
    if (value !== null && typeof value === "object") {
      const o = value as Record<string, unknown>;
      // A night choice of someone else: an object naming a chooser seat, a role and a target.
      if ("target" in o && "role" in o && typeof o.seat === "number" && o.seat !== receiver) {
        leaks.push(`night choice ${path} of seat ${o.seat}`);
      }
      for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`, o, k);
    }
  };
  walk(view, "$", null, "");
  return leaks;
}

/** Out-chat lines carry this marker, searched for in every message a client received. */
export const OUT_MARK = "OUTCHAT-";

/**
 * Every out-chat leak in one receiver's log: a marker anywhere but in an `outChat` message, or in
 * one that came when the receiver's latest view showed it neither out of the game nor the result
 * announced (what the server must check before sending a line).
 */
export function outChatLeaksIn(receiver: Receiver, log: readonly ServerMessage[]): string[] {
  const leaks: string[] = [];
  let reader = false;
  for (const [index, m] of log.entries()) {
    if (m.type === "view") {
      const out = typeof receiver === "number" && m.view.seats[receiver - 1]?.out != null;
      reader = out || m.view.result?.announced === true;
      continue;
    }
    if (!JSON.stringify(m).includes(OUT_MARK)) continue;
    if (m.type !== "outChat") leaks.push(`#${index}: out-chat text in a ${m.type} message`);
    else if (!reader) leaks.push(`#${index}: out chat sent to ${String(receiver)} while not a reader`);
  }
  return leaks;
}

export function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.floor(random() * items.length)];
}

/** The host bot (as in @misto/bots' playGame): moves on, announces, runs a short rating. */
export function hostCommand(state: GameState, random: () => number): Record<string, unknown> {
  const phase = state.phase;
  if (phase.kind === "ended") return { type: "announceResult" };
  if (phase.kind !== "rating") return { type: "advance" };
  const step = phase.step;
  if (step.kind === "nominations") {
    const named = state.rating?.candidates ?? [];
    const open = state.seats.filter((s) => !s.admin && !named.some((c) => c.seat === s.seat));
    if (named.length < 3 && open.length > 0) return { type: "nominate", candidate: pick(open, random)?.seat };
    return { type: "closeNominations" };
  }
  if (step.kind === "split") return { type: "split", points: step.tied.map((seat) => ({ seat, points: 2 })) };
  return { type: "closeRating" };
}

/**
 * The game a view message was built from, given the table's stored events: the host's seq is the
 * table's; a phone's or a spectator's seq counts its own view's changes event by event (it tells
 * nothing of the events it cannot see), so its k-th view is the game after the event at which
 * that view changed for the k-th time. Undefined when no such game exists (a wrong seq).
 */
export function gamesOfViews(
  events: readonly GameEvent[],
): (viewer: Viewer, seq: number) => GameState | undefined {
  const states: GameState[] = [];
  let state: GameState | null = null;
  for (const event of events) {
    state = evolve(state, event);
    states.push(state);
  }
  const changes = new Map<Viewer, GameState[]>();
  return (viewer, seq) => {
    if (viewer === "host") return states[seq - 1];
    let list = changes.get(viewer);
    if (!list) {
      list = [];
      let last = "";
      for (const s of states) {
        const json = JSON.stringify(viewFor(s, viewer));
        if (json !== last) list.push(s);
        last = json;
      }
      changes.set(viewer, list);
    }
    return list[seq - 1];
  };
}

/** What one caller knows of a live table: whose view it reads there, and the game now. */
export interface Known {
  readonly table: string;
  readonly state: GameState;
  readonly viewer: Viewer;
  /** How often `viewer`'s view of the table has changed: the seq that viewer is told. */
  readonly seqOf: (viewer: Viewer) => number;
}

const isView = (v: unknown): v is View =>
  v !== null && typeof v === "object" && "viewer" in v && "phase" in v && "seats" in v;

/** Each game's views, built once: the HTTP scan judges hundreds of answers against one game. */
const builtViews = new WeakMap<GameState, Map<Viewer, { view: View; json: string }>>();
function builtView(state: GameState, viewer: Viewer): { view: View; json: string } {
  let views = builtViews.get(state);
  if (!views) {
    views = new Map();
    builtViews.set(state, views);
  }
  let built = views.get(viewer);
  if (!built) {
    const view = viewFor(state, viewer);
    built = { view, json: JSON.stringify(view) };
    views.set(viewer, built);
  }
  return built;
}

/**
 * Every leak in one HTTP answer (`body`: parsed JSON, or text) to `url`, judged against what the
 * caller knows of each live table. Given the answer's `text` too, an answer whose text and URL name
 * no table secret to the caller is not walked: every check below is of a part about such a table
 * (the URL names it, or an object's `id` or `table` is its id), so none would find anything. The parts of the answer about a table are the whole answer when
 * its URL names the table, else every object whose `id` or `table` is the table's. There, until the
 * result is announced (DAY-8), and unless the caller is the table's host: `phase`, `winner`, `over`
 * and `seq` are the caller's view's, an embedded view is exactly viewFor for its viewer (the
 * caller's or the city's) and passes leaksIn, and no card, night choice or event is named.
 */
export function httpLeaksIn(url: string, body: unknown, known: readonly Known[], text?: string): string[] {
  const leaks: string[] = [];
  const secret = known.filter((k) => k.viewer !== "host" && k.state.result?.announced !== true);
  if (text !== undefined && !secret.some((k) => url.includes(k.table) || text.includes(k.table)))
    return leaks;
  if (typeof body === "string") {
    for (const k of secret)
      if (!url.includes(k.table) && body.includes(k.table)) leaks.push(`${url} names live table ${k.table}`);
    return leaks;
  }
  const viewOf = (k: Known) => builtView(k.state, k.viewer).view;
  const judgeView = (k: Known, view: View, seq: unknown, path: string) => {
    if (view.viewer !== k.viewer && view.viewer !== "spectator")
      leaks.push(`${url} ${path}: the ${String(view.viewer)} view sent to ${String(k.viewer)}`);
    else if (JSON.stringify(view) !== builtView(k.state, view.viewer).json)
      leaks.push(`${url} ${path}: not ${String(view.viewer)}'s view now`);
    else if (view.viewer !== "host")
      for (const leak of leaksIn(k.state, view.viewer, view)) leaks.push(`${url} ${path}: ${leak}`);
    if (seq !== undefined && seq !== k.seqOf(view.viewer))
      leaks.push(`${url} ${path}: seq ${String(seq)}, not the ${String(view.viewer)} view's count`);
  };
  const walk = (value: unknown, path: string, scope: readonly Known[]) => {
    if (typeof value === "string") {
      if (CARD_NAMES.has(value))
        for (const k of scope) leaks.push(`${url} ${path}: card ${value} (${k.table})`);
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`, scope);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const o = value as Record<string, unknown>;
    const here = [
      ...scope,
      ...secret.filter((k) => !scope.includes(k) && (o.id === k.table || o.table === k.table)),
    ];
    if (isView(o.view)) {
      for (const k of here) judgeView(k, o.view, o.seq, `${path}.view`);
      for (const [key, v] of Object.entries(o))
        if (key !== "view" && key !== "seq") walk(v, `${path}.${key}`, here);
      return;
    }
    for (const k of here) {
      const view = viewOf(k);
      const told: Record<string, unknown> = {
        phase: view.phase.kind,
        winner: view.result?.winner ?? null,
        over: view.result !== null,
        seq: k.seqOf(k.viewer),
      };
      for (const [key, expected] of Object.entries(told))
        if (key in o && o[key] !== expected)
          leaks.push(
            `${url} ${path}.${key}: ${JSON.stringify(o[key])}, the view tells ${JSON.stringify(expected)}`,
          );
      if ("target" in o && "role" in o) leaks.push(`${url} ${path}: a night choice (${k.table})`);
      if ("events" in o) leaks.push(`${url} ${path}: the events of ${k.table}`);
    }
    for (const [key, v] of Object.entries(o)) walk(v, `${path}.${key}`, here);
  };
  walk(
    body,
    "$",
    secret.filter((k) => url.includes(k.table)),
  );
  return leaks;
}

/**
 * A live table followed event by event: the game now, and how often each viewer's view has
 * changed (the seq that viewer is told, as the service counts it).
 */
export class ViewCounts {
  state: GameState | null = null;
  private events = 0;
  private readonly last = new Map<Viewer, string>();
  private readonly counts = new Map<Viewer, number>();
  private readonly viewers: readonly Viewer[] = [
    "host",
    "spectator",
    ...Array.from({ length: 12 }, (_, i) => i + 1),
  ];

  /** Takes the table's stored events (all of them); applies those not seen yet. */
  feed(all: readonly GameEvent[]): GameState {
    this.apply(all.slice(this.events));
    this.events = all.length;
    return this.state as GameState;
  }

  /** Takes the events stored after those seen (readEvents after `seq("host")`), numbered on from them. */
  feedNew(fresh: readonly { seq: number; event: GameEvent }[]): GameState {
    for (const [i, e] of fresh.entries())
      if (e.seq !== this.events + i + 1) throw new Error(`event ${e.seq} after ${this.events + i}`);
    this.apply(fresh.map((e) => e.event));
    this.events += fresh.length;
    return this.state as GameState;
  }

  private apply(events: readonly GameEvent[]): void {
    for (const event of events) {
      this.state = evolve(this.state, event);
      for (const viewer of this.viewers) {
        const json = JSON.stringify(viewFor(this.state, viewer));
        if (json !== this.last.get(viewer)) this.counts.set(viewer, (this.counts.get(viewer) ?? 0) + 1);
        this.last.set(viewer, json);
      }
    }
  }

  seq(viewer: Viewer): number {
    return viewer === "host" ? this.events : (this.counts.get(viewer) ?? 0);
  }

  /** What `viewer` knows now: its view (the host's: the table's event count). */
  knowledge(viewer: Viewer): string {
    return viewer === "host" ? String(this.events) : (this.last.get(viewer) ?? "");
  }
}
