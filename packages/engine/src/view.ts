// viewFor: the only way state leaves the engine. Each view is built from scratch from an allow-list
// of what that viewer may know; nothing is copied wholesale and then trimmed.

import { type Card, isMafioso, type Team, teamOf } from "./cards.js";
import { nightEndedUnannounced, silencedBy, undoProblem } from "./decide.js";
import { type Action, awaiting, legalActions } from "./legal.js";
import { FOUL_LIMITS, type FoulLimits } from "./limits.js";
import { pendingChoosers, standingFreeze, targetProblem, wakeFor } from "./night/wake.js";
import type { RuleId } from "./rules.js";
import { hasNoVote, isMuted, seatOf } from "./seats.js";
import { discussionSecondsOf, type Settings } from "./settings.js";
import {
  type Actor,
  CALL_ORDER,
  type Check,
  type DayStep,
  type GameState,
  type NightChoice,
  type NightOutcome,
  type NightRole,
  type OutCause,
  type PhaseRef,
  type Rating,
  type RatingStep,
  type Seat,
  type SeatState,
  type Speech,
  type Voting,
  type Winner,
} from "./state.js";
import {
  answeredCheck,
  type Floor,
  floorOf,
  type GraveView,
  graveOf,
  type HostStep,
  hostStep,
  passedOver,
  upcoming,
} from "./view/host.js";
import {
  answersView,
  ballotsView,
  choiceView,
  outcomeView,
  ratingView,
  settingsView,
  speechView,
  votingView,
} from "./view/mapping.js";
import { part, type ViewMemo } from "./view/memo.js";
import { type LiftCount, liftCountOf, type TallyRow, tallyOf } from "./view/tally.js";

/** A phase's step as the views name it: the day's or rating's step, or (to the host) the night's. */
export type StepKind = DayStep["kind"] | RatingStep["kind"] | NightRole | "acquaintance" | "note" | "dawn";

export type Viewer = "host" | Seat | "spectator";

export interface SeatView {
  readonly seat: Seat;
  readonly name: string;
  readonly admin: boolean;
  /** The card, only when this viewer may know it. */
  readonly card: Card | null;
  /** The card is public to the whole table: revealed (a last word, a removal, an announcement) or the result announced. */
  readonly cardPublic: boolean;
  readonly out: { readonly cause: OutCause; readonly kind: "day" | "night"; readonly n: number } | null;
  readonly fouls: number;
  readonly remarks: number;
  readonly foulVotes: number;
  /** FOUL-4. */
  readonly muted: boolean;
  readonly noVote: boolean;
}

export interface PhaseView {
  /** To all but the host, a game ended by a night is still that night until the host announces it (DAY-8). */
  readonly kind: "deal" | "day" | "night" | "ended" | "rating" | "closed";
  readonly n: number | null;
  /** The day's or rating's step; at night only the host sees which role is awake. */
  readonly step: StepKind | null;
  /** The seat speaking or voting now (day), or null. */
  readonly current: Seat | null;
  readonly queue: readonly Seat[];
  /** The seats still to take their turn after the current one, as the engine will call them (DAY-5). */
  readonly upcoming: readonly Seat[];
  /** FOUL-4: the seats this round of accusations passes over for their fouls. */
  readonly passedOver: readonly Seat[];
  /**
   * Who has the floor now and why (DAY-2, DAY-6, DAY-7; "grave", DON-1, only to a viewer who knows
   * the speaker is the Don).
   */
  readonly floor: Floor | null;
  /** DAY-3, DAY-4, FOUL-3: the running count of the voting in progress, most votes first. */
  readonly tally: readonly TallyRow[];
  /** DAY-6: the lift-all's answers so far and the yes it needs; null outside a lift-all. */
  readonly lift: LiftCount | null;
  /** RATE-6: the contest being voted on. */
  readonly contest: {
    readonly seat: Seat;
    readonly points: number;
    readonly support: readonly Seat[];
  } | null;
  /** The re-vote's candidates (DAY-6) or the lift-all's tied players. */
  readonly candidates: readonly Seat[];
  /** The open ballots of the voting in progress (DAY-3: voting is open). */
  readonly ballots: readonly { readonly voter: Seat; readonly target: Seat }[];
  readonly answers: readonly { readonly voter: Seat; readonly yes: boolean }[];
  /** The step's timer length in seconds (DAY-1, DAY-2, DAY-6, DAY-7), or null. */
  readonly seconds: number | null;
  /** When the step began (the time of the event that started it). */
  readonly since: number;
}

