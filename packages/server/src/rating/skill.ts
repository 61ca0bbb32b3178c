// The skill rating beside the club's points (never mixed into them): OpenSkill's Plackett-Luce
// model, each finished game a match of the red team against the black team (a draw a tie), in
// the order the games ended. RATE-7: the administration's seats take no part.

import { ordinal, type Rating, rate, rating } from "openskill";
import type { PlayedGame } from "./played.js";

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
  /** mu − 3σ: the conservative estimate the table shows. */
  readonly ordinal: number;
}

export interface SkillStep extends Skill {
  readonly table: string;
  readonly endedAt: number;
}

export interface SkillRatings {
  /** Each person's skill after the last game. */
  readonly now: ReadonlyMap<string, Skill>;
  /** Each person's skill after each of his games, oldest first. */
  readonly history: ReadonlyMap<string, readonly SkillStep[]>;
}

type Model = Rating;

const skillOf = (r: Model): Skill => ({ mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) });

/** A person who has played no game yet: OpenSkill's prior. */
export const NEW_SKILL: Skill = skillOf(rating());

/** Plays the games (oldest end first) through the model; `excluded` people (the administration) are left out. */
export function skillRatings(games: readonly PlayedGame[], excluded: ReadonlySet<string>): SkillRatings {
  const models = new Map<string, Model>();
  const history = new Map<string, SkillStep[]>();
  for (const game of games) {
    const red: string[] = [];
    const black: string[] = [];
    for (const seat of game.seats) {
      if (seat.admin || excluded.has(seat.person.id)) continue;
      (seat.team === "red" ? red : black).push(seat.person.id);
    }
    if (red.length === 0 || black.length === 0) continue;
    const rank = game.winner === "red" ? [1, 2] : game.winner === "black" ? [2, 1] : [1, 1];
    const before = [red, black].map((team) => team.map((id) => models.get(id) ?? rating()));
    const after = rate(before, { rank });
    for (const [t, team] of [red, black].entries()) {
      for (const [i, id] of team.entries()) {
        const model = after[t]?.[i] as Model;
        models.set(id, model);
        const steps = history.get(id) ?? [];
        steps.push({ table: game.id, endedAt: game.endedAt, ...skillOf(model) });
        history.set(id, steps);
      }
    }
  }
  const now = new Map<string, Skill>();
  for (const [id, model] of models) now.set(id, skillOf(model));
  return { now, history };
}
