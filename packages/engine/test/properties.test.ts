// Property tests: thousands of random legal games (random-game.ts) under random settings, with the
// engine's invariants checked at every step: the deck, the dead, illegal commands, replay, secrets,
// termination, the fast legal-action path, the win check and the host's undo.

import {
  type Action,
  awaiting,
  CARDS,
  type Card,
  createGame,
  DECK,
  decide,
  evolve,
  type GameEvent,
  type GameState,
  isMafioso,
  legalActions,
  type Random,
  RULE_IDS,
  replay,
  type Seat,
  type SeatState,
  type Viewer,
  ViewMemo,
  type Voting,
  viewFor,
  type Winner,
} from "@misto/engine/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_ORDER, stageOf } from "../src/day/steps.js";
import {
  ALL_SEATS,
  DEFAULT_RATES,
  type GameSpec,
  handDeal,
  MAX_COMMANDS_TO_END,
  playToClose,
  RandomGame,
} from "./random-game.js";

// ── Arbitraries ─────────────────────────────────────────────────────────────────────────────────

/** Every rules setting of RULES.md that changes how a game plays. */
const settingsArb = fc.record({
  tieRule: fc.constantFrom("revoteThenLiftAll", "revoteThenNobody", "nobody", "allTied"),
  firstPhase: fc.constantFrom("day", "night"),
  firstNightActions: fc.boolean(),
  repeatLimitScope: fc.constantFrom("sameTarget", "anyTarget"),
  revealNightVictims: fc.boolean(),
  frozenDonStopsShot: fc.boolean(),
  blackWinsAtParity: fc.boolean(),
  // Mostly off: a short quiet limit ends most games early, as draws.
  drawAfterQuietPhases: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 8 }) },
  ),
  prostituteKnowsMafia: fc.boolean(),
  hostBonusPlayers: fc.integer({ min: 0, max: 3 }),
});

const specArb: fc.Arbitrary<GameSpec> = fc.record({
  seed: fc.integer(),
  settings: settingsArb,
  deal: fc.oneof(
    fc.record({ seed: fc.string({ minLength: 1, maxLength: 24 }) }),
    fc.integer().map((n) => ({ cards: handDeal(n) })),
  ),
  admins: fc.subarray(ALL_SEATS as Seat[], { maxLength: 2 }),
});

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────

const json = (value: unknown) => JSON.stringify(value);

/** HOST-3: a state compared to another as the game, leaving out the record of how it got there. */
const asGame = (state: GameState) => json({ ...state, version: 0, undos: 0, stepVersion: 0, log: null });

const sortedDeck = DECK.slice().sort().join();
const isDeck = (cards: readonly string[]) => cards.slice().sort().join() === sortedDeck;

function living(state: GameState): SeatState[] {
  return state.seats.filter((s) => s.out === null);
}

/** TEAM-2: the black team is the Don, the mafia and the prostitute; the maniac plays for red. */
const BLACK: readonly Card[] = ["don", "mafia", "prostitute"];

/** TEAM-1 and the parity setting, written out again from the living cards. */
function winnerByCards(state: GameState): Winner | null {
  const red = living(state).filter((s) => !BLACK.includes(s.card)).length;
  const black = living(state).length - red;
  if (red === 0 && black === 0) return "draw";
  if (red === 0) return "black";
  if (black === 0) return "red";
  if (state.settings.blackWinsAtParity && black >= red) return "black";
  return null;
}

/** The seats that act in an event (its sender, and the chooser or voter it names). */
function actorsOf(event: GameEvent): Seat[] {
  const seats: Seat[] = typeof event.by === "number" ? [event.by] : [];
  switch (event.type) {
    case "chose":
    case "noted":
    case "graveChosen":
    case "spoke":
      seats.push(event.seat);
      break;
    case "voted":
    case "liftVoted":
    case "ratingVoted":
    case "contestVoted":
      seats.push(event.voter);
      break;
  }
  return seats;
}

/** The seat speaking its last word now (DAY-7), if any. */
function lastWordSpeaker(state: GameState): Seat | undefined {
  const p = state.phase;
  return p.kind === "day" && p.step.kind === "lastWords" ? p.step.queue[p.step.index] : undefined;
}

/** Whether `viewer` may know the card of `s`: own, revealed, after the result, or met at night 1 (FLOW-4). */
function mayKnow(state: GameState, viewer: Seat | "spectator", s: SeatState): boolean {
  if (s.revealed || state.result?.announced) return true;
  if (viewer === "spectator") return false;
  if (viewer === s.seat) return true;
  if (state.nights.length === 0) return false;
  const me = state.seats[viewer - 1] as SeatState;
  // FLOW-4: only those in the game when night 1 began woke for the acquaintance.
  const out = me.out;
  if (out && out.when.kind === "day" && out.when.n === 1 && state.settings.firstPhase === "day") return false;
  const knowsBlack = (card: Card) =>
    isMafioso(card) || (state.settings.prostituteKnowsMafia && card === "prostitute");
  return knowsBlack(me.card) && knowsBlack(s.card);
}

