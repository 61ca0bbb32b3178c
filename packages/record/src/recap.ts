// The recap (RATE-1): the course of a game told after it, built by folding the record's events with
// the engine and noting what each event changed. It shows every card and every night choice.

import {
  accusationQueue,
  type Card,
  evolve,
  type FoulReason,
  type Game,
  type GameEvent,
  type HostView,
  lastSteps,
  type NightChoice,
  type NightOutcome,
  type OutCause,
  type RemarkReason,
  type Seat,
  type View,
  type Voting,
  viewFor,
  type Winner,
} from "@misto/engine";
import type { GameRecord } from "./types.js";

/** Where an entry belongs: the deal, a day or a night, or after the game. */
export type RecapPhase =
  | { readonly kind: "deal" }
  | { readonly kind: "day" | "night"; readonly n: number }
  | { readonly kind: "after" };

export interface SeatCard {
  readonly seat: Seat;
  readonly card: Card;
}

/** DAY-2, DAY-6, DAY-7: the day's rounds of speeches, named as the engine's day steps. */
export type SpeechRound = "accusations" | "splitSpeeches" | "lastWords";

/**
 * One turn in a round of speeches, in the order of the round: the seat had the floor (for `seconds`,
 * or null when the events' times do not allow it), or it was passed over (FOUL-4: muted; or out of
 * the game before its turn).
 */
export type RecapSpeech =
  | { readonly seat: Seat; readonly skipped: null; readonly seconds: number | null }
  | { readonly seat: Seat; readonly skipped: "muted" | "out" };

/**
 * One line of a night's story (FLOW-3, NIGHT-2…13), with its facts: what each role's choice came to.
 * Worked out once here; each client only puts it into words.
 */
export type NightLine =
  /** FLOW-4: night 1 with `firstNightActions` off. */
  | { readonly kind: "acquaintanceOnly" }
  | { readonly kind: "frozeNobody" }
  | { readonly kind: "froze"; readonly target: Seat }
  /** NIGHT-6: the heal on her target cancels the freeze. */
  | { readonly kind: "frozeCancelled"; readonly target: Seat }
  | { readonly kind: "doctorFrozen" }
  | { readonly kind: "healedNobody" }
  | { readonly kind: "healed"; readonly target: Seat }
  /** NIGHT-5: the lone prostitute's shot. */
  | { readonly kind: "loneShot"; readonly target: Seat }
  | { readonly kind: "mafiaShot"; readonly target: Seat }
  /** ACTING-DON: the mafiosi showed different targets: no shot. */
  | {
      readonly kind: "mafiaDisagreed";
      readonly shown: readonly { readonly seat: Seat; readonly target: Seat | null }[];
    }
  | { readonly kind: "mafiaMissed" }
  | { readonly kind: "maniacFrozen" }
  | { readonly kind: "maniacNobody" }
  | { readonly kind: "maniacShot"; readonly target: Seat }
  | { readonly kind: "commissarFrozen" }
  | { readonly kind: "checkedNobody" }
  | { readonly kind: "checked"; readonly target: Seat; readonly black: boolean }
  /** NIGHT-12: the note left tonight burns, or is read in the morning. */
  | { readonly kind: "noteLeft" }
  | { readonly kind: "noteRead" };

/** DAY-4, DAY-6: what a voting round came to. */
export type VotingOutcome =
  /** A first vote's tie: split speeches, then a re-vote. */
  | { readonly kind: "tie"; readonly seats: readonly Seat[] }
  /** A re-vote's tie: the lift-all vote. */
  | { readonly kind: "tieAgain"; readonly seats: readonly Seat[] }
  | { readonly kind: "out"; readonly seats: readonly Seat[] }
  | { readonly kind: "nobody" };

