// The players of `npm run bench:server` (./load.ts): one WebSocket per seat, like a phone. Each
// acts only from the view the server pushed to it, with its own HeuristicBot, after a random
// "thinking" spread; the table's latency bookkeeping hears every send, ack and arrival.

import { randomUUID } from "node:crypto";
import type { Seat, View } from "@misto/engine";
import { patched, type ServerMessage } from "@misto/protocol";
import WebSocket from "ws";
import { type Sent, TableLatency } from "./latency.js";
import { SeatMind } from "./seat-mind.js";

/** A bot acts this long after the view that asks it to: uniform in [min, max] ms. */
export const THINK_MS: readonly [number, number] = [50, 500];

export interface Counts {
  sent: number;
  acked: number;
  rejected: number;
  errors: number;
  /** Views received, whole or patched (every client, every table), and the bytes of every message received. */
  views: number;
  bytes: number;
}

/** A table being played by 12 players of the bench. */
export class BenchTable {
  readonly latency = new TableLatency();
  /** Seats whose first view was still the deal (joined and subscribed before the table started). */
  readonly early = new Set<Seat>();
  started = false;
  closed = false;

  constructor(
    readonly id: string,
    private readonly onClosed: (table: BenchTable) => void,
  ) {}

  /** Every view of every player of the table passes here. */
  saw(seat: Seat, seq: number, view: View, at: number, first: boolean): void {
    this.latency.arrived(seat, seq, at);
    if (first && view.phase.kind === "deal") this.early.add(seat);
    if (view.phase.kind !== "deal") this.started = true;
    if (view.phase.kind === "closed" && !this.closed) {
      this.closed = true;
      this.onClosed(this);
    }
  }
}

/** One seat's phone: a socket, the seat's token at its current table, and its bot. */
export class Player {
  private table: BenchTable | null = null;
  private seat: Seat = 1;
  private token = "";
  private mind = new SeatMind("bench", 1);
  private view: View | null = null;
  private seq = 0;
  private first = true;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: { id: string; sent: Sent } | null = null;
  /** Once stopped, nothing more is sent. */
  stopped = false;

  private constructor(
    private readonly socket: WebSocket,
    private readonly counts: Counts,
  ) {
    socket.on("message", (data) => this.receive(String(data)));
  }

  static open(baseUrl: string, counts: Counts): Promise<Player> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`);
    return new Promise((resolve, reject) => {
      socket.once("open", () => {
        socket.off("error", reject);
        socket.on("error", () => counts.errors++);
        resolve(new Player(socket, counts));
      });
      socket.once("error", reject);
    });
  }

  /** Takes a seat (its token from POST /api/join) at `table` and subscribes to its view. */
  sit(table: BenchTable, seat: Seat, token: string): void {
    if (this.table) this.socket.send(JSON.stringify({ type: "unsubscribe", table: this.table.id }));
    this.table = table;
    this.seat = seat;
    this.token = token;
    this.mind = new SeatMind(table.id, seat);
    this.view = null;
    this.seq = 0;
    this.first = true;
    this.inFlight = null;
    this.socket.send(JSON.stringify({ type: "subscribe", table: table.id, as: "seat", token }));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  close(): Promise<void> {
    this.stop();
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }

  private receive(text: string): void {
    const at = performance.now();
    this.counts.bytes += text.length;
    const message = JSON.parse(text) as ServerMessage;
    const table = this.table;
    switch (message.type) {
      case "view":
        if (!table || message.table !== table.id) return;
        this.update(table, message.seq, message.view, at);
        return;
      case "patch": {
        if (!table || message.table !== table.id) return;
        const next = patched(this.view ? { seq: this.seq, view: this.view } : null, message);
        // From another seq than this player's: the whole view again.
        if (!next) {
          this.socket.send(
            JSON.stringify({ type: "subscribe", table: table.id, as: "seat", token: this.token }),
          );
          return;
        }
        this.update(table, next.seq, next.view, at);
        return;
      }
      case "ack":
        if (this.inFlight?.id !== message.id) return;
        this.counts.acked++;
        table?.latency.acked(this.inFlight.sent, message.seq, at);
        this.inFlight = null;
        this.consider();
        return;
      case "rejected":
        if (this.inFlight?.id !== message.id) return;
        // A stale seq: someone acted first; the next view asks again.
        this.counts.rejected++;
        this.inFlight = null;
        this.consider();
        return;
      case "error":
        this.counts.errors++;
        return;
      default:
        return;
    }
  }

  /** A new view of the seat's (whole, or patched), at its seq `seq`. */
  private update(table: BenchTable, seq: number, view: View, at: number): void {
    this.counts.views++;
    table.saw(this.seat, seq, view, at, this.first);
    this.first = false;
    this.view = view;
    this.seq = seq;
    this.consider();
  }

  /** Plans an action after the thinking spread when the view asks this seat for one. */
  private consider(): void {
    const view = this.view;
    if (this.stopped || this.timer || this.inFlight || !view || !this.mind.wants(view, this.seq)) return;
    const [min, max] = THINK_MS;
    this.timer = setTimeout(() => this.act(), min + Math.random() * (max - min));
  }

  /** Asks the bot with the latest view, and sends its answer. */
  private act(): void {
    this.timer = null;
    const view = this.view;
    const table = this.table;
    if (this.stopped || this.inFlight || !view || !table) return;
    const command = this.mind.decide(view, this.seq);
    if (command === null) return;
    const id = randomUUID();
    this.inFlight = { id, sent: table.latency.sending(this.seat, performance.now()) };
    this.counts.sent++;
    this.socket.send(
      JSON.stringify({ type: "command", table: table.id, token: this.token, id, seq: this.seq, command }),
    );
  }
}
