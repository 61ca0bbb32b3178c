// evolve: folds one event into the state. Derived consequences (counting a vote, resolving a night,
// the win check) follow from the state alone, so replaying the events always rebuilds the same game.
// Each call copies the state once into a draft and writes to that copy; the input is never changed.
// New phases and steps are written out field by field, never spread: a spread makes an object of
// another hidden class, and with more than four classes of phase every `phase.kind` in the engine
// turns into V8's slow megamorphic lookup.

import { teamOf } from "./cards.js";
import type { Created, GameEvent } from "./events.js";
import {
  afterAcquaintance,
  afterNote,
  announceNight,
  count,
  eliminate,
  nextInQueue,
  phaseRef,
  resolve,
  settle,
  startAccusations,
  startDay,
  startNight,
} from "./flow.js";
import { FOUL_LIMITS } from "./limits.js";
import { tonight } from "./night/wake.js";
import { placeCandidates, ratedSeats, withPoints } from "./rating/points.js";
import { appended, beginStep, type Draft, draftOf, inGame, seatOf, setSeat } from "./seats.js";
import type { GameState, LogNode, Night, RatingStep, Seat } from "./state.js";

type Fact = Exclude<GameEvent, Created>;

export function initialState(created: Created): GameState {
  return {
    settings: created.settings,
    created,
    seed: created.seed,
    deals: 1,
    seats: created.seats.map((s, i) => ({
      seat: i + 1,
      name: s.name,
      admin: s.admin === true,
      card: created.cards[i] as GameState["seats"][number]["card"],
      out: null,
      revealed: false,
      fouls: 0,
      remarks: 0,
      foulVotes: 0,
    })),
    phase: { kind: "deal" },
    stepSince: created.at,
    stepVersion: 0,
    lastStarter: null,
    votingStarter: null,
    nights: [],
    checks: [],
    noteUsed: false,
    votings: [],
    speeches: [],
    quietPhases: 0,
    result: null,
    rating: null,
    log: null,
    undos: 0,
    version: 1,
  };
}

/** Folds one event; `state` is null only for the game's first event. */
export function evolve(state: GameState | null, event: GameEvent): GameState {
  // Read once and passed on: each event type has its own hidden class, so every read of a field of
  // "any event" is one of V8's slow megamorphic lookups.
  const { type, at } = event;
  if (type === "created") return initialState(event);
  if (state === null) throw new Error("a game starts with its created event");
  const d = draftOf(state);
  if (type === "undone") undo(d);
  else {
    apply(d, event, at);
    settle(d, at);
    d.log = { event, prev: state.log };
  }
  d.version = state.version + 1;
  return d;
}

/** HOST-3: drops the last step that changed the game (speech lines stay) and rebuilds from the rest. */
function undo(d: Draft): void {
  const kept: Fact[] = [];
  let dropped = false;
  for (let node = d.log; node; node = node.prev) {
    if (!dropped && node.event.type !== "spoke") dropped = true;
    else kept.push(node.event as Fact);
  }
  const { undos, version } = d;
  Object.assign(d, initialState(d.created));
  for (let i = kept.length - 1; i >= 0; i--) {
    const event = kept[i] as Fact;
    apply(d, event, event.at);
    settle(d, event.at);
    d.log = { event, prev: d.log } satisfies LogNode;
  }
  d.undos = undos + 1;
  d.version = version;
  // The step brought back is a step of its own: whoever runs the table plans it anew.
  d.stepVersion = version;
}

function replaceTonight(d: Draft, night: Night): void {
  const nights = d.nights.slice();
  nights[nights.length - 1] = night;
  d.nights = nights;
}

/** FOUL-3…5: fouls add foul votes from the second on, and the fifth removes the player. */
function addFouls(d: Draft, seat: Seat, count: number): void {
  const s = seatOf(d, seat);
  const fouls = Math.min(5, s.fouls + count);
  setSeat(d, seat, { fouls, foulVotes: s.foulVotes + Math.max(0, fouls - Math.max(s.fouls, 1)) });
  if (fouls >= FOUL_LIMITS.removed && inGame(d, seat)) eliminate(d, [seat], "fouls");
}

