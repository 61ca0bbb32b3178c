// Nobody stalls an online table (docs/api.md "Absence"): a player who misses his deadlines
// (`missedDeadlines` in a row) or whose phone stays away longer than `graceMs` is played by a bot
// from then on, and he takes his seat back the moment his phone subscribes with its seat token
// again. One Absence per table the runner runs; it tells every change to `tell`.

import type { Seat } from "@misto/engine";
import type { AwayReason, AwaySeat } from "@misto/protocol";

export interface AwayChange {
  readonly seat: Seat;
  readonly away: boolean;
  readonly reason: AwayReason;
  readonly at: number;
}

export class Absence {
  /** Deadlines missed in a row, by seat. */
  private readonly missed = new Map<Seat, number>();
  private readonly away = new Map<Seat, AwaySeat>();
  /** Seats whose phone is gone, with the timer that hands them to a bot. */
  private readonly gone = new Map<Seat, ReturnType<typeof setTimeout>>();
  /** Seats with a phone subscribed now. */
  private readonly here = new Set<Seat>();

  constructor(private readonly tell: (change: AwayChange) => void) {}

  isAway(seat: Seat): boolean {
    return this.away.has(seat);
  }

  /** The seats a bot plays for an absent player, in seat order. */
  list(): AwaySeat[] {
    return [...this.away.values()].sort((a, b) => a.seat - b.seat);
  }

  /** The runner answered a deadline for the seat: at the limit, a bot takes it over. */
  missedDeadline(seat: Seat, limit: number): void {
    if (this.away.has(seat)) return;
    const missed = (this.missed.get(seat) ?? 0) + 1;
    this.missed.set(seat, missed);
    if (missed >= limit) this.leave(seat, "deadlines");
  }

  /** The seat acted itself before its deadline: its run of missed deadlines is over. */
  acted(seat: Seat): void {
    this.missed.delete(seat);
  }

  /** The seat's phone subscribed (back, or for the first time): it plays its own seat again. */
  arrived(seat: Seat): void {
    this.here.add(seat);
    const timer = this.gone.get(seat);
    if (timer) clearTimeout(timer);
    this.gone.delete(seat);
    this.missed.delete(seat);
    const was = this.away.get(seat);
    if (!was) return;
    this.away.delete(seat);
    this.tell({ seat, away: false, reason: was.reason, at: Date.now() });
  }

  /** The seat's last phone left: unless it is back within `graceMs`, a bot takes the seat. */
  departed(seat: Seat, graceMs: number): void {
    this.here.delete(seat);
    if (this.away.has(seat) || this.gone.has(seat)) return;
    const timer = setTimeout(() => {
      this.gone.delete(seat);
      if (!this.here.has(seat)) this.leave(seat, "dropped");
    }, graceMs);
    timer.unref();
    this.gone.set(seat, timer);
  }

  /** Cancels every timer (the run stops). */
  stop(): void {
    for (const timer of this.gone.values()) clearTimeout(timer);
    this.gone.clear();
  }

  private leave(seat: Seat, reason: AwayReason): void {
    const at = Date.now();
    this.missed.delete(seat);
    this.away.set(seat, { seat, reason, since: at });
    this.tell({ seat, away: true, reason, at });
  }
}
