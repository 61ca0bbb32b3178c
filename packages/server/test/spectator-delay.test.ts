// The spectators' delay (src/realtime/delay.ts) on a fake clock: a frame is shown no earlier than
// the delay after it was current, never out of order, a new spectator first gets the newest frame
// past the delay, a message to him waits as long, and a table nobody follows is forgotten.

import type { ServerMessage } from "@misto/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SpectatorDelay } from "../src/realtime/delay.js";
import type { Subscriber } from "../src/realtime/hub.js";

const frame = (seq: number) => ({ seq, json: JSON.stringify({ type: "view", table: "t", seq, view: {} }) });

function spectator() {
  const got: number[] = [];
  const told: ServerMessage[] = [];
  const subscriber: Subscriber = {
    send: (m) => told.push(m),
    sendJson: (json) => got.push((JSON.parse(json) as { seq: number }).seq),
  };
  return { subscriber, got, told };
}

describe("the spectators' delay", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows each frame once its delay has passed, and not a millisecond before", () => {
    const delay = new SpectatorDelay();
    const a = spectator();
    delay.watch("t", 1000, a.subscriber, frame(1));
    expect(a.got).toEqual([]);
    vi.advanceTimersByTime(400);
    delay.record("t", 1000, frame(2));
    delay.record("t", 1000, frame(2));
    vi.advanceTimersByTime(599);
    expect(a.got).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(a.got).toEqual([1]);
    vi.advanceTimersByTime(399);
    expect(a.got).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(a.got).toEqual([1, 2]);
    expect(delay.shown("t")?.seq).toBe(2);

    // A spectator who comes now gets the newest frame past the delay at once, then the next in time.
    delay.record("t", 1000, frame(3));
    const b = spectator();
    delay.watch("t", 1000, b.subscriber, frame(3));
    expect(b.got).toEqual([2]);
    delay.tell("t", b.subscriber, { type: "pong" });
    vi.advanceTimersByTime(999);
    expect(b.told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(b.got).toEqual([2, 3]);
    expect(a.got).toEqual([1, 2, 3]);
    expect(b.told).toEqual([{ type: "pong" }]);
  });

  it("forgets a table nobody follows once nothing is held", () => {
    const delay = new SpectatorDelay();
    const a = spectator();
    delay.watch("t", 500, a.subscriber, frame(1));
    vi.advanceTimersByTime(500);
    expect(delay.shown("t")?.seq).toBe(1);
    delay.unwatch("t", a.subscriber);
    expect(delay.shown("t")).toBeNull();
    // A message for someone who left is dropped.
    delay.watch("t", 500, a.subscriber, frame(2));
    delay.tell("t", a.subscriber, { type: "pong" });
    delay.unwatch("t", a.subscriber);
    vi.advanceTimersByTime(500);
    expect(a.told).toEqual([]);
    expect(delay.shown("t")).toBeNull();
  });
});
