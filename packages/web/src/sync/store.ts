// The host console's copy of one table, offline first: the engine runs here, every step is applied
// at once and queued (in storage, so a reload loses nothing), and the queue is sent to the server in
// order. One loop does all the talking to the server, so a refetch never races a send.

import {
  type Action,
  type Command,
  execute,
  type Game,
  type GameEvent,
  type RuleError,
  replay,
  type View,
  viewFor,
} from "@misto/engine";
import type { Api, ApiError, Committed, TableEvents } from "../api/client.js";
import type { TableHandle } from "../game/handle.js";

/** The part of localStorage the store uses. */
export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A step made here that the server has not acknowledged: its command and the events it made locally. */
export interface QueuedStep {
  /** Makes a retry safe: the server answers a repeated id as before and applies it once. */
  readonly id: string;
  /** The server's sequence number the step was last sent (or made) against. */
  seq: number;
  readonly command: Command;
  events: readonly GameEvent[];
}

/** What went wrong with the server, for the console to show. */
export interface SyncProblem {
  /**
   * rule: the server refused a step; conflict: a queued step no longer fits the server's game;
   * signedOut; missing: no such table; online: an online table (its host is the server, see its
   * follower page); storage: this device's storage is full; failed: anything else.
   */
  readonly kind: "rule" | "conflict" | "signedOut" | "missing" | "online" | "storage" | "failed";
  readonly message: string;
  readonly rule?: string;
}

export type TableSnapshot =
  | { readonly status: "loading"; readonly problem: SyncProblem | null; readonly online: boolean }
  | { readonly status: "ready"; readonly table: TableHandle; readonly problem: SyncProblem | null };

export interface StoreDeps {
  readonly api: Pick<Api, "table" | "command">;
  readonly storage: KeyValue | null;
  readonly newId: () => string;
  readonly now: () => number;
  /** Runs `run` after `ms`; answers a cancel. */
  readonly later: (run: () => void, ms: number) => () => void;
  /** The browser believes it has a network (navigator.onLine). */
  readonly networkUp: () => boolean;
}

interface Saved {
  readonly v: 1;
  readonly title: string;
  readonly seq: number;
  readonly events: readonly GameEvent[];
  readonly queue: readonly QueuedStep[];
}

export const storageKey = (table: string) => `misto.table.${table}`;
const MAX_BACKOFF_MS = 30_000;
/** Stale answers in a row before the loop backs off instead of refetching at once. */
const MAX_STALE_IN_A_ROW = 3;

const same = (a: readonly GameEvent[], b: readonly GameEvent[]) => JSON.stringify(a) === JSON.stringify(b);

/** Keeps a table just fetched or created on this device, so its page opens at once (and offline). */
export function keepTable(storage: KeyValue, table: TableEvents): void {
  const saved: Saved = { v: 1, title: table.title, seq: table.seq, events: table.events, queue: [] };
  storage.setItem(storageKey(table.id), JSON.stringify(saved));
}

