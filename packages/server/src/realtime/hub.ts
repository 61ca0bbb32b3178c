// Who watches which table, and what each is sent: every message is built by viewFor for that
// subscriber's viewer (the host, a spectator, or one seat's phone); nobody is handed another's view.
// A seat's phone and a spectator are sent, after a change, a patch against the view they hold
// (./view-text.ts): built once per change and viewer, and only to a subscriber whose last message
// was the view the patch starts from; anyone else (just subscribed, or behind) gets the whole view.
// With several server processes (./fanout.ts) each hub pushes its own sockets: a change stored by
// another process is read back from the store by the table service and pushed here the same way.
// At an online table with a spectator delay, spectators are sent whole views held back by it
// (./delay.ts).

import { type Seat, viewFor } from "@misto/engine";
import type { ClockMessage, ServerMessage } from "@misto/protocol";
import type { LiveTable, TableService } from "../tables/service.js";
import { type HeldFrame, SpectatorDelay } from "./delay.js";
import type { Fanout } from "./fanout.js";
import { patchText, type ViewText } from "./view-text.js";

/** A host, a spectator, or the phone of one seat. */
export type Watcher = "host" | "spectator" | { readonly seat: Seat };

/** A connection as the hub sees it: somewhere to send a message, and a way to end it. */
export interface Subscriber {
  send(message: ServerMessage): void;
  /** Sends a message already in JSON (a seat's view message, built from the view's JSON made once per change). */
  sendJson?(json: string): void;
  /** Sends an error and closes the connection (a freed seat's phone, a host who signed out). */
  kick?(error: string, message: string): void;
  /** For a host's connection: the hash of the session it was opened with. */
  session?: string;
}

/** Told of each subscription (`here`) and of each seat whose last phone on this process left (`gone`). */
export interface Presence {
  here(tableId: string, subscriber: Subscriber, as: Watcher): void;
  gone(tableId: string, seat: Seat): void;
}

/** A subscription: as whom, and the seq of the view it was last sent (what a patch must start from). */
interface Watching {
  readonly as: Watcher;
  seq: number;
}

export class Hub {
  private readonly watchers = new Map<string, Map<Subscriber, Watching>>();
  private presence: Presence | null = null;
  private readonly delay = new SpectatorDelay();
  /**
   * Each table's last clock report from its host (docs/api.md "The clock"): in this process's
   * memory only, one small entry per table reported since it started.
   */
  private readonly clocks = new Map<string, ClockMessage>();
  /** A table's spectator delay in ms (0: live); the online runner's settings say it. */
  private delayOf: (table: LiveTable) => number = () => 0;

  constructor(
    private readonly tables: TableService,
    private readonly fanout: Fanout | null = null,
    /** Tables this process keeps up with though no socket here watches them (the online tables it runs). */
    private readonly follows: (tableId: string) => boolean = () => false,
  ) {
    tables.onChange((table, publicChanged, changedSeats, before) =>
      this.broadcast(table, publicChanged, changedSeats, before),
    );
    if (!fanout) return;
    tables.onAppend((table, seq) => fanout.publish({ kind: "advanced", table, seq }));
    fanout.onSignal((signal) => {
      switch (signal.kind) {
        case "advanced":
          this.advanced(signal.table, signal.seq);
          return;
        case "freed":
          // Under the table's lock, as where it was freed: no subscription slips past it. (A
          // subscription starting here meanwhile reads the token after it was deleted.)
          if (this.tables.heldSeq(signal.table) === null) return;
          void tables
            .with(signal.table, () => this.kickSeat(signal.table, signal.seat))
            .catch(() => undefined);
          return;
        case "signedOut":
          this.kickSession(signal.session);
      }
    });
    // Signals may have been lost: every table watched here is read again (its changes pushed).
    fanout.onResync(() => {
      for (const id of this.watchedTables()) void tables.get(id).catch(() => undefined);
    });
  }

  /**
   * Another process stored the table's events up to `seq`: when a socket here watches the table (or
   * this process runs it), the events are read back (the table service tells the listeners, this
   * hub pushing each socket its view). A table merely held in memory is read back at its next use.
   */
  private advanced(tableId: string, seq: number): void {
    this.tables.advancedElsewhere(tableId, seq);
    const held = this.tables.heldSeq(tableId);
    if (held === null || held >= seq) return;
    const wanted = this.count(tableId) > 0 || this.follows(tableId);
    if (wanted) void this.tables.current(tableId).catch(() => undefined);
  }

  /** The tables with a subscriber connected to this process. */
  watchedTables(): string[] {
    return [...this.watchers.keys()];
  }

