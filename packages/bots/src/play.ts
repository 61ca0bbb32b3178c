// playGame: one whole bot game from a seed, with a simple host bot, down to the closed rating
// (or, for simulation, to the announced result).
// The loop is the hot path of mass simulation: it builds no view unless a bot asks for one.

import {
  type Action,
  type Actor,
  awaiting,
  type Command,
  createGame,
  execute,
  type Game,
  type GameEvent,
  legalActions,
  outCauses,
  phaseOf,
  type Random,
  resultOf,
  SEATS,
  type Seat,
  type Settings,
  seededRandom,
  type View,
  viewFor,
  type Winner,
} from "@misto/engine";
import type { Bot, BotKind, Seen } from "./bot.js";
import { HeuristicBot } from "./heuristic.js";
import { hostMove, type RatingHost } from "./host.js";
import { RandomBot } from "./random.js";
import { discussionFloor } from "./talk/floor.js";
import type { TalkLanguage } from "./talk/phrases.js";
import type { Voice } from "./talk/speech.js";

/** A fresh bot of the given kind for one seat of one game; `voice` is how it speaks (if it talks). */
export function makeBot(kind: BotKind, random: Random, voice: Voice): Bot {
  return kind === "heuristic" ? new HeuristicBot(random, voice) : new RandomBot(random);
}

export interface PlayOptions {
  readonly seed: string;
  readonly settings?: Partial<Settings>;
  readonly bots: BotKind;
  /** Keep every event of the game, in order, in the summary. */
  readonly record?: boolean;
  /** Play the rating vote after the result (RATE-1…7); default true. Simulation leaves it out. */
  readonly rating?: boolean;
  /** The language the bots speak in (default en). */
  readonly language?: TalkLanguage;
  /** Told of every command just before it is executed, with the state it is executed on. */
  readonly watch?: (state: Game, command: Command) => void;
}

export interface GameSummary {
  readonly seed: string;
  readonly winner: Winner;
  /** The last day number reached. */
  readonly days: number;
  /** The last night number reached. */
  readonly nights: number;
  readonly commands: number;
  readonly eliminations: {
    readonly vote: number;
    readonly night: number;
    readonly grave: number;
    readonly fouls: number;
    readonly disqualified: number;
  };
  readonly events?: GameEvent[];
}

/** A game that has not closed after this many commands is a bug, not a long game. */
export const MAX_COMMANDS = 10_000;

/** RATE-1: how many candidates the host bot names. */
const HOST_NOMINATIONS = 3;

const SEATING = Array.from({ length: SEATS }, (_, i) => ({ name: `Bot ${i + 1}` }));

/** Plays one game with one bot per seat; throws if a bot breaks the rules or the game never ends. */
export function playGame(options: PlayOptions): GameSummary {
  const { seed } = options;
  const created = createGame({ settings: options.settings, seats: SEATING, deal: { seed }, at: 0 });
  if (!created.ok) throw new Error(`the game could not be created: ${created.error.message}`);
  let state = created.state;
  const events: GameEvent[] | undefined = options.record ? [created.event] : undefined;
  const hostRandom = seededRandom(`${seed}/host`);
  const bots: Bot[] = [];
  for (let seat = 1; seat <= SEATS; seat++)
    bots[seat] = makeBot(options.bots, seededRandom(`${seed}/${seat}`), {
      seed: `${seed}/${seat}`,
      language: options.language ?? "en",
    });

  let commands = 0;
  let days = 0;
  let nights = 0;
  let floorGiven = -1;
  const rating = randomNominations(hostRandom);
  /** The discussion's floor offered once a day to each seat ("day/seat"). */
  const heard = new Set<string>();

  for (;;) {
    const phase = phaseOf(state);
    if (phase.kind === "day" && (phase.n ?? 0) > days) days = phase.n ?? 0;
    else if (phase.kind === "night" && (phase.n ?? 0) > nights) nights = phase.n ?? 0;
    if (phase.kind === "rating" && options.rating === false) break;
    const actors = awaiting(state);
    const actor = actors[0];
    if (actor === undefined) break;
    if (commands >= MAX_COMMANDS) throw new Error(`seed ${seed}: no end after ${MAX_COMMANDS} commands`);

    commands++;
    let command: Command | null = null;
    if (actor === "host") {
      const move = hostMove(state, rating);
      // The floor for a seat that is not awaited, once per step: the Don's grave (DON-1), a speech
      // (DAY-2, DAY-6, DAY-7); then a line in the discussion (DAY-1).
      const floor = move.floor;
      if (floor !== null && move.step !== floorGiven) {
        floorGiven = move.step;
        if (floor.why === "grave" || bots[floor.seat]?.talks)
          command = stamped(ask(state, bots, floor.seat, seed), commands);
      }
      command ??= stamped(discussionLine(state, bots, seed, heard), commands);
      command ??= stamp(move.command ?? { actor: "host", type: "advance" }, commands);
    } else {
      const action = ask(state, bots, actor, seed);
      if (action === null) throw new Error(`seed ${seed}: seat ${actor} is awaited but did not act`);
      command = stamp(action, commands);
    }

    options.watch?.(state, command);
    const result = execute(state, command);
    if (!result.ok) {
      throw new Error(
        `seed ${seed}: ${describe(command.actor)} sent an illegal ${command.type}: ${result.error.rule} ${result.error.message}`,
      );
    }
    state = result.state;
    if (events) for (const e of result.events) events.push(e);
  }

  // As the city knows the game once the result is announced: every departure. Named queries, not
  // the city's view: a whole view a game cost the simulation a twelfth of its rate.
  const result = resultOf(state);
  if (result === null || !result.announced) throw new Error(`seed ${seed}: the game closed without a result`);
  const eliminations = { vote: 0, night: 0, grave: 0, fouls: 0, disqualified: 0 };
  for (const cause of outCauses(state)) if (cause !== null) eliminations[cause]++;
  const summary: GameSummary = {
    seed,
    winner: result.winner,
    days,
    nights,
    commands,
    eliminations,
  };
  return events ? { ...summary, events } : summary;
}

