// A random table for property tests: seats pick uniformly from their legal actions, and a random host
// mostly moves the game on but now and then fouls, remarks, disqualifies, undoes, redeals and enters
// the seats' choices on their behalf. Every choice comes from one seeded generator, so a failing
// game is reproduced by its spec alone.

import {
  type Action,
  awaiting,
  type Card,
  type Command,
  createGame,
  DECK,
  type Decision,
  decide,
  evolve,
  FOUL_REASONS,
  type GameEvent,
  type GameState,
  legalActions,
  pick,
  type Random,
  REMARK_REASONS,
  type Seat,
  type Settings,
  seededRandom,
  shuffled,
} from "@misto/engine/testing";

/** Everything a random game is made from. */
export interface GameSpec {
  /** Drives every choice made during the game. */
  readonly seed: number;
  readonly settings: Partial<Settings>;
  readonly deal: { readonly seed: string } | { readonly cards: readonly Card[] };
  /** RATE-7: seats held by club administration. */
  readonly admins: readonly Seat[];
}

/** How often (per command) the random host does something other than move the game on. */
export interface Rates {
  readonly undo: number;
  readonly foul: number;
  readonly remark: number;
  readonly disqualify: number;
  /** A line of speech from a random seat (often refused). */
  readonly speak: number;
  /** Of the seats' choices and votes, the share the host enters on their behalf. */
  readonly hostEntry: number;
  /** At the deal, the chance of a redeal instead of starting play. */
  readonly redeal: number;
  /** DON-1: the chance the Don takes somebody to the grave when he may. */
  readonly grave: number;
  /**
   * HOST-4: at the host's own moments (a count due, dawn), the chance he records something first:
   * a foul, a remark or a removal, before he announces.
   */
  readonly moment: number;
}

export const DEFAULT_RATES: Rates = {
  undo: 0.012,
  foul: 0.05,
  remark: 0.02,
  disqualify: 0.003,
  speak: 0.02,
  hostEntry: 0.1,
  redeal: 0.15,
  grave: 0.6,
  moment: 0,
};

const ASIDES = ["undo", "foul", "remark", "disqualify", "speak"] as const;

/** One submitted command: the state before it, what decide said, and the state after. */
export interface Step {
  readonly before: GameState;
  readonly command: Command;
  readonly decision: Decision;
  readonly after: GameState;
}

export const ALL_SEATS: readonly Seat[] = Array.from({ length: 12 }, (_, i) => i + 1);

export class RandomGame {
  state: GameState;
  /** Every event applied, the `created` first and undos included: the game's record. */
  readonly events: GameEvent[];
  /** Accepted commands so far. */
  accepted = 0;
  /** Accepted commands when the game ended (its result first appeared), or null. */
  acceptedAtEnd: number | null = null;
  readonly random: Random;
  onStep: ((step: Step) => void) | null = null;
  private readonly troublemaker: Seat;
  /** The time of the last command sent. */
  clock = 1_000_000;

  constructor(
    readonly spec: GameSpec,
    readonly rates: Rates = DEFAULT_RATES,
  ) {
    const created = createGame({
      settings: spec.settings,
      seats: ALL_SEATS.map((seat) => ({ name: `Player ${seat}`, admin: spec.admins.includes(seat) })),
      deal: spec.deal,
      at: this.clock,
    });
    if (!created.ok) throw new Error(`the spec does not make a game: ${created.error.message}`);
    this.state = created.state;
    this.events = [created.event];
    this.random = seededRandom(`random-game-${spec.seed}`);
    this.troublemaker = this.anySeat();
  }

  get closed(): boolean {
    return this.state.phase.kind === "closed";
  }

  /** A whole number from 0 to n − 1. */
  int(n: number): number {
    return Math.floor(this.random() * n);
  }

