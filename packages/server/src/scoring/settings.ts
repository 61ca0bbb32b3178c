// The scoring's settings and their defaults (docs/tournaments.md "Scoring"): one module scores a
// tournament and a club night alike. A tournament stores only what its organiser changed.

import { SCORING_DEFAULTS, type Scoring } from "@misto/protocol";

/** The defaults (shared with the web form that shows them). */
export const DEFAULT_SCORING: Scoring = SCORING_DEFAULTS;

/** The defaults with `changed` over them. */
export function scoringWith(changed: Partial<Scoring>): Scoring {
  // A setting given as undefined keeps its default (a spread would write the undefined over it).
  const given = Object.fromEntries(Object.entries(changed).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_SCORING, tieBreaks: [...DEFAULT_SCORING.tieBreaks], ...given };
}