/** A plain assertion for the hot loops (vitest's expect is too slow to call per view and per action). */
function assert(condition: unknown, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

/** Walks a view, calling `visit` on every object with its path of keys. */
function walk(value: unknown, path: string[], visit: (obj: Record<string, unknown>, path: string[]) => void) {
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], [...path, String(i)], visit);
    return;
  }
  const obj = value as Record<string, unknown>;
  visit(obj, path);
  for (const k in obj) walk(obj[k], [...path, k], visit);
}

/** The secrets property for one viewer: the view holds no card, choice or check it may not know. */
function checkSecrets(state: GameState, viewer: Seat | "spectator"): void {
  const view = viewFor(state, viewer);
  const where = `viewer ${viewer} in ${json(state.phase)}`;
  const announced = state.result?.announced === true;
  assert(view.host === null, () => `${where}: the host's part`);
  if (state.phase.kind === "night") assert(view.phase.step === null, () => `${where}: the night step`);
  walk(view, [], (obj, path) => {
    const at = () => `${where} at ${path.join(".") || "(root)"}`;
    if ("card" in obj && obj.card !== null && path.length > 0) {
      const seat = (path[0] === "you" && path.length === 1 ? viewer : obj.seat) as Seat;
      const s = state.seats[seat - 1] as SeatState;
      assert(mayKnow(state, viewer, s), () => `${at()}: the card of seat ${seat}`);
      assert(obj.card === s.card, () => `${at()}: a wrong card`);
    }
    if ("choices" in obj) assert(json(path) === '["you"]', () => `${at()}: night choices`);
    if ("black" in obj) {
      const ok = (path[0] === "you" && path[1] === "checks") || (path[0] === "nights" && path[2] === "note");
      assert(ok, () => `${at()}: a check result`);
    }
  });
  for (const s of view.seats) {
    const real = state.seats[s.seat - 1] as SeatState;
    if (s.out !== null) assert(real.out?.announced || announced, () => `${where}: seat ${s.seat} shown out`);
  }
  for (const report of view.nights) {
    const night = state.nights.find((n) => n.n === report.n);
    if (report.note !== null) assert(night?.outcome?.noteRead != null, () => `${where}: a note never read`);
    for (const d of report.deaths)
      assert(state.seats[d.seat - 1]?.out?.announced || announced, () => `${where}: an unannounced death`);
  }
  if (typeof viewer === "number") {
    const you = view.you;
    assert(you?.seat === viewer, () => `${where}: you`);
    const me = state.seats[viewer - 1] as SeatState;
    if (me.card !== "commissar") assert(you.checks.length === 0, () => `${where}: checks`);
    const own = state.nights.flatMap((night) =>
      night.choices
        .filter((c) => c.seat === viewer)
        .map((c) => ({ night: night.n, role: c.role, target: c.target })),
    );
    assert(json(you.choices) === json(own), () => `${where}: own choices`);
  } else assert(view.you === null, () => `${where}: you`);
}

// ── Random commands, mostly illegal ─────────────────────────────────────────────────────────────

const COMMAND_TYPES = [
  "redeal",
  "advance",
  "choose",
  "note",
  "vote",
  "liftVote",
  "grave",
  "foul",
  "remark",
  "disqualify",
  "speak",
  "undo",
  "announceResult",
  "nominate",
  "closeNominations",
  "ratingVote",
  "split",
  "bonus",
  "contest",
  "contestVote",
  "closeRating",
] as const;

const JUNK: readonly unknown[] = [undefined, null, 0, 13, -1, 1.5, Number.NaN, "3", "", true, {}, [], "host"];

function anyOf<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)] as T;
}

function seatOrJunk(random: Random): unknown {
  return random() < 0.7 ? 1 + Math.floor(random() * 12) : anyOf(JUNK, random);
}

/** A command with random fields: mostly wrong actor, wrong phase, a bad seat or a bad shape. */
function randomCommand(random: Random): unknown {
  const r = random();
  if (r < 0.03) return anyOf([null, undefined, 42, "advance", [], [{ type: "advance" }]], random);
  const cmd: Record<string, unknown> = {};
  cmd.type = random() < 0.9 ? anyOf(COMMAND_TYPES, random) : anyOf(["bogus", "", 7, null, "Advance"], random);
  if (random() < 0.95)
    cmd.actor = random() < 0.8 ? (random() < 0.3 ? "host" : seatOrJunk(random)) : "spectator";
  if (random() < 0.95)
    cmd.at = random() < 0.9 ? 5_000_000 : anyOf(["now", Number.NaN, null, Infinity], random);
  const fields: [string, () => unknown][] = [
    ["seat", () => seatOrJunk(random)],
    ["target", () => (random() < 0.2 ? null : seatOrJunk(random))],
    ["voter", () => seatOrJunk(random)],
    ["candidate", () => (random() < 0.2 ? null : seatOrJunk(random))],
    ["yes", () => anyOf([true, false, "yes", 1, null], random)],
    ["leave", () => anyOf([true, false, "no", 0], random)],
    ["support", () => anyOf([true, false, "yes", undefined], random)],
    ["reason", () => anyOf(["other", "nightTalk", "loud", "swearing", "bogus", 3, null], random)],
    ["points", () => anyOf([1, 2, 3, 6, -1, "2", [], [{ seat: 1, points: 2 }], [null], null], random)],
    ["seed", () => anyOf(["x", "", 5, null, "y".repeat(201)], random)],
    ["cards", () => anyOf([DECK, DECK.slice(1), [...DECK.slice(1), "don"], "deck", [1, 2], null], random)],
    ["text", () => anyOf(["hi", "", "   ", 5, null, "z".repeat(1001)], random)],
    ["note", () => anyOf(["n", 5, "n".repeat(501)], random)],
  ];
  for (const [key, make] of fields) if (random() < 0.35) cmd[key] = make();
  return cmd;
}

