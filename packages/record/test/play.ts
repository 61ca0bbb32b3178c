// Drives the engine for record tests: scripted games (a table's commands one by one, each seat
// acting for itself) and seeded random games built from legalActions.

import {
  type Action,
  type Actor,
  awaiting,
  type Card,
  type CommandBody,
  createGame,
  DECK,
  execute,
  type GameEvent,
  type GameState,
  legalActions,
  type NightRole,
  type RuleError,
  type Seat,
  type Settings,
  seededRandom,
  teamOf,
} from "@misto/engine/testing";
import { type GameRecord, type RecordMeta, toRecord } from "@misto/record";

/** The deck in its listed order: 1 Don, 2–3 Mafia, 4 Prostitute, 5 Commissar, 6 Doctor, 7 Maniac, 8–12 Civilians. */
export const STANDARD_DEAL: readonly Card[] = DECK;

export const NAMES = [
  "Olena",
  "Taras",
  "Iryna",
  "Bohdan",
  "Oksana",
  "Dmytro",
  "Nadiia",
  "Andrii",
  "Sofiia",
  "Yurii",
  "Larysa",
  "Maksym",
];

export interface TableOptions {
  readonly cards?: readonly Card[];
  readonly seed?: string;
  readonly settings?: Partial<Settings>;
  readonly admins?: readonly Seat[];
}

export class Play {
  state: GameState;
  readonly events: GameEvent[];
  private clock = 1_767_000_000_000;
  /** The time from one command to the next (ms): a second unless `after` says otherwise. */
  private gap = 1000;

  constructor(options: TableOptions = {}) {
    const made = createGame({
      settings: options.settings ?? {},
      seats: NAMES.map((name, i) => (options.admins?.includes(i + 1) ? { name, admin: true } : { name })),
      deal: options.seed !== undefined ? { seed: options.seed } : { cards: options.cards ?? STANDARD_DEAL },
      at: this.clock,
    });
    if (!made.ok) throw new Error(made.error.message);
    this.state = made.state;
    this.events = [made.event];
  }

  /** Sends a command that must be legal: by default the seat it is about acts for itself. */
  do(body: CommandBody, actor: Actor = defaultActor(body)): this {
    this.clock += this.gap;
    this.gap = 1000;
    const result = execute(this.state, { ...body, actor, at: this.clock });
    if (!result.ok) throw new Error(`${body.type} refused: ${result.error.rule} ${result.error.message}`);
    this.state = result.state;
    this.events.push(...result.events);
    return this;
  }

  /** The rule a command would break now, or null (the command is then applied). */
  attempt(body: CommandBody, actor: Actor = defaultActor(body)): RuleError | null {
    this.clock += this.gap;
    this.gap = 1000;
    const result = execute(this.state, { ...body, actor, at: this.clock });
    if (!result.ok) return result.error;
    this.state = result.state;
    this.events.push(...result.events);
    return null;
  }

  /** The next command comes `seconds` after the previous one (a speech's length, say). */
  after(seconds: number): this {
    this.gap = seconds * 1000;
    return this;
  }

  record(meta?: RecordMeta): GameRecord {
    return toRecord(this.events, meta);
  }

  get step(): string {
    const p = this.state.phase;
    return p.kind === "day" || p.kind === "night" || p.kind === "rating" ? p.step.kind : p.kind;
  }

  /** The seat whose turn it is in the current queue. */
  get current(): Seat | undefined {
    const p = this.state.phase;
    return (p.kind === "day" || p.kind === "rating") && "queue" in p.step
      ? p.step.queue[p.step.index]
      : undefined;
  }

  seat(n: Seat) {
    return this.state.seats[n - 1] as GameState["seats"][number];
  }

  advance(times = 1): this {
    for (let i = 0; i < times; i++) this.do({ type: "advance" });
    return this;
  }

  /** Through the announcement, the discussion and the accusation speeches to the vote. */
  toVoting(): this {
    while (this.step !== "voting") this.advance();
    return this;
  }

  /** Every voter in turn votes as `choose` says; then the host announces the count (HOST-4). */
  vote(choose: (voter: Seat) => Seat): this {
    while (this.step === "voting" && this.current !== undefined) {
      const voter = this.current;
      this.do({ type: "vote", voter, target: choose(voter) });
    }
    return this.count();
  }

  /** Every voter in turn answers the lift-all vote; then the host announces the count (HOST-4). */
  liftVote(yes: (voter: Seat) => boolean): this {
    while (this.step === "liftAll" && this.current !== undefined) {
      const voter = this.current;
      this.do({ type: "liftVote", voter, yes: yes(voter) });
    }
    return this.count();
  }

  /** HOST-4: the host's count, once every ballot of the round is in. */
  count(): this {
    if ((this.step === "voting" || this.step === "liftAll") && this.current === undefined) this.advance();
    return this;
  }

  endSpeeches(kind: string): this {
    while (this.step === kind) this.advance();
    return this;
  }

