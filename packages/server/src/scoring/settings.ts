// The scoring's settings and their defaults (docs/tournaments.md "Scoring"): one module scores a
// tournament and a club night alike. A tournament stores only what its organiser changed.

import type { Scoring } from "@misto/protocol";

/** The defaults: a win 1, a draw 0, the rating points added, fouls −0.5, disqualification −1, final ×1.5. */
export const DEFAULT_SCORING: Scoring = Object.freeze({
  win: 1,
  draw: 0,
  ratingPoints: true,
  foulRemoval: 0.5,
  disqualification: 1,
  finalMultiplier: 1.5,
  tieBreaks: Object.freeze(["wins", "final", "ratingPoints", "penalties"]) as Scoring["tieBreaks"],
}) as Scoring;

/** The defaults with `changed` over them. */
export function scoringWith(changed: Partial<Scoring>): Scoring {
  // A setting given as undefined keeps its default (a spread would write the undefined over it).
  const given = Object.fromEntries(Object.entries(changed).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_SCORING, tieBreaks: [...DEFAULT_SCORING.tieBreaks], ...given };
}