  /** Decides a command with the next time stamp and, when it is legal, folds its events in. */
  submit(action: Action, at?: number): Decision {
    this.clock += 1 + this.int(5_000);
    const command = { ...action, at: at ?? this.clock } as Command;
    const before = this.state;
    const decision = decide(before, command);
    if (decision.ok) {
      for (const event of decision.events) {
        this.state = evolve(this.state, event);
        this.events.push(event);
      }
      this.accepted++;
      if (this.state.result !== null && this.acceptedAtEnd === null) this.acceptedAtEnd = this.accepted;
      if (this.state.result === null) this.acceptedAtEnd = null; // undone
    }
    this.onStep?.({ before, command, decision, after: this.state });
    return decision;
  }

  /** Plays the next random command. */
  step(): Decision {
    return this.submit(this.nextAction());
  }

  /** What the random table does next (its time is added by `submit`). */
  nextAction(): Action {
    const state = this.state;
    const rates = this.rates;
    if (rates.moment > 0 && atHostMoment(state) && this.random() < rates.moment) return this.discipline();
    const aside = this.aside();
    if (aside === "undo") return { actor: "host", type: "undo" };
    if (aside === "foul") {
      const reason = pick(FOUL_REASONS, this.random);
      const seat = this.foulSeat();
      // FOUL-1: "other" always carries a note (the draw is made either way, to keep the stream).
      return this.random() < 0.2 || reason === "other"
        ? { actor: "host", type: "foul", seat, reason, note: "the host's note" }
        : { actor: "host", type: "foul", seat, reason };
    }
    // FOUL-2: remarks are made in the discussion, so the host makes them mostly there.
    const discussion = state.phase.kind === "day" && state.phase.step.kind === "discussion";
    if (aside === "remark" || (discussion && this.random() < 10 * rates.remark))
      return {
        actor: "host",
        type: "remark",
        seat: this.foulSeat(),
        reason: pick(REMARK_REASONS, this.random),
      };
    if (aside === "disqualify") return { actor: "host", type: "disqualify", seat: this.anySeat() };
    if (aside === "speak") {
      const seat = this.anySeat();
      return { actor: seat, type: "speak", seat, text: `seat ${seat} speaks` };
    }
    const waiting = awaiting(state);
    const seats = waiting.filter((a): a is Seat => a !== "host");
    if (seats.length > 0) {
      const seat = pick(seats, this.random);
      const actions = legalActions(state, seat);
      if (actions.length === 0) throw new Error(`seat ${seat} is awaited but has no legal action`);
      return this.asHostSometimes(pick(actions, this.random));
    }
    if (waiting.includes("host")) return this.hostMove();
    throw new Error(`nobody is awaited in phase ${JSON.stringify(state.phase)}`);
  }

  /** A foul, a remark or a removal for a random seat (HOST-4: the host's moments). */
  private discipline(): Action {
    const r = this.random();
    const seat = this.foulSeat();
    if (r < 0.6)
      return { actor: "host", type: "foul", seat, reason: pick(FOUL_REASONS, this.random), note: "noted" };
    if (r < 0.8) return { actor: "host", type: "remark", seat, reason: pick(REMARK_REASONS, this.random) };
    return { actor: "host", type: "disqualify", seat };
  }

  /** Whether the host steps aside from the game's course this time, and how (drawn by the rates). */
  private aside(): (typeof ASIDES)[number] | null {
    let r = this.random();
    for (const kind of ASIDES) {
      r -= this.rates[kind];
      if (r < 0) return kind;
    }
    return null;
  }

  private anySeat(): Seat {
    return 1 + this.int(12);
  }

  /** Half the fouls and remarks go to one troublemaker, so that some players reach FOUL-4 and FOUL-5. */
  private foulSeat(): Seat {
    return this.random() < 0.5 ? this.troublemaker : this.anySeat();
  }

  private asHostSometimes(action: Action): Action {
    return this.random() < this.rates.hostEntry ? { ...action, actor: "host" } : action;
  }

