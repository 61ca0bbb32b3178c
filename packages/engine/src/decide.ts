// decide: checks a command against the rules and the state, and returns its events or the rule it
// breaks. It never throws on bad input and never changes the state. Each command's check lives
// beside its rule (day/, voting/, night/, don/, fouls/, rating/, host/); this file routes to them.

import { type Card, DECK, deckProblems } from "./cards.js";
import type { Command, CommandBody } from "./commands.js";
import { checkSpeak } from "./day/speech.js";
import { checkGrave } from "./don/grave.js";
import type { GameEvent } from "./events.js";
import { checkDisqualify, checkFoul, checkRemark } from "./fouls/fouls.js";
import { hostOnly, seatSends } from "./guards.js";
import { advanceProblem, announceProblem } from "./host/advance.js";
import { undoProblem } from "./host/undo.js";
import { checkChoose } from "./night/choose.js";
import { checkNote } from "./night/note.js";
import { seededRandom, shuffled } from "./random.js";
import { checkRating } from "./rating/check.js";
import { type RuleError, ruleError } from "./rules.js";
import { isSeat } from "./seats.js";
import type { Actor, GameState } from "./state.js";
import { checkLiftVote, checkVote } from "./voting/vote.js";

export { MAX_SPEECH_LENGTH, nightEndedUnannounced, silencedBy, speechTextProblem } from "./day/speech.js";
export { currentInQueue } from "./day/steps.js";
export { graveOpen } from "./don/grave.js";
export { undoProblem } from "./host/undo.js";

export type Decision =
  | { readonly ok: true; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };

export function decide(state: GameState, command: Command): Decision {
  const problem = commandProblem(state, command);
  if (problem) return { ok: false, error: problem };
  return { ok: true, events: [toEvent(state, command)] };
}

/**
 * The rule a command breaks now (its shape, its actor, its time, then the rules), or null when it
 * is legal and `toEvent` may turn it into its one event. `decide` is these two steps; `execute`
 * calls them itself, so a command costs no Decision on its way to the new state.
 */
export function commandProblem(state: GameState, command: Command): RuleError | null {
  const c = command as Command & Record<string, unknown>;
  if (c === null || typeof c !== "object") return ruleError("COMMAND", "a command must be an object");
  // Each read once: a field of "any command" is a slow lookup among the shapes of every command.
  const { actor, at } = c;
  if (actor !== "host" && !isSeat(actor)) return ruleError("ACTOR", "the actor is the host or a seat 1–12");
  if (typeof at !== "number" || !Number.isFinite(at))
    return ruleError("COMMAND", "a command carries its time `at` in milliseconds");
  return seatSends(actor, c.type) ?? check(state, c);
}

/** The rule a command (its time aside) would break now, or null when it is legal. */
export function check(state: GameState, c: CommandBody & { readonly actor: Actor }): RuleError | null {
  switch (c.type) {
    case "redeal":
      return redealProblem(state, c);
    case "advance":
      return hostOnly(c.actor, "move the game on") ?? advanceProblem(state);
    case "choose":
      return checkChoose(state, c);
    case "note":
      return checkNote(state, c);
    case "vote":
      return checkVote(state, c);
    case "liftVote":
      return checkLiftVote(state, c);
    case "grave":
      return checkGrave(state, c);
    case "foul":
      return checkFoul(state, c);
    case "remark":
      return checkRemark(state, c);
    case "disqualify":
      return checkDisqualify(state, c);
    case "speak":
      return checkSpeak(state, c);
    case "undo":
      return hostOnly(c.actor, "undo") ?? undoProblem(state);
    case "announceResult":
      return hostOnly(c.actor, "announce the result") ?? announceProblem(state);
    default:
      return checkRating(state, c);
  }
}

