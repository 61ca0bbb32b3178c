// What a seat chip shows, as data: fouls as dots, badges, and whether its card is public.

import type { Seat, SeatView, View } from "@misto/engine";

/** FOUL-1…5: ●●○○○, one dot for each foul up to the one that removes (view.foulLimits.removed). */
export function foulDots(fouls: number, removed: number): string {
  const n = Math.max(0, Math.min(removed, fouls));
  return "●".repeat(n) + "○".repeat(removed - n);
}

/** The seats the host should see marked as acting now: the day's speaker or voter, the rating's voter. */
export function currentSeat(view: View): Seat | null {
  return view.phase.kind === "night" ? null : view.phase.current;
}

export interface SeatBadges {
  /** FOUL-4: 3 fouls. */
  readonly muted: boolean;
  /** FOUL-4: 4 fouls. */
  readonly noVote: boolean;
  /** FOUL-3: foul votes waiting for a day's vote. */
  readonly foulVotes: number;
}

export function badgesOf(s: SeatView): SeatBadges {
  return {
    muted: s.out === null && s.muted && !s.noVote,
    noVote: s.out === null && s.noVote,
    foulVotes: s.foulVotes,
  };
}