export type RecapEntry =
  /** SETUP-3, SETUP-4: the deal, or a new deal. */
  | {
      readonly kind: "deal";
      readonly phase: RecapPhase;
      readonly redeal: boolean;
      readonly seed: string | null;
      readonly seats: readonly { readonly seat: Seat; readonly name: string; readonly card: Card }[];
    }
  /** FLOW-3, NIGHT-13: a resolved night, its choices and what came of them. */
  | {
      readonly kind: "night";
      readonly phase: RecapPhase;
      readonly n: number;
      readonly choices: readonly NightChoice[];
      readonly outcome: NightOutcome;
      /** NIGHT-11: the commissar's check and its answer. */
      readonly check: { readonly target: Seat; readonly black: boolean } | null;
      /** NIGHT-12: no note, a note left (and burnt), or a note read at the announcement. */
      readonly note: "none" | "left" | "read";
      readonly deaths: readonly SeatCard[];
      /** What each role's choice came to, in the call order: the lines every language tells. */
      readonly lines: readonly NightLine[];
    }
  /** DAY-8, NIGHT-14: the host's announcement of the night. */
  | {
      readonly kind: "announcement";
      readonly phase: RecapPhase;
      readonly deaths: readonly SeatCard[];
      readonly noteRead: { readonly commissar: Seat; readonly target: Seat; readonly black: boolean } | null;
    }
  /** DAY-1: the discussion, and its length in seconds (null when the events' times do not allow it). */
  | { readonly kind: "discussion"; readonly phase: RecapPhase; readonly seconds: number | null }
  /** DAY-2, DAY-5: the accusation speeches; DAY-6: the split speeches of a tie; DAY-7: the last words. */
  | {
      readonly kind: "speeches";
      readonly phase: RecapPhase;
      readonly round: SpeechRound;
      readonly speeches: readonly RecapSpeech[];
    }
  /** FOUL-1: a foul (two for night talk), and the seat's total after it. */
  | {
      readonly kind: "foul";
      readonly phase: RecapPhase;
      readonly seat: Seat;
      readonly reason: FoulReason;
      readonly count: number;
      readonly fouls: number;
      readonly note: string | null;
    }
  /** FOUL-2: a remark, the seat's total, and whether it became a foul. */
  | {
      readonly kind: "remark";
      readonly phase: RecapPhase;
      readonly seat: Seat;
      readonly reason: RemarkReason;
      readonly remarks: number;
      readonly foul: boolean;
    }
  /** DAY-3…6: a finished voting (a vote, a re-vote or a lift-all) with its ballots and tally. */
  | {
      readonly kind: "voting";
      readonly phase: RecapPhase;
      readonly voting: Voting;
      /** The lift-all's players (those tied in the re-vote); empty for other rounds. */
      readonly liftAllOn: readonly Seat[];
      readonly outcome: VotingOutcome;
      /** DAY-6: the lift-all's answers, yes and no, in the order given (empty for other rounds). */
      readonly yes: readonly Seat[];
      readonly no: readonly Seat[];
    }
  /** A player leaves the game other than by a night's shot (that is in the night entry). */
  | {
      readonly kind: "out";
      readonly phase: RecapPhase;
      readonly seat: Seat;
      readonly card: Card;
      readonly cause: Exclude<OutCause, "night">;
    }
  /** DON-1: the Don's grave choice. */
  | { readonly kind: "grave"; readonly phase: RecapPhase; readonly don: Seat; readonly target: Seat | null }
  /** HOST-3: an undo, what it undid, and what it gave back. */
  | {
      readonly kind: "undo";
      readonly phase: RecapPhase;
      readonly undone: string;
      readonly restored: readonly Seat[];
      readonly resultWithdrawn: boolean;
    }
  /** TEAM-1: the game is over. */
  | { readonly kind: "result"; readonly phase: RecapPhase; readonly winner: Winner }
  /** HOST-2: the host announced the result; it is final. */
  | { readonly kind: "announced"; readonly phase: RecapPhase; readonly winner: Winner | null }
  /** RATE-1…7: the rating as it stands at the end of the record. */
  | {
      readonly kind: "rating";
      readonly phase: RecapPhase;
      readonly candidates: readonly Seat[];
      readonly votes: readonly { readonly seat: Seat; readonly votes: number }[];
      readonly points: readonly { readonly seat: Seat; readonly points: number }[];
      readonly bonuses: readonly { readonly seat: Seat; readonly points: number }[];
      readonly contests: readonly {
        readonly seat: Seat;
        readonly points: number;
        readonly passed: boolean;
      }[];
      readonly closed: boolean;
    };