/** SETUP-4: a new deal before play begins, from a seed or from cards dealt by hand (SETUP-2). */
function redealProblem(
  state: GameState,
  c: Extract<CommandBody, { type: "redeal" }> & { readonly actor: Actor },
): RuleError | null {
  const bad = hostOnly(c.actor, "redo the deal");
  if (bad) return bad;
  if (state.phase.kind !== "deal")
    return ruleError("SETUP-4", "the deal can be redone only before play begins");
  if ((c.seed === undefined) === (c.cards === undefined))
    return ruleError("COMMAND", "a redeal gives either a seed or the cards");
  if (c.seed !== undefined && (typeof c.seed !== "string" || c.seed.length === 0 || c.seed.length > 200))
    return ruleError("COMMAND", "a seed is a non-empty string of at most 200 characters");
  if (c.cards !== undefined) {
    const problems = Array.isArray(c.cards) ? deckProblems(c.cards) : ["cards must be a list"];
    if (problems.length) return ruleError("SETUP-2", problems.join("; "));
  }
  return null;
}

/**
 * The event of a command `commandProblem` has found legal. Each case reads the command's time and
 * actor itself: there the command's type is known, and V8 reads them from one hidden class, where a
 * read before the switch would look them up among the shapes of every command (megamorphic).
 */
export function toEvent(state: GameState, c: Command): GameEvent {
  switch (c.type) {
    case "redeal": {
      const cards: readonly Card[] = c.cards
        ? c.cards.slice()
        : shuffled(DECK, seededRandom(c.seed as string));
      return { at: c.at, by: c.actor, type: "redealt", seed: c.seed ?? null, cards };
    }
    case "advance": {
      const p = state.phase;
      const from = p.kind === "day" || p.kind === "night" ? p.step.kind : p.kind;
      return { at: c.at, by: c.actor, type: "advanced", from };
    }
    case "choose": {
      const p = state.phase;
      const role = p.kind === "night" && p.step.kind === "wake" ? p.step.role : "prostitute";
      return { at: c.at, by: c.actor, type: "chose", role, seat: c.seat, target: c.target };
    }
    case "note":
      return { at: c.at, by: c.actor, type: "noted", seat: c.seat, leave: c.leave };
    case "vote":
      return { at: c.at, by: c.actor, type: "voted", voter: c.voter, target: c.target };
    case "liftVote":
      return { at: c.at, by: c.actor, type: "liftVoted", voter: c.voter, yes: c.yes };
    case "grave":
      return { at: c.at, by: c.actor, type: "graveChosen", seat: c.seat, target: c.target };
    case "foul": {
      const count = c.reason === "nightTalk" ? 2 : 1;
      return c.note === undefined
        ? { at: c.at, by: c.actor, type: "fouled", seat: c.seat, reason: c.reason, count }
        : { at: c.at, by: c.actor, type: "fouled", seat: c.seat, reason: c.reason, count, note: c.note };
    }
    case "remark":
      return { at: c.at, by: c.actor, type: "remarked", seat: c.seat, reason: c.reason };
    case "disqualify":
      return { at: c.at, by: c.actor, type: "disqualified", seat: c.seat };
    case "speak":
      return { at: c.at, by: c.actor, type: "spoke", seat: c.seat, text: c.text.trim() };
    case "undo":
      return { at: c.at, by: c.actor, type: "undone" };
    case "announceResult":
      return { at: c.at, by: c.actor, type: "resultAnnounced" };
    case "nominate":
      return { at: c.at, by: c.actor, type: "nominated", candidate: c.candidate };
    case "closeNominations":
      return { at: c.at, by: c.actor, type: "nominationsClosed" };
    case "ratingVote":
      return { at: c.at, by: c.actor, type: "ratingVoted", voter: c.voter, candidate: c.candidate };
    case "split":
      return {
        at: c.at,
        by: c.actor,
        type: "splitSet",
        points: c.points.map((p) => ({ seat: p.seat, points: p.points })),
      };
    case "bonus":
      return { at: c.at, by: c.actor, type: "bonusGiven", seat: c.seat, points: c.points };
    case "contest":
      return { at: c.at, by: c.actor, type: "contestOpened", seat: c.seat, points: c.points };
    case "contestVote":
      return { at: c.at, by: c.actor, type: "contestVoted", voter: c.voter, support: c.support };
    case "closeRating":
      return { at: c.at, by: c.actor, type: "ratingClosed" };
  }
}