export interface NightReport {
  readonly n: number;
  readonly deaths: readonly { readonly seat: Seat; readonly card: Card | null }[];
  /** NIGHT-12: a read note: the commissar, whom he checked, and what he learned. */
  readonly note: { readonly commissar: Seat; readonly target: Seat; readonly black: boolean } | null;
}

export interface YouView {
  readonly seat: Seat;
  readonly card: Card;
  readonly team: Team;
  /** FLOW-4: the mafiosi (and, with prostituteKnowsMafia, the prostitute) this seat knows. */
  readonly partners: readonly { readonly seat: Seat; readonly card: Card }[];
  /** NIGHT-11: the commissar's own checks. */
  readonly checks: readonly Check[];
  /** NIGHT-2: the nights on which this seat woke and was shown the freeze gesture. */
  readonly frozenNights: readonly number[];
  /** This seat's own night choices. */
  readonly choices: readonly {
    readonly night: number;
    readonly role: NightRole;
    readonly target: Seat | null;
  }[];
  /** NIGHT-12: for the commissar, whether his note is used. */
  readonly noteUsed: boolean | null;
  /** The game waits for this seat now. */
  readonly awaited: boolean;
  /**
   * When the step this seat is awaited in began (ms), or null while it is not awaited: an online
   * table's deadline for its answer counts from it (at night, too, where phase.since is 0 to
   * players: only the seat woken learns when its own turn began, on its own phone).
   */
  readonly awaitedSince: number | null;
  /**
   * At night, the role this seat is woken for and chooses as now, or null: the Don answers for
   * "mafia", and so does the lone prostitute, who shoots once the mafiosi are out (NIGHT-5). The
   * host calls it aloud at a live table, so it tells the seat nothing it would not hear there.
   */
  readonly awake: NightRole | null;
  /**
   * Why this seat may not speak in the city now (the rule: FOUL-1 at night, DAY-2 another's speech,
   * FOUL-4 muted, NIGHT-14 out of the game, …), or null when a `speak` would be accepted.
   */
  readonly silenced: RuleId | null;
}

export interface NightScript {
  readonly role: NightRole | "acquaintance" | "note" | "dawn";
  /** Whom to wake. */
  readonly wake: readonly Seat[];
  /** Whom to show the freeze gesture (NIGHT-2). */
  readonly gesture: readonly Seat[];
  /** Who chooses now and whom each may target. */
  readonly choosers: readonly {
    readonly seat: Seat;
    readonly targets: readonly Seat[];
    readonly onlySkip: boolean;
  }[];
  /** NIGHT-11: the result to show the commissar, once he has checked. */
  readonly check: Check | null;
  /** FLOW-4: the prostitute wakes with the mafia at the acquaintance (prostituteKnowsMafia). */
  readonly withProstitute: boolean;
  /** NIGHT-5: at the mafia's turn, the lone prostitute wakes to shoot. */
  readonly lone: boolean;
  /** ACTING-DON: the Don himself makes the shot (so he is asked by name). */
  readonly donShoots: boolean;
}

export interface HostView {
  readonly nights: readonly {
    readonly n: number;
    readonly choices: readonly NightChoice[];
    readonly note: boolean;
    readonly outcome: NightOutcome | null;
  }[];
  readonly script: NightScript | null;
  /** The morning card: what to announce, in order (also when the night ended the game). */
  readonly announce: NightReport | null;
  readonly awaiting: readonly Actor[];
  readonly undos: number;
  readonly canUndo: boolean;
  /** HOST-4: the host's next step (the primary button), or null while the game waits for others. */
  readonly next: HostStep | null;
  /** DON-1, DON-2: the Don's grave during his last word: open, or lost and why. */
  readonly grave: GraveView | null;
  /** NIGHT-11: the check the last step answered, to show the commissar at once. */
  readonly answered: Check | null;
  /** NIGHT-11: every check made so far. */
  readonly checks: readonly Check[];
  /** SETUP-3: the seed the cards were dealt from, or null for cards dealt by hand. */
  readonly seed: string | null;
}