/** The game's timeline, entry by entry, in the order things happened (undos included). */
export function recap(record: GameRecord): RecapEntry[] {
  const entries: RecapEntry[] = [];
  let state: Moment | null = null;
  // The round of speeches under way, and (HOST-3) for every step the host may undo, the round as it
  // stood before that step and the speech entries the step made: an undo takes them back.
  let round: Round | null = null;
  const undoable: { readonly round: Round | null; readonly made: readonly RecapEntry[] }[] = [];
  for (const event of record.events) {
    const game = evolve(state?.game ?? null, event);
    const next: Moment = { game, view: viewFor(game, "host") };
    if (state !== null && event.type === "undone") {
      const step = undoable.pop();
      if (step) {
        for (const made of step.made) {
          const at = entries.indexOf(made);
          if (at >= 0) entries.splice(at, 1);
        }
        round = step.round;
      }
      entries.push(...entriesOf(state, next, event, []));
    } else {
      const speeches: Speeches =
        state === null ? { made: [], round: null } : speechesOf(state, next, event, round);
      entries.push(...entriesOf(state, next, event, speeches.made));
      // The engine's log: every event but the first, undos and speech lines (which an undo keeps).
      if (state !== null && event.type !== "spoke") undoable.push({ round, made: speeches.made });
      round = speeches.round;
    }
    state = next;
  }
  if (state?.view.rating) entries.push(ratingEntry(state.view));
  return entries;
}

/**
 * The game at one event, and the host's view of it (every card, every night's choice): the recap
 * reads the game only through that view and the engine's named queries.
 */
interface Moment {
  readonly game: Game;
  readonly view: View;
}

const hostOf = (view: View): HostView => view.host as HostView;

/** A run of entries of one phase: a night, a day, the deal, or after the game. */
export interface RecapSection {
  readonly phase: RecapPhase;
  readonly entries: readonly RecapEntry[];
}

/** Groups the timeline by phase: each run of consecutive entries of one phase is a section. */
export function recapSections(entries: readonly RecapEntry[]): RecapSection[] {
  const sections: { phase: RecapPhase; entries: RecapEntry[] }[] = [];
  for (const entry of entries) {
    const last = sections.at(-1);
    if (last && label(last.phase) === label(entry.phase)) last.entries.push(entry);
    else sections.push({ phase: entry.phase, entries: [entry] });
  }
  return sections;
}

function phaseOf(view: View): RecapPhase {
  const p = view.phase;
  if ((p.kind === "day" || p.kind === "night") && p.n !== null) return { kind: p.kind, n: p.n };
  return p.kind === "deal" ? { kind: "deal" } : { kind: "after" };
}

/** The host's view holds every card. */
const cardOf = (view: View, seat: Seat): Card => view.seats[seat - 1]?.card ?? "civilian";

function entriesOf(
  was: Moment | null,
  now: Moment,
  event: GameEvent,
  speeches: readonly RecapEntry[],
): RecapEntry[] {
  const next = now.view;
  if (was === null || event.type === "created" || event.type === "redealt") {
    const seats = next.seats.map((s) => ({ seat: s.seat, name: s.name, card: cardOf(next, s.seat) }));
    return [{ kind: "deal", phase: { kind: "deal" }, redeal: was !== null, seed: hostOf(next).seed, seats }];
  }
  if (event.type === "undone") return [undoEntry(was, next)];
  const prev = was.view;
  const at = phaseOf(prev);
  const out: RecapEntry[] = [];
  switch (event.type) {
    case "advanced":
      if (event.from === "morning") out.push(announcementEntry(next, at));
      break;
    case "fouled": {
      const fouls = next.seats[event.seat - 1]?.fouls ?? 0;
      const note = event.note ?? null;
      out.push({
        kind: "foul",
        phase: at,
        seat: event.seat,
        reason: event.reason,
        count: event.count,
        fouls,
        note,
      });
      break;
    }
    case "remarked": {
      const before = prev.seats[event.seat - 1];
      const after = next.seats[event.seat - 1];
      const foul = (after?.fouls ?? 0) > (before?.fouls ?? 0);
      out.push({
        kind: "remark",
        phase: at,
        seat: event.seat,
        reason: event.reason,
        remarks: after?.remarks ?? 0,
        foul,
      });
      break;
    }
    case "graveChosen":
      out.push({ kind: "grave", phase: at, don: event.seat, target: event.target });
      break;
    case "resultAnnounced":
      out.push({ kind: "announced", phase: { kind: "after" }, winner: next.result?.winner ?? null });
      break;
  }
  // Before the voting they lead to (DAY-2, DAY-6); last words end after the elimination was told.
  out.push(...speeches);
  for (const night of hostOf(next).nights) {
    const before = hostOf(prev).nights.find((x) => x.n === night.n);
    if (night.outcome && !before?.outcome) out.push(nightEntry(next, night.n));
  }
  for (const voting of next.votings.slice(prev.votings.length)) {
    const revote = next.votings.filter((v) => v.day === voting.day && v.round === "revote").at(-1);
    const liftAllOn = voting.round === "liftAll" ? (revote?.tied ?? []) : [];
    out.push({
      kind: "voting",
      phase: { kind: "day", n: voting.day },
      voting,
      liftAllOn,
      outcome: votingOutcome(voting),
      yes: voting.answers.filter((a) => a.yes).map((a) => a.voter),
      no: voting.answers.filter((a) => !a.yes).map((a) => a.voter),
    });
  }
  for (const s of next.seats) {
    const before = prev.seats[s.seat - 1];
    if (s.out && !before?.out && s.out.cause !== "night")
      out.push({
        kind: "out",
        phase: { kind: s.out.kind, n: s.out.n },
        seat: s.seat,
        card: cardOf(next, s.seat),
        cause: s.out.cause,
      });
  }
  if (next.result && !prev.result)
    out.push({ kind: "result", phase: { ...next.result.when }, winner: next.result.winner });
  return out;
}

