// Online tables (docs/api.md "Online tables"): the server is the host. One runner watches every
// online table; per table it keeps one timer, set for the next thing due, and sends the host's
// commands, the bots' actions and the timed-out seats' answers through the table service like any
// other command (stored, then broadcast). With several server processes, only the one holding a
// table's lease (./lease.ts) runs it.

import { randomUUID } from "node:crypto";
import { type Bot, HeuristicBot, hostMove, NO_RATING, type Seen } from "@misto/bots";
import {
  type Action,
  type Actor,
  awaiting,
  type Game,
  legalActions,
  phaseOf,
  SEATS,
  type Seat,
  type View,
  viewFor,
} from "@misto/engine";
import { HttpError } from "../errors.js";
import type { Store } from "../store/index.js";
import { type Leases, OwnAll } from "./lease.js";
import type { LiveTable, TableService } from "./service.js";

export interface OnlineOptions {
  /** How long the deal waits for phones to join before the table starts. Default 60 s. */
  readonly startMs?: number;
  /** A night choice (or the commissar's note) not made in this time is a skip. Default 30 s. */
  readonly nightMs?: number;
  /** A vote not cast in this time is cast for the voter (see timeoutAction). Default 20 s. */
  readonly voteMs?: number;
  /** The pause before the morning announcement, the result and other host steps. Default 3 s. */
  readonly pauseMs?: number;
  /** A bot's "thinking" time: uniform in [min, max] ms. Default 1–4 s. */
  readonly botDelayMs?: readonly [number, number];
  /** A timed step's length in ms from its settings' seconds. Default seconds × 1000. */
  readonly stepMs?: (seconds: number) => number;
  /** The random source of the bots and their delays. */
  readonly random?: () => number;
  /** Where a host action the engine refused is told (the server's logger). Default: nowhere. */
  readonly log?: RunnerLog;
}

/** The runner's logger: a pino (Fastify) logger is one. */
export interface RunnerLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

interface Run {
  readonly id: string;
  timer: ReturnType<typeof setTimeout> | null;
  /** The seats played by bots, fixed when the table starts (null until then). */
  bots: Map<Seat, Bot> | null;
  /** When each pending thing (by key) is due: kept while its key stays current. */
  due: Map<string, number>;
  /** Keys already acted on (a bot asked once per key). */
  done: Set<string>;
  busy: boolean;
  again: boolean;
}

interface Task {
  readonly key: string;
  readonly at: number;
  /** The action to send, or null when there is nothing to send (a bot with nothing to say). */
  readonly make: () => Action | null;
}

const DEFAULTS = {
  startMs: 60_000,
  nightMs: 30_000,
  voteMs: 20_000,
  pauseMs: 3_000,
  botDelayMs: [1_000, 4_000] as const,
};

const SEAT_LIST: readonly Seat[] = Array.from({ length: SEATS }, (_, i) => i + 1);

/** How soon a run (or the resume, or a claim) that met the database away tries again, in ms. */
const RETRY_MS = 500;

export class OnlineRunner {
  private readonly runs = new Map<string, Run>();
  private readonly options: Required<OnlineOptions>;
  private stopped = false;
  private readonly unsubscribe: (() => void)[] = [];
  /** Tables whose lease is being asked for now (one request at a time per table). */
  private readonly claiming = new Set<string>();
  private readonly sweeper: ReturnType<typeof setInterval> | null = null;
  private sweeping = false;

  constructor(
    private readonly tables: TableService,
    private readonly store: Store,
    options: OnlineOptions = {},
    private readonly leases: Leases = new OwnAll(),
  ) {
    this.options = {
      startMs: options.startMs ?? DEFAULTS.startMs,
      nightMs: options.nightMs ?? DEFAULTS.nightMs,
      voteMs: options.voteMs ?? DEFAULTS.voteMs,
      pauseMs: options.pauseMs ?? DEFAULTS.pauseMs,
      botDelayMs: options.botDelayMs ?? DEFAULTS.botDelayMs,
      stepMs: options.stepMs ?? ((seconds) => seconds * 1000),
      random: options.random ?? Math.random,
      log: options.log ?? { warn: () => undefined },
    };
    this.unsubscribe.push(
      tables.onLoad((table) => this.seen(table)),
      tables.onChange((table) => this.watch(table)),
    );
    if (leases.sweepMs > 0) {
      this.sweeper = setInterval(() => void this.sweep(), leases.sweepMs);
      this.sweeper.unref();
    }
  }

