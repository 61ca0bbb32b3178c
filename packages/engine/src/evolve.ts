// evolve: folds one event into the state. Derived consequences (counting a vote, resolving a night,
// the win check) follow from the state alone, so replaying the events always rebuilds the same game.
// Each call copies the state once into a draft and writes to that copy; the input is never changed.
// New phases and steps are written out field by field, never spread: a spread makes an object of
// another hidden class, and with more than four classes of phase every `phase.kind` in the engine
// turns into V8's slow megamorphic lookup.

import { teamOf } from "./cards.js";
import { announceNight } from "./day/day.js";
import { nextInQueue } from "./day/steps.js";
import { applyGrave } from "./don/grave.js";
import type { Created, GameEvent } from "./events.js";
import { eliminate, phaseRef, settle } from "./flow.js";
import { addFouls, addRemark } from "./fouls/fouls.js";
import { advance } from "./host/advance.js";
import { keptByUndo } from "./host/undo.js";
import { afterNote } from "./night/night.js";
import { tonight } from "./night/wake.js";
import { applyRating, openRating } from "./rating/apply.js";
import { appended, beginStep, type Draft, draftOf, seatOf } from "./seats.js";
import type { GameState, LogNode, Night } from "./state.js";

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
  const kept = keptByUndo(d) as Fact[];
  const { undos, version } = d;
  Object.assign(d, initialState(d.created));
  for (const event of kept) {
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
    case "graveChosen":
      return applyGrave(d, event);
    case "fouled":
      return addFouls(d, event.seat, event.count);
    case "remarked":
      return addRemark(d, event.seat); // FOUL-2
    case "disqualified":
      return eliminate(d, [event.seat], "disqualified");
    case "spoke":
      d.speeches = [...d.speeches, { seat: event.seat, text: event.text, at, when: phaseRef(d) }];
      return;
    case "resultAnnounced":
      // HOST-2: the result is final; the night's deaths are announced with it.
      announceNight(d);
      d.result = d.result && { ...d.result, announced: true };
      return openRating(d, at);
    default:
      return applyRating(d, event, at);
  }
}