export interface View {
  readonly viewer: Viewer;
  /**
   * The state's version, for the host only. Null for players and spectators: it counts every event,
   * so at night, and after it (the morning's version less the evening's), it would tell them how
   * many choices the night took: a Don frozen (his mafiosi choose in his place), a commissar's note
   * step.
   */
  readonly version: number | null;
  readonly settings: Settings;
  /** FOUL-3…5, DON-2: what a number of fouls takes away. */
  readonly foulLimits: FoulLimits;
  readonly phase: PhaseView;
  readonly seats: readonly SeatView[];
  readonly votings: readonly Voting[];
  /** What was said in the city, in order. */
  readonly speeches: readonly Speech[];
  readonly nights: readonly NightReport[];
  readonly result: { readonly winner: Winner; readonly when: PhaseRef; readonly announced: boolean } | null;
  readonly rating: Rating | null;
  readonly you: YouView | null;
  readonly host: HostView | null;
  /** What this viewer may do now (empty for a spectator). */
  readonly actions: readonly Action[];
}

/** FLOW-4: the mafia have met once night 1 has begun. */
function acquainted(state: GameState): boolean {
  return state.nights.length > 0;
}

function knowsCard(state: GameState, viewer: Viewer, s: SeatState): boolean {
  if (viewer === "host" || s.revealed || state.result?.announced) return true;
  if (viewer === "spectator") return false;
  if (viewer === s.seat) return true;
  if (!acquainted(state)) return false;
  // FLOW-4: a player out before night 1 (voted out or removed on day 1) never woke for the acquaintance.
  const out = seatOf(state, viewer).out;
  if (out?.when.kind === "day" && out.when.n === 1 && state.settings.firstPhase === "day") return false;
  const mine = seatOf(state, viewer).card;
  const knowsBlack = (card: Card) =>
    isMafioso(card) || (state.settings.prostituteKnowsMafia && card === "prostitute");
  return knowsBlack(mine) && knowsBlack(s.card);
}

/** Whether every player knows `seat` is out of the game: his elimination (or the result) is announced. */
export function outAnnounced(state: GameState, seat: Seat): boolean {
  const s = seatOf(state, seat);
  return s.out !== null && (s.out.announced || state.result?.announced === true);
}

function seatView(state: GameState, viewer: Viewer, s: SeatState): SeatView {
  const outVisible = s.out !== null && (viewer === "host" || outAnnounced(state, s.seat));
  return {
    seat: s.seat,
    name: s.name,
    admin: s.admin,
    card: knowsCard(state, viewer, s) ? s.card : null,
    cardPublic: s.revealed || state.result?.announced === true,
    out: outVisible && s.out ? { cause: s.out.cause, kind: s.out.when.kind, n: s.out.when.n } : null,
    fouls: s.fouls,
    remarks: s.remarks,
    foulVotes: s.foulVotes,
    muted: isMuted(s),
    noVote: hasNoVote(s),
  };
}

/** The day step's timer length in seconds (DAY-1, DAY-2, DAY-6, DAY-7): view.phase.seconds; else null. */
export function stepSeconds(state: GameState): number | null {
  const p = state.phase;
  if (p.kind !== "day") return null;
  const s = state.settings;
  switch (p.step.kind) {
    case "discussion":
      return discussionSecondsOf(s, p.n);
    case "accusations":
      return s.speechSeconds;
    case "splitSpeeches":
      return s.splitSpeechSeconds;
    case "lastWords":
      return s.lastWordSeconds;
    default:
      return null;
  }
}

function phaseView(state: GameState, viewer: Viewer): PhaseView {
  const p = state.phase;
  const base = {
    current: null,
    queue: [],
    upcoming: [],
    passedOver: [],
    floor: null,
    tally: [],
    lift: null,
    contest: null,
    candidates: [],
    ballots: [],
    answers: [],
    seconds: null,
    since: state.stepSince,
  };
  switch (p.kind) {
    case "day": {
      const step = p.step;
      const queued =
        "queue" in step ? { current: step.queue[step.index] ?? null, queue: [...step.queue] } : {};
      return {
        ...base,
        ...queued,
        kind: "day",
        n: p.n,
        step: step.kind,
        upcoming: upcoming(state, step),
        tally: tallyOf(state, step),
        lift: liftCountOf(state, step, upcoming(state, step)),
        passedOver: passedOver(state, step),
        floor: floorFor(state, viewer),
        candidates:
          step.kind === "voting"
            ? [...(step.candidates ?? [])]
            : step.kind === "liftAll"
              ? [...step.tied]
              : [],
        ballots: step.kind === "voting" ? ballotsView(step.ballots) : [],
        answers: step.kind === "liftAll" ? answersView(step.answers) : [],
        seconds: stepSeconds(state),
      };
    }
    case "night":
      return {
        ...base,
        kind: "night",
        n: p.n,
        step: viewer === "host" ? (p.step.kind === "wake" ? p.step.role : p.step.kind) : null,
        // When each role's step began would tell a watcher who is awake: only the host sees it.
        since: viewer === "host" ? state.stepSince : 0,
      };
    case "rating": {
      const step = p.step;
      const queued =
        "queue" in step ? { current: step.queue[step.index] ?? null, queue: [...step.queue] } : {};
      return {
        ...base,
        ...queued,
        kind: "rating",
        n: null,
        step: step.kind,
        candidates: step.kind === "split" ? [...step.tied] : [],
        contest:
          step.kind === "contest"
            ? { seat: step.seat, points: step.points, support: [...step.support] }
            : null,
      };
    }
    default: {
      // DAY-8, HOST-2: the end of the game is the night's to announce; until then it is that night.
      const night = viewer === "host" ? null : nightEndedUnannounced(state);
      if (night !== null) return { ...base, kind: "night", n: night, step: null, since: 0 };
      return { ...base, kind: p.kind, n: null, step: null };
    }
  }
}

