// The step timer's arithmetic: a length, time already used, and when it last started running.
// Pure: every function takes `now` (milliseconds), so the component and the tests share it.

export interface TimerState {
  readonly lengthMs: number;
  /** Time used before the current run. */
  readonly usedMs: number;
  /** When the current run began, or null while paused. */
  readonly runningSince: number | null;
}

export const WARN_MS = 10_000;
export const EXTRA_MS = 30_000;

export function newTimer(seconds: number, now: number, running: boolean): TimerState {
  return { lengthMs: seconds * 1000, usedMs: 0, runningSince: running ? now : null };
}

export function usedMs(timer: TimerState, now: number): number {
  return timer.usedMs + (timer.runningSince === null ? 0 : Math.max(0, now - timer.runningSince));
}

/** What is left, never below zero. */
export function remainingMs(timer: TimerState, now: number): number {
  return Math.max(0, timer.lengthMs - usedMs(timer, now));
}

export function isRunning(timer: TimerState): boolean {
  return timer.runningSince !== null;
}

export function start(timer: TimerState, now: number): TimerState {
  if (timer.runningSince !== null || remainingMs(timer, now) === 0) return timer;
  return { ...timer, runningSince: now };
}

export function pause(timer: TimerState, now: number): TimerState {
  if (timer.runningSince === null) return timer;
  return { ...timer, usedMs: usedMs(timer, now), runningSince: null };
}

export function toggle(timer: TimerState, now: number): TimerState {
  return isRunning(timer) ? pause(timer, now) : start(timer, now);
}

/** +30 s: more time for the step, whether running or not. */
export function addTime(timer: TimerState, now: number, ms: number = EXTRA_MS): TimerState {
  const used = usedMs(timer, now);
  // A timer that ran out restarts its count from the moment it ran out, so the extra time is whole.
  const lengthMs = Math.max(timer.lengthMs, used) + ms;
  return { ...timer, lengthMs };
}

/** The sound due when the clock moves from `before` to `after` remaining: at 10 s, and at the end. */
export function alertBetween(beforeMs: number, afterMs: number): "warn" | "end" | null {
  if (beforeMs > 0 && afterMs <= 0) return "end";
  if (beforeMs > WARN_MS && afterMs <= WARN_MS) return "warn";
  return null;
}

/** Whole seconds shown as mm:ss, rounding up (a timer shows 00:01 until the very end). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

export function timerTone(ms: number): "calm" | "warn" | "over" {
  if (ms <= 0) return "over";
  return ms <= WARN_MS ? "warn" : "calm";
}
