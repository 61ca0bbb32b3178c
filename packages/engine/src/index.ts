// @misto/engine: the Kiev rules as a pure decider. Runs unchanged in Node and in the browser.

export * from "./cards.js";
export { commandOf } from "./command-of.js";
export * from "./commands.js";
export * from "./contract.js";
export { type Decision, decide, MAX_SPEECH_LENGTH, silencedBy, speechTextProblem } from "./decide.js";
export * from "./events.js";
export { evolve, initialState } from "./evolve.js";
export { createGame, execute, replay, type Setup, type SetupError } from "./game.js";
export { type Action, awaiting, legalActions } from "./legal.js";
export { pick, type Random, seededRandom, shuffled } from "./random.js";
export * from "./rules.js";
export { livingFrom, nextStarter } from "./seats.js";
export * from "./settings.js";
export * from "./state.js";
export * from "./view.js";
