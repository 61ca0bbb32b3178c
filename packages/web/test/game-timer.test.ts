import { describe, expect, it } from "vitest";
import { secondsLeft } from "../src/display/clock.js";
import {
  addTime,
  alertBetween,
  formatClock,
  isRunning,
  newTimer,
  pause,
  remainingMs,
  start,
  timerTone,
  toggle,
} from "../src/game/timer.js";
import { backoffMs } from "../src/sync/realtime.js";

describe("step timer arithmetic", () => {
  it("counts down while running and holds while paused", () => {
    let timer = newTimer(30, 0, true);
    expect(remainingMs(timer, 10_000)).toBe(20_000);
    timer = pause(timer, 10_000);
    expect(isRunning(timer)).toBe(false);
    expect(remainingMs(timer, 50_000)).toBe(20_000);
    timer = start(timer, 50_000);
    expect(remainingMs(timer, 55_000)).toBe(15_000);
  });

  it("never goes below zero, and a run-out timer does not start again", () => {
    const timer = newTimer(30, 0, true);
    expect(remainingMs(timer, 90_000)).toBe(0);
    const paused = pause(timer, 90_000);
    expect(isRunning(start(paused, 91_000))).toBe(false);
  });

  it("toggle starts and pauses", () => {
    const idle = newTimer(150, 0, false);
    expect(remainingMs(idle, 100_000)).toBe(150_000);
    const running = toggle(idle, 100_000);
    expect(remainingMs(running, 110_000)).toBe(140_000);
    expect(isRunning(toggle(running, 110_000))).toBe(false);
  });

  it("+30 s adds time, and a timer that ran out gets the whole 30 s", () => {
    const timer = newTimer(30, 0, true);
    expect(remainingMs(addTime(timer, 10_000), 10_000)).toBe(50_000);
    const over = addTime(timer, 45_000);
    expect(remainingMs(over, 45_000)).toBe(30_000);
  });

  it("sounds at 10 s and at the end, once each", () => {
    expect(alertBetween(10_400, 9_900)).toBe("warn");
    expect(alertBetween(9_900, 9_700)).toBeNull();
    expect(alertBetween(200, 0)).toBe("end");
    expect(alertBetween(0, 0)).toBeNull();
    expect(alertBetween(12_000, 0)).toBe("end");
  });

  it("shows mm:ss rounding up, with colours at 10 s and at 0", () => {
    expect(formatClock(150_000)).toBe("02:30");
    expect(formatClock(9_001)).toBe("00:10");
    expect(formatClock(1)).toBe("00:01");
    expect(formatClock(-5)).toBe("00:00");
    expect(timerTone(10_001)).toBe("calm");
    expect(timerTone(10_000)).toBe("warn");
    expect(timerTone(0)).toBe("over");
  });
});

describe("table display", () => {
  it("reconnects with a doubling backoff capped at 30 s", () => {
    expect(backoffMs(0, 0.5)).toBe(1000);
    expect(backoffMs(3, 0.5)).toBe(8000);
    expect(backoffMs(20, 0.5)).toBe(30_000);
    expect(backoffMs(0, 0)).toBe(800);
  });

  it("counts a step's seconds from when it began", () => {
    expect(secondsLeft(30, 1000, 11_000)).toBe(20);
    expect(secondsLeft(30, 1000, 100_000)).toBe(0);
    expect(secondsLeft(null, 1000, 2000)).toBeNull();
  });
});
