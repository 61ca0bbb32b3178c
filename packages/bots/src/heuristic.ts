// HeuristicBot: plays each card sensibly from its own view only: the commissar checks and claims,
// the doctor guards a claimed commissar, the mafia shield each other and hunt the commissar, the
// city votes on the commissar's claims. What it says in the city is talk/speech.ts's.

import type { Action, Card, Random, Seat, View } from "@misto/engine";
import { type Bot, pickOrNull, type Seen } from "./bot.js";
import { parseClaims } from "./claims.js";
import { lineFor, type Voice } from "./talk/speech.js";

type Choose = Extract<Action, { type: "choose" }>;
type Vote = Extract<Action, { type: "vote" }>;
type Grave = Extract<Action, { type: "grave" }>;

/** What one seat can tell about the table from its view. */
interface Knowledge {
  readonly view: View;
  readonly me: Seat;
  readonly card: Card;
  readonly black: boolean;
  /** Black seats this seat knows (FLOW-4), himself included when black. */
  readonly allies: ReadonlySet<Seat>;
  /** Seats that claimed to be the commissar (made a CHECK claim). */
  readonly claimers: ReadonlySet<Seat>;
  /** Seats named BLACK / RED: by claims, or, for the commissar, by his own checks. */
  readonly blacks: ReadonlySet<Seat>;
  readonly reds: ReadonlySet<Seat>;
  /** Seats that pointed at one of `allies`: claimed one BLACK or voted for one. */
  readonly accusers: ReadonlySet<Seat>;
  /** Seats that voted against a claimed commissar or a seat claimed RED: the city's evidence of black. */
  readonly suspects: ReadonlySet<Seat>;
}

function know(view: View, me: Seat): Knowledge {
  const you = view.you;
  if (you === null) throw new Error("a bot sees its own seat's view");
  const black = you.team === "black";
  const allies = new Set<Seat>();
  if (black) {
    allies.add(me);
    for (const p of you.partners) allies.add(p.seat);
  }
  const claimers = new Set<Seat>();
  const blacks = new Set<Seat>();
  const reds = new Set<Seat>();
  const accusers = new Set<Seat>();
  /** The day from which a seat stands cleared by a claim (the claimer himself, or a seat named RED). */
  const clearedOn = new Map<Seat, number>();
  for (const speech of view.speeches) {
    const day = speech.when?.kind === "day" ? speech.when.n : 0;
    for (const c of parseClaims(speech.seat, speech.text)) {
      claimers.add(c.by);
      (c.black ? blacks : reds).add(c.target);
      if (c.black && allies.has(c.target)) accusers.add(c.by);
      if (!clearedOn.has(c.by)) clearedOn.set(c.by, day);
      if (!c.black && !clearedOn.has(c.target)) clearedOn.set(c.target, day);
    }
  }
  for (const c of you.checks) (c.black ? blacks : reds).add(c.target);
  // The commissar trusts his own checks over anyone's claims.
  if (you.card === "commissar") for (const c of you.checks) (c.black ? reds : blacks).delete(c.target);
  if (allies.size > 0) {
    for (const v of view.votings) for (const b of v.ballots) if (allies.has(b.target)) accusers.add(b.voter);
  }
  accusers.delete(me);
  // A vote against a cleared seat, cast once it was cleared, is the city's evidence of black.
  const suspects = new Set<Seat>();
  const cleared = (seat: Seat, day: number) =>
    !blacks.has(seat) && (clearedOn.get(seat) ?? Number.POSITIVE_INFINITY) <= day;
  if (clearedOn.size > 0) {
    for (const v of view.votings)
      for (const b of v.ballots) if (cleared(b.target, v.day)) suspects.add(b.voter);
    const today = view.phase.kind === "day" ? (view.phase.n ?? 0) : 0;
    for (const b of view.phase.ballots) if (cleared(b.target, today)) suspects.add(b.voter);
  }
  suspects.delete(me);
  for (const seat of claimers) suspects.delete(seat);
  return { view, me, card: you.card, black, allies, claimers, blacks, reds, accusers, suspects };
}