  /**
   * Loads every live online table (after a restart): each one's runner resumes. While the
   * database does not answer, it tries again every RETRY_MS.
   */
  async resume(): Promise<void> {
    while (!this.stopped) {
      try {
        for (const row of await this.store.listTables()) {
          if (this.stopped) return;
          if (row.online && row.phase !== "closed") await this.tables.get(row.id);
        }
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
      }
    }
  }

  /** Whether this process runs the table now. */
  running(id: string): boolean {
    return this.runs.has(id);
  }

  /** How many tables are being run now. */
  get size(): number {
    return this.runs.size;
  }

  /** Cancels every timer and lets the leases go (another process takes the tables); nothing more is sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const off of this.unsubscribe) off();
    const ids = [...this.runs.keys()];
    for (const id of ids) this.drop(id);
    await Promise.all(ids.map((id) => this.leases.release(id).catch(() => undefined)));
  }

  private drop(id: string): void {
    const run = this.runs.get(id);
    if (run?.timer) clearTimeout(run.timer);
    this.runs.delete(id);
  }

  /** A table read into memory: run it if its lease is free (another process may run it already). */
  private seen(table: LiveTable): void {
    if (!table.online || this.stopped) return;
    if (this.leases.holds(table.id) || phaseOf(table.state).kind === "closed") this.watch(table);
    else void this.claim(table.id);
  }

  /** Asks for the table's lease; once it is this process's, the table is run from its stored state. */
  private async claim(id: string): Promise<void> {
    if (this.claiming.has(id) || this.stopped) return;
    this.claiming.add(id);
    let held = false;
    try {
      if (!(await this.leases.acquire(id)) || this.stopped) return;
      held = true;
      const table = await this.tables.get(id);
      if (table) this.watch(table);
    } catch {
      // Redis did not answer: the next sweep asks again. The store did not answer with the lease
      // held: the sweep no longer counts the table an orphan, so it is asked again here.
      if (held) setTimeout(() => void this.claim(id), RETRY_MS).unref();
    } finally {
      this.claiming.delete(id);
    }
  }

  /**
   * Renews the leases held (a lost one stops its run) and takes over the tables whose owner is gone.
   * While Redis does not answer, the runs held go on: every command is still checked by the store's
   * expected seq, so even a second runner could not make a move twice.
   */
  private async sweep(): Promise<void> {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    try {
      for (const id of await this.leases.renew()) this.drop(id);
      for (const id of await this.leases.orphans()) await this.claim(id);
    } catch {
      // Redis is unreachable: asked again at the next sweep.
    } finally {
      this.sweeping = false;
    }
  }

  private watch(table: LiveTable): void {
    if (!table.online || this.stopped) return;
    let run = this.runs.get(table.id);
    if (phaseOf(table.state).kind === "closed") {
      this.drop(table.id);
      if (this.leases.holds(table.id)) void this.leases.finish(table.id).catch(() => undefined);
      return;
    }
    // Another process runs it; this one only pushes its changes to the sockets connected here.
    if (!this.leases.holds(table.id)) {
      this.drop(table.id);
      return;
    }
    if (!run) {
      run = {
        id: table.id,
        timer: null,
        bots: null,
        due: new Map(),
        done: new Set(),
        busy: false,
        again: false,
      };
      this.runs.set(table.id, run);
    }
    this.plan(run, table);
  }

  /** Sets the run's one timer for the next task due on this table. */
  private plan(run: Run, table: LiveTable): void {
    if (run.timer) clearTimeout(run.timer);
    run.timer = null;
    const tasks = this.tasks(run, table.state);
    // Forget what is no longer pending.
    const keys = new Set(tasks.map((t) => t.key));
    for (const key of run.due.keys()) if (!keys.has(key)) run.due.delete(key);
    const next = tasks.filter((t) => !run.done.has(t.key)).sort((a, b) => a.at - b.at)[0];
    if (!next) return;
    const wait = Math.max(0, next.at - Date.now());
    run.timer = setTimeout(() => {
      run.timer = null;
      void this.fire(run.id);
    }, wait);
  }

