// A game's life in three calls: create it from a setup, apply commands, replay its events.

import { type Card, DECK, deckProblems } from "./cards.js";
import type { Command } from "./commands.js";
import { commandProblem, toEvent } from "./decide.js";
import type { Created, GameEvent, SeatSetup } from "./events.js";
import { evolve } from "./evolve.js";
import { seededRandom, shuffled } from "./random.js";
import type { RuleError } from "./rules.js";
import { validateSettings } from "./settings.js";
import { type GameState, SEATS } from "./state.js";

export interface Setup {
  /** Partial rules settings; the rest take their defaults. */
  readonly settings?: unknown;
  /** SETUP-1: exactly twelve seats, in seat order. */
  readonly seats: readonly SeatSetup[];
  /** SETUP-3: a seed to deal from, or the cards dealt by hand (seat order). */
  readonly deal: { readonly seed: string } | { readonly cards: readonly Card[] };
  readonly at: number;
}

export interface SetupError extends RuleError {
  /** Every problem found, one line each. */
  readonly problems: readonly string[];
}

/** Checks a setup once and turns it into the game's first event (chessops' Setup → Position). */
export function createGame(
  setup: Setup,
): { ok: true; event: Created; state: GameState } | { ok: false; error: SetupError } {
  const problems: string[] = [];
  let rule: RuleError["rule"] = "SETUP-1";
  const settings = validateSettings(setup?.settings);
  if (!settings.ok) {
    rule = "COMMAND";
    for (const p of settings.problems) problems.push(`setting ${p.setting} ${p.message}`);
  }
  const seats = Array.isArray(setup?.seats) ? setup.seats : [];
  if (seats.length !== SEATS) problems.push(`a game seats exactly ${SEATS} players, not ${seats.length}`);
  seats.forEach((s, i) => {
    if (typeof s?.name !== "string" || s.name.trim() === "" || s.name.length > 60) {
      problems.push(`seat ${i + 1}: a name is 1 to 60 characters`);
    }
  });
  let cards: readonly Card[] = [];
  let seed: string | null = null;
  const deal = setup?.deal as { seed?: unknown; cards?: unknown } | undefined;
  if (deal && typeof deal.seed === "string" && deal.seed.length > 0 && deal.seed.length <= 200) {
    seed = deal.seed;
    cards = shuffled(DECK, seededRandom(seed));
  } else if (deal && Array.isArray(deal.cards)) {
    const bad = deckProblems(deal.cards as string[]);
    if (bad.length) rule = "SETUP-2";
    problems.push(...bad);
    cards = deal.cards as Card[];
  } else problems.push("the deal is a seed (1–200 characters) or the twelve cards");
  if (typeof setup?.at !== "number" || !Number.isFinite(setup.at))
    problems.push("the setup carries its time `at`");
  if (problems.length || !settings.ok) {
    return { ok: false, error: { rule, message: problems.join("; "), problems } };
  }
  const event: Created = {
    type: "created",
    at: setup.at,
    by: "host",
    settings: settings.settings,
    seats: seats.map((s) => (s.admin ? { name: s.name, admin: true } : { name: s.name })),
    seed,
    cards: cards.slice(),
  };
  return { ok: true, event, state: evolve(null, event) };
}

/** Decides and folds one command: the new state and its events, or the rule it breaks (state unchanged). */
export function execute(
  state: GameState,
  command: Command,
): { ok: true; state: GameState; events: readonly GameEvent[] } | { ok: false; error: RuleError } {
  // decide's two steps, without its Decision: a command decides exactly one event.
  const problem = commandProblem(state, command);
  if (problem) return { ok: false, error: problem };
  const event = toEvent(state, command);
  return { ok: true, state: evolve(state, event), events: [event] };
}

/** Replays a game's events (the first is its `created`) with the engine itself. */
export function replay(events: readonly GameEvent[]): GameState {
  let state: GameState | null = null;
  for (const event of events) state = evolve(state, event);
  if (state === null) throw new Error("a game record holds at least its created event");
  return state;
}
