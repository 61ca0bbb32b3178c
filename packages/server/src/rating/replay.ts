// The recompute job's CPU work (docs/operations.md "Recomputing the archive"): every game, in the
// club's order, folded into the totals and the skill from nothing, the same way a stored game is
// folded one at a time (tally.ts). Pure; runs in a worker thread (replay-worker.ts).

import {
  addStep,
  type ClubCounts,
  clubCounts,
  noCounts,
  type PersonStep,
  type PersonTotal,
  personSteps,
  type ScopeBounds,
  type SkillModel,
  scopesOf,
  type TallyGame,
} from "./tally.js";

export type { PersonTotal } from "./tally.js";

/** Each rated seat's skill after its game. */
export interface SeatSkill {
  readonly table: string;
  readonly seat: number;
  readonly mu: number;
  readonly sigma: number;
}

export class Replay {
  private readonly skill = new Map<string, SkillModel>();
  private readonly people = new Map<string, PersonTotal>();
  private readonly club = new Map<string, ClubCounts>();

  constructor(
    private readonly seasons: readonly ScopeBounds[],
    private readonly excluded: ReadonlySet<string>,
  ) {}

  /** Folds the next games (in order, after every game folded before); their seats' skill. */
  fold(games: readonly TallyGame[]): SeatSkill[] {
    const seats: SeatSkill[] = [];
    for (const game of games) {
      const steps = personSteps(game, this.excluded, (id) => this.skill.get(id));
      const scopes = scopesOf(game, this.seasons);
      for (const [seat, step] of steps) {
        if (step.skill) {
          this.skill.set(step.personId, step.skill);
          seats.push({ table: game.id, seat, ...step.skill });
        }
        for (const scope of scopes) this.add(scope, step);
      }
      const counts = clubCounts(game);
      for (const scope of scopes) {
        const sums = this.club.get(scope) ?? noCounts();
        for (const [k, v] of Object.entries(counts)) sums[k as keyof ClubCounts] += v;
        this.club.set(scope, sums);
      }
    }
    return seats;
  }

  private add(scope: string, step: PersonStep): void {
    addStep(this.people, `${scope}\u0000${step.personId}`, scope, step);
  }

  /** The totals after every game folded. */
  totals(): { people: PersonTotal[]; club: { scope: string; counts: ClubCounts }[] } {
    return {
      people: [...this.people.values()],
      club: [...this.club].map(([scope, counts]) => ({ scope, counts })),
    };
  }
}
