// A seat's phone that plays by itself, as a player's would: one WebSocket (wss, trusting only the
// test's CA), the seat's view kept from views and patches, its own HeuristicBot acting a moment
// after each view that asks the seat (its night choice, its vote, its floor), one command at a time.
// When the socket drops it opens another (bounded), subscribes again and sends the command still
// unanswered again, with the same id: the server gives a stored command its first answer. It keeps
// every command it sent and every ack it got, for the test to compare with the stored log.

import { randomUUID } from "node:crypto";
import type { Seat, View } from "@misto/engine";
import { patched, type ServerMessage } from "@misto/protocol";
import WebSocket from "ws";
import { SeatMind } from "../../src/bench/seat-mind.js";

/** A phone acts this long after the view that asks it to: uniform in [min, max] ms. */
const THINK_MS: readonly [number, number] = [20, 120];
/** Sockets a phone opens at most (its first and the reconnects), and the wait before each reconnect. */
const MAX_OPENS = 40;
const RECONNECT_MS = 100;

export class PlayingPhone {
  /** Every command sent, by its id (sent again after a reconnect under the same id). */
  readonly sent = new Map<string, Record<string, unknown>>();
  /** Every command acknowledged: its id and the seat's seq the ack named. */
  readonly acked = new Map<string, number>();
  /** The error codes of the commands refused. */
  readonly refused: string[] = [];
  /** Sockets opened so far, and the views received on the latest. */
  opens = 0;
  viewsOnThisSocket = 0;
  private socket: WebSocket | null = null;
  private view: View | null = null;
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: string | null = null;
  private stopped = false;
  private readonly mind: SeatMind;
  private firstView: (() => void) | null = null;

  constructor(
    private readonly url: string,
    private readonly ca: Buffer,
    readonly table: string,
    readonly seat: Seat,
    private readonly token: string,
  ) {
    this.mind = new SeatMind(table, seat);
  }

  /** Opens its socket; resolves on the seat's first view. */
  start(): Promise<void> {
    return new Promise((resolve) => {
      this.firstView = resolve;
      this.open();
    });
  }

  /** The seat's phase as its view says (null before a view). */
  get phase(): View["phase"]["kind"] | null {
    return this.view?.phase.kind ?? null;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close();
  }

  private open(): void {
    if (this.stopped || this.opens >= MAX_OPENS) return;
    this.opens++;
    this.viewsOnThisSocket = 0;
    const socket = new WebSocket(`${this.url.replace(/^http/, "ws")}/ws`, { ca: this.ca });
    this.socket = socket;
    socket.on("open", () => {
      socket.send(JSON.stringify({ type: "subscribe", table: this.table, as: "seat", token: this.token }));
      // The command the last socket left unanswered: again, with its id.
      const pending = this.inFlight === null ? undefined : this.sent.get(this.inFlight);
      if (pending) socket.send(JSON.stringify(pending));
    });
    socket.on("message", (data) => this.receive(JSON.parse(String(data)) as ServerMessage));
    socket.on("error", () => {});
    socket.on("close", () => {
      if (this.socket !== socket || this.stopped) return;
      setTimeout(() => this.open(), RECONNECT_MS);
    });
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case "view":
        if (message.table === this.table) this.update(message.seq, message.view);
        return;
      case "patch": {
        if (message.table !== this.table) return;
        const next = patched(this.view ? { seq: this.seq, view: this.view } : null, message);
        if (next) this.update(next.seq, next.view);
        else
          this.socket?.send(
            JSON.stringify({ type: "subscribe", table: this.table, as: "seat", token: this.token }),
          );
        return;
      }
      case "ack":
        if (message.id !== this.inFlight) return;
        this.acked.set(message.id, message.seq);
        this.inFlight = null;
        this.consider();
        return;
      case "rejected":
        if (message.id !== this.inFlight) return;
        this.refused.push(message.error);
        this.inFlight = null;
        if (message.view) this.update(message.seq, message.view);
        else this.consider();
        return;
      default:
        return;
    }
  }

  private update(seq: number, view: View): void {
    this.viewsOnThisSocket++;
    this.view = view;
    this.seq = seq;
    this.firstView?.();
    this.firstView = null;
    this.consider();
  }

  private consider(): void {
    const view = this.view;
    if (this.stopped || this.timer || this.inFlight || !view || !this.mind.wants(view, this.seq)) return;
    const [min, max] = THINK_MS;
    this.timer = setTimeout(() => this.act(), min + Math.random() * (max - min));
  }

  private act(): void {
    this.timer = null;
    const view = this.view;
    if (this.stopped || this.inFlight || !view) return;
    const command = this.mind.decide(view, this.seq);
    if (command === null) return;
    const id = randomUUID();
    const message = { type: "command", table: this.table, token: this.token, id, seq: this.seq, command };
    this.sent.set(id, message);
    this.inFlight = id;
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