/** The first non-empty list of seats among the preferences, kept to those with an action. */
function preferred<A extends { readonly target: Seat | null }>(
  actions: readonly A[],
  ...tiers: ((seat: Seat) => boolean)[]
): A[] {
  for (const tier of tiers) {
    const hits = actions.filter((a) => a.target !== null && tier(a.target));
    if (hits.length > 0) return hits;
  }
  return [];
}

export class HeuristicBot implements Bot {
  readonly kind = "heuristic" as const;
  readonly talks = true;

  constructor(
    private readonly random: Random,
    private readonly voice: Voice,
  ) {}

  act(seen: Seen): Action | null {
    const actions = seen.actions;
    const first = actions[0];
    if (first === undefined) return this.speech(seen);
    switch (first.type) {
      case "choose":
        return this.night(know(seen.view(), seen.seat), actions as readonly Choose[]);
      case "note":
        return this.note(know(seen.view(), seen.seat), actions);
      case "vote":
        return this.vote(know(seen.view(), seen.seat), actions as readonly Vote[]);
      case "liftVote":
        return this.liftVote(know(seen.view(), seen.seat), actions);
      case "grave":
        return this.grave(know(seen.view(), seen.seat), actions);
      default:
        // The rating vote and anything else: a random legal choice.
        return pickOrNull(actions, this.random);
    }
  }

  /**
   * DAY-1, DAY-2: its line in the discussion or its accusation speech (talk/speech.ts), built from
   * its own view and voice only; null (it passes) when it has nothing to say.
   */
  private speech(seen: Seen): Action | null {
    const line = lineFor(seen.view(), this.voice);
    return line === null ? null : { actor: seen.seat, type: "speak", seat: seen.seat, text: line.text };
  }

  private night(k: Knowledge, actions: readonly Choose[]): Action | null {
    const skip = actions.find((a) => a.target === null) ?? null;
    const targets = actions.filter((a) => a.target !== null);
    if (targets.length === 0) return skip;
    const known = (seat: Seat) => k.view.seats[seat - 1]?.card !== null && seat !== k.me;
    const living = (seat: Seat) => k.view.seats[seat - 1]?.out === null;
    const trusted = (seat: Seat) => k.claimers.has(seat) || k.reds.has(seat);
    switch (k.card) {
      case "commissar": {
        const checked = new Set(k.view.you?.checks.map((c) => c.target));
        const fresh = (seat: Seat) => !checked.has(seat);
        const pool = preferred(
          targets,
          (s) => fresh(s) && !known(s) && living(s),
          (s) => fresh(s) && !known(s),
          fresh,
        );
        return pickOrNull(pool.length ? pool : targets, this.random);
      }
      case "doctor": {
        const pool = preferred(
          targets,
          (s) => k.claimers.has(s),
          (s) => s === k.me,
        );
        return pickOrNull(pool.length ? pool : targets, this.random);
      }
      case "maniac": {
        const pool = preferred(
          targets,
          (s) => k.blacks.has(s),
          (s) => k.suspects.has(s) && !trusted(s),
          (s) => !trusted(s),
        );
        return pickOrNull(pool.length ? pool : targets, this.random);
      }
      case "prostitute": {
        const tonight = k.view.phase.n;
        const froze = k.view.you?.choices.some((c) => c.night === tonight && c.role === "prostitute");
        // NIGHT-5: a second wake on the same night is the lone prostitute's shot.
        if (froze) return this.shot(k, targets) ?? skip;
        const pool = preferred(
          targets,
          (s) => k.claimers.has(s) && !k.allies.has(s),
          (s) => !k.allies.has(s) && !k.blacks.has(s),
        );
        return pickOrNull(pool.length ? pool : targets, this.random) ?? skip;
      }
      case "don":
      case "mafia":
        return this.shot(k, targets) ?? skip;
      default:
        return pickOrNull(targets, this.random);
    }
  }