/** A legal action with one field changed to a random value: a near miss, legal now and then. */
function nearMiss(action: Action, random: Random): Record<string, unknown> {
  const keys = Object.keys(action).filter((k) => k !== "type");
  const key = anyOf(keys, random);
  const value =
    key === "actor"
      ? random() < 0.5
        ? "host"
        : seatOrJunk(random)
      : typeof (action as Record<string, unknown>)[key] === "boolean"
        ? anyOf([true, false, "true", 0], random)
        : random() < 0.15
          ? null
          : seatOrJunk(random);
  return { ...action, [key]: value };
}

/** A legal action bent out of shape: another seat's actor, or a host-only move sent by a seat. */
function wrongActor(action: Action, random: Random): Action | null {
  const other = 1 + Math.floor(random() * 12);
  const forSeat = "seat" in action ? action.seat : "voter" in action ? action.voter : null;
  if (action.actor === "host") {
    const hostOnly = ["advance", "undo", "foul", "remark", "disqualify", "redeal", "announceResult"];
    return hostOnly.includes(action.type) ? { ...action, actor: other } : null;
  }
  return typeof forSeat === "number" && other !== forSeat ? { ...action, actor: other } : null;
}

/** The fields that make an action what it is, in a canonical order (for comparing with legalActions). */
function canonical(action: Record<string, unknown>): string {
  return json(
    Object.keys(action)
      .filter((k) => k !== "at")
      .sort()
      .map((k) => [k, action[k]]),
  );
}

/** An accepted command as legalActions lists it (one listed reason stands for all), or null if unlisted. */
function asListed(c: Record<string, unknown>): Record<string, unknown> | null {
  const pickOut = (...keys: string[]) => {
    const out: Record<string, unknown> = { actor: c.actor, type: c.type };
    for (const k of keys) out[k] = c[k];
    return out;
  };
  switch (c.type) {
    case "advance":
    case "undo":
    case "announceResult":
    case "closeNominations":
    case "closeRating":
      return pickOut();
    case "choose":
    case "grave":
      return pickOut("seat", "target");
    case "note":
      return pickOut("seat", "leave");
    case "vote":
      return pickOut("voter", "target");
    case "liftVote":
      return pickOut("voter", "yes");
    case "foul":
      return { ...pickOut("seat"), reason: "arguing" };
    case "remark":
      return { ...pickOut("seat"), reason: "loud" };
    case "disqualify":
      return pickOut("seat");
    case "nominate":
      return pickOut("candidate");
    case "ratingVote":
      return pickOut("voter", "candidate");
    case "contestVote":
      return pickOut("voter", "support");
    case "bonus":
      return pickOut("seat", "points");
    default:
      return null; // speech, redeals, splits and contests are open-ended and not listed
  }
}

const RULES = new Set<string>(RULE_IDS);

function expectRefusal(state: GameState, command: unknown, where: string): void {
  const decision = decide(state, command as never);
  expect(decision.ok, `${where}: ${json(command)}`).toBe(false);
  if (decision.ok) return;
  expect(RULES.has(decision.error.rule), `${where}: rule ${decision.error.rule}`).toBe(true);
  expect(typeof decision.error.message, where).toBe("string");
  expect(decision.error.message.length, where).toBeGreaterThan(0);
}

// ── Properties ──────────────────────────────────────────────────────────────────────────────────

/** PROPERTY_SCALE=10 plays ten times the games (a deeper hunt than the everyday run). */
const SCALE = Number(process.env.PROPERTY_SCALE ?? 1);

/** Runs one property over random game specs. */
function forGames(numRuns: number, play: (spec: GameSpec) => void): void {
  fc.assert(fc.property(specArb, play), { numRuns: Math.ceil(numRuns * SCALE) });
}

/**
 * Every command of the kinds legalActions lists, legal or not, in the order it lists them: the
 * test's own enumeration, filtered by decide, is what legalActions must equal.
 */