/** Folds one event (its time `at`) into the draft, before `settle`. */
function apply(d: Draft, event: Fact, at: number): void {
  const phase = d.phase;
  switch (event.type) {
    case "redealt":
      d.seats = d.seats.map((s, i) => ({ ...s, card: event.cards[i] as typeof s.card }));
      d.seed = event.seed;
      d.deals += 1;
      return;
    case "advanced":
      return advance(d, at);
    case "chose": {
      const night = tonight(d);
      // Spelled out rather than spread, like the ballots below: every night choice comes here.
      const choices = appended(night.choices, { role: event.role, seat: event.seat, target: event.target });
      replaceTonight(d, { n: night.n, choices, note: night.note, outcome: night.outcome });
      if (event.role === "commissar" && event.target !== null) {
        // NIGHT-11: the commissar learns the result at once, even if he dies tonight.
        const black = teamOf(seatOf(d, event.target).card) === "black";
        d.checks = [...d.checks, { night: night.n, target: event.target, black }];
      }
      return;
    }
    case "noted": {
      const night = tonight(d);
      replaceTonight(d, { n: night.n, choices: night.choices, note: event.leave, outcome: night.outcome });
      d.noteUsed = d.noteUsed || event.leave;
      if (phase.kind === "night") afterNote(d, phase.n, at);
      return;
    }
    case "voted":
      if (phase.kind !== "day" || phase.step.kind !== "voting") return;
      {
        // Spelled out rather than spread: this runs for every ballot of every game.
        const step = phase.step;
        const ballots = appended(step.ballots, { voter: event.voter, target: event.target });
        const { round, queue, candidates } = step;
        d.phase = {
          kind: "day",
          n: phase.n,
          step: { kind: "voting", round, queue, index: step.index + 1, candidates, ballots },
        };
        beginStep(d, at);
        return;
      }
    case "liftVoted":
      if (phase.kind !== "day" || phase.step.kind !== "liftAll") return;
      {
        const { queue, index, tied } = phase.step;
        const answers = appended(phase.step.answers, { voter: event.voter, yes: event.yes });
        d.phase = { kind: "day", n: phase.n, step: { kind: "liftAll", queue, index, tied, answers } };
      }
      return nextInQueue(d, at);
    case "graveChosen": {
      if (phase.kind !== "day" || phase.step.kind !== "lastWords") return;
      const { queue, index } = phase.step;
      d.phase = { kind: "day", n: phase.n, step: { kind: "lastWords", queue, index, graveDone: true } };
      if (event.target === null) return;
      eliminate(d, [event.target], "grave");
      // DAY-7: the grave's victim speaks after the voted-out.
      if (d.result === null) {
        const withVictim = appended(queue, event.target);
        d.phase = {
          kind: "day",
          n: phase.n,
          step: { kind: "lastWords", queue: withVictim, index, graveDone: true },
        };
      }
      return;
    }
    case "fouled":
      return addFouls(d, event.seat, event.count);
    case "remarked": {
      const remarks = seatOf(d, event.seat).remarks + 1;
      setSeat(d, event.seat, { remarks });
      if (remarks % 3 === 0) addFouls(d, event.seat, 1); // FOUL-2
      return;
    }
    case "disqualified":
      return eliminate(d, [event.seat], "disqualified");
    case "spoke":
      d.speeches = [...d.speeches, { seat: event.seat, text: event.text, at, when: phaseRef(d) }];
      return;
    case "resultAnnounced":
      announceNight(d);
      d.result = d.result && { ...d.result, announced: true };
      d.rating = { candidates: [], votes: [], points: d.seats.map(() => 0), bonuses: [], contests: [] };
      return ratingStep(d, { kind: "nominations" }, at);
    default:
      return applyRating(d, event, at);
  }
}

