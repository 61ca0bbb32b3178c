// The broadcast view's delay (docs/club-nights.md "The broadcast view"): a table as it stood
// `delay` ago, with every seat's card, for a stream that must not tell the players anything. The
// server holds it back: a frame is built from the events older than the delay only, so nothing
// newer ever leaves the server, whatever the page does.
//
// An event's time is the later of its own (`at`, the time it happened at the table) and the time
// this process was told of it (a change applied here, or read back from another process's
// appends): an offline console catching up sends old times, and its steps are still held back
// from when they arrived. Events already stored when this process first read the table count by
// their own time.

import { evolve, type Game, type GameEvent, viewFor } from "@misto/engine";
import type { BroadcastAnswer } from "@misto/protocol";
import type { Store } from "../store/index.js";
import type { TableService } from "../tables/service.js";

/** The default delay: five minutes (`misto serve --broadcast-delay SECONDS`). */
export const BROADCAST_DELAY_MS = 5 * 60 * 1000;

/** A table's game as far as the broadcast shows it, kept between polls. */
interface Shown {
  seq: number;
  game: Game | null;
  shownAt: number | null;
  usedAt: number;
}

/** A table nobody polled for this long is forgotten (its game rebuilt at the next poll). */
const IDLE_MS = 10 * 60 * 1000;

export class Broadcast {
  /** Per table, when this process was told of each recent seq. */
  private readonly arrivals = new Map<string, Map<number, number>>();
  private readonly shown = new Map<string, Shown>();
  private sweptAt = 0;

  constructor(
    private readonly tables: TableService,
    private readonly store: Store,
    readonly delayMs: number = BROADCAST_DELAY_MS,
    private readonly now: () => number = Date.now,
  ) {
    tables.onChange((table, _public, _seats, before) => this.arrived(table.id, before.seq, table.seq));
  }

  /** Seqs after `from` up to `to` arrived now. */
  private arrived(tableId: string, from: number, to: number): void {
    const now = this.now();
    let times = this.arrivals.get(tableId);
    if (!times) {
      times = new Map();
      this.arrivals.set(tableId, times);
    }
    for (let seq = from + 1; seq <= to; seq++) times.set(seq, now);
    // Whether or not anyone polls: kept no longer than they can hold anything back.
    if (now - this.sweptAt >= this.delayMs) this.forgetIdle(now);
  }

  /** When the event at `seq` may be shown: its time, or its arrival here, whichever is later. */
  private dueAt(tableId: string, seq: number, event: GameEvent): number {
    const arrival = this.arrivals.get(tableId)?.get(seq);
    return Math.max(event.at, arrival ?? Number.NEGATIVE_INFINITY) + this.delayMs;
  }

  /** The frame of the table now (the caller checked it exists and may be broadcast). */
  async frame(tableId: string): Promise<BroadcastAnswer> {
    const now = this.now();
    this.forgetIdle(now);
    // Read through the table service first: another process's appends arrive (and are timed) here.
    const live = await this.tables.get(tableId);
    const upTo = live?.seq ?? 0;
    const before = this.shown.get(tableId) ?? { seq: 0, game: null, shownAt: null, usedAt: now };
    // Built on a copy: two polls at once each fold from what was shown, the further one kept.
    const next: Shown = { ...before, usedAt: now };
    if (next.seq < upTo) {
      for (const { seq, event } of await this.store.readEvents(tableId, next.seq)) {
        if (seq > upTo || this.dueAt(tableId, seq, event) > now) break;
        next.game = evolve(next.game, event);
        next.seq = seq;
        next.shownAt = event.at;
      }
    }
    const kept = this.shown.get(tableId);
    if (!kept || kept.seq <= next.seq) this.shown.set(tableId, next);
    const delay = Math.round(this.delayMs / 1000);
    if (!next.game) return { table: tableId, delay, shownAt: null, view: null, cards: [] };
    const host = viewFor(next.game, "host");
    return {
      table: tableId,
      delay,
      shownAt: next.shownAt,
      view: viewFor(next.game, "spectator"),
      cards: host.seats.map((s) => s.card ?? "civilian"),
    };
  }

  /** Forgets the games of tables nobody polls, and arrivals older than the delay (they no longer hold anything back). */
  private forgetIdle(now: number): void {
    this.sweptAt = now;
    for (const [id, s] of this.shown) if (now - s.usedAt >= IDLE_MS) this.shown.delete(id);
    for (const [id, times] of this.arrivals) {
      for (const [seq, at] of times) if (at < now - this.delayMs) times.delete(seq);
      if (times.size === 0) this.arrivals.delete(id);
    }
  }
}