  /**
   * The black shot: a claimed commissar, then an accuser, then anyone outside the team. The pick
   * among equals is the same for every mafioso (ACTING-DON: without the Don they must agree).
   */
  private shot(k: Knowledge, targets: readonly Choose[]): Choose | null {
    const pool = preferred(
      targets,
      (s) => k.claimers.has(s) && !k.allies.has(s),
      (s) => k.accusers.has(s) && !k.allies.has(s),
      (s) => !k.allies.has(s),
    );
    if (pool.length === 0) return null;
    let salt = k.view.phase.n ?? 0;
    for (const a of k.allies) salt += a;
    return pool[(salt * 7) % pool.length] as Choose;
  }

  private note(k: Knowledge, actions: readonly Action[]): Action | null {
    const tonight = k.view.phase.n;
    const check = k.view.you?.checks.find((c) => c.night === tonight);
    // NIGHT-12: a black check is worth leaving behind in case tonight kills him.
    const leave = check?.black === true;
    return actions.find((a) => a.type === "note" && a.leave === leave) ?? pickOrNull(actions, this.random);
  }

  private vote(k: Knowledge, actions: readonly Vote[]): Action | null {
    const pool = k.black ? this.blackVote(k, actions) : this.redVote(k, actions);
    return pickOrNull(pool.length ? pool : actions, this.random);
  }

  private blackVote<A extends { readonly target: Seat }>(k: Knowledge, choices: readonly A[]): A[] {
    return preferred(
      choices,
      (s) => k.claimers.has(s) && !k.allies.has(s),
      (s) => k.accusers.has(s) && !k.allies.has(s),
      (s) => !k.allies.has(s),
    );
  }

  private redVote<A extends { readonly target: Seat }>(k: Knowledge, choices: readonly A[]): A[] {
    let most = 0;
    for (const s of k.view.seats) if (s.out === null && s.foulVotes > most) most = s.foulVotes;
    const trusted = (seat: Seat) => k.claimers.has(seat) || k.reds.has(seat);
    return preferred(
      choices,
      (s) => k.blacks.has(s),
      (s) => k.suspects.has(s) && !trusted(s),
      (s) => most > 0 && k.view.seats[s - 1]?.foulVotes === most && !trusted(s),
      (s) => !trusted(s),
    );
  }

  /** DAY-6: yes unless the tied include someone this seat wants to keep. */
  private liftVote(k: Knowledge, actions: readonly Action[]): Action | null {
    const tied = k.view.phase.candidates;
    const keep = k.black
      ? tied.some((s) => k.allies.has(s))
      : tied.some((s) => (k.claimers.has(s) || k.reds.has(s)) && !k.blacks.has(s)) &&
        !tied.some((s) => k.blacks.has(s));
    return actions.find((a) => a.type === "liftVote" && a.yes === !keep) ?? pickOrNull(actions, this.random);
  }

  /** DON-1: a claimed commissar, else a player who voted for him today, else an accuser, else anyone red-looking. */
  private grave(k: Knowledge, actions: readonly Action[]): Action | null {
    const graves = actions.filter((a): a is Grave => a.type === "grave");
    const today = k.view.phase.n;
    const votedMe = new Set<Seat>();
    for (const v of k.view.votings)
      if (v.day === today) for (const b of v.ballots) if (b.target === k.me) votedMe.add(b.voter);
    const pool = preferred(
      graves,
      (s) => k.claimers.has(s) && !k.allies.has(s),
      (s) => votedMe.has(s) && !k.allies.has(s),
      (s) => k.accusers.has(s) && !k.allies.has(s),
      (s) => !k.allies.has(s),
    );
    return pickOrNull(pool, this.random) ?? graves.find((a) => a.target === null) ?? null;
  }
}
