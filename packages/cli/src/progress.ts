// The progress bar of a long simulation: drawn on stderr, and only when both stdout and stderr are
// terminals, so that piped or captured output (`misto simulate --json > report.json`, or a log)
// never holds control characters or a bar nobody watches.

import type { Io } from "./io.js";

const WIDTH = 30;
/** At most ten redraws a second. */
const INTERVAL_MS = 100;

export interface Progress {
  /** Reports `done` of the total; redraws only if the last redraw is old enough. */
  update(done: number): void;
  /** Clears the bar. */
  finish(): void;
}

const silent: Progress = { update: () => {}, finish: () => {} };

export function progressBar(io: Io, total: number): Progress {
  const output = io.stderr;
  if (!io.stdout.isTTY || !output.isTTY || total <= 0) return silent;
  const started = performance.now();
  let last = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(done) {
      const now = performance.now();
      if (now - last < INTERVAL_MS && done < total) return;
      last = now;
      drawn = true;
      const share = Math.min(1, done / total);
      const filled = Math.round(share * WIDTH);
      const seconds = (now - started) / 1000;
      const bar = `${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}`;
      output.write(
        `\r[${bar}] ${(share * 100).toFixed(0).padStart(3)}%  ${done}/${total} games  ${seconds.toFixed(1)} s`,
      );
    },
    finish() {
      if (drawn) output.write("\r\x1b[K");
    },
  };
}
