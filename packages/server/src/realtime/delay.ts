// A spectator's delay (the online setting `spectatorDelayMs`, docs/api.md "Spectators"): at an
// online table with a delay, a spectator is sent the public view as it was that long ago, never a
// newer one, so nobody watching can relay the game to a player in real time. Each public view is
// kept from its change until its delay has passed, then shown: sent whole to every delayed
// spectator of the table (never a patch) and kept as what a new one is sent first. Public
// announcements (`away`) are held back by the same delay.

import type { ServerMessage } from "@misto/protocol";
import type { Subscriber } from "./hub.js";

/** The public view message of one moment, as JSON, and its seq. */
export interface HeldFrame {
  readonly seq: number;
  readonly json: string;
}

interface Delayed {
  readonly delayMs: number;
  readonly watchers: Set<Subscriber>;
  /** The newest frame whose delay has passed: what a new spectator (or the display route) is given. */
  shown: HeldFrame | null;
  /** The seq of the newest frame recorded (shown or still held). */
  recorded: number;
  readonly timers: Set<ReturnType<typeof setTimeout>>;
}

export class SpectatorDelay {
  private readonly tables = new Map<string, Delayed>();

  private table(tableId: string, delayMs: number): Delayed {
    let t = this.tables.get(tableId);
    if (!t || t.delayMs !== delayMs) {
      t = { delayMs, watchers: new Set(), shown: null, recorded: -1, timers: new Set() };
      this.tables.set(tableId, t);
    }
    return t;
  }

  /** Runs `task` once the table's delay has passed from now. */
  private later(tableId: string, t: Delayed, task: () => void): void {
    const timer = setTimeout(() => {
      t.timers.delete(timer);
      task();
      this.forget(tableId, t);
    }, t.delayMs);
    timer.unref?.();
    t.timers.add(timer);
  }

  /** A public view at this moment: shown to the table's delayed spectators once its delay has passed. */
  record(tableId: string, delayMs: number, frame: HeldFrame): void {
    const t = this.table(tableId, delayMs);
    if (frame.seq <= t.recorded) return;
    t.recorded = frame.seq;
    this.later(tableId, t, () => {
      if (t.shown && t.shown.seq >= frame.seq) return;
      t.shown = frame;
      for (const w of t.watchers) sendFrame(w, frame);
    });
  }

  /**
   * A delayed spectator subscribes: sent the newest frame already past its delay (if any), then each
   * as its delay passes. `now` is the view at this moment (recorded, in case nothing is yet).
   */
  watch(tableId: string, delayMs: number, subscriber: Subscriber, now: HeldFrame): void {
    const t = this.table(tableId, delayMs);
    this.record(tableId, delayMs, now);
    t.watchers.add(subscriber);
    if (t.shown) sendFrame(subscriber, t.shown);
  }

  /** Whether `subscriber` watches the table as a delayed spectator. */
  delays(tableId: string, subscriber: Subscriber): boolean {
    return this.tables.get(tableId)?.watchers.has(subscriber) === true;
  }

  /** A message to one delayed spectator, sent once the table's delay has passed (if he still watches). */
  tell(tableId: string, subscriber: Subscriber, message: ServerMessage): void {
    const t = this.tables.get(tableId);
    if (!t) return;
    this.later(tableId, t, () => {
      if (t.watchers.has(subscriber)) subscriber.send(message);
    });
  }

  unwatch(tableId: string, subscriber: Subscriber): void {
    const t = this.tables.get(tableId);
    if (!t) return;
    t.watchers.delete(subscriber);
    this.forget(tableId, t);
  }

  /**
   * A table nobody watches with nothing held is forgotten (its last frame too): the display route
   * then waits a delay again, and memory does not grow with every table ever followed.
   */
  private forget(tableId: string, t: Delayed): void {
    if (t.watchers.size === 0 && t.timers.size === 0 && this.tables.get(tableId) === t)
      this.tables.delete(tableId);
  }

  /** The frame a spectator may be shown now (null: none has passed its delay yet). */
  shown(tableId: string): HeldFrame | null {
    return this.tables.get(tableId)?.shown ?? null;
  }

  /** Cancels every held frame (the server stops). */
  stop(): void {
    for (const t of this.tables.values()) for (const timer of t.timers) clearTimeout(timer);
    this.tables.clear();
  }
}

function sendFrame(subscriber: Subscriber, frame: HeldFrame): void {
  if (subscriber.sendJson) subscriber.sendJson(frame.json);
  else subscriber.send(JSON.parse(frame.json) as ServerMessage);
}