export class TableStore {
  private title = "";
  private serverSeq = 0;
  private serverEvents: readonly GameEvent[] = [];
  private queue: QueuedStep[] = [];
  private state: Game | null = null;
  private view: View | null = null;
  private events: readonly GameEvent[] = [];
  private problem: SyncProblem | null = null;
  private reachable = true;
  private wantRefresh = true;
  /** The highest seq a push told of while our own steps were queued (0: none to read). */
  private heard = 0;
  private loop: Promise<void> | null = null;
  private cancelRetry: (() => void) | null = null;
  private attempt = 0;
  private stale = 0;
  private disposed = false;
  private snap: TableSnapshot = { status: "loading", problem: null, online: true };
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly id: string,
    private readonly deps: StoreDeps,
  ) {
    this.restore();
    this.publish();
  }

  /** Starts talking to the server: fetch the table, then send whatever is queued. */
  start(): void {
    this.kick();
  }

  dispose(): void {
    this.disposed = true;
    this.cancelRetry?.();
    this.listeners.clear();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): TableSnapshot {
    return this.snap;
  }

  /** Resolves when the loop has nothing more to do right now (tests, and a clean sign-out). */
  async settled(): Promise<void> {
    while (this.loop) await this.loop;
  }

  /** Applies a step here at once and queues it for the server; the rule error when it is illegal. */
  send(action: Action): RuleError | null {
    if (!this.state) return { rule: "COMMAND", message: "The table is not loaded yet." };
    const command = { ...action, at: this.deps.now() } as Command;
    const result = execute(this.state, command);
    if (!result.ok) return result.error;
    this.queue.push({ id: this.deps.newId(), seq: this.serverSeq, command, events: [...result.events] });
    this.state = result.state;
    this.view = viewFor(result.state, "host");
    this.events = [...this.events, ...result.events];
    this.save();
    this.publish();
    if (!this.cancelRetry) this.kick();
    return null;
  }

  /** The network is back (the `online` event, a reconnected socket): try now instead of waiting. */
  retryNow(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.attempt = 0;
    this.publish();
    this.kick();
  }

  /** The browser's online/offline events: show the change, and try at once when the network is back. */
  networkChanged(up: boolean): void {
    if (up) this.retryNow();
    else this.publish();
  }

  /** Another device changed the table (the realtime push): refetch when we are behind and idle. */
  remoteSeq(seq: number): void {
    if (seq <= this.serverSeq) return;
    if (this.queue.length > 0) {
      // Maybe our own step's commit, maybe another device's: known once our steps are answered.
      this.heard = Math.max(this.heard, seq);
      return;
    }
    this.wantRefresh = true;
    this.kick();
  }

  dismissProblem(): void {
    this.problem = null;
    this.publish();
  }

  private kick(): void {
    if (this.loop || this.disposed) return;
    this.loop = this.run().finally(() => {
      this.loop = null;
    });
  }

  private async run(): Promise<void> {
    while (!this.disposed) {
      if (this.wantRefresh) {
        // Cleared before the read: a push that lands while the read is on its way may be newer than
        // what the read brings, and sets it again so the loop reads once more.
        this.wantRefresh = false;
        const fetched = await this.deps.api.table(this.id);
        if (this.disposed) return;
        if (!fetched.ok) {
          this.wantRefresh = true;
          return this.failed(fetched.error);
        }
        this.adopt(fetched.value);
        continue;
      }
      const step = this.queue[0];
      if (!step) {
        // A push beyond our own answered steps was another device's commit: read it.
        if (this.heard <= this.serverSeq) return;
        this.heard = 0;
        this.wantRefresh = true;
        continue;
      }
      step.seq = this.serverSeq;
      const answer = await this.deps.api.command(this.id, {
        id: step.id,
        seq: step.seq,
        command: step.command,
      });
      if (this.disposed) return;
      if (answer.ok) {
        this.acknowledged(step, answer.value);
        continue;
      }
      const error = answer.error;
      this.reachable = error.status !== 0;
      if (error.status === 409) {
        // Someone else wrote first (or our earlier try did): take the server's events, put ours on top.
        if (++this.stale > MAX_STALE_IN_A_ROW) return this.failed(error);
        this.wantRefresh = true;
        continue;
      }
      if (error.status === 400 || error.status === 413 || error.status === 422) {
        // The server will never take this step: drop it and show why; the server's game is the truth.
        this.queue.shift();
        this.problem = {
          kind: error.status === 422 ? "rule" : "failed",
          message: error.message,
          ...(error.rule ? { rule: error.rule } : {}),
        };
        this.wantRefresh = true;
        this.rebuild();
        this.save();
        this.publish();
        continue;
      }
      return this.failed(error);
    }
  }

  /** A network failure or a refusal that may pass: keep everything and try again later. */
  private failed(error: ApiError): void {
    this.reachable = error.status !== 0;
    if (error.error === "online") {
      this.problem = { kind: "online", message: error.message };
      this.publish();
      return;
    }
    if (error.status === 401 || error.status === 403) {
      this.problem = { kind: "signedOut", message: error.message };
    } else if (error.status === 404) {
      this.problem = { kind: "missing", message: error.message };
      this.publish();
      return;
    }
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempt);
    this.attempt += 1;
    this.cancelRetry?.();
    this.cancelRetry = this.deps.later(() => {
      this.cancelRetry = null;
      this.stale = 0;
      this.kick();
    }, delay);
    this.publish();
  }

  private acknowledged(step: QueuedStep, committed: Committed): void {
    this.reachable = true;
    this.attempt = 0;
    this.stale = 0;
    this.queue.shift();
    if (committed.seq <= this.serverSeq) {
      // A repeated answer: the step was applied before, and the events we fetched already hold it.
      this.rebuild();
    } else {
      this.serverEvents = [...this.serverEvents, ...committed.events];
      this.serverSeq = committed.seq;
      if (!same(committed.events, step.events)) this.rebuild();
    }
    this.save();
    this.publish();
  }

  /** Takes the server's events as the truth and puts the steps still queued back on top of them. */
  private adopt(fetched: TableEvents): void {
    this.reachable = true;
    this.attempt = 0;
    // Steps the server already holds (sent before, answer lost) show up right after what we knew.
    let at = this.serverEvents.length;
    while (this.queue.length > 0 && fetched.events.length >= at) {
      const mine = this.queue[0]?.events ?? [];
      if (mine.length === 0 || !same(fetched.events.slice(at, at + mine.length), mine)) break;
      at += mine.length;
      this.queue.shift();
    }
    this.title = fetched.title;
    this.serverEvents = fetched.events.slice();
    this.serverSeq = fetched.seq;
    this.rebuild();
    this.save();
    this.publish();
  }

  /** Replays the server's events and re-applies each queued step; a step that no longer fits is dropped. */
  private rebuild(): void {
    if (this.serverEvents.length === 0) return;
    let state = replay(this.serverEvents);
    const kept: QueuedStep[] = [];
    for (const step of this.queue) {
      const result = execute(state, step.command);
      if (result.ok) {
        step.events = [...result.events];
        state = result.state;
        kept.push(step);
      } else {
        this.problem = { kind: "conflict", message: result.error.message, rule: result.error.rule };
      }
    }
    this.queue = kept;
    this.state = state;
    this.view = viewFor(state, "host");
    this.events = [...this.serverEvents, ...kept.flatMap((s) => s.events)];
  }

  private restore(): void {
    const raw = this.read();
    if (!raw) return;
    try {
      const saved = JSON.parse(raw) as Saved;
      if (saved.v !== 1 || !Array.isArray(saved.events) || !Array.isArray(saved.queue)) return;
      this.title = saved.title;
      this.serverSeq = saved.seq;
      this.serverEvents = saved.events;
      this.queue = saved.queue.map((s) => ({ ...s }));
      this.events = [...saved.events, ...this.queue.flatMap((s) => s.events)];
      this.state = replay(this.events);
      this.view = viewFor(this.state, "host");
    } catch {
      // A copy that no longer replays (an older engine): the server's copy will do.
      this.serverEvents = [];
      this.queue = [];
      this.state = null;
      this.view = null;
    }
  }

  private read(): string | null {
    try {
      return this.deps.storage?.getItem(storageKey(this.id)) ?? null;
    } catch {
      return null;
    }
  }

  private save(): void {
    if (!this.deps.storage || this.serverEvents.length === 0) return;
    const saved: Saved = {
      v: 1,
      title: this.title,
      seq: this.serverSeq,
      events: this.serverEvents,
      queue: this.queue,
    };
    try {
      this.deps.storage.setItem(storageKey(this.id), JSON.stringify(saved));
    } catch {
      this.problem = { kind: "storage", message: "This device's storage is full." };
    }
  }

  private publish(): void {
    const online = this.deps.networkUp() && this.reachable;
    const state = this.state;
    const view = this.view;
    if (!state || !view) {
      this.snap = { status: "loading", problem: this.problem, online };
    } else {
      const pending = this.queue.length;
      const table: TableHandle = {
        id: this.id,
        title: this.title,
        state,
        view,
        events: this.events,
        send: (action) => this.send(action),
        synced: online && pending === 0,
        pending,
        online,
      };
      this.snap = { status: "ready", table, problem: this.problem };
    }
    for (const listener of this.listeners) listener();
  }
}