  private async fire(id: string): Promise<void> {
    const run = this.runs.get(id);
    if (!run || this.stopped) return;
    if (!this.leases.holds(id)) {
      this.drop(id);
      return;
    }
    if (run.busy) {
      run.again = true;
      return;
    }
    run.busy = true;
    let due: Task | undefined;
    let action: Action | null = null;
    let away = false;
    try {
      const table = await this.tables.get(id);
      if (!table || this.stopped || this.runs.get(id) !== run) return;
      if (run.bots === null && phaseOf(table.state).kind !== "deal") await this.seatBots(run);
      const now = Date.now();
      due = this.tasks(run, table.state)
        .filter((t) => !run.done.has(t.key) && t.at <= now)
        .sort((a, b) => a.at - b.at)[0];
      if (due) {
        run.done.add(due.key);
        action = due.make();
        if (action) await this.send(table, action);
      }
    } catch (error) {
      if (error instanceof HttpError && error.code !== "stale") {
        // Refused: a bug to see, told once (the task stays done, so it is not sent again).
        this.refused(id, action, error);
      } else {
        // A stale seq (someone acted first): quiet, and tried again on the table as it is now if
        // the step still wants it. Anything else (the database away): tried again in RETRY_MS.
        if (!(error instanceof HttpError)) away = true;
        if (due) run.done.delete(due.key);
      }
    } finally {
      run.busy = false;
      let fresh: LiveTable | null = null;
      if (!away && this.runs.get(id) === run) {
        fresh = await this.tables.get(id).catch(() => {
          away = true;
          return null;
        });
      }
      if (away) this.retry(run);
      else if (fresh && !this.stopped) this.plan(run, fresh);
      run.again = false;
    }
  }

  private refused(table: string, action: Action | null, error: HttpError): void {
    const rule = error.extra.rule ?? null;
    this.options.log.warn(
      { table, action, rule, message: error.message },
      "the engine refused the online runner's action",
    );
  }

  /** The database did not answer: the run fires again in RETRY_MS (the table read anew then). */
  private retry(run: Run): void {
    if (this.stopped || this.runs.get(run.id) !== run) return;
    if (run.timer) clearTimeout(run.timer);
    run.timer = setTimeout(() => {
      run.timer = null;
      void this.fire(run.id);
    }, RETRY_MS);
  }

  /**
   * Bots take every seat without a phone, once the deal has ended (or when a run resumes after a
   * restart): from then on no phone joins (phones.ts), so the bots read here are the seats' holders
   * for the whole game.
   */
  private async seatBots(run: Run): Promise<void> {
    const phones = new Set((await this.store.listSeatTokens(run.id)).map((t) => t.seat));
    const bots = new Map<Seat, Bot>();
    for (const seat of SEAT_LIST)
      if (!phones.has(seat)) bots.set(seat, new HeuristicBot(this.options.random));
    run.bots = bots;
  }

  private async send(table: LiveTable, action: Action): Promise<void> {
    await this.tables.command(table.id, {
      id: `online-${randomUUID()}`,
      seq: table.seq,
      command: action as unknown as { type: string },
    });
  }

  /** When `key` is due: its first planned time, kept while it stays pending. */
  private dueAt(run: Run, key: string, at: () => number): number {
    let known = run.due.get(key);
    if (known === undefined) {
      known = at();
      run.due.set(key, known);
    }
    return known;
  }

  private botDelay(): number {
    const [min, max] = this.options.botDelayMs;
    return min + this.options.random() * (max - min);
  }

