// The bookkeeping of `npm run bench:server` (./load.ts): when each command was sent, when each
// client of its table received the view that includes it, and the percentiles of the differences.
//
// One accepted change of a table is stored at one table seq S, and every seat whose view it
// changed is pushed that view with seq S (a seat's seq is the table's seq when its view last
// changed, docs/api.md "Phones"). So S names exactly one change, and the messages with seq S are
// exactly that change's updates: a command's latency is the time from its send to the last
// arrival of seq S at any client of the table. The sender learns S from its ack (its own seq after
// the command; its own view always changes when its action is accepted, or the sample is unmatched).

import { monitorEventLoopDelay } from "node:perf_hooks";

/** How late the event loop ran a timer, in ms: p50, p99 and max. */
export interface LoopDelay {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** The event-loop watch's timer period: its histogram holds whole periods, this much over the delay. */
const LOOP_RESOLUTION_MS = 10;

/** Watches this process's event loop from now: `read` gives the delays so far, `reset` starts again. */
export function watchLoop(): { read(): LoopDelay; reset(): void } {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  histogram.enable();
  const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
  return {
    read: () => ({
      p50: late(histogram.percentile(50)),
      p99: late(histogram.percentile(99)),
      max: late(histogram.max),
    }),
    reset: () => histogram.reset(),
  };
}

/** The nearest-rank percentile `p` (0–100] of ascending `sorted` values; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export interface Summary {
  readonly count: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] as number),
  };
}

interface Sent {
  /** When the command was sent (ms, any monotonic clock shared with the arrivals). */
  readonly at: number;
  /** The table seq its events were stored at (the ack's seq), or null when the ack cannot tell. */
  readonly seq: number | null;
}

/** One table's sends and arrivals; the samples are read once the updates have had time to arrive. */
export class TableLatency {
  /** Per seq: the last time any client of the table received a view with that seq. */
  private readonly arrivals = new Map<number, number>();
  private readonly sent: Sent[] = [];

  /** A client of this table received a view with `seq` at `at`. */
  arrived(seq: number, at: number): void {
    const last = this.arrivals.get(seq);
    if (last === undefined || at > last) this.arrivals.set(seq, at);
  }

  /** A command sent at `at` against seat seq `before` was acked with the seat's seq `after`. */
  acked(at: number, before: number, after: number): void {
    // An ack whose seq did not move past the seq the command was made against names no change.
    this.sent.push({ at, seq: after > before ? after : null });
  }

  /** The latencies of the commands sent in [from, to): send to the last arrival of their seq. */
  samples(from: number, to: number): { latencies: number[]; unmatched: number } {
    const latencies: number[] = [];
    let unmatched = 0;
    for (const s of this.sent) {
      if (s.at < from || s.at >= to) continue;
      const last = s.seq === null ? undefined : this.arrivals.get(s.seq);
      if (last === undefined || last < s.at) unmatched++;
      else latencies.push(last - s.at);
    }
    return { latencies, unmatched };
  }
}