// ── Speeches ────────────────────────────────────────────────────────────────────────────────────

/** The round of speeches under way (the state says which): the turns over so far, in order. */
type Round = readonly RecapSpeech[];

interface Speeches {
  readonly made: readonly RecapEntry[];
  readonly round: Round | null;
}

/** A round of speeches as the host's view shows it: its queue and whose turn it is (the index). */
interface SpeakingStep {
  readonly kind: SpeechRound;
  readonly queue: readonly Seat[];
  readonly index: number;
}

function speaking(view: View): { readonly n: number; readonly step: SpeakingStep } | null {
  const p = view.phase;
  if (p.kind !== "day" || p.n === null) return null;
  const kind = p.step;
  if (kind !== "accusations" && kind !== "splitSpeeches" && kind !== "lastWords") return null;
  const index = p.current === null ? p.queue.length : p.queue.indexOf(p.current);
  return { n: p.n, step: { kind, queue: p.queue, index } };
}

/** Whole seconds from `from` to `to` (ms), or null when the times run backwards or are not numbers. */
function seconds(from: number, to: number): number | null {
  const ms = to - from;
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 1000) : null;
}

/** Seats the engine passed over (DAY-5, DAY-6): out of the game, or else muted (FOUL-4). */
function passedOver(view: View, seats: readonly Seat[]): RecapSpeech[] {
  return seats.map((seat) => ({ seat, skipped: view.seats[seat - 1]?.out ? "out" : "muted" }));
}

/**
 * What one event did to the day's speeches, from the step before it and the step after it: the
 * speaker whose turn is over had the floor from the time his turn began (`stepSince`) to this
 * event; the seats between him and the next speaker were passed over. A finished round, or a
 * finished discussion, becomes an entry.
 */
function speechesOf(was: Moment, now: Moment, event: GameEvent, round: Round | null): Speeches {
  const made: RecapEntry[] = [];
  const prev = was.view;
  const next = now.view;
  const p = prev.phase;
  const q = next.phase;
  const before = speaking(prev);
  const after = speaking(next);
  if (p.kind === "day" && p.n !== null && p.step === "discussion") {
    const goesOn = q.kind === "day" && q.n === p.n && q.step === "discussion";
    if (!goesOn)
      made.push({ kind: "discussion", phase: dayOf(p.n), seconds: seconds(prev.phase.since, event.at) });
    // DAY-2, FOUL-4: with every living player muted, the round is passed over as it starts.
    if (!goesOn && event.type === "advanced" && !(after?.n === p.n && after.step.kind === "accusations")) {
      const queue = accusationQueue(was.game);
      made.push(speechesEntry(p.n, "accusations", passedOver(next, queue)));
    }
  }
  const same =
    before !== null && after !== null && before.n === after.n && before.step.kind === after.step.kind;
  let speeches: Round = round ?? [];
  if (before) {
    const { queue, index } = before.step;
    // The game ended during a speech (a removal, a grave): the rest of the round never came.
    const cut = !same && next.phase.kind === "ended" && event.type !== "advanced";
    const upTo = same && after ? after.step.index : cut ? index + 1 : queue.length;
    const speaker = queue[index];
    if (upTo > index && speaker !== undefined)
      speeches = [
        ...speeches,
        { seat: speaker, skipped: null, seconds: seconds(prev.phase.since, event.at) },
        ...passedOver(next, queue.slice(index + 1, upTo)),
      ];
    if (!same) {
      made.push(speechesEntry(before.n, before.step.kind, speeches));
      speeches = [];
    }
  }
  if (after && !same) speeches = passedOver(next, after.step.queue.slice(0, after.step.index));
  return { made, round: after ? speeches : null };
}

