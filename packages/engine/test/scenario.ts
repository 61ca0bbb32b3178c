// A small language for rule tests that read as a game: given a table, when a command, then its
// events, its state, or the rule it breaks (and then the state is unchanged).

import {
  type Action,
  awaiting,
  type Card,
  type CommandBody,
  createGame,
  DECK,
  decide,
  evolve,
  type GameEvent,
  type GameState,
  type RuleError,
  type Seat,
  type Settings,
  type View,
  type Viewer,
  viewFor,
} from "@misto/engine/testing";

/** The deal most tests use, the deck in its listed order: 1 Don, 2–3 Mafia, 4 Prostitute, 5 Commissar, 6 Doctor, 7 Maniac, 8–12 Civilians. */
export const STANDARD_DEAL: readonly Card[] = DECK;

export const DON = 1;
export const MAFIA_A = 2;
export const MAFIA_B = 3;
export const PROSTITUTE = 4;
export const COMMISSAR = 5;
export const DOCTOR = 6;
export const MANIAC = 7;

export type Body = CommandBody & { readonly actor?: Action["actor"] };

export class Table {
  state: GameState;
  readonly events: GameEvent[];
  private clock = 1000;

  constructor(
    options: { cards?: readonly Card[]; settings?: Partial<Settings>; admins?: readonly Seat[] } = {},
  ) {
    const created = createGame({
      settings: options.settings ?? {},
      seats: Array.from({ length: 12 }, (_, i) => ({
        name: `Player ${i + 1}`,
        admin: options.admins?.includes(i + 1) ?? false,
      })),
      deal: { cards: options.cards ?? STANDARD_DEAL },
      at: 0,
    });
    if (!created.ok) throw new Error(created.error.message);
    this.state = created.state;
    this.events = [created.event];
  }

  /** Applies a command that must be legal; returns its events. */
  do(body: Body): GameEvent[] {
    const command = { actor: "host" as const, ...body, at: this.clock++ };
    const decision = decide(this.state, command as never);
    if (!decision.ok)
      throw new Error(`${body.type} refused: ${decision.error.rule} ${decision.error.message}`);
    for (const event of decision.events) {
      this.state = evolve(this.state, event);
      this.events.push(event);
    }
    return [...decision.events];
  }

  /** Tries a command that must be illegal: returns its error and checks the state did not change. */
  refuse(body: Body): RuleError {
    const before = JSON.stringify(this.state);
    const command = { actor: "host" as const, ...body, at: this.clock++ };
    const decision = decide(this.state, command as never);
    if (decision.ok) throw new Error(`${body.type} was accepted but should be refused`);
    if (JSON.stringify(this.state) !== before) throw new Error("a refused command changed the state");
    return decision.error;
  }

  advance(times = 1): this {
    for (let i = 0; i < times; i++) this.do({ type: "advance" });
    return this;
  }

  /** The day or rating step in progress (its kind), or the phase kind. */
  get step(): string {
    const p = this.state.phase;
    return p.kind === "day" || p.kind === "night" || p.kind === "rating" ? p.step.kind : p.kind;
  }

  /** The seat whose turn it is in the current day queue. */
  get current(): Seat | undefined {
    const p = this.state.phase;
    return (p.kind === "day" || p.kind === "rating") && "queue" in p.step
      ? p.step.queue[p.step.index]
      : undefined;
  }

  seat(n: Seat) {
    return this.state.seats[n - 1] as GameState["seats"][number];
  }

  /** From the deal, through the discussion, to the end of the accusations (every speech ended). */
  toVoting(): this {
    while (this.step !== "voting") this.advance();
    return this;
  }

  /** Every voter in turn votes as `choose` says; then the host announces the count (HOST-4). */
  vote(choose: (voter: Seat) => Seat): this {
    return this.ballots(choose).count();
  }

  /** Every voter in turn votes as `choose` says, up to the count (HOST-4). */
  ballots(choose: (voter: Seat) => Seat): this {
    while (this.step === "voting" && this.current !== undefined) {
      const voter = this.current;
      this.do({ type: "vote", voter, target: choose(voter) });
    }
    return this;
  }

  /** Every voter in turn answers the lift-all vote as `answer` says; then the host's count (HOST-4). */
  liftAll(answer: (voter: Seat) => boolean): this {
    while (this.step === "liftAll" && this.current !== undefined) {
      const voter = this.current;
      this.do({ type: "liftVote", voter, yes: answer(voter) });
    }
    return this.count();
  }

  /** HOST-4: the host announces the count of the voting round whose every ballot is in. */
  count(): this {
    if ((this.step === "voting" || this.step === "liftAll") && this.current === undefined) this.advance();
    return this;
  }

  /** Ends speeches (last words, split speeches) until the step changes from `kind`. */
  endSpeeches(kind: string): this {
    while (this.step === kind) this.advance();
    return this;
  }

  /** At night, each woken role chooses per `targets` (by role; missing = skip); notes as given. */
  night(
    targets: Partial<Record<"prostitute" | "doctor" | "mafia" | "maniac" | "commissar", Seat | null>>,
    note = false,
  ): this {
    const p = () => this.state.phase;
    let phase = p();
    if (phase.kind === "night" && phase.step.kind === "acquaintance") this.advance();
    for (phase = p(); phase.kind === "night"; phase = p()) {
      if (phase.step.kind === "note") {
        this.do({ type: "note", seat: COMMISSAR_OF(this), leave: note });
        continue;
      }
      if (phase.step.kind === "dawn") {
        this.advance(); // HOST-4: the host ends the night ("the city wakes up")
        break;
      }
      if (phase.step.kind !== "wake") break;
      const role = phase.step.role;
      const view = this.state;
      const pending = pendingOf(view);
      const seat = pending[0] as Seat;
      this.do({ type: "choose", seat, target: targets[role] ?? null });
    }
    return this;
  }

  // ── Added for the day, flow, team and host tests ──────────────────────────────────────────────

  /** The game as `viewer` sees it (the host by default). */
  viewAs(viewer: Viewer = "host"): View {
    return viewFor(this.state, viewer);
  }

  /** The host removes each seat at once (FOUL-6): a quick way to thin the table. */
  disqualifySeats(...seats: Seat[]): this {
    for (const seat of seats) this.do({ type: "disqualify", seat });
    return this;
  }

  /** The host gives `seat` `count` fouls, one at a time. */
  giveFouls(seat: Seat, count: number): this {
    for (let i = 0; i < count; i++) this.do({ type: "foul", seat, reason: "arguing" });
    return this;
  }

  /** The role woken now at night, or the night step's kind; undefined outside the night. */
  get nightRole(): string | undefined {
    const p = this.state.phase;
    if (p.kind !== "night") return undefined;
    return p.step.kind === "wake" ? p.step.role : p.step.kind;
  }

  /** The game position, without the bookkeeping an undo changes (version, undo count, step version). */
  position(): string {
    const { version: _version, undos: _undos, stepVersion: _stepVersion, ...rest } = this.state;
    return JSON.stringify(rest);
  }
}

function COMMISSAR_OF(t: Table): Seat {
  return (t.state.seats.find((s) => s.card === "commissar") as { seat: Seat }).seat;
}

function pendingOf(state: GameState): Seat[] {
  return awaiting(state).filter((a): a is Seat => a !== "host");
}
