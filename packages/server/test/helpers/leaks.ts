// The leak scan of the leak test (leak.test.ts), shared with the tests of several server processes
// (redis.test.ts): every view and out-chat message a client received, judged against the game its
// view was built from (gameOfView).

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
} from "@misto/engine";
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