/** DON-1: the grave is told only to a viewer who knows the speaker is the Don; to others it is his last word. */
function floorFor(state: GameState, viewer: Viewer): Floor | null {
  const floor = floorOf(state);
  if (floor?.why !== "grave" || knowsCard(state, viewer, seatOf(state, floor.seat))) return floor;
  return { seat: floor.seat, why: "lastWord" };
}

/** NIGHT-14, NIGHT-12: what the host announced (or, for the host, is to announce) about each night. */
function nightReport(state: GameState, n: number, outcome: NightOutcome, viewer: Viewer): NightReport {
  const commissar = state.seats.find((s) => s.card === "commissar") as SeatState;
  const check = state.checks.find((c) => c.night === n);
  return {
    n,
    deaths: outcome.deaths.map((seat) => {
      const s = seatOf(state, seat);
      const shown =
        viewer === "host"
          ? state.settings.revealNightVictims || state.result?.announced === true
          : s.revealed || state.result?.announced === true;
      return { seat, card: shown ? s.card : null };
    }),
    note:
      outcome.noteRead !== null && check
        ? { commissar: commissar.seat, target: check.target, black: check.black }
        : null,
  };
}

function announced(state: GameState, n: number): boolean {
  if (state.result?.announced) return true;
  const night = state.nights.find((x) => x.n === n);
  const death = night?.outcome?.deaths[0];
  if (death !== undefined) return seatOf(state, death).out?.announced === true;
  // A night with no deaths is announced once the day after it has moved past its morning.
  const p = state.phase;
  const last = state.nights[state.nights.length - 1];
  if (last?.n !== n) return true;
  return p.kind === "day" && p.step.kind !== "morning";
}

function youView(state: GameState, seat: Seat): YouView {
  const me = seatOf(state, seat);
  const partners = state.seats
    .filter((s) => s.seat !== seat && knowsCard(state, seat, s) && !s.revealed && !state.result?.announced)
    .map((s) => ({ seat: s.seat, card: s.card }));
  const choices: YouView["choices"][number][] = [];
  const frozenNights: number[] = [];
  const phase = state.phase;
  for (const night of state.nights) {
    for (const c of night.choices)
      if (c.seat === seat) choices.push({ night: night.n, role: c.role, target: c.target });
    const frozen = night.outcome ? night.outcome.freeze : standingFreeze(state, night);
    if (frozen !== seat || !wakesAt(me.card)) continue;
    // Tonight the gesture is shown only once this seat's role has been woken.
    const current =
      phase.kind === "night" && phase.n === night.n && phase.step.kind === "wake"
        ? CALL_ORDER.indexOf(phase.step.role)
        : CALL_ORDER.length;
    if (night.outcome || CALL_ORDER.indexOf(wakesAt(me.card) as NightRole) <= current)
      frozenNights.push(night.n);
  }
  return {
    seat,
    card: me.card,
    team: teamOf(me.card),
    partners,
    checks:
      me.card === "commissar"
        ? state.checks.map((c) => ({ night: c.night, target: c.target, black: c.black }))
        : [],
    frozenNights,
    choices,
    noteUsed: me.card === "commissar" ? state.noteUsed : null,
    awaited: awaiting(state).includes(seat),
    awaitedSince: awaiting(state).includes(seat) ? state.stepSince : null,
    awake:
      phase.kind === "night" && phase.step.kind === "wake" && awaiting(state).includes(seat)
        ? phase.step.role
        : null,
    silenced: silencedBy(state, seat)?.rule ?? null,
  };
}