  /** Everything pending on the table now, each with when it is due. */
  private tasks(run: Run, game: Game): Task[] {
    const phase = phaseOf(game);
    const move = hostMove(game, NO_RATING);
    const since = move.since;
    // The engine's identity of the step: its time alone would not tell apart two steps begun in one
    // millisecond (the second would pass for done, and the table stall).
    const stepKey = String(move.step);
    const tasks: Task[] = [];
    const bots = run.bots;
    const botOf = (seat: Seat) => bots?.get(seat) ?? null;
    // The deal has ended and the bots are not seated yet: seating them comes first (fire does it).
    if (bots === null && phase.kind !== "deal") return [{ key: `${stepKey}:bots`, at: 0, make: () => null }];

    const actors = awaiting(game);
    for (const actor of actors) {
      if (actor === "host") continue;
      const seat = actor;
      const bot = botOf(seat);
      if (bot) {
        const key = `${stepKey}:bot${seat}`;
        const at = this.dueAt(run, key, () => Date.now() + this.botDelay());
        tasks.push({ key, at, make: () => ask(bot, game, seat) ?? timeoutAction(game, seat) });
      } else {
        const night = phase.kind === "night";
        const key = `${stepKey}:late${seat}`;
        tasks.push({
          key,
          at: since + (night ? this.options.nightMs : this.options.voteMs),
          make: () => timeoutAction(game, seat),
        });
      }
    }
    if (!actors.includes("host") || move.command === null) return tasks;

    // The floor for a bot: its accusation speech, or the Don's grave choice (DON-1).
    const floor = move.floor;
    const bot = floor === null ? null : botOf(floor.seat);
    if (bot && floor !== null) {
      const key = `${stepKey}:floor${floor.seat}`;
      const at = this.dueAt(run, key, () => Date.now() + this.botDelay());
      tasks.push({ key, at, make: () => ask(bot, game, floor.seat) });
    }
    const command = move.command;
    const delay = {
      start: this.options.startMs,
      pause: this.options.pauseMs,
      now: 0,
      timer: this.options.stepMs(move.seconds ?? 0),
    }[move.wait];
    tasks.push({ key: `${stepKey}:host`, at: since + delay, make: () => command });
    return tasks;
  }
}

/** Asks a bot with its own seat's legal actions and view only. */
function ask(bot: Bot, state: Game, seat: Seat): Action | null {
  const actions = legalActions(state, seat);
  let view: View | null = null;
  const seen: Seen = { seat, actions, view: () => (view ??= viewFor(state, seat)) };
  const action = bot.act(seen);
  if (action === null) return null;
  if (action.actor !== seat) return null;
  if (action.type !== "speak" && !actions.includes(action)) return null;
  return action;
}

/**
 * A seat that has not acted by its deadline. A night choice is a skip (never a random pick: a pick
 * could reveal a role); the commissar leaves no note; a lift-all answer is "yes" (with "no", silent
 * players could tie the city day after day for ever: a silent Don means no night shot). A vote cannot be
 * skipped (every voter votes, DAY-5): it goes to the first legal target after the voter in seat
 * order (wrapping round) — a fixed rule that tells nothing of anyone's role. A rating vote likewise.
 * Entered by the host (the server) for the seat.
 */
export function timeoutAction(state: Game, seat: Seat): Action | null {
  const actions = legalActions(state, seat);
  const host: Actor = "host";
  const first = actions[0];
  if (!first) return null;
  switch (first.type) {
    case "choose":
      return { actor: host, type: "choose", seat, target: null };
    case "note":
      return { actor: host, type: "note", seat, leave: false };
    case "liftVote":
      return { actor: host, type: "liftVote", voter: seat, yes: true };
    case "vote": {
      const votes = actions.filter((a): a is Extract<Action, { type: "vote" }> => a.type === "vote");
      const pick = votes.find((a) => a.target > seat) ?? votes[0];
      return pick ? { ...pick, actor: host } : null;
    }
    case "ratingVote": {
      const votes = actions.filter(
        (a): a is Extract<Action, { type: "ratingVote" }> => a.type === "ratingVote",
      );
      const pick = votes.find((a) => a.candidate !== null && a.candidate > seat) ?? votes[0];
      return pick ? { ...pick, actor: host } : null;
    }
    case "contestVote":
      return { actor: host, type: "contestVote", voter: seat, support: false };
    default:
      return null;
  }
}

export type { OnlineOptions as OnlineRunnerOptions };
