// The bookkeeping of `npm run bench:server` (./load.ts): when each command was sent, when each
// seat of its table received its update, and the percentiles of the differences.
//
// A seat's seq counts its own view's changes (docs/api.md "Phones"), so seqs of different seats
// name different changes and are never compared. A seat's update for a command is its first view
// after the command's send whose seq is above the seq that seat held at the send: for the sender,
// exactly the view at the seq its ack names (its own view always changes when its action is
// accepted, or the sample is unmatched). Another seat's first view counts only when it arrived by
// the time the sender's ack did: the server writes every update of a change before its ack, so a
// later view belongs to a later change (a seat this command did not change). An earlier change's
// view still in flight may be taken for this one's, which can only make the figure smaller than
// the sender's ack time, never larger.

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

export interface Sent {
  /** When the command was sent (ms, any monotonic clock shared with the arrivals). */
  readonly at: number;
  readonly seat: number;
  /** Each seat's seq when the command was sent (index seat - 1). */
  readonly held: readonly number[];
  /** The sender's seq its ack named (null until acked, or when the ack names no change), and when. */
  seq: number | null;
  ackAt: number;
}

interface Arrival {
  readonly seq: number;
  readonly at: number;
}

/** The latencies of a window: to the sender's own update, and to the last seat's update. */
export interface Samples {
  readonly own: number[];
  readonly every: number[];
  readonly unmatched: number;
}

/** One table's sends and arrivals; the samples are read once the updates have had time to arrive. */
export class TableLatency {
  /** Per seat (index seat - 1): the views it received, in order. */
  private readonly arrivals: Arrival[][];
  private readonly sent: Sent[] = [];

  constructor(private readonly seats = 12) {
    this.arrivals = Array.from({ length: seats }, () => []);
  }

  /** `seat` received a view with its own seq `seq` at `at`. */
  arrived(seat: number, seq: number, at: number): void {
    this.arrivals[seat - 1]?.push({ seq, at });
  }

  /** `seat` sent a command at `at`: answers the handle its ack is told with. */
  sending(seat: number, at: number): Sent {
    const held = this.arrivals.map((a) => a.at(-1)?.seq ?? 0);
    const sent: Sent = { at, seat, held, seq: null, ackAt: Number.NaN };
    this.sent.push(sent);
    return sent;
  }

  /** The command was acked at `at` with the sender's seq `seq`. */
  acked(sent: Sent, seq: number, at: number): void {
    // An ack whose seq did not move past the seq the command was made against names no change.
    sent.seq = seq > (sent.held[sent.seat - 1] ?? 0) ? seq : null;
    sent.ackAt = at;
  }

  /** The first view of `seat` after `sent` above the seq it held then, or undefined. */
  private update(sent: Sent, seat: number): Arrival | undefined {
    const held = sent.held[seat - 1] ?? 0;
    return this.arrivals[seat - 1]?.find((a) => a.at >= sent.at && a.seq > held);
  }

  /** The latencies of the commands sent in [from, to). */
  samples(from: number, to: number): Samples {
    const own: number[] = [];
    const every: number[] = [];
    let unmatched = 0;
    for (const s of this.sent) {
      if (s.at < from || s.at >= to) continue;
      const mine = s.seq === null ? undefined : this.update(s, s.seat);
      if (mine === undefined || mine.seq !== s.seq) {
        unmatched++;
        continue;
      }
      own.push(mine.at - s.at);
      let last = mine.at;
      for (let seat = 1; seat <= this.seats; seat++) {
        const theirs = seat === s.seat ? undefined : this.update(s, seat);
        if (theirs && theirs.at <= s.ackAt && theirs.at > last) last = theirs.at;
      }
      every.push(last - s.at);
    }
    return { own, every, unmatched };
  }
}
