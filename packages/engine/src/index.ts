// @misto/engine: the Kiev rules as a pure decider. Runs unchanged in Node and in the browser.
// Outside the engine a game is an opaque Game, read through viewFor and the named queries of
// public.ts: the state's shape (GameState) is not exported (see test/sealed.test.ts).

export { ALL_SEATS } from "./actions.js";
export * from "./cards.js";
export { commandOf } from "./command-of.js";
export * from "./commands.js";
export * from "./contract.js";
export { type Decision, MAX_SPEECH_LENGTH, speechTextProblem } from "./decide.js";
export * from "./events.js";
export type { Setup, SetupError } from "./game.js";
export { SEAT_COMMANDS, type SeatCommandType, seatMaySend } from "./guards.js";
export type { Action } from "./legal.js";
export { FOUL_LIMITS, type FoulLimits } from "./limits.js";
export {
  accusationQueue,
  awaiting,
  createGame,
  decide,
  evolve,
  execute,
  type HostTurn,
  hostTurn,
  initialState,
  lastSteps,
  legalActions,
  outAnnounced,
  outCauses,
  phaseOf,
  replay,
  resultOf,
  silencedBy,
  versionOf,
  viewFor,
} from "./public.js";
export { pick, type Random, seededRandom, shuffled } from "./random.js";
export * from "./rules.js";
export * from "./settings.js";
export {
  type Actor,
  type Ballot,
  CALL_ORDER,
  type Check,
  type Game,
  type LiftAnswer,
  type NightChoice,
  type NightOutcome,
  type NightRole,
  type OutCause,
  type PhaseRef,
  type Rating,
  RESOLUTION_ORDER,
  SEATS,
  type Seat,
  type Speech,
  type Voting,
  type Winner,
} from "./state.js";
export type { Floor, FloorReason, GraveView, HostStep, HostStepKind } from "./view/host.js";
export { ViewMemo } from "./view/memo.js";
export type { LiftCount, TallyRow } from "./view/tally.js";
export type {
  HostView,
  NightReport,
  NightScript,
  PhaseView,
  SeatView,
  StepKind,
  View,
  Viewer,
  YouView,
} from "./view.js";