/**
 * What a bot is shown at one turn, its view built on the first call. A class rather than a literal
 * with a closure, as one is made at every seat's turn of every game.
 */
class SeenAt implements Seen {
  private built: View | null = null;
  constructor(
    private readonly state: Game,
    readonly seat: Seat,
    readonly actions: readonly Action[],
  ) {}
  view(): View {
    this.built ??= viewFor(this.state, this.seat);
    return this.built;
  }
}

/** Asks a seat's bot; its answer must be one of its legal actions or its own speech. */
function ask(state: Game, bots: readonly Bot[], seat: Seat, seed: string): Action | null {
  const actions = legalActions(state, seat);
  const action = (bots[seat] as Bot).act(new SeenAt(state, seat, actions));
  if (action === null) return null;
  if (action.type === "speak") {
    if (action.actor !== seat || action.seat !== seat)
      throw new Error(`seed ${seed}: seat ${seat}'s bot spoke for another seat`);
  } else if (!actions.includes(action)) {
    // Every offered action is the seat's own (legalActions lists only what it may do itself).
    throw new Error(`seed ${seed}: seat ${seat}'s bot answered with an action it was not offered`);
  }
  return action;
}

/** RATE-1: the host bot names up to three candidates at random among the rated players. */
function randomNominations(random: Random): RatingHost {
  return {
    nominate(game: Game): Seat | null {
      const view = viewFor(game, "host");
      const named = view.rating?.candidates ?? [];
      if (named.length >= HOST_NOMINATIONS) return null;
      const open = view.seats.filter((s) => !s.admin && !named.some((c) => c.seat === s.seat));
      return open[Math.floor(random() * open.length)]?.seat ?? null;
    },
  };
}

/** DAY-1: the next talking bot's line in the discussion, each seat offered the floor once a day. */
function discussionLine(
  state: Game,
  bots: readonly Bot[],
  seed: string,
  offered: Set<string>,
): Action | null {
  const phase = phaseOf(state);
  if (phase.step !== "discussion") return null;
  for (const seat of discussionFloor(state)) {
    const key = `${phase.n}/${seat}`;
    if (offered.has(key) || !bots[seat]?.talks) continue;
    offered.add(key);
    const action = ask(state, bots, seat, seed);
    if (action !== null) return action;
  }
  return null;
}

/** A bot's answer on the host's turn (a speech, the Don's grave) as a command, or null when it had none. */
function stamped(action: Action | null, at: number): Command | null {
  return action === null ? null : stamp(action, at);
}

/**
 * The action as a command at time `at`. A spread over the many action shapes is megamorphic and
 * costs about half of a random game, so the hot shapes are copied field by field, each case
 * reading the actor itself (from the one shape of its type, not among all of them).
 */
function stamp(action: Action, at: number): Command {
  switch (action.type) {
    case "advance":
      return { actor: action.actor, at, type: "advance" };
    case "choose":
      return { actor: action.actor, at, type: "choose", seat: action.seat, target: action.target };
    case "vote":
      return { actor: action.actor, at, type: "vote", voter: action.voter, target: action.target };
    case "liftVote":
      return { actor: action.actor, at, type: "liftVote", voter: action.voter, yes: action.yes };
    case "ratingVote":
      return {
        actor: action.actor,
        at,
        type: "ratingVote",
        voter: action.voter,
        candidate: action.candidate,
      };
    case "note":
      return { actor: action.actor, at, type: "note", seat: action.seat, leave: action.leave };
    default:
      return { ...action, at };
  }
}

function describe(actor: Actor): string {
  return actor === "host" ? "the host" : `seat ${actor}`;
}
