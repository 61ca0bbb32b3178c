// The table display's clock: the seconds left of a timed step, by the display's own clock.

/** Seconds left of a step that began at `since` and lasts `seconds`, by the display's clock. */
export function secondsLeft(seconds: number | null, since: number, now: number): number | null {
  if (seconds === null) return null;
  return Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000));
}

/**
 * Seconds left by the host's clock when it was told for this step (`since`): frozen while paused,
 * else counting down from when it was received. Null when it is about another step.
 */
export function hostSecondsLeft(
  clock: { since: number; running: boolean; leftMs: number } | null,
  receivedAt: number,
  since: number,
  now: number,
): number | null {
  if (!clock || clock.since !== since) return null;
  const left = clock.running ? clock.leftMs - Math.max(0, now - receivedAt) : clock.leftMs;
  return Math.max(0, Math.ceil(left / 1000));
}