/** The host's primary button, step by step. */
function advance(d: Draft, at: number): void {
  const phase = d.phase;
  if (phase.kind === "deal")
    return d.settings.firstPhase === "day" ? startDay(d, 1, at) : startNight(d, 1, at);
  if (phase.kind === "night") {
    if (phase.step.kind === "acquaintance") return afterAcquaintance(d, phase.n, at);
    return phase.step.kind === "dawn" ? resolve(d, phase.n, at) : undefined;
  }
  if (phase.kind !== "day") return;
  switch (phase.step.kind) {
    case "morning":
      announceNight(d);
      d.phase = { kind: "day", n: phase.n, step: { kind: "discussion" } };
      beginStep(d, at);
      return;
    case "discussion":
      return startAccusations(d, phase.n, at);
    case "voting":
    case "liftAll":
      return count(d, phase.n, phase.step, at); // HOST-4: the host announces the count
    default:
      return nextInQueue(d, at);
  }
}

function ratingStep(d: Draft, step: RatingStep, at: number): void {
  d.phase = { kind: "rating", step };
  beginStep(d, at);
}

function applyRating(d: Draft, event: Fact, at: number): void {
  const phase = d.phase;
  const rating = d.rating;
  if (phase.kind !== "rating" || rating === null) return;
  const step = phase.step;
  switch (event.type) {
    case "nominated":
      d.rating = { ...rating, candidates: [...rating.candidates, { seat: event.candidate, by: event.by }] };
      return;
    case "nominationsClosed":
      // RATE-2: with no candidates the city gives no points.
      if (rating.candidates.length === 0) return ratingStep(d, { kind: "review" }, at);
      return ratingStep(d, { kind: "votes", queue: ratedSeats(d), index: 0 }, at);
    case "ratingVoted": {
      if (step.kind !== "votes") return;
      d.rating = { ...rating, votes: [...rating.votes, { voter: event.voter, candidate: event.candidate }] };
      if (step.index + 1 < step.queue.length)
        return ratingStep(d, { kind: "votes", queue: step.queue, index: step.index + 1 }, at);
      const placed = placeCandidates(d.rating);
      for (const p of placed.points) d.rating = withPoints(d.rating, p.seat, p.points);
      return ratingStep(
        d,
        placed.tied.length ? { kind: "split", tied: placed.tied } : { kind: "review" },
        at,
      );
    }
    case "splitSet":
      for (const p of event.points)
        d.rating = withPoints(d.rating as NonNullable<Draft["rating"]>, p.seat, p.points);
      return ratingStep(d, { kind: "review" }, at);
    case "bonusGiven": {
      const scored = withPoints(rating, event.seat, (rating.points[event.seat - 1] as number) + event.points);
      d.rating = { ...scored, bonuses: [...rating.bonuses, { seat: event.seat, points: event.points }] };
      return;
    }
    case "contestOpened":
      return ratingStep(
        d,
        {
          kind: "contest",
          seat: event.seat,
          points: event.points,
          // RATE-6: the seed forbids supporting oneself, so the contested player does not vote on his own change.
          queue: ratedSeats(d).filter((seat) => seat !== event.seat),
          index: 0,
          support: [],
        },
        at,
      );
    case "contestVoted": {
      if (step.kind !== "contest") return;
      const support = event.support ? [...step.support, event.voter] : step.support;
      if (step.index + 1 < step.queue.length)
        return ratingStep(
          d,
          {
            kind: "contest",
            seat: step.seat,
            points: step.points,
            queue: step.queue,
            index: step.index + 1,
            support,
          },
          at,
        );
      // RATE-6: a change needs at least two supporting players.
      const passed = support.length >= 2;
      const scored = passed ? withPoints(rating, step.seat, step.points) : rating;
      d.rating = {
        ...scored,
        contests: [...rating.contests, { seat: step.seat, points: step.points, support, passed }],
      };
      return ratingStep(d, { kind: "review" }, at);
    }
    case "ratingClosed":
      d.phase = { kind: "closed" };
      beginStep(d, at);
      return;
  }
}