function everyCandidate(state: GameState, actor: "host" | Seat): Action[] {
  const out: Action[] = [];
  const forSeats: readonly Seat[] = actor === "host" ? ALL_SEATS : [actor];
  const targets: (Seat | null)[] = [null, ...ALL_SEATS];
  const phase = state.phase;
  for (const seat of forSeats) {
    switch (phase.kind) {
      case "night":
        if (phase.step.kind === "wake")
          for (const target of targets) out.push({ actor, type: "choose", seat, target });
        if (phase.step.kind === "note")
          out.push({ actor, type: "note", seat, leave: true }, { actor, type: "note", seat, leave: false });
        break;
      case "day":
        if (phase.step.kind === "voting")
          for (const target of ALL_SEATS) out.push({ actor, type: "vote", voter: seat, target });
        if (phase.step.kind === "liftAll")
          out.push(
            { actor, type: "liftVote", voter: seat, yes: true },
            { actor, type: "liftVote", voter: seat, yes: false },
          );
        if (phase.step.kind === "lastWords")
          for (const target of targets) out.push({ actor, type: "grave", seat, target });
        break;
      case "rating":
        if (phase.step.kind === "nominations") {
          const candidates = actor === "host" ? [seat] : ALL_SEATS;
          for (const candidate of candidates) out.push({ actor, type: "nominate", candidate });
        }
        if (phase.step.kind === "votes")
          for (const c of [...ALL_SEATS, null])
            out.push({ actor, type: "ratingVote", voter: seat, candidate: c });
        if (phase.step.kind === "contest")
          out.push(
            { actor, type: "contestVote", voter: seat, support: true },
            { actor, type: "contestVote", voter: seat, support: false },
          );
        break;
      default:
        break;
    }
  }
  if (actor !== "host") return out;
  out.push({ actor, type: "advance" }, { actor, type: "undo" }, { actor, type: "announceResult" });
  for (const seat of ALL_SEATS) {
    out.push({ actor, type: "foul", seat, reason: "arguing" });
    out.push({ actor, type: "remark", seat, reason: "loud" });
    out.push({ actor, type: "disqualify", seat });
  }
  out.push({ actor, type: "closeNominations" }, { actor, type: "closeRating" });
  for (const seat of ALL_SEATS) {
    out.push({ actor, type: "bonus", seat, points: 1 }, { actor, type: "bonus", seat, points: 2 });
  }
  if (phase.kind === "rating" && phase.step.kind === "split")
    out.push({ actor, type: "split", points: phase.step.tied.map((seat) => ({ seat, points: 2 })) });
  return out;
}

