// The one realtime client (src/sync/realtime.ts) against fake sockets and a fake clock: the
// subscription on every connection, one back-off for all, and malformed messages dropped and counted.

import type { ServerMessage } from "@misto/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffMs, openChannel, readServerMessage, type SocketLike } from "../src/sync/realtime.js";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  up() {
    this.readyState = 1;
    this.onopen?.({});
  }
  down() {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(data: unknown) {
    this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
}

const VIEW = { type: "view", table: "t1", seq: 3, view: { phase: { kind: "deal" } } };

function channel() {
  const sockets: FakeSocket[] = [];
  const received: ServerMessage[] = [];
  const states: boolean[] = [];
  let malformed = 0;
  const link = openChannel({
    hello: () => [{ type: "subscribe", table: "t1", as: "spectator" }],
    onMessage: (m) => received.push(m),
    onConnected: (up) => states.push(up),
    onMalformed: (n) => {
      malformed = n;
    },
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    random: () => 0.5,
  });
  return { link, sockets, received, states, malformed: () => malformed };
}

describe("the realtime client", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("subscribes on every connection and hands on well-formed messages", () => {
    const c = channel();
    const first = c.sockets[0] as FakeSocket;
    expect(c.link.send({ type: "ping" })).toBe(false);
    first.up();
    expect(first.sent).toEqual([{ type: "subscribe", table: "t1", as: "spectator" }]);
    first.push(VIEW);
    first.push({ type: "patch", table: "t1", base: 3, seq: 4, set: { seats: [] } });
    first.push({
      type: "away",
      table: "t1",
      seats: [{ seat: 2, reason: "dropped", since: 1 }],
      change: null,
    });
    expect(c.received.map((m) => m.type)).toEqual(["view", "patch", "away"]);
    expect(c.link.send({ type: "ping" })).toBe(true);
    vi.advanceTimersByTime(25_000);
    expect(first.sent.at(-1)).toEqual({ type: "ping" });
    first.down();
    vi.advanceTimersByTime(backoffMs(0, 0.5));
    const second = c.sockets[1] as FakeSocket;
    second.up();
    expect(second.sent).toEqual([{ type: "subscribe", table: "t1", as: "spectator" }]);
    expect(c.states).toEqual([true, false, true]);
  });

  it("drops and counts a malformed message, and goes on", () => {
    const c = channel();
    const s = c.sockets[0] as FakeSocket;
    s.up();
    const bad = [
      "not json{",
      "null",
      "[1,2]",
      { type: "nonsense" },
      { type: "view", table: "t1", view: {} },
      { type: "view", table: "t1", seq: -1, view: {} },
      { type: "view", table: "t1", seq: 2, view: "a string" },
      { type: "patch", table: "t1", base: "3", seq: 4, set: {} },
      { type: "ack", id: 7, seq: 1 },
      { type: "away", table: "t1", seats: [{ seat: 13, reason: "dropped", since: 1 }], change: null },
      { type: "outChat", table: "t1", full: true, lines: [{ n: 1, seat: 1, at: 1 }] },
    ];
    for (const b of bad) expect(() => s.push(b)).not.toThrow();
    expect(c.received).toEqual([]);
    expect(c.link.malformed).toBe(bad.length);
    expect(c.malformed()).toBe(bad.length);
    s.push(VIEW);
    expect(c.received).toEqual([VIEW]);
    s.onmessage?.({ data: new ArrayBuffer(4) });
    expect(c.link.malformed).toBe(bad.length + 1);
  });

  it("reconnects with the one back-off: doubling from 1 s, capped at 30 s, reset by a connection", () => {
    const c = channel();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const s = c.sockets.at(-1) as FakeSocket;
      s.down();
      const before = c.sockets.length;
      const wait = backoffMs(i, 0.5);
      vi.advanceTimersByTime(wait - 1);
      expect(c.sockets.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(c.sockets.length).toBe(before + 1);
      waits.push(wait);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    // A connection that came up starts the back-off over.
    (c.sockets.at(-1) as FakeSocket).up();
    (c.sockets.at(-1) as FakeSocket).down();
    const before = c.sockets.length;
    vi.advanceTimersByTime(1000);
    expect(c.sockets.length).toBe(before + 1);
    expect(backoffMs(0, 0)).toBe(800);
    expect(backoffMs(0, 1)).toBe(1200);
  });

  it("reconnects at once when asked, and never again once closed", () => {
    const c = channel();
    const first = c.sockets[0] as FakeSocket;
    first.up();
    c.link.reconnect();
    expect(first.closedByClient).toBe(true);
    expect(c.sockets.length).toBe(2);
    // The old socket's late messages and close are not the channel's any more.
    first.push(VIEW);
    first.down();
    expect(c.received).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(c.sockets.length).toBe(2);
    (c.sockets[1] as FakeSocket).up();
    c.link.close();
    expect((c.sockets[1] as FakeSocket).closedByClient).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(c.sockets.length).toBe(2);
    expect(c.link.connected).toBe(false);
  });

  it("reads a frame only when it is a server message", () => {
    expect(readServerMessage(JSON.stringify({ type: "pong" }))).toEqual({ type: "pong" });
    expect(readServerMessage(JSON.stringify({ type: "pong", extra: 1 }))).toEqual({ type: "pong", extra: 1 });
    expect(readServerMessage(JSON.stringify({ type: "error", error: "x" }))).toBeNull();
  });
});
