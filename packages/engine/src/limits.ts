// FOUL-3…5, DON-2: what a number of fouls takes away, written once and read by the rules and the views.

export const FOUL_LIMITS = {
  /** FOUL-3: from this foul on, each foul adds a foul vote; DON-2: the Don loses his grave. */
  foulVote: 2,
  /** FOUL-4: muted in the discussion and the accusations. */
  muted: 3,
  /** FOUL-4: no vote. */
  noVote: 4,
  /** FOUL-5: out of the game. */
  removed: 5,
} as const;

export type FoulLimits = typeof FOUL_LIMITS;