const dayOf = (n: number): RecapPhase => ({ kind: "day", n });

function speechesEntry(n: number, round: SpeechRound, speeches: readonly RecapSpeech[]): RecapEntry {
  return { kind: "speeches", phase: dayOf(n), round, speeches };
}

function nightEntry(state: View, n: number): RecapEntry {
  const night = hostOf(state).nights.find((x) => x.n === n);
  if (!night?.outcome) throw new Error(`night ${n} is not resolved`);
  const check = hostOf(state).checks.find((c) => c.night === n);
  return {
    kind: "night",
    phase: { kind: "night", n },
    n,
    choices: night.choices,
    outcome: night.outcome,
    check: check ? { target: check.target, black: check.black } : null,
    note: night.outcome.noteRead !== null ? "read" : night.note ? "left" : "none",
    deaths: night.outcome.deaths.map((seat) => ({ seat, card: cardOf(state, seat) })),
    lines: nightLines(
      night.choices,
      night.outcome,
      check ?? null,
      night.outcome.noteRead !== null,
      night.note,
    ),
  };
}

/** What each role's choice came to, in the call order (NIGHT-2…13). */
function nightLines(
  choices: readonly NightChoice[],
  outcome: NightOutcome,
  check: { readonly target: Seat; readonly black: boolean } | null,
  noteRead: boolean,
  noteLeft: boolean,
): NightLine[] {
  if (choices.length === 0) return [{ kind: "acquaintanceOnly" }];
  const lines: NightLine[] = [];
  const choice = (role: NightChoice["role"]) => choices.find((c) => c.role === role);
  const frozen = (c: NightChoice) => outcome.freeze === c.seat;
  const prostitute = choice("prostitute");
  if (prostitute) {
    // NIGHT-6: only a heal on her target cancels it (a freeze on a player removed tonight also ends null).
    const t = prostitute.target;
    const cancelled = t !== null && choice("doctor")?.target === t && outcome.freeze === null;
    lines.push(
      t === null ? { kind: "frozeNobody" } : { kind: cancelled ? "frozeCancelled" : "froze", target: t },
    );
  }
  const doctor = choice("doctor");
  if (doctor)
    lines.push(
      frozen(doctor)
        ? { kind: "doctorFrozen" }
        : doctor.target === null
          ? { kind: "healedNobody" }
          : { kind: "healed", target: doctor.target },
    );
  const shooters = choices.filter((c) => c.role === "mafia");
  if (shooters.length) {
    const lone = outcome.shots.find((x) => x.by === "prostitute");
    const mafia = outcome.shots.find((x) => x.by === "mafia");
    if (lone) lines.push({ kind: "loneShot", target: lone.target });
    else if (mafia) lines.push({ kind: "mafiaShot", target: mafia.target });
    else if (shooters.length > 1 && shooters.some((c) => c.target !== null))
      lines.push({
        kind: "mafiaDisagreed",
        shown: shooters.map((c) => ({ seat: c.seat, target: c.target })),
      });
    else lines.push({ kind: "mafiaMissed" });
  }
  const maniac = choice("maniac");
  if (maniac)
    lines.push(
      frozen(maniac)
        ? { kind: "maniacFrozen" }
        : maniac.target === null
          ? { kind: "maniacNobody" }
          : { kind: "maniacShot", target: maniac.target },
    );
  const commissar = choice("commissar");
  if (commissar) {
    if (frozen(commissar)) lines.push({ kind: "commissarFrozen" });
    else if (check) lines.push({ kind: "checked", target: check.target, black: check.black });
    else lines.push({ kind: "checkedNobody" });
  }
  if (noteRead) lines.push({ kind: "noteRead" });
  else if (noteLeft) lines.push({ kind: "noteLeft" });
  return lines;
}