/** The call-order step at which a card wakes (the prostitute is never shown her own gesture). */
function wakesAt(card: Card): NightRole | null {
  if (card === "don" || card === "mafia") return "mafia";
  if (card === "doctor" || card === "maniac" || card === "commissar") return card;
  return null;
}

function hostView(state: GameState): HostView {
  const last = state.nights[state.nights.length - 1];
  const p = state.phase;
  // NIGHT-12: a note on a night that ends the game stands in the record only; a game that ended in
  // the day has no morning card left, unless its night's dead are still to be announced.
  const ended = state.result?.when;
  const endedAtNight = p.kind === "ended" && ended?.kind === "night" && ended.n === last?.n;
  const unannounced = last?.outcome?.deaths.some((seat) => seatOf(state, seat).out?.announced === false);
  const morning =
    (p.kind === "day" && p.step.kind === "morning") ||
    (p.kind === "ended" && !state.result?.announced && (endedAtNight || unannounced === true));
  const report = morning && last?.outcome ? nightReport(state, last.n, last.outcome, "host") : null;
  return {
    nights: state.nights.map((n) => ({
      n: n.n,
      choices: n.choices.map(choiceView),
      note: n.note,
      outcome: n.outcome && outcomeView(n.outcome),
    })),
    script: nightScript(state),
    announce: report && endedAtNight ? { ...report, note: null } : report,
    awaiting: awaiting(state),
    undos: state.undos,
    canUndo: undoProblem(state) === null,
    next: hostStep(state),
    grave: graveOf(state),
    answered: answeredCheck(state),
    checks: state.checks.map((c) => ({ night: c.night, target: c.target, black: c.black })),
    seed: state.seed,
  };
}

const QUIET = {
  wake: [],
  gesture: [],
  choosers: [],
  check: null,
  withProstitute: false,
  lone: false,
  donShoots: false,
} as const;

/** The host's script for the night step in progress: whom to wake, whom to show the gesture, who picks whom. */
function nightScript(state: GameState): NightScript | null {
  const p = state.phase;
  if (p.kind !== "night") return null;
  const n = p.n;
  if (p.step.kind === "acquaintance") {
    const wake = state.seats
      .filter(
        (s) =>
          s.out === null &&
          (isMafioso(s.card) || (state.settings.prostituteKnowsMafia && s.card === "prostitute")),
      )
      .map((s) => s.seat);
    const withProstitute = wake.some((seat) => seatOf(state, seat).card === "prostitute");
    return { ...QUIET, role: "acquaintance", wake, withProstitute };
  }
  if (p.step.kind === "dawn") return { ...QUIET, role: "dawn" };
  const check = state.checks.find((c) => c.night === n) ?? null;
  if (p.step.kind === "note") {
    const commissar = state.seats.find((s) => s.card === "commissar") as SeatState;
    return { ...QUIET, role: "note", wake: [commissar.seat], check };
  }
  const wake = wakeFor(state, p.step.role);
  if (!wake) return null;
  const pending = pendingChoosers(state, wake);
  const frozen = standingFreeze(state);
  const living = state.seats.filter((s) => s.out === null).map((s) => s.seat);
  return {
    role: wake.role,
    wake: wake.wake,
    // NIGHT-2: a freeze on herself has no effect, so the prostitute (even the lone one) is never shown it.
    gesture: wake.wake.filter((seat) => seat === frozen && seatOf(state, seat).card !== "prostitute"),
    choosers: pending.map((seat) => {
      const targets = living.filter((t) => targetProblem(state, wake, seat, t) === null);
      // A stopped chooser, or one with no legal target (a rest night under repeatLimitScope "anyTarget"), may only skip.
      return { seat, targets, onlySkip: targets.length === 0 || wake.stopped.some((s) => s.seat === seat) };
    }),
    check: wake.role === "commissar" ? check : null,
    withProstitute: false,
    lone: wake.role === "mafia" && wake.wake.every((seat) => seatOf(state, seat).card === "prostitute"),
    donShoots:
      wake.role === "mafia" &&
      pending.length === 1 &&
      pending.every((seat) => seatOf(state, seat).card === "don"),
  };
}

