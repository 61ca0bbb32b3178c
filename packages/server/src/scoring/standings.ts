// The standings (docs/tournaments.md "Standings"): pure. Each game's seats give their players a
// score by the settings; the players are ordered by their total, then the tie-breaks in order,
// then by name and id, so the order is total and the same on every server.

import type { Scoring, TieBreak } from "@misto/protocol";

/** How a seat left the game by a rule, when it was removed (fouls) or disqualified. */
export type Removal = "fouls" | "disqualified";

export interface ScoredSeat {
  readonly person: string;
  readonly result: "won" | "lost" | "draw";
  /** The seat's counting rating points (RATE-1…7, corrections applied). */
  readonly points: number;
  readonly removal: Removal | null;
}

export interface ScoredGame {
  readonly id: string;
  /** A final's game: its score is multiplied by `finalMultiplier`. */
  readonly final: boolean;
  readonly seats: readonly ScoredSeat[];
}

export interface Standing {
  readonly place: number;
  readonly person: string;
  readonly name: string;
  readonly score: number;
  readonly games: number;
  readonly wins: number;
  readonly ratingPoints: number;
  readonly penalties: number;
  readonly final: number;
  readonly dropped: boolean;
}

export interface Contender {
  readonly id: string;
  readonly name: string;
  readonly dropped?: boolean;
}

/** Scores are kept in hundredths of a point, so sums of quarters and halves compare exactly. */
const cents = (x: number) => Math.round(x * 100);

interface Tally {
  score: number;
  games: number;
  wins: number;
  ratingPoints: number;
  penalties: number;
  final: number;
}

/** One seat's score and penalty, in hundredths. */
export function seatScore(seat: ScoredSeat, final: boolean, s: Scoring): { score: number; penalty: number } {
  const base = seat.result === "won" ? cents(s.win) : seat.result === "draw" ? cents(s.draw) : 0;
  const rating = s.ratingPoints ? seat.points * 100 : 0;
  const penalty =
    seat.removal === "fouls"
      ? cents(s.foulRemoval)
      : seat.removal === "disqualified"
        ? cents(s.disqualification)
        : 0;
  const raw = base + rating - penalty;
  return { score: final ? Math.round((raw * cents(s.finalMultiplier)) / 100) : raw, penalty };
}

const BETTER: Record<TieBreak, (a: Tally, b: Tally) => number> = {
  wins: (a, b) => b.wins - a.wins,
  ratingPoints: (a, b) => b.ratingPoints - a.ratingPoints,
  final: (a, b) => b.final - a.final,
  // Fewer penalties rank higher.
  penalties: (a, b) => a.penalties - b.penalties,
};

/**
 * The standings of `players` over `games`. A seat of someone not among the players is left out
 * (a night lists whoever played). Every player gets a line, with no games too.
 */
export function standings(
  players: readonly Contender[],
  games: readonly ScoredGame[],
  scoring: Scoring,
): Standing[] {
  const tallies = new Map<string, Tally>();
  for (const p of players) {
    tallies.set(p.id, { score: 0, games: 0, wins: 0, ratingPoints: 0, penalties: 0, final: 0 });
  }
  for (const game of games) {
    for (const seat of game.seats) {
      const t = tallies.get(seat.person);
      if (!t) continue;
      const { score, penalty } = seatScore(seat, game.final, scoring);
      t.score += score;
      t.games += 1;
      t.wins += seat.result === "won" ? 1 : 0;
      t.ratingPoints += seat.points;
      t.penalties += penalty;
      if (game.final) t.final += score;
    }
  }
  const lines = players.map((p) => ({ p, t: tallies.get(p.id) as Tally }));
  lines.sort((x, y) => {
    if (x.t.score !== y.t.score) return y.t.score - x.t.score;
    for (const rule of scoring.tieBreaks) {
      const d = BETTER[rule](x.t, y.t);
      if (d !== 0) return d;
    }
    if (x.p.name !== y.p.name) return x.p.name < y.p.name ? -1 : 1;
    return x.p.id < y.p.id ? -1 : x.p.id > y.p.id ? 1 : 0;
  });
  return lines.map(({ p, t }, i) => ({
    place: i + 1,
    person: p.id,
    name: p.name,
    score: t.score / 100,
    games: t.games,
    wins: t.wins,
    ratingPoints: t.ratingPoints,
    penalties: t.penalties / 100,
    final: t.final / 100,
    dropped: p.dropped === true,
  }));
}
