// A scripted table for bot tests: the test sends every command itself, then asks one seat's bot
// what it would do from that seat's own view (legalActions and viewFor, as playGame shows it).

import {
  type Action,
  type Actor,
  awaiting,
  type CommandBody,
  createGame,
  DECK,
  execute,
  type GameState,
  legalActions,
  type NightRole,
  type Seat,
  seededRandom,
  viewFor,
} from "@misto/engine/testing";
import type { BotKind, Seen } from "../src/bot.js";
import { makeBot } from "../src/play.js";

/** The deck in its listed order: 1 Don, 2–3 Mafia, 4 Prostitute, 5 Commissar, 6 Doctor, 7 Maniac, 8–12 Civilians. */
export const DON = 1;
export const PROSTITUTE = 4;
export const COMMISSAR = 5;
export const DOCTOR = 6;
export const MANIAC = 7;

export class Table {
  state: GameState;
  private clock = 1000;

  constructor() {
    const made = createGame({
      seats: Array.from({ length: 12 }, (_, i) => ({ name: `P${i + 1}` })),
      deal: { cards: DECK },
      at: 0,
    });
    if (!made.ok) throw new Error(made.error.message);
    this.state = made.state;
  }

  do(body: CommandBody, actor: Actor = "host"): this {
    const result = execute(this.state, { ...body, actor, at: this.clock++ } as never);
    if (!result.ok) throw new Error(`${body.type} refused: ${result.error.rule} ${result.error.message}`);
    this.state = result.state;
    return this;
  }

  get step(): string {
    const p = this.state.phase;
    return p.kind === "day" || p.kind === "night" || p.kind === "rating" ? p.step.kind : p.kind;
  }

  /** The seat whose turn it is in the day's current queue. */
  get current(): Seat | undefined {
    const p = this.state.phase;
    return p.kind === "day" && "queue" in p.step ? p.step.queue[p.step.index] : undefined;
  }

  /** The host advances until the step is reached. */
  until(step: string, speaker?: Seat): this {
    for (let guard = 0; guard < 100; guard++) {
      if (this.step === step && (speaker === undefined || this.current === speaker)) return this;
      this.do({ type: "advance" });
    }
    throw new Error(`never reached ${step}`);
  }

  /** Voters in turn, as `choose` says, until `stop` is the next voter or the round ends. */
  vote(choose: (voter: Seat) => Seat, stop?: Seat): this {
    while (this.step === "voting" && this.current !== stop) {
      const voter = this.current as Seat;
      this.do({ type: "vote", voter, target: choose(voter) }, voter);
    }
    return this;
  }

  /**
   * Through the night: each woken role chooses as given (missing = skip), no note is left; with
   * `stop`, the night halts when that role wakes.
   */
  night(targets: Partial<Record<NightRole, Seat>>, stop?: NightRole): this {
    this.until("wake");
    for (let p = this.state.phase; p.kind === "night"; p = this.state.phase) {
      const seat = awaiting(this.state)[0] as Seat;
      if (p.step.kind === "wake" && p.step.role === stop) return this;
      if (p.step.kind === "note") this.do({ type: "note", seat, leave: false }, seat);
      else if (p.step.kind === "wake")
        this.do({ type: "choose", seat, target: targets[p.step.role] ?? null }, seat);
      else this.do({ type: "advance" });
    }
    if (stop) throw new Error(`${stop} did not wake`);
    return this;
  }

  /** What the seat's bot, made from `seed`, would do now, from that seat's own view. */
  ask(seat: Seat, seed: string, kind: BotKind = "heuristic"): Action | null {
    const state = this.state;
    const seen: Seen = { seat, actions: legalActions(state, seat), view: () => viewFor(state, seat) };
    return makeBot(kind, seededRandom(seed), { seed, language: "en" }).act(seen);
  }

  /** The targets the seat's bot picks over many seeds (its choices among equals vary by seed). */
  picks(seat: Seat, seeds = 40, kind: BotKind = "heuristic"): Set<Seat | null> {
    const out = new Set<Seat | null>();
    for (let i = 0; i < seeds; i++) {
      const action = this.ask(seat, `pick-${i}`, kind);
      if (action === null || !("target" in action)) throw new Error(`seat ${seat} gave no target`);
      out.add(action.target);
    }
    return out;
  }
}

/** Every voter names `target`; `target` himself names `other`. */
export const against = (target: Seat, other: Seat) => (voter: Seat) => (voter === target ? other : target);
