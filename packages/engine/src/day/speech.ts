// Speech in the city (DAY-1, DAY-2, DAY-6, DAY-7, FOUL-1, FOUL-4, NIGHT-14): who may speak now, and
// the limit of one line.

import { actsFor, type Sent } from "../guards.js";
import { type RuleError, ruleError } from "../rules.js";
import { isMuted, seatOf } from "../seats.js";
import type { GameState, Seat } from "../state.js";
import { currentInQueue } from "./steps.js";

export const MAX_SPEECH_LENGTH = 1000;

/**
 * A line of speech: at most MAX_SPEECH_LENGTH characters once trimmed, not blank, and no control
 * characters (C0, DEL, C1) but line breaks, nor lone surrogates (the line is shown to twelve people
 * as it was typed, and stored: PostgreSQL keeps no NUL, UTF-8 no lone surrogate). Shared with the
 * server's out chat, whose lines follow the same limit.
 */
export function speechTextProblem(text: unknown): RuleError | null {
  if (typeof text !== "string") return ruleError("COMMAND", "a speech is text");
  const line = text.trim();
  if (line.length === 0) return ruleError("COMMAND", "a speech is not blank");
  if (line.length > MAX_SPEECH_LENGTH)
    return ruleError("COMMAND", `a speech is at most ${MAX_SPEECH_LENGTH} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(line))
    return ruleError("COMMAND", "a speech holds no control characters but line breaks");
  // With the u flag a surrogate matches only when no pair took it.
  if (/[\ud800-\udfff]/u.test(line)) return ruleError("COMMAND", "a speech holds no lone surrogates");
  return null;
}

/**
 * DAY-8, HOST-2: the night a game ended in, while the host has not announced the result: the city
 * still sleeps, and to everyone but the host the game is still in that night (the end of the game
 * is a result of the night). Null otherwise.
 */
export function nightEndedUnannounced(state: GameState): number | null {
  const result = state.result;
  if (state.phase.kind !== "ended" || result === null || result.announced) return null;
  return result.when.kind === "night" ? result.when.n : null;
}

/**
 * Who may speak now, whatever he would say: DAY-1 every living, unmuted player in the discussion
 * (FOUL-4); DAY-2, DAY-6, DAY-7 only the current speaker of an accusation, split speech or last
 * word; FOUL-1 nobody at night (a night that ended the game included, until the host announces
 * it), in the morning's announcement or in the vote; SETUP-3 nobody during the deal; NIGHT-14 never
 * a player out of the game, but in his own last word. Once the game has ended everyone speaks.
 * Built from public facts and the seat's own, so a seat's view may carry it (`you.silenced`).
 */
export function silencedBy(state: GameState, seat: Seat): RuleError | null {
  const phase = state.phase;
  if (phase.kind === "night" || nightEndedUnannounced(state) !== null)
    return ruleError("FOUL-1", "nobody speaks at night");
  if (phase.kind === "ended" || phase.kind === "rating" || phase.kind === "closed") return null;
  if (phase.kind === "deal") return ruleError("SETUP-3", "nobody speaks during the deal");
  const step = phase.step;
  const s = seatOf(state, seat);
  switch (step.kind) {
    case "discussion":
      if (s.out !== null) return ruleError("NIGHT-14", "players out of the game do not speak in the city");
      return isMuted(s)
        ? ruleError("FOUL-4", `seat ${seat} has ${s.fouls} fouls and may not speak in the discussion`)
        : null;
    case "accusations":
    case "splitSpeeches":
    case "lastWords": {
      const current = currentInQueue(step);
      if (current === seat) return null;
      if (s.out !== null) return ruleError("NIGHT-14", "players out of the game do not speak in the city");
      return ruleError("DAY-2", `it is seat ${current}'s speech`);
    }
    default:
      return ruleError("FOUL-1", "nobody speaks out of turn during the announcement or the vote");
  }
}

/** A line of speech from `seat`: its limit, then whether he may speak now. */
export function checkSpeak(state: GameState, c: Sent<"speak">): RuleError | null {
  return actsFor(c.actor, c.seat) ?? speechTextProblem(c.text) ?? silencedBy(state, c.seat);
}
