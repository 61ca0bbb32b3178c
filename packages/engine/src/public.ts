// The engine's entry points as other packages call them: every game they hold is an opaque Game,
// read through viewFor and the named queries here. Inside the engine the same functions take the
// GameState; this file is the one place a Game is read as one.

import type { Command } from "./commands.js";
import { type Decision, decide as decideState, silencedBy as silencedState } from "./decide.js";
import type { Created, GameEvent } from "./events.js";
import { evolve as evolveState, initialState as initialStateOf } from "./evolve.js";
import {
  createGame as createState,
  execute as executeState,
  replay as replayState,
  type Setup,
  type SetupError,
} from "./game.js";
import { type Action, awaiting as awaitingState, legalActions as legalState } from "./legal.js";
import type { RuleError } from "./rules.js";
import { livingFrom, nextStarter } from "./seats.js";
import type { Actor, DayStep, Game, GameState, LogNode, OutCause, Seat, Winner } from "./state.js";
import { type Floor, floorOf, type HostStep, hostStep } from "./view/host.js";
import type { ViewMemo } from "./view/memo.js";
import {
  outAnnounced as outAnnouncedState,
  stepSeconds,
  type View,
  type Viewer,
  viewFor as viewState,
} from "./view.js";

const read = (game: Game): GameState => game as GameState;

export function createGame(
  setup: Setup,
): { ok: true; event: Created; state: Game } | { ok: false; error: SetupError } {
  return createState(setup);
}

export function execute(
  game: Game,
  command: Command,
): { ok: true; state: Game; events: readonly GameEvent[] } | { ok: false; error: RuleError } {
  return executeState(read(game), command);
}

export function decide(game: Game, command: Command): Decision {
  return decideState(read(game), command);
}

export function evolve(game: Game | null, event: GameEvent): Game {
  return evolveState(game === null ? null : read(game), event);
}

export function initialState(created: Created): Game {
  return initialStateOf(created);
}

export function replay(events: readonly GameEvent[]): Game {
  return replayState(events);
}

/** The view of `game` for `viewer`; a `memo` kept across calls shares the parts made from one record. */
export function viewFor(game: Game, viewer: Viewer, memo?: ViewMemo): View {
  return viewState(read(game), viewer, memo);
}

export function legalActions(game: Game, actor: Actor): Action[] {
  return legalState(read(game), actor);
}

export function awaiting(game: Game): readonly Actor[] {
  return awaitingState(read(game));
}

/** Why `seat` may not speak in the city now, or null (the rule in `you.silenced`). */
export function silencedBy(game: Game, seat: Seat): RuleError | null {
  return silencedState(read(game), seat);
}

/** Whether every player knows `seat` is out of the game (his elimination or the result is announced). */
export function outAnnounced(game: Game, seat: Seat): boolean {
  return outAnnouncedState(read(game), seat);
}

/** The state's version: the number of events folded so far (the next event's sequence number). */
export function versionOf(game: Game): number {
  return read(game).version;
}

/** HOST-3: the last `count` steps an undo would take back (lines of speech aside), newest first. */
export function lastSteps(game: Game, count: number): GameEvent[] {
  const out: GameEvent[] = [];
  for (let node: LogNode | null = read(game).log; node && out.length < count; node = node.prev) {
    if (node.event.type !== "spoke") out.push(node.event);
  }
  return out;
}

/**
 * The phase a game is in, its number (a day's or a night's) and the day's step (view.phase.step,
 * null outside a day), as every viewer may know them.
 */
export function phaseOf(game: Game): {
  readonly kind: GameState["phase"]["kind"];
  readonly n: number | null;
  readonly step: DayStep["kind"] | null;
} {
  const p = read(game).phase;
  if (p.kind === "day") return { kind: p.kind, n: p.n, step: p.step.kind };
  return { kind: p.kind, n: p.kind === "night" ? p.n : null, step: null };
}

/**
 * The host's step now (view.host.next), who has the floor (view.phase.floor, to the host), and the
 * step's timer and identity: what a driver of a table needs on every turn, without building a view.
 */
export function hostTurn(game: Game): HostTurn {
  const state = read(game);
  return {
    next: hostStep(state),
    floor: floorOf(state),
    seconds: stepSeconds(state),
    since: state.stepSince,
    // Unlike its time, the step's version tells apart two steps begun in the same millisecond.
    step: state.stepVersion,
  };
}

export interface HostTurn {
  readonly next: HostStep | null;
  readonly floor: Floor | null;
  /** The step's timer in seconds (DAY-1, DAY-2, DAY-6, DAY-7), or null. */
  readonly seconds: number | null;
  /** When the step began. */
  readonly since: number;
  /** The step's identity: the version of the event that began it. */
  readonly step: number;
}

/** TEAM-1, HOST-2: the game's result (to the host: also before it is announced), or null. */
export function resultOf(game: Game | null): { readonly winner: Winner; readonly announced: boolean } | null {
  const result = game === null ? null : read(game).result;
  return result && { winner: result.winner, announced: result.announced };
}

/**
 * Why each seat left the game, as every player knows it (its departure announced, or every one once
 * the result is: the city's view.seats[i].out.cause), seat 1 first; null for a seat still in or
 * not yet known out. What a summary of a finished game needs, without building a view.
 */
export function outCauses(game: Game): (OutCause | null)[] {
  const state = read(game);
  return state.seats.map((s) => (s.out !== null && outAnnouncedState(state, s.seat) ? s.out.cause : null));
}

/** DAY-5: the living seats in the order the next accusation round would call them. */
export function accusationQueue(game: Game): Seat[] {
  const state = read(game);
  return livingFrom(state, nextStarter(state));
}
