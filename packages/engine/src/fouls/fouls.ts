// Fouls, remarks and removals (FOUL-1…7, DON-2): each command's check, what the host may give now,
// and what a foul does (foul votes, losing rights, leaving at the fifth).

import type { Action } from "../actions.js";
import { FOUL_REASONS, REMARK_REASONS } from "../commands.js";
import { graveAhead, graveOpen } from "../don/grave.js";
import { eliminate } from "../flow.js";
import { hostOnly, inPlay, type Sent } from "../guards.js";
import { FOUL_LIMITS } from "../limits.js";
import { type RuleError, ruleError } from "../rules.js";
import { type Draft, inGame, isSeat, seatOf, setSeat } from "../seats.js";
import type { GameState, Seat } from "../state.js";

/**
 * FOUL-7: fouls go only to players in the game, and to an eliminated Don while his grave is open
 * (or still ahead, in the last words), until two fouls take it (DON-2).
 */
function foulable(state: GameState, seat: Seat): boolean {
  return inGame(state, seat) || graveOpen(state, seat) === null || graveAhead(state, seat);
}

/** FOUL-1: a foul with its reason (`other` with the host's note). */
export function checkFoul(state: GameState, c: Sent<"foul">): RuleError | null {
  const bad = hostOnly(c.actor, "give a foul") ?? inPlay(state);
  if (bad) return bad;
  if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
  if (!FOUL_REASONS.includes(c.reason))
    return ruleError("FOUL-1", `a foul's reason is one of ${FOUL_REASONS.join(", ")}`);
  if (c.note !== undefined && (typeof c.note !== "string" || c.note.length > 500))
    return ruleError("COMMAND", "a note is text of at most 500 characters");
  if (c.reason === "other" && !c.note?.trim())
    return ruleError("FOUL-1", "a foul for another reason carries the host's note saying what it was");
  if (foulable(state, c.seat)) return null;
  return ruleError("FOUL-7", `seat ${c.seat} is out of the game: fouls go only to players in the game`);
}

/** FOUL-2: a remark during the day's discussion. */
export function checkRemark(state: GameState, c: Sent<"remark">): RuleError | null {
  const bad = hostOnly(c.actor, "make a remark") ?? inPlay(state);
  if (bad) return bad;
  if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
  if (!inGame(state, c.seat)) return ruleError("FOUL-7", "remarks go only to players in the game");
  const phase = state.phase;
  if (phase.kind !== "day" || phase.step.kind !== "discussion")
    return ruleError("FOUL-2", "remarks are made during the day's discussion");
  return REMARK_REASONS.includes(c.reason)
    ? null
    : ruleError("FOUL-2", `a remark's reason is one of ${REMARK_REASONS.join(", ")}`);
}

/** FOUL-6 (SETUP-4 during the deal): the player saw another's card and leaves in silence. */
export function checkDisqualify(state: GameState, c: Sent<"disqualify">): RuleError | null {
  const bad = hostOnly(c.actor, "disqualify a player") ?? inPlay(state);
  if (bad) return bad;
  if (state.phase.kind === "deal")
    return ruleError("SETUP-4", "a card seen during the deal means a new deal, not a disqualification");
  if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
  if (!inGame(state, c.seat)) return ruleError("FOUL-7", "only a player in the game can be disqualified");
  return null;
}

/**
 * The host's discipline open now for `seat`: one foul (any listed reason is as legal as the one
 * shown; `other` needs a note), one remark and one disqualification, each when its check allows.
 */
export function disciplineOf(state: GameState, seat: Seat): Action[] {
  const out: Action[] = [];
  if (inPlay(state) !== null) return out;
  if (foulable(state, seat)) out.push({ actor: "host", type: "foul", seat, reason: "arguing" });
  const phase = state.phase;
  const discussion = phase.kind === "day" && phase.step.kind === "discussion";
  if (discussion && inGame(state, seat)) out.push({ actor: "host", type: "remark", seat, reason: "loud" });
  if (phase.kind !== "deal" && inGame(state, seat)) out.push({ actor: "host", type: "disqualify", seat });
  return out;
}

/** FOUL-3…5: fouls add foul votes from the second on, and the fifth removes the player. */
export function addFouls(d: Draft, seat: Seat, count: number): void {
  const s = seatOf(d, seat);
  const fouls = Math.min(5, s.fouls + count);
  setSeat(d, seat, { fouls, foulVotes: s.foulVotes + Math.max(0, fouls - Math.max(s.fouls, 1)) });
  if (fouls >= FOUL_LIMITS.removed && inGame(d, seat)) eliminate(d, [seat], "fouls"); // FOUL-5
}

/** FOUL-2: every third remark of the game becomes a foul. */
export function addRemark(d: Draft, seat: Seat): void {
  const remarks = seatOf(d, seat).remarks + 1;
  setSeat(d, seat, { remarks });
  if (remarks % 3 === 0) addFouls(d, seat, 1);
}
