// The out chat: lines written by players out of the game, read only by players out of the game and
// the host until the result is announced, then by everyone. It is not part of the game: the engine
// never sees it, and it is stored beside the events (store.addOutChatLine), never among them.
// With several server processes, a line stored by one is read back from the store by the others
// (told by a "chat" signal, ./fanout.ts), each pushing it to its own readers.

import { outAnnounced, phaseOf, resultOf, type Seat, speechTextProblem } from "@misto/engine";
import type { Say, ServerMessage } from "@misto/protocol";
import type { OutChatLine, Store } from "../store/index.js";
import type { LiveTable, TableService } from "../tables/service.js";
import type { Fanout } from "./fanout.js";
import type { Hub, Subscriber, Watcher } from "./hub.js";

/** A table's out chat holds at most this many lines (each subscribe sends them all). */
export const MAX_OUT_CHAT_LINES = 1000;

/**
 * Whether `as` may read the table's out chat now: the host (who knows everything); a seat whose own
 * view shows it out of the game (so a night's victim reads it only once his death is announced);
 * everyone once the result is announced. Never a living seat or a spectator before that.
 */
export function mayRead(table: LiveTable, as: Watcher): boolean {
  if (as === "host" || resultOf(table.state)?.announced === true) return true;
  if (as === "spectator") return false;
  return outAnnounced(table.state, as.seat);
}

/** Why `seat` may not write in the out chat now, or null when it may. */
export function sayProblem(table: LiveTable, seat: Seat): { error: string; message: string } | null {
  if (resultOf(table.state)?.announced === true)
    return { error: "game_over", message: "the result is announced: everyone speaks in the city now" };
  if (!outAnnounced(table.state, seat))
    return { error: "not_out", message: "only a player out of the game writes in the out chat" };
  return null;
}

export class OutChat {
  /** Each table's lines as last read from the store, with the lines added since (this process's). */
  private readonly lines = new Map<string, OutChatLine[]>();
  /** The tables whose whole out chat each subscriber holds (it is sent the new lines). */
  private readonly holders = new WeakMap<Subscriber, Set<string>>();

  constructor(
    private readonly store: Store,
    private readonly tables: TableService,
    private readonly hub: Hub,
    private readonly fanout: Fanout | null = null,
  ) {
    // After the hub's own listener (registered first): a subscriber gets its view, then the chat.
    tables.onChange((table) => this.changed(table));
    if (!fanout) return;
    fanout.onSignal((signal) => {
      if (signal.kind === "chat") void this.readBack(signal.table).catch(() => undefined);
    });
    fanout.onResync(() => {
      for (const id of hub.watchedTables()) void this.readBack(id).catch(() => undefined);
    });
  }

  /**
   * Reads the table's chat again from the store (another process stored a line) and pushes the
   * lines this process had not seen to its readers, under the table's lock like a line said here.
   */
  private readBack(tableId: string): Promise<void> {
    if (this.hub.count(tableId) === 0) return Promise.resolve();
    return this.tables.with(tableId, async (table) => {
      // Its subscribers were sent the whole chat then; a closed table takes no more lines.
      const known = this.lines.get(tableId);
      if (!table || !known) return;
      const seen = new Set(known.map((line) => line.n));
      const lines = await this.store.readOutChat(tableId);
      this.lines.set(tableId, lines);
      const fresh = lines.filter((line) => !seen.has(line.n));
      if (fresh.length > 0) this.push(table, fresh);
    });
  }

  /** New lines to every subscriber that reads the chat and holds it. */
  private push(table: LiveTable, lines: OutChatLine[]): void {
    const message: ServerMessage = { type: "outChat", table: table.id, full: false, lines };
    for (const [subscriber, as] of this.hub.watchersOf(table.id)) {
      if (mayRead(table, as) && this.holders.get(subscriber)?.has(table.id)) subscriber.send(message);
    }
  }

  /**
   * Subscribes through the hub (the view first), then sends the whole out chat to a reader (when it
   * has lines), or an empty one to a subscriber that held it before. The caller holds the table's lock.
   */
  async subscribe(table: LiveTable, subscriber: Subscriber, as: Watcher): Promise<void> {
    this.hub.subscribe(table, subscriber, as);
    const lines = await this.store.readOutChat(table.id);
    this.lines.set(table.id, lines);
    this.hold(table.id, subscriber, mayRead(table, as), true);
  }

  /**
   * A phone's line: checked, stored, pushed to every reader, then answered (`ack` with the seat's
   * seq, or `rejected`). `seatOf` checks the phone's token with the table's lock held.
   */
  say(message: Say, seatOf: () => Promise<Seat | null>): Promise<ServerMessage> {
    const { id } = message;
    return this.tables.with(message.table, async (table) => {
      const refuse = (error: string, text: string, seq = 0): ServerMessage => ({
        type: "rejected",
        id,
        error,
        message: text,
        seq,
      });
      if (!table) return refuse("not_found", "there is no such table");
      const seat = await seatOf();
      if (seat === null) return refuse("forbidden", "this seat token is not valid at this table");
      const seq = table.seatSeqs[seat - 1] ?? 0;
      const bad = speechTextProblem(message.text);
      if (bad) return refuse("invalid", bad.message, seq);
      const problem = sayProblem(table, seat);
      if (problem) return refuse(problem.error, problem.message, seq);
      const known = this.lines.get(table.id) ?? (await this.store.readOutChat(table.id));
      if (known.length >= MAX_OUT_CHAT_LINES)
        return refuse("chat_full", `the out chat holds at most ${MAX_OUT_CHAT_LINES} lines`, seq);
      const line = await this.store.addOutChatLine(table.id, {
        id,
        seat,
        at: Date.now(),
        text: message.text.trim(),
      });
      // A repeated id: the line is stored already; answered as before, pushed once.
      if (line === null) return { type: "ack", id, seq };
      this.lines.set(table.id, [...known, line]);
      this.push(table, [line]);
      this.fanout?.publish({ kind: "chat", table: table.id, n: line.n });
      return { type: "ack", id, seq };
    });
  }

  /** After a change: a subscriber who became a reader (out, or the result announced) gets the chat. */
  private changed(table: LiveTable): void {
    for (const [subscriber, as] of this.hub.watchersOf(table.id)) {
      this.hold(table.id, subscriber, mayRead(table, as), false);
    }
    // A closed table takes no more lines: its chat is read from the store by whoever subscribes.
    if (phaseOf(table.state).kind === "closed") this.lines.delete(table.id);
  }

  /** Sends the whole chat to a new reader, an empty one to a former reader (an undone elimination). */
  private hold(tableId: string, subscriber: Subscriber, reads: boolean, again: boolean): void {
    let held = this.holders.get(subscriber);
    if (!held) {
      held = new Set();
      this.holders.set(subscriber, held);
    }
    const had = held.has(tableId);
    if (reads && (again || !had)) {
      held.add(tableId);
      // An empty chat is not sent to a new reader: a client starts each connection with none.
      const lines = this.lines.get(tableId) ?? [];
      if (lines.length > 0 || had) subscriber.send({ type: "outChat", table: tableId, full: true, lines });
    } else if (!reads && had) {
      held.delete(tableId);
      subscriber.send({ type: "outChat", table: tableId, full: true, lines: [] });
    }
  }
}
