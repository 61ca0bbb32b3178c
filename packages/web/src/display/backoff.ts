// Reconnect delays for the table display: doubling from 1 s up to 30 s, with a little jitter so a
// room of displays does not reconnect all at once.

export function backoffMs(attempt: number, jitter: number = Math.random()): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * jitter));
}

/** Seconds left of a step that began at `since` and lasts `seconds`, by the display's clock. */
export function secondsLeft(seconds: number | null, since: number, now: number): number | null {
  if (seconds === null) return null;
  return Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000));
}