describe("random games", { timeout: 120_000 * SCALE }, () => {
  it("SETUP-2 SETUP-3 SETUP-4 every deal (seeded, by hand or redealt) holds exactly the deck's twelve cards", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CARDS), { minLength: 11, maxLength: 13 }),
        fc.string(),
        (cards, seed) => {
          const seats = ALL_SEATS.map((seat) => ({ name: `P${seat}` }));
          const byHand = createGame({ seats, deal: { cards }, at: 0 });
          expect(byHand.ok).toBe(isDeck(cards));
          if (!byHand.ok) expect(byHand.error.rule).toBe("SETUP-2");
          const seeded = createGame({ seats, deal: { seed: `${seed}.` }, at: 0 });
          expect(seeded.ok && isDeck(seeded.event.cards)).toBe(true);
          // SETUP-3: the same seed deals the same cards.
          const again = createGame({ seats, deal: { seed: `${seed}.` }, at: 0 });
          expect(again.ok && seeded.ok && json(again.event.cards) === json(seeded.event.cards)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    forGames(200, (spec) => {
      const game = new RandomGame(spec, { ...DEFAULT_RATES, redeal: 0.5 });
      expect(isDeck(game.state.seats.map((s) => s.card))).toBe(true);
      let deals = 1;
      game.onStep = ({ decision, after }) => {
        if (!decision.ok) return;
        for (const event of decision.events) {
          if (event.type === "redealt") {
            deals++;
            expect(isDeck(event.cards)).toBe(true);
          }
        }
        expect(isDeck(after.seats.map((s) => s.card))).toBe(true);
      };
      playToClose(game);
      expect(game.state.deals).toBeLessThanOrEqual(deals);
    });
  });

  it("FOUL-7 NIGHT-14 DON-1 RATE-3 the dead never act (but the Don's grave in his last word, and the rating)", () => {
    forGames(600, (spec) => {
      const game = new RandomGame(spec);
      game.onStep = ({ before, decision }) => {
        if (!decision.ok) return;
        const p = before.phase;
        // RATE-3: everyone who played votes in the rating; after the game anyone may talk.
        if (p.kind === "rating" || p.kind === "closed" || p.kind === "ended") return;
        for (const event of decision.events) {
          for (const seat of actorsOf(event)) {
            const s = before.seats[seat - 1] as SeatState;
            if (s.out === null) continue;
            // DAY-7: a last word is spoken by a player already out; DON-1: the Don's grave is part of it.
            const ownLastWord = lastWordSpeaker(before) === seat;
            const allowed =
              ownLastWord && (event.type === "spoke" || (event.type === "graveChosen" && s.card === "don"));
            expect(allowed, `seat ${seat} (out: ${s.out.cause}) acted: ${json(event)}`).toBe(true);
          }
        }
      };
      playToClose(game);
    });
  });

  it("ACTOR COMMAND an illegal command is refused with a rule ID, never throws, and changes nothing", () => {
    forGames(200, (spec) => {
      const game = new RandomGame(spec);
      playToClose(game, () => {
        if (game.random() >= 0.25) return;
        const state = game.state;
        const before = json(state);
        const near = awaiting(state).flatMap((actor) => legalActions(state, actor));
        for (let i = 0; i < 12; i++) {
          const command =
            i % 3 === 0 && near.length > 0
              ? nearMiss(anyOf(near, game.random), game.random)
              : randomCommand(game.random);
          let decision: ReturnType<typeof decide>;
          try {
            decision = decide(state, command as never);
          } catch (error) {
            throw new Error(`decide threw on ${json(command)}: ${error}`);
          }
          if (decision.ok) {
            // A random command that happens to be legal still folds cleanly.
            for (const event of decision.events) evolve(state, event);
          } else {
            const error = decision.error;
            assert(RULES.has(error.rule), () => `${json(command)}: no rule ID in ${json(error)}`);
            assert(typeof error.message === "string" && error.message.length > 0, () => json(error));
          }
        }
        // A legal action sent by the wrong actor is always refused.
        for (const actor of awaitingActors(state)) {
          const actions = legalActions(state, actor);
          if (actions.length === 0) continue;
          const bent = wrongActor(anyOf(actions, game.random), game.random);
          if (bent) expectRefusal(state, { ...bent, at: game.clock }, "wrong actor");
        }
        expect(json(state)).toBe(before);
      });
    });
  });

  it("HOST-3 replaying the recorded events (undos included) rebuilds the live state exactly", () => {
    forGames(400, (spec) => {
      const game = new RandomGame(spec, { ...DEFAULT_RATES, undo: 0.04 });
      playToClose(game, () => {
        if (game.random() < 0.02) expect(json(replay(game.events))).toBe(json(game.state));
      });
      expect(json(replay(game.events))).toBe(json(game.state));
    });
  });

  it("FLOW-4 NIGHT-11 NIGHT-12 DAY-8 NIGHT-14 a view reveals no card, night choice or check its viewer may not know", () => {
    forGames(60, (spec) => {
      const game = new RandomGame(spec);
      const viewers: (Seat | "spectator")[] = [...ALL_SEATS, "spectator"];
      const checkAll = () => {
        for (const viewer of viewers) checkSecrets(game.state, viewer);
      };
      playToClose(game, checkAll);
      checkAll();
    });
  });

  it("FLOW-4 DON-1 views built through one ViewMemo are the views built without it, at every step", () => {
    forGames(25, (spec) => {
      const game = new RandomGame(spec, { ...DEFAULT_RATES, undo: 0.04 });
      const memo = new ViewMemo();
      const viewers: Viewer[] = ["host", "spectator", ...ALL_SEATS];
      const checkAll = () => {
        const views = viewers.map((viewer) => viewFor(game.state, viewer, memo));
        for (const [i, view] of views.entries())
          expect(json(view)).toBe(json(viewFor(game.state, viewers[i] as Viewer)));
        // The parts made from one record are one object in every view of the state.
        for (const view of views) expect(view.speeches).toBe(views[0]?.speeches);
      };
      playToClose(game, checkAll);
      checkAll();
    });
  });

  it(`TEAM-1 HOST-2 RATE-1 RATE-4 RATE-7 every game ends with a winner within ${MAX_COMMANDS_TO_END} commands and its rating closes`, () => {
    forGames(1000, (spec) => {
      const game = new RandomGame(spec);
      playToClose(game);
      const state = game.state;
      expect(state.phase.kind).toBe("closed");
      expect(["red", "black", "draw"]).toContain(state.result?.winner);
      expect(state.result?.announced).toBe(true);
      expect(game.acceptedAtEnd).not.toBeNull();
      expect(game.acceptedAtEnd as number).toBeLessThanOrEqual(MAX_COMMANDS_TO_END);
      const points = state.rating?.points ?? [];
      expect(points).toHaveLength(12);
      for (const s of state.seats) {
        expect(points[s.seat - 1]).toBeGreaterThanOrEqual(0);
        expect(points[s.seat - 1]).toBeLessThanOrEqual(5);
        if (s.admin) expect(points[s.seat - 1]).toBe(0);
      }
    });
  });

  it("FLOW-3 DAY-3 NIGHT-1 legalActions lists, in order, exactly the commands of its kinds that decide accepts", () => {
    forGames(80, (spec) => {
      const game = new RandomGame(spec);
      const actors: ("host" | Seat)[] = ["host", ...ALL_SEATS];
      const checkAll = () => {
        const state = game.state;
        for (const actor of actors) {
          const fast = legalActions(state, actor);
          const slow = everyCandidate(state, actor).filter(
            (action) => decide(state, { ...action, at: game.clock } as never).ok,
          );
          assert(
            json(fast) === json(slow),
            () => `actor ${actor} in ${json(state.phase)}: ${json(fast)} ≠ ${json(slow)}`,
          );
          for (const action of fast) {
            const decision = decide(state, { ...action, at: game.clock } as never);
            assert(decision.ok, () => `refused ${json(action)}: ${json(decision)}`);
          }
        }
        for (const seat of awaitingActors(state))
          assert(legalActions(state, seat).length > 0, () => `seat ${seat} is awaited but has no action`);
        // And the other way round: whatever decide accepts, legalActions lists.
        const near = actors.flatMap((actor) => legalActions(state, actor));
        for (let i = 0; i < 12; i++) {
          const command = (
            i % 2 === 0 && near.length > 0
              ? nearMiss(anyOf(near, game.random), game.random)
              : randomCommand(game.random)
          ) as Record<string, unknown>;
          if (command === null || typeof command !== "object" || !decide(state, command as never).ok)
            continue;
          const listed = asListed(command);
          if (listed === null) continue;
          const actions = legalActions(state, command.actor as "host" | Seat).map(canonical);
          assert(actions.includes(canonical(listed)), () => `accepted but not listed: ${json(command)}`);
        }
      };
      playToClose(game, checkAll);
      checkAll();
    });
  });

  it("TEAM-1 TEAM-2 the winner agrees with the living cards, and a finished game takes no game action", () => {
    forGames(600, (spec) => {
      const game = new RandomGame(spec);
      game.onStep = ({ before, decision, after }) => {
        if (!decision.ok) return;
        if (before.phase.kind === "ended") {
          for (const event of decision.events)
            expect(["resultAnnounced", "undone", "spoke"]).toContain(event.type);
        }
        const byCards = winnerByCards(after);
        if (after.result === null) {
          expect(byCards, `no result, yet the cards say ${byCards}`).toBeNull();
          return;
        }
        if (byCards === null) {
          // Only the quiet-phases setting ends a game that no team has won.
          expect(after.result.winner).toBe("draw");
          expect(after.settings.drawAfterQuietPhases).not.toBeNull();
          expect(after.quietPhases).toBeGreaterThanOrEqual(after.settings.drawAfterQuietPhases as number);
        } else expect(after.result.winner).toBe(byCards);
      };
      playToClose(game);
    });
  });

  it("DAY-5 DAY-7 every round starts at the first living seat after the last round's starter, and the voted-out and the grave's victim each have a last word", () => {
    forGames(400, (spec) => {
      const game = new RandomGame(spec);
      game.onStep = ({ before, decision, after }) => {
        if (!decision.ok || decision.events.some((e) => e.type === "undone")) return;
        if (after.lastStarter !== before.lastStarter) {
          // DAY-5: seat 1 for the game's first round, else the seat after the last starter; clockwise 12 → 1.
          const from = before.lastStarter === null ? 1 : (before.lastStarter % 12) + 1;
          const expected = ALL_SEATS.map((i) => ((from - 1 + i - 1) % 12) + 1).find(
            (seat) => after.seats[seat - 1]?.out === null,
          );
          expect(after.lastStarter).toBe(expected);
        }
        if (after.result !== null) return;
        const p = after.phase;
        for (const s of after.seats) {
          const was = before.seats[s.seat - 1] as SeatState;
          if (was.out !== null || (s.out?.cause !== "vote" && s.out?.cause !== "grave")) continue;
          // DAY-7: whoever the day's vote or the grave takes (and the game goes on) is queued for a last word.
          expect(p.kind === "day" && p.step.kind === "lastWords" && p.step.queue.includes(s.seat)).toBe(true);
        }
        const speaker = lastWordSpeaker(after);
        if (speaker !== undefined) expect(after.seats[speaker - 1]?.revealed).toBe(true);
      };
      playToClose(game);
    });
  });

  it("HOST-4 FOUL-3 DAY-4 FOUL-7 a count and a night's end take in what the host recorded since the last ballot or choice", () => {
    let counts = 0;
    forGames(400, (spec) => {
      // The host records something at a third of his moments (a count due, dawn) before announcing.
      const game = new RandomGame(spec, { ...DEFAULT_RATES, moment: 0.3 });
      game.onStep = ({ before, command, decision, after }) => {
        if (!decision.ok || command.type !== "advance") return;
        const p = before.phase;
        if (p.kind === "night" && p.step.kind === "dawn") {
          // A player removed before the night's end left at once: no shot kills him.
          const deaths = after.nights.at(-1)?.outcome?.deaths ?? [];
          for (const seat of deaths) expect(before.seats[seat - 1]?.out).toBeNull();
          return;
        }
        if (p.kind !== "day" || p.step.kind !== "voting" || p.step.ballots.length === 0) return;
        const voting = after.votings.at(-1) as Voting;
        expect(after.votings).toHaveLength(before.votings.length + 1);
        counts++;
        // The foul votes at the count, fouls given after the last ballot included, go into a day's vote.
        const due = before.seats
          .filter((s) => s.out === null && s.foulVotes > 0)
          .map((s) => ({ seat: s.seat, votes: s.foulVotes }));
        if (p.step.round === "vote") expect(voting.foulVotes).toEqual(due);
        // Votes for a player who left before the count are void.
        for (const t of voting.tally) expect(before.seats[t.seat - 1]?.out).toBeNull();
      };
      playToClose(game);
    });
    expect(counts).toBeGreaterThan(0);
  });

  it("HOST-4 every new step, phase or undo has a new stepVersion: its time alone may repeat", () => {
    /** What a runner waits on: the phase, its step, and whose turn it is in the step's queue. */
    const stepOf = (state: GameState) => {
      const p = state.phase;
      if (p.kind !== "day" && p.kind !== "night" && p.kind !== "rating") return p.kind;
      const at = "queue" in p.step ? p.step.index : null;
      return json([p.kind, "n" in p ? p.n : null, p.step.kind, at, state.stepSince]);
    };
    forGames(200, (spec) => {
      const game = new RandomGame(spec);
      const seen = new Set<number>([game.state.stepVersion]);
      game.onStep = ({ before, command, decision, after }) => {
        if (!decision.ok) return;
        const moved = stepOf(before) !== stepOf(after) || command.type === "undo";
        expect(after.stepVersion !== before.stepVersion).toBe(moved);
        // Each is the number of an event: never one a step had before.
        if (moved) expect(seen.has(after.stepVersion)).toBe(false);
        seen.add(after.stepVersion);
      };
      playToClose(game);
    });
  });

  it("HOST-3 an undo restores the state before the undone step, and the kept steps replay to the live state", () => {
    forGames(400, (spec) => {
      const game = new RandomGame(spec);
      const created = game.events[0] as GameEvent;
      // The steps that stand: what the game is, once every undone step is dropped.
      const kept: GameEvent[] = [];
      game.onStep = ({ decision }) => {
        if (!decision.ok) return;
        for (const event of decision.events) {
          if (event.type !== "undone") kept.push(event);
          else {
            const last = kept.map((e) => e.type !== "spoke").lastIndexOf(true);
            expect(last).toBeGreaterThanOrEqual(0);
            kept.splice(last, 1);
          }
        }
      };
      playToClose(game, () => {
        if (game.random() >= 0.1) return;
        const s0 = game.state;
        const action = game.nextAction();
        if (action.type === "undo" || action.type === "speak") return;
        const at = game.clock + 1;
        if (!game.submit(action, at).ok) return;
        const s1 = game.state;
        // The announcement itself and a closed rating are final; the rating's steps between are not.
        if (action.type === "announceResult" || s1.phase.kind === "closed") {
          expectRefusal(s1, { actor: "host", type: "undo", at }, "undo of a final step");
          return;
        }
        expect(game.submit({ actor: "host", type: "undo" }).ok).toBe(true);
        expect(asGame(game.state)).toBe(asGame(s0));
        // Redoing the same step gives the same game again.
        expect(game.submit(action, at).ok).toBe(true);
        expect(asGame(game.state)).toBe(asGame(s1));
      });
      const rebuilt = replay([created, ...kept]);
      const bookkeeping = { version: 0, undos: 0, stepVersion: 0 };
      expect(json({ ...rebuilt, ...bookkeeping })).toBe(json({ ...game.state, ...bookkeeping }));
    });
  });
});