  /** Adds (or re-adds as another viewer) a subscriber and sends it its whole view now. */
  subscribe(table: LiveTable, subscriber: Subscriber, as: Watcher): void {
    let map = this.watchers.get(table.id);
    if (!map) {
      map = new Map();
      this.watchers.set(table.id, map);
    }
    const watching: Watching = { as, seq: 0 };
    map.set(subscriber, watching);
    const delayMs = as === "spectator" ? this.delayOf(table) : 0;
    if (delayMs > 0) {
      this.delay.watch(table.id, delayMs, subscriber, spectatorFrame(table));
      // What presence tells him on subscribing (who a bot plays) is held back too.
      const held: Subscriber = { send: (message) => this.delay.tell(table.id, subscriber, message) };
      this.presence?.here(table.id, held, as);
      return;
    }
    this.delay.unwatch(table.id, subscriber);
    this.sendView(subscriber, table, watching);
    this.presence?.here(table.id, subscriber, as);
    const clock = this.clocks.get(table.id);
    if (clock) subscriber.send(clock);
  }

  /** The host's clock for a table: kept for whoever subscribes later, and told to everyone watching now. */
  setClock(clock: ClockMessage): void {
    this.clocks.set(clock.table, clock);
    this.tell(clock.table, clock);
  }

  /** How long each table's spectators are held back (the online runner's `spectatorDelayMs`). */
  delaySpectators(delayOf: (table: LiveTable) => number): void {
    this.delayOf = delayOf;
  }

  /**
   * The public view a spectator may see now: the live one, or at a table with a delay the newest
   * one past it (null while none is: the display route answers so).
   */
  spectatorView(table: LiveTable): HeldFrame | "live" | null {
    const delayMs = this.delayOf(table);
    if (delayMs <= 0) return "live";
    const shown = this.delay.shown(table.id);
    if (!shown) this.delay.record(table.id, delayMs, spectatorFrame(table));
    return shown;
  }

  /** Stops holding spectators' frames (the server closes). */
  stop(): void {
    this.delay.stop();
  }

  /** Who is told of subscriptions and departures (the online runner's absence rules). */
  watchPresence(presence: Presence): void {
    this.presence = presence;
  }

  /** Sends one message to every subscriber of the table on this process (a public announcement). */
  tell(tableId: string, message: ServerMessage): void {
    for (const subscriber of this.watchers.get(tableId)?.keys() ?? []) {
      if (this.delay.delays(tableId, subscriber)) this.delay.tell(tableId, subscriber, message);
      else subscriber.send(message);
    }
  }

  /**
   * The whole view: a host's built by viewFor now; a spectator's and a seat's from the text the
   * table service made once per change (seatViewJson, spectatorViewJson).
   */
  private sendView(subscriber: Subscriber, table: LiveTable, watching: Watching): void {
    const as = watching.as;
    if (as === "host") {
      subscriber.send(hostMessage(table));
      return;
    }
    watching.seq = as === "spectator" ? table.publicSeq : (table.seatSeqs[as.seat - 1] ?? 0);
    sendJson(subscriber, as === "spectator" ? spectatorViewJson(table) : seatViewJson(table, as.seat));
  }

  unsubscribe(tableId: string, subscriber: Subscriber): void {
    const map = this.watchers.get(tableId);
    const as = map?.get(subscriber)?.as;
    map?.delete(subscriber);
    this.delay.unwatch(tableId, subscriber);
    if (map?.size === 0) this.watchers.delete(tableId);
    if (typeof as !== "object") return;
    for (const other of map?.values() ?? [])
      if (typeof other.as === "object" && other.as.seat === as.seat) return;
    this.presence?.gone(tableId, as.seat);
  }

  /** Forgets a closed connection everywhere. */
  drop(subscriber: Subscriber): void {
    for (const id of [...this.watchers.keys()]) this.unsubscribe(id, subscriber);
  }

  /** Who watches the table now, and as whom. */
  watchersOf(tableId: string): [Subscriber, Watcher][] {
    return [...(this.watchers.get(tableId) ?? [])].map(([subscriber, w]) => [subscriber, w.as]);
  }

  count(tableId: string): number {
    return this.watchers.get(tableId)?.size ?? 0;
  }

  /** A freed seat: every phone watching it gets an error and is disconnected, in every process. */
  freeSeat(tableId: string, seat: Seat): number {
    this.fanout?.publish({ kind: "freed", table: tableId, seat });
    return this.kickSeat(tableId, seat);
  }

  private kickSeat(tableId: string, seat: Seat): number {
    const map = this.watchers.get(tableId);
    if (!map) return 0;
    let kicked = 0;
    for (const [subscriber, { as }] of [...map]) {
      if (typeof as !== "object" || as.seat !== seat) continue;
      this.unsubscribe(tableId, subscriber);
      subscriber.kick?.("seat_freed", `the host freed seat ${seat}: join again with the table's code`);
      kicked++;
    }
    return kicked;
  }

