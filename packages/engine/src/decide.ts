// decide: checks a command against the rules and the state, and returns its events or the rule it breaks.
// It never throws on bad input and never changes the state.

import { seatMaySend } from "./actors.js";
import { type Card, DECK, deckProblems } from "./cards.js";
import { type Command, type CommandBody, FOUL_REASONS, REMARK_REASONS } from "./commands.js";
import type { GameEvent } from "./events.js";
import { hasQueue } from "./flow.js";
import { FOUL_LIMITS } from "./limits.js";
import { isPending, standingFreeze, targetProblem, type Wake, wakeFor } from "./night/wake.js";
import { seededRandom, shuffled } from "./random.js";
import { MAX_POINTS } from "./rating/points.js";
import { type RuleError, ruleError } from "./rules.js";
import { hasNoVote, inGame, isMuted, isSeat, seatOf } from "./seats.js";
import type { Actor, DayStep, GameState, Seat } from "./state.js";

export type Decision =
  | { readonly ok: true; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };

export const MAX_SPEECH_LENGTH = 1000;

/** The Don's grave is open: he is the current last word, voted out today, with fewer than two fouls. */
export function graveOpen(state: GameState, seat: Seat): RuleError | null {
  const phase = state.phase;
  if (phase.kind !== "day" || phase.step.kind !== "lastWords")
    return ruleError("DON-1", "the grave is taken during the Don's last word");
  const s = seatOf(state, seat);
  if (s.card !== "don") return ruleError("DON-1", `seat ${seat} is not the Don`);
  if (phase.step.queue[phase.step.index] !== seat)
    return ruleError("DON-1", "the grave is taken during the Don's own last word");
  if (s.out?.cause !== "vote")
    return ruleError("DON-1", "only a Don voted out by the day's vote takes a player to the grave");
  if (phase.step.graveDone) return ruleError("DON-1", "the Don has already made his grave choice");
  if (s.fouls >= FOUL_LIMITS.foulVote)
    return ruleError("DON-2", "a Don with a foul vote (two or more fouls) loses the grave");
  return null;
}

/**
 * FOUL-7: a voted-out Don whose last word is still to come has not named his grave: he can be
 * fouled, until two fouls take the grave (DON-2), as in his own last word (graveOpen).
 */
function graveAhead(state: GameState, seat: Seat): boolean {
  const phase = state.phase;
  if (phase.kind !== "day" || phase.step.kind !== "lastWords") return false;
  const s = seatOf(state, seat);
  return (
    s.card === "don" &&
    s.out?.cause === "vote" &&
    s.fouls < FOUL_LIMITS.foulVote &&
    phase.step.queue.indexOf(seat) > phase.step.index
  );
}

/** The seat whose turn it is in the current day queue, if any. */
export function currentInQueue(step: DayStep): Seat | undefined {
  return hasQueue(step) ? step.queue[step.index] : undefined;
}

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
  if (actor !== "host" && !seatMaySend(c.type) && typeof c.type === "string")
    return ruleError("ACTOR", `only the host may send ${c.type}`);
  return check(state, c);
}