/** DAY-4, DAY-6: a tie (split speeches and a re-vote, or the lift-all), the eliminated, or nobody. */
function votingOutcome(v: Voting): VotingOutcome {
  if (v.tied.length) return { kind: v.round === "vote" ? "tie" : "tieAgain", seats: [...v.tied] };
  return v.eliminated.length ? { kind: "out", seats: [...v.eliminated] } : { kind: "nobody" };
}

function announcementEntry(state: View, at: RecapPhase): RecapEntry {
  const night = hostOf(state).nights.at(-1);
  const outcome = night?.outcome;
  const commissar = state.seats.find((s) => s.card === "commissar");
  const check = night && hostOf(state).checks.find((c) => c.night === night.n);
  const read = outcome ? outcome.noteRead : null;
  const noteRead =
    read !== null && commissar && check
      ? { commissar: commissar.seat, target: read, black: check.black }
      : null;
  const deaths = (outcome?.deaths ?? []).map((seat) => ({ seat, card: cardOf(state, seat) }));
  return { kind: "announcement", phase: at, deaths, noteRead };
}

function undoEntry(was: Moment, next: View): RecapEntry {
  const undone = lastSteps(was.game, 1)[0] ?? null;
  const prev = was.view;
  const restored = next.seats.filter((s) => s.out === null && prev.seats[s.seat - 1]?.out).map((s) => s.seat);
  // An undo in the rating (HOST-3) is told after the game; one before the announcement, in the
  // phase the game ended in.
  const rating = prev.phase.kind === "rating";
  const phase: RecapPhase =
    prev.result && !rating ? { kind: prev.result.when.kind, n: prev.result.when.n } : phaseOf(prev);
  return {
    kind: "undo",
    phase,
    undone: undone ? describe(undone) : "nothing",
    restored,
    resultWithdrawn: prev.result !== null && next.result === null,
  };
}

function ratingEntry(state: View): RecapEntry {
  const rating = state.rating;
  if (!rating) throw new Error("no rating");
  const tally = new Map<Seat, number>();
  for (const v of rating.votes)
    if (v.candidate !== null) tally.set(v.candidate, (tally.get(v.candidate) ?? 0) + 1);
  return {
    kind: "rating",
    phase: { kind: "after" },
    candidates: rating.candidates.map((c) => c.seat),
    votes: [...tally.entries()].map(([seat, votes]) => ({ seat, votes })).sort((a, b) => b.votes - a.votes),
    points: rating.points.map((points, i) => ({ seat: i + 1, points })).filter((p) => p.points > 0),
    bonuses: rating.bonuses.map((b) => ({ ...b })),
    contests: rating.contests.map((c) => ({ seat: c.seat, points: c.points, passed: c.passed })),
    closed: state.phase.kind === "closed",
  };
}

/** A short description of an event, for the undo entry. */
function describe(event: GameEvent): string {
  switch (event.type) {
    case "created":
      return "the deal";
    case "redealt":
      return "a new deal";
    case "advanced":
      return HOST_STEPS[event.from] ?? `the end of the ${STEP_NAMES[event.from] ?? event.from}`;
    case "chose":
      return `the ${event.role}'s choice (${event.seat}): ${event.target ?? "nobody"}`;
    case "noted":
      return event.leave ? "the commissar's note" : "the commissar's decision to leave no note";
    case "voted":
      return `${event.voter}'s vote for ${event.target}`;
    case "liftVoted":
      return `${event.voter}'s lift-all answer (${event.yes ? "yes" : "no"})`;
    case "graveChosen":
      return `the Don's grave choice: ${event.target ?? "nobody"}`;
    case "fouled":
      return `a foul to ${event.seat}`;
    case "remarked":
      return `a remark to ${event.seat}`;
    case "disqualified":
      return `the disqualification of ${event.seat}`;
    case "spoke":
      return `a line by ${event.seat}`;
    case "undone":
      return "an undo";
    case "resultAnnounced":
      return "the announcement of the result";
    case "nominated":
      return `the nomination of ${event.candidate}`;
    case "nominationsClosed":
      return "the close of nominations";
    case "ratingVoted":
      return `${event.voter}'s rating vote`;
    case "splitSet":
      return "the split of a tied place";
    case "bonusGiven":
      return `the host's bonus to ${event.seat}`;
    case "contestOpened":
      return `the contest for ${event.seat}`;
    case "contestVoted":
      return `${event.voter}'s contest vote`;
    case "ratingClosed":
      return "the close of the rating";
  }
}

