// The step timer as a hook: its length comes from the view (view.phase.seconds) and it restarts,
// running, whenever a new step begins (view.phase.since changes). Sounds at 10 s and at 0.

import { useEffect, useRef, useState } from "preact/hooks";
import { beep } from "./sound.js";
import { addTime, alertBetween, newTimer, remainingMs, type TimerState, toggle } from "./timer.js";

export interface StepTimer {
  readonly timer: TimerState | null;
  readonly remaining: number;
  readonly running: boolean;
  toggle(): void;
  addThirty(): void;
}

/** What the host's clock is told to the server when it changes (the display follows it). */
export type ClockReport = (clock: { since: number; running: boolean; leftMs: number }) => void;

export function useStepTimer(seconds: number | null, since: number, report?: ClockReport): StepTimer {
  const [timer, setTimer] = useState<TimerState | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const last = useRef<number | null>(null);

  useEffect(() => {
    const at = Date.now();
    // A step that began earlier (a reload mid-speech) keeps counting from when it began.
    setTimer(seconds === null ? null : { ...newTimer(seconds, at, true), runningSince: Math.min(since, at) });
    last.current = null;
    setNow(at);
  }, [seconds, since]);

  const running = timer?.runningSince != null;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(id);
  }, [running]);

  const remaining = timer ? remainingMs(timer, now) : 0;
  useEffect(() => {
    if (!timer) return;
    const before = last.current;
    last.current = remaining;
    if (before === null) return;
    const alert = alertBetween(before, remaining);
    if (alert) beep(alert);
  }, [remaining, timer]);

  /** Changes the timer by the host's hand, and reports the clock it shows then. */
  const change = (how: (t: TimerState, now: number) => TimerState) => {
    if (!timer) return;
    const at = Date.now();
    const next = how(timer, at);
    setTimer(next);
    report?.({ since, running: next.runningSince !== null, leftMs: Math.round(remainingMs(next, at)) });
  };

  return {
    timer,
    remaining,
    running,
    toggle: () => change(toggle),
    addThirty: () => {
      change(addTime);
      last.current = null;
    },
  };
}