function awaitingActors(state: GameState): Seat[] {
  return awaiting(state).filter((a): a is Seat => a !== "host");
}

/** The moment of the game a command is sent in: its phase and step, and whether a count is due (HOST-4). */
function momentOf(state: GameState): string {
  const p = state.phase;
  if (p.kind === "day") {
    const step = p.step;
    if ((step.kind === "voting" || step.kind === "liftAll") && step.index >= step.queue.length)
      return `day:${step.kind === "voting" ? step.round : step.kind}:count`;
    return `day:${step.kind === "voting" ? step.round : step.kind}`;
  }
  if (p.kind === "night") return `night:${p.step.kind}`;
  if (p.kind === "rating") return `rating:${p.step.kind}`;
  return p.kind;
}

/** Every moment a host's foul, remark or removal can come in, as momentOf names them. */
const IN_PLAY_MOMENTS = [
  "day:morning",
  "day:discussion",
  "day:accusations",
  "day:vote",
  "day:vote:count",
  "day:splitSpeeches",
  "day:revote",
  "day:revote:count",
  "day:liftAll",
  "day:liftAll:count",
  "day:lastWords",
  "night:acquaintance",
  "night:wake",
  "night:note",
  "night:dawn",
];
const AFTER_PLAY_MOMENTS = ["ended", "rating:nominations", "rating:votes", "rating:review"];