/** HOST-4: the host's own steps, by the step they end. */
const HOST_STEPS: Readonly<Record<string, string>> = {
  voting: "the count of the vote",
  liftAll: "the count of the lift-all vote",
  dawn: "the end of the night",
};

const STEP_NAMES: Readonly<Record<string, string>> = {
  deal: "deal",
  morning: "announcement",
  discussion: "discussion",
  accusations: "accusation speech",
  splitSpeeches: "split speech",
  lastWords: "last word",
  acquaintance: "acquaintance",
};

// ── Text ────────────────────────────────────────────────────────────────────────────────────────

const CAUSES: Readonly<Record<Exclude<OutCause, "night">, string>> = {
  vote: "voted out",
  grave: "taken to the grave",
  fouls: "removed at the 5th foul",
  disqualified: "disqualified",
};

function label(phase: RecapPhase): string {
  switch (phase.kind) {
    case "deal":
      return "Deal";
    case "day":
      return `Day ${phase.n}`;
    case "night":
      return `Night ${phase.n}`;
    case "after":
      return "After the game";
  }
}

const list = (seats: readonly Seat[]) => seats.join(", ");
const withCards = (seats: readonly SeatCard[]) => seats.map((s) => `${s.seat} (${s.card})`).join(", ");
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

const WINNERS: Readonly<Record<Winner, string>> = {
  red: "red wins",
  black: "black wins",
  draw: "the game is a draw",
};

/** The recap as English lines, one per entry, each opened by its phase. */
export function recapText(entries: readonly RecapEntry[]): string[] {
  return entries.map((entry) => `${label(entry.phase)}: ${entryText(entry)}`);
}

function entryText(entry: RecapEntry): string {
  switch (entry.kind) {
    case "deal": {
      const how = entry.seed === null ? "cards dealt by hand" : `seed "${entry.seed}"`;
      const seats = entry.seats.map((s) => `${s.seat} ${s.name} (${s.card})`).join(", ");
      return `${entry.redeal ? "a new deal" : "the deal"}, ${how}: ${seats}`;
    }
    case "night":
      return nightText(entry);
    case "announcement": {
      const deaths = entry.deaths.length ? `died: ${withCards(entry.deaths)}` : "nobody died";
      const note = entry.noteRead
        ? `; the commissar's note is read: ${entry.noteRead.commissar} checked ${entry.noteRead.target}: ${entry.noteRead.black ? "black" : "red"}`
        : "";
      return `the host announces the night: ${deaths}${note}`;
    }
    case "discussion":
      return entry.seconds === null ? "the discussion" : `the discussion (${duration(entry.seconds)})`;
    case "speeches":
      return `${ROUNDS[entry.round]}: ${entry.speeches.map(speechText).join(", ") || "none"}`;
    case "foul": {
      const what = entry.count === 2 ? "two fouls" : "a foul";
      const note = entry.note ? ` "${entry.note}"` : "";
      return `${what} to ${entry.seat} (${entry.reason}${note}): ${entry.fouls} in all`;
    }
    case "remark":
      return `a remark to ${entry.seat} (${entry.reason}): the ${ordinal(entry.remarks)}${entry.foul ? ", which makes a foul" : ""}`;
    case "voting":
      return votingText(entry);
    case "out":
      return `${entry.seat} (${entry.card}) ${CAUSES[entry.cause]}`;
    case "grave":
      return entry.target === null
        ? `the Don ${entry.don} takes nobody to the grave`
        : `the Don ${entry.don} takes ${entry.target} to the grave`;
    case "undo": {
      const back = entry.restored.length ? `; back in the game: ${list(entry.restored)}` : "";
      const withdrawn = entry.resultWithdrawn ? "; the result is withdrawn, the game goes on" : "";
      return `the host undoes ${entry.undone}${back}${withdrawn}`;
    }
    case "result":
      return `the game is over: ${WINNERS[entry.winner]}`;
    case "announced":
      return `the host announces the result${entry.winner ? `: ${WINNERS[entry.winner]}` : ""}; it is final`;
    case "rating": {
      const parts: string[] = [];
      parts.push(entry.candidates.length ? `candidates ${list(entry.candidates)}` : "no candidates");
      if (entry.votes.length)
        parts.push(`votes: ${entry.votes.map((v) => `${v.seat} ×${v.votes}`).join(", ")}`);
      for (const b of entry.bonuses) parts.push(`the host's bonus: ${b.seat} +${b.points}`);
      for (const c of entry.contests)
        parts.push(`contest: ${c.seat} to ${c.points} points, ${c.passed ? "passed" : "refused"}`);
      parts.push(
        entry.points.length
          ? `rating points: ${entry.points.map((p) => `${p.seat}: ${p.points}`).join(", ")}`
          : "no rating points",
      );
      if (!entry.closed) parts.push("(the rating is not closed)");
      return `rating: ${parts.join("; ")}`;
    }
  }
}