  /** A host signed out: every connection watching as that session gets an error and is closed, in every process. */
  endSession(sessionHash: string): number {
    this.fanout?.publish({ kind: "signedOut", session: sessionHash });
    return this.kickSession(sessionHash);
  }

  private kickSession(sessionHash: string): number {
    let kicked = 0;
    for (const [tableId, map] of [...this.watchers]) {
      for (const [subscriber, { as }] of [...map]) {
        if (as !== "host" || subscriber.session !== sessionHash) continue;
        this.unsubscribe(tableId, subscriber);
        subscriber.kick?.("signed_out", "the host signed out");
        kicked++;
      }
    }
    return kicked;
  }

  /**
   * After an accepted change: hosts get their view; spectators only when theirs changed, and each
   * phone only when its own seat's view changed, so the number of messages at night tells nothing.
   * Each message is built once per change and viewer, whoever many subscribers share it.
   */
  private broadcast(
    table: LiveTable,
    publicChanged: boolean,
    changedSeats: ReadonlySet<Seat>,
    before: LiveTable,
  ): void {
    if (publicChanged && table.online) {
      const delayMs = this.delayOf(table);
      if (delayMs > 0) this.delay.record(table.id, delayMs, spectatorFrame(table));
    }
    const map = this.watchers.get(table.id);
    if (!map) return;
    let host: ServerMessage | undefined;
    let spectator: string | undefined;
    const seats = new Map<Seat, string>();
    for (const [subscriber, watching] of map) {
      const as = watching.as;
      if (as === "host") {
        host ??= hostMessage(table);
        subscriber.send(host);
      } else if (as === "spectator") {
        if (!publicChanged || this.delay.delays(table.id, subscriber)) continue;
        if (watching.seq !== before.publicSeq) this.sendView(subscriber, table, watching);
        else {
          spectator ??= spectatorPatchJson(table, before);
          watching.seq = table.publicSeq;
          sendJson(subscriber, spectator);
        }
      } else if (changedSeats.has(as.seat)) {
        const seat = as.seat;
        if (watching.seq !== before.seatSeqs[seat - 1]) this.sendView(subscriber, table, watching);
        else {
          let patch = seats.get(seat);
          if (patch === undefined) {
            patch = seatPatchJson(table, before, seat);
            seats.set(seat, patch);
          }
          watching.seq = table.seatSeqs[seat - 1] ?? 0;
          sendJson(subscriber, patch);
        }
      }
    }
  }
}

function sendJson(subscriber: Subscriber, json: string): void {
  if (subscriber.sendJson) subscriber.sendJson(json);
  else subscriber.send(JSON.parse(json) as ServerMessage);
}

function textOf(table: LiveTable, seat: Seat): ViewText {
  const text = table.seatTexts[seat - 1];
  if (text === undefined) throw new Error(`no view for seat ${seat}`);
  return text;
}

/**
 * The seat's view message as JSON, with the seat's view JSON the table service made once per change
 * (LiveTable.seatTexts): the same text as JSON.stringify(viewMessage(table, { seat })), without
 * stringifying each view a second time.
 */
export function seatViewJson(table: LiveTable, seat: Seat): string {
  return `{"type":"view","table":${JSON.stringify(table.id)},"seq":${table.seatSeqs[seat - 1] ?? 0},"view":${textOf(table, seat).json}}`;
}

/** The seat's patch message from its view in `before` to its view in `table`, as JSON. */
export function seatPatchJson(table: LiveTable, before: LiveTable, seat: Seat): string {
  const base = before.seatSeqs[seat - 1] ?? 0;
  const seq = table.seatSeqs[seat - 1] ?? 0;
  return `{"type":"patch","table":${JSON.stringify(table.id)},"base":${base},"seq":${seq},${patchText(textOf(before, seat), textOf(table, seat))}}`;
}

function spectatorViewJson(table: LiveTable): string {
  return `{"type":"view","table":${JSON.stringify(table.id)},"seq":${table.publicSeq},"view":${table.publicText.json}}`;
}

function spectatorFrame(table: LiveTable): HeldFrame {
  return { seq: table.publicSeq, json: spectatorViewJson(table) };
}

function spectatorPatchJson(table: LiveTable, before: LiveTable): string {
  return `{"type":"patch","table":${JSON.stringify(table.id)},"base":${before.publicSeq},"seq":${table.publicSeq},${patchText(before.publicText, table.publicText)}}`;
}

/** A host's view message, built by viewFor for the host. */
function hostMessage(table: LiveTable): ServerMessage {
  return { type: "view", table: table.id, seq: table.seq, view: viewFor(table.state, "host") };
}