/** The parts of a state a command may change, as one string (cheaper than the whole state). */
const shapeOf = (s: GameState) =>
  json([s.phase, s.seats, s.nights, s.votings, s.checks, s.result, s.rating, s.quietPhases, s.version]);

describe("random host discipline at every moment", { timeout: 120_000 * SCALE }, () => {
  it("HOST-4 FOUL-7 TEAM-1 HOST-3 fouls, remarks and removals at every moment: refusals change nothing, replay equals execute, the game ends", () => {
    const RATES = { ...DEFAULT_RATES, foul: 0.12, remark: 0.04, disqualify: 0.012, undo: 0.02, moment: 0.4 };
    const DISCIPLINE = new Set(["foul", "remark", "disqualify", "undo"]);
    const accepted = new Map<string, number>();
    const refused = new Map<string, number>();
    const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    const covered = () =>
      IN_PLAY_MOMENTS.every((m) => accepted.has(`foul ${m}`) && accepted.has(`disqualify ${m}`)) &&
      AFTER_PLAY_MOMENTS.every((m) => refused.has(`foul ${m}`)) &&
      accepted.has("undo rating:review");
    // Games in batches until every moment has been met (the rarest, a lift-all vote, needs a tie in
    // the vote and another in the re-vote), at most MAX_BATCHES: the assertions below then say which
    // moment was never met.
    const MAX_BATCHES = 20;
    for (let batch = 0; batch < MAX_BATCHES && !covered(); batch++) playBatch();
    function playBatch(): void {
      forGames(150, (spec) => {
        const game = new RandomGame(spec, RATES);
        let shape = shapeOf(game.state);
        game.onStep = ({ before, command, decision, after }) => {
          if (DISCIPLINE.has(command.type)) {
            const key = `${command.type} ${momentOf(before)}`;
            bump(decision.ok ? accepted : refused, key);
          }
          if (!decision.ok) {
            // A refusal changes nothing: not the state it was given, not the game.
            assert(after === before, () => `a refused ${json(command)} replaced the state`);
            assert(
              shapeOf(before) === shape,
              () => `a refused ${json(command)} changed the state it was given`,
            );
          } else shape = shapeOf(after);
          // Replay equals execute, checked where the host's discipline just came in.
          if (decision.ok && DISCIPLINE.has(command.type) && game.random() < 0.1)
            assert(json(replay(game.events)) === json(after), () => `replay differs after ${json(command)}`);
        };
        playToClose(game);
        expect(game.state.phase.kind).toBe("closed");
        expect(json(replay(game.events))).toBe(json(game.state));
      });
    }
    // Every moment of play took fouls and removals; after the end of the game none is taken (TEAM-1).
    for (const moment of IN_PLAY_MOMENTS) {
      expect(accepted.get(`foul ${moment}`) ?? 0, `foul at ${moment}`).toBeGreaterThan(0);
      expect(accepted.get(`disqualify ${moment}`) ?? 0, `disqualify at ${moment}`).toBeGreaterThan(0);
    }
    expect(accepted.get("remark day:discussion") ?? 0).toBeGreaterThan(0);
    for (const moment of AFTER_PLAY_MOMENTS) {
      expect(refused.get(`foul ${moment}`) ?? 0, `foul at ${moment}`).toBeGreaterThan(0);
      expect(accepted.get(`foul ${moment}`) ?? 0, `foul at ${moment}`).toBe(0);
      expect(accepted.get(`disqualify ${moment}`) ?? 0, `disqualify at ${moment}`).toBe(0);
    }
    // HOST-3: the host's undo reaches back from the rating's steps too.
    expect(accepted.get("undo rating:review") ?? 0).toBeGreaterThan(0);
  });
});