/** The actor may act for `seat`: it is the seat itself or the host entering its choice. */
function actsFor(actor: Actor, seat: unknown): RuleError | null {
  if (!isSeat(seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
  if (actor !== "host" && actor !== seat)
    return ruleError("ACTOR", `seat ${actor} may act only for itself, not for seat ${seat}`);
  return null;
}

function hostOnly(actor: Actor, what: string): RuleError | null {
  return actor === "host" ? null : ruleError("ACTOR", `only the host may ${what}`);
}

const GAME_OVER = ruleError("TEAM-1", "the game is over: it accepts no further game actions");

function inPlay(state: GameState): RuleError | null {
  const k = state.phase.kind;
  return k === "ended" || k === "rating" || k === "closed" ? GAME_OVER : null;
}

/** The rule a command (its time aside) would break now, or null when it is legal. */
export function check(state: GameState, c: CommandBody & { readonly actor: Actor }): RuleError | null {
  const phase = state.phase;
  switch (c.type) {
    case "redeal": {
      const bad = hostOnly(c.actor, "redo the deal");
      if (bad) return bad;
      if (phase.kind !== "deal")
        return ruleError("SETUP-4", "the deal can be redone only before play begins");
      if ((c.seed === undefined) === (c.cards === undefined))
        return ruleError("COMMAND", "a redeal gives either a seed or the cards");
      if (
        c.seed !== undefined &&
        (typeof c.seed !== "string" || c.seed.length === 0 || c.seed.length > 200)
      ) {
        return ruleError("COMMAND", "a seed is a non-empty string of at most 200 characters");
      }
      if (c.cards !== undefined) {
        const problems = Array.isArray(c.cards) ? deckProblems(c.cards) : ["cards must be a list"];
        if (problems.length) return ruleError("SETUP-2", problems.join("; "));
      }
      return null;
    }
    case "advance":
      return hostOnly(c.actor, "move the game on") ?? canAdvance(state);
    case "choose": {
      const bad = actsFor(c.actor, c.seat) ?? inPlay(state);
      if (bad) return bad;
      if (phase.kind !== "night" || phase.step.kind !== "wake") return notNightChoiceTime(state);
      if (!inGame(state, c.seat))
        return ruleError("FLOW-3", `seat ${c.seat} is out of the game and makes no choice`);
      const wake = wakeFor(state, phase.step.role);
      if (!wake || !isPending(state, wake, c.seat)) return notCalled(state, wake, c.seat);
      if (c.target === null) return null;
      if (!isSeat(c.target)) return ruleError("COMMAND", "a target is a seat 1–12 or null");
      const p = targetProblem(state, wake, c.seat, c.target);
      return p ? ruleError(p.rule, p.message) : null;
    }
    case "note": {
      const bad = actsFor(c.actor, c.seat) ?? inPlay(state);
      if (bad) return bad;
      if (phase.kind !== "night" || phase.step.kind !== "note")
        return ruleError("NIGHT-12", "the note is left right after the commissar's check");
      if (seatOf(state, c.seat).card !== "commissar")
        return ruleError("NIGHT-12", "only the commissar leaves a note");
      return typeof c.leave === "boolean" ? null : ruleError("COMMAND", "`leave` is true or false");
    }
    case "vote": {
      const bad = actsFor(c.actor, c.voter) ?? inPlay(state);
      if (bad) return bad;
      if (phase.kind !== "day" || phase.step.kind !== "voting")
        return ruleError("DAY-3", "there is no vote now");
      const step = phase.step;
      const lost = voteLost(state, c.voter);
      if (lost) return lost;
      if (step.queue[step.index] !== c.voter)
        return ruleError("DAY-3", `the vote is in turn: it is seat ${step.queue[step.index]}'s turn`);
      if (!isSeat(c.target)) return ruleError("DAY-3", "the vote names a living player");
      // DAY-6: the re-vote's own limit comes before the day vote's general one.
      if (step.candidates && (c.target === c.voter || !step.candidates.includes(c.target)))
        return ruleError("DAY-6", "the re-vote is for one of the other tied players only");
      if (!inGame(state, c.target)) return ruleError("DAY-3", "the vote names a living player");
      if (c.target === c.voter) return ruleError("DAY-3", "nobody may vote for himself");
      return null;
    }
    case "liftVote": {
      const bad = actsFor(c.actor, c.voter) ?? inPlay(state);
      if (bad) return bad;
      if (phase.kind !== "day" || phase.step.kind !== "liftAll")
        return ruleError("DAY-6", "there is no lift-all vote now");
      const lost = voteLost(state, c.voter);
      if (lost) return lost;
      if (currentInQueue(phase.step) !== c.voter)
        return ruleError("DAY-6", `the vote is in turn: it is seat ${currentInQueue(phase.step)}'s turn`);
      return typeof c.yes === "boolean" ? null : ruleError("COMMAND", "`yes` is true or false");
    }
    case "grave": {
      const bad = actsFor(c.actor, c.seat) ?? inPlay(state) ?? graveOpen(state, c.seat);
      if (bad) return bad;
      if (c.target === null) return null;
      if (!isSeat(c.target) || !inGame(state, c.target))
        return ruleError("DON-1", "the Don takes a living player to the grave");
      return null;
    }
    case "foul": {
      const bad = hostOnly(c.actor, "give a foul") ?? inPlay(state);
      if (bad) return bad;
      if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
      if (!FOUL_REASONS.includes(c.reason))
        return ruleError("FOUL-1", `a foul's reason is one of ${FOUL_REASONS.join(", ")}`);
      if (c.note !== undefined && (typeof c.note !== "string" || c.note.length > 500))
        return ruleError("COMMAND", "a note is text of at most 500 characters");
      if (c.reason === "other" && !c.note?.trim())
        return ruleError("FOUL-1", "a foul for another reason carries the host's note saying what it was");
      if (inGame(state, c.seat) || graveOpen(state, c.seat) === null || graveAhead(state, c.seat))
        return null;
      return ruleError("FOUL-7", `seat ${c.seat} is out of the game: fouls go only to players in the game`);
    }
    case "remark": {
      const bad = hostOnly(c.actor, "make a remark") ?? inPlay(state);
      if (bad) return bad;
      if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
      if (!inGame(state, c.seat)) return ruleError("FOUL-7", "remarks go only to players in the game");
      if (phase.kind !== "day" || phase.step.kind !== "discussion")
        return ruleError("FOUL-2", "remarks are made during the day's discussion");
      return REMARK_REASONS.includes(c.reason)
        ? null
        : ruleError("FOUL-2", `a remark's reason is one of ${REMARK_REASONS.join(", ")}`);
    }
    case "disqualify": {
      const bad = hostOnly(c.actor, "disqualify a player") ?? inPlay(state);
      if (bad) return bad;
      if (phase.kind === "deal")
        return ruleError("SETUP-4", "a card seen during the deal means a new deal, not a disqualification");
      if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
      if (!inGame(state, c.seat)) return ruleError("FOUL-7", "only a player in the game can be disqualified");
      return null;
    }
    case "speak":
      return actsFor(c.actor, c.seat) ?? speakProblem(state, c.seat, c.text);
    case "undo":
      return hostOnly(c.actor, "undo") ?? undoProblem(state);
    case "announceResult": {
      const bad = hostOnly(c.actor, "announce the result");
      if (bad) return bad;
      return phase.kind === "ended"
        ? null
        : ruleError("HOST-2", "there is no result to announce: the game goes on");
    }
    default:
      return checkRating(state, c);
  }
}

/** DAY-3, FOUL-4: the voter is out of the game, or has lost his vote to his fouls. */
function voteLost(state: GameState, voter: Seat): RuleError | null {
  if (!inGame(state, voter)) return ruleError("DAY-3", `seat ${voter} is out of the game and does not vote`);
  const s = seatOf(state, voter);
  return hasNoVote(s)
    ? ruleError("FOUL-4", `seat ${voter} has ${s.fouls} fouls and has lost his vote`)
    : null;
}

/** A night choice outside a wake step: FLOW-4 on a night 1 that is the acquaintance only, else FLOW-3. */
function notNightChoiceTime(state: GameState): RuleError {
  const phase = state.phase;
  if (phase.kind === "night" && phase.n === 1 && !state.settings.firstNightActions)
    return ruleError("FLOW-4", "night 1 is the mafia's acquaintance only: nobody acts");
  return ruleError("FLOW-3", "night choices are made when a role is woken at night");
}

/**
 * A living seat not called to choose now. At the mafia's step a woken mafioso who does not make
 * the shot names the row that says who does: NIGHT-4 when the freeze stops the shot, NIGHT-2 when
 * he is frozen, ACTING-DON otherwise. Anyone else, or a chooser who has chosen, is out of turn.
 */
function notCalled(state: GameState, wake: Wake | null, seat: Seat): RuleError {
  const outOfTurn = ruleError("FLOW-3", `seat ${seat} is not called to choose now`);
  if (wake === null || wake.role !== "mafia" || !wake.wake.includes(seat) || wake.choosers.includes(seat))
    return outOfTurn;
  if (wake.stopped.length > 0) return ruleError("NIGHT-4", "the freeze stops the mafia's shot tonight");
  if (standingFreeze(state) === seat) return ruleError("NIGHT-2", `seat ${seat} is frozen and does not act`);
  return ruleError("ACTING-DON", "the Don makes the shot while he lives and is not frozen");
}

/**
 * HOST-3: why the host's undo is refused now, or null. It drops the last step that changed the game
 * (speech lines are no steps). The announced result is final, but the rating's own steps after it
 * (nominations, votes, the split, the bonus, contests) can be undone until the rating is closed.
 */
export function undoProblem(state: GameState): RuleError | null {
  if (state.phase.kind === "closed") return ruleError("HOST-3", "the rating is closed and final");
  for (let node = state.log; node; node = node.prev) {
    const type = node.event.type;
    if (type === "spoke") continue;
    return type === "resultAnnounced"
      ? ruleError("HOST-3", "the result has been announced and is final")
      : null;
  }
  return ruleError("HOST-3", "there is nothing to undo");
}

/** What the host's primary button may do now. */
function canAdvance(state: GameState): RuleError | null {
  const phase = state.phase;
  switch (phase.kind) {
    case "deal":
      return null;
    case "night":
      if (phase.step.kind === "acquaintance" || phase.step.kind === "dawn") return null;
      return phase.step.kind === "note"
        ? ruleError("NIGHT-12", "the commissar's note decision comes first")
        : ruleError("FLOW-3", "the night waits for the woken role's choice");
    case "day": {
      const step = phase.step;
      // HOST-4: the host announces the count once nobody is left to vote.
      const voting = step.kind === "voting" || step.kind === "liftAll";
      if (!voting || step.index >= step.queue.length) return null;
      return step.kind === "voting"
        ? ruleError("DAY-3", "every voter must vote")
        : ruleError("DAY-6", "every voter answers the lift-all vote");
    }
    case "ended":
      return ruleError("HOST-2", "the game is over: the host announces the result");
    case "rating":
    case "closed":
      return GAME_OVER;
  }
}

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
 * a player out of the game, but in his own last word. Once the game has ended everyone speaks. Built from public facts and the seat's own, so a seat's view may
 * carry it (`you.silenced`).
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

function speakProblem(state: GameState, seat: Seat, text: unknown): RuleError | null {
  return speechTextProblem(text) ?? silencedBy(state, seat);
}

const RATING_COMMANDS: readonly string[] = [
  "nominate",
  "closeNominations",
  "ratingVote",
  "split",
  "bonus",
  "contest",
  "contestVote",
  "closeRating",
];

function checkRating(state: GameState, c: CommandBody & { readonly actor: Actor }): RuleError | null {
  // An unknown type is a malformed command in every phase, not a rating command out of its time.
  if (!RATING_COMMANDS.includes(c.type))
    return ruleError("COMMAND", `unknown command type ${JSON.stringify((c as { type: unknown }).type)}`);
  const phase = state.phase;
  if (phase.kind !== "rating" || !state.rating)
    return ruleError("RATE-1", "the rating comes after the result is announced");
  const rating = state.rating;
  const step = phase.step;
  const rated = (seat: Seat) => !seatOf(state, seat).admin;
  switch (c.type) {
    case "nominate": {
      if (step.kind !== "nominations") return ruleError("RATE-1", "nominations are closed");
      if (!isSeat(c.candidate)) return ruleError("COMMAND", "a candidate is a seat 1–12");
      if (c.actor !== "host" && c.actor === c.candidate)
        return ruleError("RATE-3", "nobody proposes himself");
      if (c.actor !== "host" && !rated(c.actor))
        return ruleError("RATE-7", "the administration takes no part in the rating");
      if (!rated(c.candidate)) return ruleError("RATE-7", "the administration is never a candidate");
      if (rating.candidates.some((x) => x.seat === c.candidate))
        return ruleError("RATE-3", `seat ${c.candidate} is already a candidate`);
      return null;
    }
    case "closeNominations":
      return (
        hostOnly(c.actor, "close the nominations") ??
        (step.kind === "nominations" ? null : ruleError("RATE-1", "nominations are closed"))
      );
    case "ratingVote": {
      const bad = actsFor(c.actor, c.voter);
      if (bad) return bad;
      if (step.kind !== "votes") return ruleError("RATE-3", "there is no rating vote now");
      if (step.queue[step.index] !== c.voter)
        return ruleError("RATE-3", `the vote is in turn: it is seat ${step.queue[step.index]}'s turn`);
      const others = rating.candidates.filter((x) => x.seat !== c.voter);
      if (c.candidate === null)
        return others.length === 0 ? null : ruleError("RATE-3", "every player votes for one candidate");
      if (c.candidate === c.voter) return ruleError("RATE-3", "nobody votes for himself");
      return others.some((x) => x.seat === c.candidate)
        ? null
        : ruleError("RATE-3", `seat ${c.candidate} is not a candidate`);
    }
    case "split": {
      const bad = hostOnly(c.actor, "split a tied place");
      if (bad) return bad;
      if (step.kind !== "split") return ruleError("RATE-5", "there is no tie to split");
      if (!Array.isArray(c.points)) return ruleError("COMMAND", "points are a list of { seat, points }");
      const seats = c.points.map((p) => p?.seat);
      if (seats.length !== step.tied.length || !step.tied.every((seat) => seats.includes(seat))) {
        return ruleError(
          "RATE-5",
          `the split gives points to exactly the tied seats ${step.tied.join(", ")}`,
        );
      }
      const bad2 = c.points.find((p) => !Number.isInteger(p.points) || p.points < 1 || p.points > 3);
      return bad2 ? ruleError("RATE-5", "each tied player gets between 1 and 3 points") : null;
    }
    case "bonus": {
      const bad = hostOnly(c.actor, "give a bonus");
      if (bad) return bad;
      if (step.kind !== "review") return ruleError("RATE-4", "the bonus comes after the city's vote");
      if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
      if (!rated(c.seat)) return ruleError("RATE-7", "the administration gets no points");
      if (c.points !== 1 && c.points !== 2) return ruleError("RATE-4", "the host's bonus is 1 or 2 points");
      if (rating.bonuses.some((b) => b.seat === c.seat))
        return ruleError("RATE-4", `seat ${c.seat} already has the host's bonus`);
      if (rating.bonuses.length >= state.settings.hostBonusPlayers) {
        return ruleError(
          "RATE-4",
          `the host's bonus goes to at most ${state.settings.hostBonusPlayers} player(s)`,
        );
      }
      if ((rating.points[c.seat - 1] as number) + c.points > MAX_POINTS)
        return ruleError("RATE-4", `no player gets more than ${MAX_POINTS} points for one game`);
      return null;
    }
    case "contest": {
      const bad = hostOnly(c.actor, "put a contest to the table");
      if (bad) return bad;
      if (step.kind !== "review") return ruleError("RATE-6", "a contest comes after the city's vote");
      if (!isSeat(c.seat)) return ruleError("COMMAND", "a seat is a number from 1 to 12");
      if (!rated(c.seat)) return ruleError("RATE-7", "the administration gets no points");
      if (!Number.isInteger(c.points) || c.points < 0 || c.points > MAX_POINTS)
        return ruleError("RATE-4", `points are 0 to ${MAX_POINTS}`);
      return null;
    }
    case "contestVote": {
      const bad = actsFor(c.actor, c.voter);
      if (bad) return bad;
      if (step.kind !== "contest") return ruleError("RATE-6", "there is no contest vote now");
      if (step.queue[step.index] !== c.voter)
        return ruleError("RATE-6", `the vote is in turn: it is seat ${step.queue[step.index]}'s turn`);
      return typeof c.support === "boolean" ? null : ruleError("COMMAND", "`support` is true or false");
    }
    case "closeRating":
      return (
        hostOnly(c.actor, "close the rating") ??
        (step.kind === "review" ? null : ruleError("RATE-1", "finish the current rating step first"))
      );
    default:
      return ruleError("COMMAND", `unknown command type ${JSON.stringify((c as { type: unknown }).type)}`);
  }
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
