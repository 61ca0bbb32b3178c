// The table display's clock: the seconds left of a timed step, by the display's own clock.

/** Seconds left of a step that began at `since` and lasts `seconds`, by the display's clock. */
export function secondsLeft(seconds: number | null, since: number, now: number): number | null {
  if (seconds === null) return null;
  return Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000));
}