  /** One night: each woken role chooses per `targets` (missing = skip); the commissar's note as given. */
  night(targets: Partial<Record<NightRole, Seat | null>>, note = false): this {
    const p = () => this.state.phase;
    if (this.step === "acquaintance") this.advance();
    for (let phase = p(); phase.kind === "night"; phase = p()) {
      if (phase.step.kind === "note") {
        const commissar = awaiting(this.state)[0] as Seat;
        this.do({ type: "note", seat: commissar, leave: note });
        continue;
      }
      if (phase.step.kind === "dawn") {
        this.advance(); // HOST-4: the host ends the night
        break;
      }
      if (phase.step.kind !== "wake") break;
      const seat = awaiting(this.state)[0] as Seat;
      this.do({ type: "choose", seat, target: targets[phase.step.role] ?? null });
    }
    return this;
  }

  /**
   * Plays on until the game is over, as a city that knows the cards would: each day every voter
   * names the lowest living black seat (another seat if that is himself), each night the mafia
   * shoots the lowest living red seat, and nobody else acts.
   */
  finish(): this {
    for (let guard = 0; guard < 2000 && this.state.result === null; guard++) {
      const phase = this.state.phase;
      if (phase.kind === "night" && phase.step.kind === "note") {
        this.do({ type: "note", seat: awaiting(this.state)[0] as Seat, leave: false });
      } else if (phase.kind === "night" && phase.step.kind === "wake") {
        const seat = awaiting(this.state)[0] as Seat;
        const target = phase.step.role === "mafia" ? this.lowest("red", [seat]) : null;
        this.do({ type: "choose", seat, target });
      } else if (phase.kind === "day" && phase.step.kind === "voting" && this.current !== undefined) {
        const voter = this.current;
        const allowed = phase.step.candidates;
        const target =
          allowed === null
            ? (this.lowest("black", [voter]) ?? this.lowest("red", [voter]))
            : (allowed.find((s) => s !== voter && teamOf(this.seat(s).card) === "black") ??
              allowed.find((s) => s !== voter));
        this.do({ type: "vote", voter, target: target as Seat });
      } else if (phase.kind === "day" && phase.step.kind === "liftAll" && this.current !== undefined) {
        this.do({ type: "liftVote", voter: this.current as Seat, yes: true });
      } else this.advance();
    }
    if (this.state.result === null) throw new Error("the game did not end");
    return this;
  }

  /** HOST-2 and RATE-1…4: the result announced, a short rating, closed. */
  rate(candidates: readonly Seat[], bonus?: { seat: Seat; points: number }): this {
    this.do({ type: "announceResult" });
    for (const candidate of candidates) this.do({ type: "nominate", candidate }, "host");
    this.do({ type: "closeNominations" });
    while (this.step === "votes") {
      const voter = this.current as Seat;
      const candidate = candidates.find((c) => c !== voter) ?? null;
      this.do({ type: "ratingVote", voter, candidate });
    }
    const phase = this.state.phase;
    if (phase.kind === "rating" && phase.step.kind === "split")
      this.do({ type: "split", points: phase.step.tied.map((seat) => ({ seat, points: 2 })) });
    if (bonus) this.do({ type: "bonus", ...bonus });
    return this.do({ type: "closeRating" });
  }

  private lowest(team: "red" | "black", not: readonly Seat[]): Seat | null {
    const s = this.state.seats.find(
      (x) => x.out === null && teamOf(x.card) === team && !not.includes(x.seat),
    );
    return s ? s.seat : null;
  }
}

/** A seat's own command is sent by that seat; everything else by the host. */
function defaultActor(body: CommandBody): Actor {
  switch (body.type) {
    case "choose":
    case "note":
    case "grave":
      return body.seat;
    case "vote":
    case "liftVote":
    case "ratingVote":
    case "contestVote":
      return body.voter;
    default:
      return "host";
  }
}

/**
 * A game played by chance from a seed: seats pick any legal action; the host moves the game on,
 * now and then gives a foul or undoes a step, announces the result and closes the rating.
 */
export function randomGame(seed: string, options: TableOptions = {}, maxSteps = 4000): Play {
  const random = seededRandom(seed);
  const play = new Play({ seed, ...options });
  for (let step = 0; step < maxSteps && play.state.phase.kind !== "closed"; step++) {
    const actor = awaiting(play.state)[0];
    if (actor === undefined) break;
    const actions = legalActions(play.state, actor);
    const action =
      actor === "host" ? hostChoice(actions, random()) : actions[Math.floor(random() * actions.length)];
    if (!action) break;
    const { actor: who, ...body } = action;
    play.do(body as CommandBody, who);
  }
  return play;
}

function hostChoice(actions: readonly Action[], roll: number): Action | undefined {
  const find = (type: Action["type"]) => actions.find((a) => a.type === type);
  if (roll < 0.03) {
    const undo = find("undo");
    if (undo) return undo;
  }
  if (roll > 0.98) {
    const fouls = actions.filter((a) => a.type === "foul");
    const foul = fouls[Math.floor(((roll - 0.98) / 0.02) * fouls.length)];
    if (foul) return foul;
  }
  return (
    find("advance") ??
    find("announceResult") ??
    find("closeNominations") ??
    find("closeRating") ??
    actions.find((a) => a.type !== "undo" && a.type !== "foul" && a.type !== "disqualify")
  );
}
