// Online tables (docs/api.md "Online tables"): the server is the host. One runner watches every
// online table; per table it keeps one timer, set for the next thing due, and sends the host's
// commands, the bots' actions and the timed-out seats' answers through the table service like any
// other command (stored, then broadcast). With several server processes, only the one holding a
// table's lease (./lease.ts) runs it.

import { randomUUID } from "node:crypto";
import { type Bot, HeuristicBot, hostMove, NO_RATING, type Seen, typingMs } from "@misto/bots";
import {
  type Action,
  ALL_SEATS,
  awaiting,
  type Game,
  legalActions,
  phaseOf,
  type Seat,
  type View,
  viewFor,
} from "@misto/engine";
import { type AwayMessage, missedAnswer } from "@misto/protocol";
import { HttpError } from "../errors.js";
import type { Subscriber, Watcher } from "../realtime/hub.js";
import type { Store } from "../store/index.js";
import { Absence, type AwayChange } from "./absence.js";
import { type Leases, OwnAll } from "./lease.js";
import {
  ONLINE_DEFAULTS,
  type OnlineLanguage,
  type OnlineSettings,
  storedOnlineSettings,
} from "./online-settings.js";
import type { LiveTable, TableService } from "./service.js";
import { type TalkClock, talkTasks } from "./talk.js";

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
  /** How long a bot takes to type a line before it is sent. Default @misto/bots' typingMs. */
  readonly typingMs?: (text: string) => number;
  /** The beat between a bot's speech (or its pass, having nothing to say) and the next speaker. Default 1 s. */
  readonly passMs?: number;
  /** A timed step's length in ms from its settings' seconds. Default seconds × 1000. */
  readonly stepMs?: (seconds: number) => number;
  /** The random source of the bots and their delays. */
  readonly random?: () => number;
  /** A player who misses this many deadlines in a row is played by a bot. Default 2. */
  readonly missedDeadlines?: number;
  /** A player whose phone is away this long is played by a bot, in ms. Default 60 s. */
  readonly graceMs?: number;
  /** The language the bots speak. Default ru. */
  readonly language?: OnlineLanguage;
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
  /** The table's own settings over the server's (./online-settings.ts). */
  settings: OnlineSettings;
  /** The seats played by bots, fixed when the table starts (null until then). */
  bots: Map<Seat, Bot> | null;
  /** Who is absent (./absence.ts), and the bots that play for them. */
  readonly absence: Absence;
  readonly standIns: Map<Seat, Bot>;
  /** The deadlines pending for players (by task key): one that goes without firing was met. */
  readonly deadlines: Map<string, Seat>;
  /** When each pending thing (by key) is due: kept while its key stays current. */
  due: Map<string, number>;
  /** Keys already acted on (a bot asked once per key). */
  done: Set<string>;
  busy: boolean;
  again: boolean;
}

export interface Task {
  readonly key: string;
  readonly at: number;
  /** The action to send, or null when there is nothing to send (a bot with nothing to say). */
  readonly make: () => Action | null;
  /** A player's deadline: the seat whose answer the runner enters (./absence.ts counts it). */
  readonly late?: Seat;
}