  /** The host's move when the game waits for him. */
  private hostMove(): Action {
    const phase = this.state.phase;
    switch (phase.kind) {
      case "deal":
        if (this.random() >= this.rates.redeal) return { actor: "host", type: "advance" };
        return this.random() < 0.5
          ? { actor: "host", type: "redeal", seed: `redeal-${this.int(1_000_000)}` }
          : { actor: "host", type: "redeal", cards: shuffled(DECK, this.random) };
      case "ended":
        return { actor: "host", type: "announceResult" };
      case "rating":
        return this.ratingMove();
      case "day": {
        const step = phase.step;
        if (step.kind === "lastWords") {
          const speaker = step.queue[step.index];
          const grave = speaker === undefined ? [] : legalActions(this.state, speaker);
          if (grave.length > 0 && this.random() < this.rates.grave)
            return this.asHostSometimes(pick(grave, this.random));
        }
        return { actor: "host", type: "advance" };
      }
      default:
        return { actor: "host", type: "advance" };
    }
  }

  private ratingMove(): Action {
    const phase = this.state.phase;
    if (phase.kind !== "rating") throw new Error("not the rating");
    const step = phase.step;
    switch (step.kind) {
      case "nominations": {
        if (this.random() < 0.3) return { actor: "host", type: "closeNominations" };
        const candidate = this.anySeat();
        return this.random() < 0.5
          ? { actor: "host", type: "nominate", candidate }
          : { actor: this.anySeat(), type: "nominate", candidate };
      }
      case "split":
        return {
          actor: "host",
          type: "split",
          points: step.tied.map((seat) => ({ seat, points: 1 + this.int(3) })),
        };
      case "review": {
        const r = this.random();
        if (r < 0.3) return { actor: "host", type: "bonus", seat: this.anySeat(), points: 1 + this.int(2) };
        if (r < 0.4) return { actor: "host", type: "contest", seat: this.anySeat(), points: this.int(6) };
        return { actor: "host", type: "closeRating" };
      }
      default:
        throw new Error(`the rating step ${step.kind} waits for the seats, not the host`);
    }
  }
}

/** HOST-4: the host's own moments: a voting round's count is due, or the night's end (dawn). */
export function atHostMoment(state: GameState): boolean {
  const p = state.phase;
  if (p.kind === "night") return p.step.kind === "dawn";
  if (p.kind !== "day") return false;
  const step = p.step;
  return (step.kind === "voting" || step.kind === "liftAll") && step.index >= step.queue.length;
}

/** The most accepted commands a game may take to end (to its result) and then to close its rating. */
export const MAX_COMMANDS_TO_END = 3_000;
export const MAX_COMMANDS_TO_CLOSE = 1_000;

/**
 * Plays a game to its closed rating, calling `each` before every command. Throws when the game does
 * not end within MAX_COMMANDS_TO_END accepted commands or does not close soon after.
 */
export function playToClose(game: RandomGame, each?: () => void): void {
  let attempts = 0;
  while (!game.closed) {
    if (++attempts > 20 * (MAX_COMMANDS_TO_END + MAX_COMMANDS_TO_CLOSE))
      throw new Error("too many refused commands: the random table is stuck");
    if (game.acceptedAtEnd === null && game.accepted > MAX_COMMANDS_TO_END)
      throw new Error(`no result after ${game.accepted} accepted commands`);
    if (game.acceptedAtEnd !== null && game.accepted > game.acceptedAtEnd + MAX_COMMANDS_TO_CLOSE)
      throw new Error(`the rating did not close within ${MAX_COMMANDS_TO_CLOSE} commands`);
    each?.();
    if (!game.closed) game.step();
  }
}

/** A deal by hand: the deck shuffled from a number. */
export function handDeal(n: number): readonly Card[] {
  return shuffled(DECK, seededRandom(`hand-deal-${n}`));
}