/** What every viewer but the host is shown alike of one state: made once per state with a memo. */
interface Common {
  readonly phase: PhaseView;
  readonly seats: readonly SeatView[];
  readonly nights: readonly NightReport[];
  readonly result: View["result"];
}

function nightsFor(state: GameState, viewer: "host" | "spectator"): NightReport[] {
  const nights: NightReport[] = [];
  for (const night of state.nights) {
    if (night.outcome && announced(state, night.n))
      nights.push(nightReport(state, night.n, night.outcome, viewer));
  }
  return nights;
}

function resultFor(state: GameState, viewer: "host" | "spectator"): View["result"] {
  return state.result && (viewer === "host" || state.result.announced)
    ? {
        winner: state.result.winner,
        when: { kind: state.result.when.kind, n: state.result.when.n },
        announced: state.result.announced,
      }
    : null;
}

function commonOf(state: GameState, memo: ViewMemo): Common {
  return {
    phase: phaseView(state, "spectator"),
    seats: state.seats.map((s) => seatPart(memo, state, s, false, () => seatView(state, "spectator", s))),
    nights: nightsFor(state, "spectator"),
    result: resultFor(state, "spectator"),
  };
}

/**
 * A non-host's view of a seat, kept for the seat's record: besides the record it depends only on
 * whether the result is announced (the out and the card turn public) and on whether this viewer
 * is shown the card, so a seat nobody touched keeps its view object from state to state.
 */
function seatPart(
  memo: ViewMemo,
  state: GameState,
  s: SeatState,
  shown: boolean,
  make: () => SeatView,
): SeatView {
  const variants = part(memo.seat, s, (): (SeatView | undefined)[] => []);
  const i = (state.result?.announced ? 2 : 0) + (shown ? 1 : 0);
  let view = variants[i];
  if (view === undefined) {
    view = make();
    variants[i] = view;
  }
  return view;
}

/**
 * A seat as a player or spectator sees it: the spectators' view of it unless this viewer knows its
 * card and they do not (the card is the only field a seat's view of another seat adds).
 */
function seatFor(state: GameState, viewer: Viewer, s: SeatState, common: SeatView, memo: ViewMemo): SeatView {
  if (common.card !== null || !knowsCard(state, viewer, s)) return common;
  return seatPart(memo, state, s, true, () => ({ ...common, card: s.card }));
}

/** The phase as a player sees it: the spectators' but for the floor, which tells the Don's grave to those who know him (DON-1). */
function phaseFor(state: GameState, viewer: Viewer, common: PhaseView): PhaseView {
  const floor = floorFor(state, viewer);
  const theirs = common.floor;
  return floor?.seat === theirs?.seat && floor?.why === theirs?.why ? common : { ...common, floor };
}

/**
 * The view of `state` for `viewer`. With a `memo` (./view/memo.ts) the parts made from one record
 * are made once and shared: the same view, by value, as without it.
 */
export function viewFor(state: GameState, viewer: Viewer, memo?: ViewMemo): View {
  // Without a memo every part is made for this viewer alone: the plain reading the memo must equal.
  const common =
    viewer === "host" || memo === undefined ? null : part(memo.common, state, (st) => commonOf(st, memo));
  return {
    viewer,
    version: viewer === "host" ? state.version : null,
    settings: part(memo?.settings, state.settings, settingsView),
    foulLimits: FOUL_LIMITS,
    phase: common ? phaseFor(state, viewer, common.phase) : phaseView(state, viewer),
    seats: common
      ? state.seats.map((s, i) => seatFor(state, viewer, s, common.seats[i] as SeatView, memo as ViewMemo))
      : state.seats.map((s) => seatView(state, viewer, s)),
    votings: part(memo?.votings, state.votings, (votings) =>
      votings.map((v) => part(memo?.voting, v, votingView)),
    ),
    speeches: part(memo?.speeches, state.speeches, (speeches) =>
      speeches.map((s) => part(memo?.speech, s, speechView)),
    ),
    nights: common ? common.nights : nightsFor(state, viewer === "host" ? "host" : "spectator"),
    result: common ? common.result : resultFor(state, viewer === "host" ? "host" : "spectator"),
    rating: state.rating && part(memo?.rating, state.rating, ratingView),
    you: typeof viewer === "number" ? youView(state, viewer) : null,
    host: viewer === "host" ? hostView(state) : null,
    actions: viewer === "spectator" ? [] : legalActions(state, viewer),
  };
}