const ROUNDS: Readonly<Record<SpeechRound, string>> = {
  accusations: "accusation speeches",
  splitSpeeches: "split speeches",
  lastWords: "last words",
};

/** Seconds as m:ss. */
export function duration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function speechText(s: RecapSpeech): string {
  if (s.skipped !== null) return `${s.seat} skipped (${s.skipped})`;
  return s.seconds === null ? String(s.seat) : `${s.seat} (${duration(s.seconds)})`;
}

function nightText(entry: Extract<RecapEntry, { kind: "night" }>): string {
  const deaths = entry.deaths.length ? `died: ${list(entry.deaths.map((d) => d.seat))}` : "nobody died";
  return [...entry.lines.map(nightLineText), deaths].join("; ");
}

const target = (t: Seat | null) => (t === null ? "nobody" : String(t));

function nightLineText(line: NightLine): string {
  switch (line.kind) {
    case "acquaintanceOnly":
      return "the acquaintance only, nobody acts";
    case "frozeNobody":
      return "prostitute froze nobody";
    case "froze":
      return `prostitute froze ${line.target}`;
    case "frozeCancelled":
      return `prostitute froze ${line.target} (the heal cancels it)`;
    case "doctorFrozen":
      return "doctor is frozen";
    case "healedNobody":
      return "doctor healed nobody";
    case "healed":
      return `doctor healed ${line.target}`;
    case "loneShot":
      return `prostitute (alone) shot ${line.target}`;
    case "mafiaShot":
      return `mafia shot ${line.target}`;
    case "mafiaDisagreed":
      return `mafia shot nobody (${line.shown.map((c) => `${c.seat} showed ${target(c.target)}`).join(", ")})`;
    case "mafiaMissed":
      return "mafia shot nobody";
    case "maniacFrozen":
      return "maniac is frozen";
    case "maniacNobody":
      return "maniac shot nobody";
    case "maniacShot":
      return `maniac shot ${line.target}`;
    case "commissarFrozen":
      return "commissar is frozen";
    case "checkedNobody":
      return "commissar checked nobody";
    case "checked":
      return `commissar checked ${line.target}: ${line.black ? "black" : "red"}`;
    case "noteLeft":
      return "the commissar left a note (it burns)";
    case "noteRead":
      return "the commissar left a note, read in the morning";
  }
}

function outcomeText(outcome: VotingOutcome): string {
  switch (outcome.kind) {
    case "tie":
      return `tie ${list(outcome.seats)}: split speeches, then a re-vote`;
    case "tieAgain":
      return `tie again ${list(outcome.seats)}: a lift-all vote`;
    case "out":
      return `${list(outcome.seats)} out`;
    case "nobody":
      return "nobody out";
  }
}

function votingText(entry: Extract<RecapEntry, { kind: "voting" }>): string {
  const v = entry.voting;
  const outcome = outcomeText(entry.outcome);
  if (v.round === "liftAll") {
    const { yes, no } = entry;
    return `lift-all vote on ${list(entry.liftAllOn)}: yes ${yes.length} (${list(yes)}), no ${no.length} (${list(no)}) → ${outcome}`;
  }
  const name = v.round === "vote" ? "vote" : "re-vote";
  const ballots = v.ballots.map((b) => `${b.voter}→${b.target}`).join(", ");
  const foulVotes = v.foulVotes.length
    ? `; foul votes: ${v.foulVotes.map((f) => `${f.seat} +${f.votes}`).join(", ")}`
    : "";
  const tally = v.tally.length ? v.tally.map((t) => `${t.seat}: ${t.votes}`).join(", ") : "no votes";
  return `${name} (from ${v.starter}): ${ballots || "no ballots"}${foulVotes}; tally ${tally} → ${outcome}`;
}