describe("the day's order", { timeout: 120_000 * SCALE }, () => {
  it("FLOW-2 DAY-2 DAY-3 DAY-6 DAY-7 a day goes through its stages in DAY_ORDER, never back (but by undo)", () => {
    const seen = new Set<string>();
    forGames(200, (spec) => {
      const game = new RandomGame(spec);
      game.onStep = ({ before, command, decision, after }) => {
        if (!decision.ok || command.type === "undo" || after.phase.kind !== "day") return;
        const to = DAY_ORDER.indexOf(stageOf(after.phase.step));
        const b = before.phase;
        if (b.kind === "day" && b.n === after.phase.n) {
          const from = DAY_ORDER.indexOf(stageOf(b.step));
          assert(
            to >= from,
            () => `day ${b.n}: ${DAY_ORDER[from]} → ${DAY_ORDER[to]} after ${json(command)}`,
          );
          if (to > from) seen.add(`${DAY_ORDER[from]}→${DAY_ORDER[to]}`);
        } else {
          // FLOW-2: a new day opens with the morning's announcement after a night, else the discussion.
          expect(stageOf(after.phase.step)).toBe(after.nights.length > 0 ? "morning" : "discussion");
        }
      };
      playToClose(game);
    });
    // The tie's way (DAY-6) and the plain way past it were both taken.
    for (const pass of ["vote→splitSpeeches", "splitSpeeches→revote", "vote→lastWords", "revote→lastWords"])
      expect(seen.has(pass), pass).toBe(true);
  });
});

describe("cases the properties found", () => {
  it("FLOW-4 a mafioso out before night 1 never meets the mafia: his view shows no partner", () => {
    // Found by the secrets property: the Don voted out on day 1 saw the mafiosi once night 1 began.
    const created = createGame({
      settings: { firstPhase: "day" },
      seats: ALL_SEATS.map((seat) => ({ name: `P${seat}` })),
      deal: { cards: DECK }, // 1 Don, 2–3 Mafia, 4 Prostitute, …
      at: 0,
    });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.state;
    const send = (command: Record<string, unknown>) => {
      const decision = decide(state, { ...command, at: 1 } as never);
      if (!decision.ok) throw new Error(decision.error.message);
      for (const event of decision.events) state = evolve(state, event);
    };
    while (state.phase.kind !== "night") {
      const [next] = awaiting(state);
      if (next === "host") send({ actor: "host", type: "advance" });
      else send({ actor: next, type: "vote", voter: next, target: next === 1 ? 2 : 1 });
    }
    expect(state.seats[0]?.out?.cause).toBe("vote");
    const don = viewFor(state, 1);
    expect(don.you?.partners).toEqual([]);
    expect(don.seats[1]?.card).toBeNull();
    // The living mafiosi met at night 1 and know each other (and the Don, revealed at his last word).
    expect(viewFor(state, 2).seats[2]?.card).toBe("mafia");
    expect(viewFor(state, 2).seats[0]?.card).toBe("don");
  });
});