/** The runner's own timings; the deadlines' defaults are the online settings' (ONLINE_DEFAULTS). */
const DEFAULTS = {
  pauseMs: 3_000,
  botDelayMs: [1_000, 4_000] as const,
  passMs: 1_000,
};

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
  /** A table's settings where it names none: this server's options. */
  private readonly defaults: OnlineSettings;
  /** Tables' stored settings, parsed (by their text). */
  private readonly parsed = new Map<string, OnlineSettings>();
  private readonly announcers = new Set<(tableId: string, message: AwayMessage) => void>();

  constructor(
    private readonly tables: TableService,
    private readonly store: Store,
    options: OnlineOptions = {},
    private readonly leases: Leases = new OwnAll(),
  ) {
    this.options = {
      startMs: options.startMs ?? ONLINE_DEFAULTS.startMs,
      nightMs: options.nightMs ?? ONLINE_DEFAULTS.nightMs,
      voteMs: options.voteMs ?? ONLINE_DEFAULTS.voteMs,
      pauseMs: options.pauseMs ?? DEFAULTS.pauseMs,
      botDelayMs: options.botDelayMs ?? DEFAULTS.botDelayMs,
      stepMs: options.stepMs ?? ((seconds) => seconds * 1000),
      typingMs: options.typingMs ?? typingMs,
      passMs: options.passMs ?? DEFAULTS.passMs,
      random: options.random ?? Math.random,
      log: options.log ?? { warn: () => undefined },
      missedDeadlines: options.missedDeadlines ?? ONLINE_DEFAULTS.missedDeadlines,
      graceMs: options.graceMs ?? ONLINE_DEFAULTS.graceMs,
      language: options.language ?? ONLINE_DEFAULTS.language,
    };
    const o = this.options;
    this.defaults = {
      language: o.language,
      humanSeats: ONLINE_DEFAULTS.humanSeats,
      startMs: o.startMs,
      nightMs: o.nightMs,
      voteMs: o.voteMs,
      missedDeadlines: o.missedDeadlines,
      graceMs: o.graceMs,
      spectatorDelayMs: ONLINE_DEFAULTS.spectatorDelayMs,
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
    run?.absence.stop();
    this.runs.delete(id);
  }

  /** The table's settings as it runs with them: its own over this server's (./online-settings.ts). */
  settingsOf(table: LiveTable): OnlineSettings {
    const json = table.onlineSettings;
    if (json === null) return this.defaults;
    // Read at every public change (the hub's spectator delay): each stored text is parsed once.
    let settings = this.parsed.get(json);
    if (!settings) {
      if (this.parsed.size >= 1000) this.parsed.clear();
      settings = storedOnlineSettings(json, this.defaults);
      this.parsed.set(json, settings);
    }
    return settings;
  }

  /** Who is told when a bot takes an absent player's seat, or he takes it back (the hub: everyone). */
  onAnnounce(listener: (tableId: string, message: AwayMessage) => void): () => void {
    this.announcers.add(listener);
    return () => this.announcers.delete(listener);
  }

  /** Presence (the hub): a subscriber came; a seat's phone back takes its seat back from its bot. */
  here(tableId: string, subscriber: Subscriber, as: Watcher): void {
    const run = this.runs.get(tableId);
    if (!run) return;
    if (typeof as === "object") run.absence.arrived(as.seat);
    const seats = run.absence.list();
    if (seats.length > 0) subscriber.send({ type: "away", table: tableId, seats, change: null });
  }

  /** Presence (the hub): a seat's last phone left; past the grace time a bot plays it. */
  gone(tableId: string, seat: Seat): void {
    const run = this.runs.get(tableId);
    if (!run || run.bots?.has(seat)) return;
    run.absence.departed(seat, run.settings.graceMs);
  }

  /** A seat changed hands: everyone is told, and the run plans anew (a bot acts for it now). */
  private changed(run: Run, change: AwayChange): void {
    const message: AwayMessage = { type: "away", table: run.id, seats: run.absence.list(), change };
    for (const tell of this.announcers) tell(run.id, message);
    if (this.runs.get(run.id) !== run || this.stopped) return;
    if (run.timer) clearTimeout(run.timer);
    run.timer = setTimeout(() => {
      run.timer = null;
      void this.fire(run.id);
    }, 0);
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
      const made: Run = {
        id: table.id,
        timer: null,
        settings: this.defaults,
        bots: null,
        absence: new Absence((change) => this.changed(made, change)),
        standIns: new Map(),
        deadlines: new Map(),
        due: new Map(),
        done: new Set(),
        busy: false,
        again: false,
      };
      run = made;
      this.runs.set(table.id, run);
    }
    run.settings = this.settingsOf(table);
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
    // A deadline gone without the runner answering it: the player answered himself in time.
    for (const [key, seat] of run.deadlines) {
      if (keys.has(key)) continue;
      run.deadlines.delete(key);
      if (!run.done.has(key)) run.absence.acted(seat);
    }
    for (const t of tasks) if (t.late !== undefined) run.deadlines.set(t.key, t.late);
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
      const table = await this.tables.current(id);
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
        if (action && due.late !== undefined)
          run.absence.missedDeadline(due.late, run.settings.missedDeadlines);
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
        fresh = await this.tables.current(id).catch(() => {
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
    for (const seat of ALL_SEATS) if (!phones.has(seat)) bots.set(seat, this.newBot(run.id, seat));
    run.bots = bots;
  }

  /** A bot for a seat: its play from the runner's random, its speech from the seat's own seed. */
  private newBot(tableId: string, seat: Seat): Bot {
    const language = this.runs.get(tableId)?.settings.language ?? this.defaults.language;
    return new HeuristicBot(this.options.random, { seed: `${tableId}/${seat}`, language });
  }

  private async send(table: LiveTable, action: Action): Promise<void> {
    await this.tables.command(
      table.id,
      {
        id: `online-${randomUUID()}`,
        seq: table.seq,
        command: action,
      },
      "server",
    );
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

  /** The clock the bots' speech is planned on (./talk.ts): this run's due times, delays and typing. */
  private talkClock(run: Run): TalkClock {
    return {
      due: (key, at) => this.dueAt(run, key, at),
      done: (key) => run.done.has(key),
      thinking: () => this.botDelay(),
      typing: (action) => (action.type === "speak" ? this.options.typingMs(action.text) : this.botDelay()),
      passMs: this.options.passMs,
    };
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
    // A seat without a phone has its bot from the start; an absent player's, a stand-in (./absence.ts).
    const botOf = (seat: Seat): Bot | null => {
      const bot = bots?.get(seat);
      if (bot || !run.absence.isAway(seat)) return bot ?? null;
      let standIn = run.standIns.get(seat);
      if (!standIn) {
        standIn = this.newBot(run.id, seat);
        run.standIns.set(seat, standIn);
      }
      return standIn;
    };
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
          at: since + (night ? run.settings.nightMs : run.settings.voteMs),
          make: () => timeoutAction(game, seat),
          late: seat,
        });
      }
    }
    if (!actors.includes("host") || move.command === null) return tasks;

    const command = move.command;
    const host = (delay: number, tag = "host"): Task => ({
      key: `${stepKey}:${tag}`,
      at: since + delay,
      make: () => command,
    });
    // A timed day step: the bots' speech (./talk.ts), and the host's move once only bots may speak and
    // they are done ("passed"), or at the step's timer.
    if (move.wait === "timer")
      tasks.push(...talkTasks(game, move, botOf, this.talkClock(run), host(0, "passed"), ask));
    const delay = {
      start: run.settings.startMs,
      pause: this.options.pauseMs,
      now: 0,
      timer: this.options.stepMs(move.seconds ?? 0),
    }[move.wait];
    tasks.push(host(delay));
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

/** A seat that has not acted by its deadline: what the host enters for it (@misto/protocol deadline.ts). */
export function timeoutAction(state: Game, seat: Seat): Action | null {
  return missedAnswer(legalActions(state, seat), seat);
}

export type { OnlineOptions as OnlineRunnerOptions };
