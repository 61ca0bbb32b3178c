// Import of a record: its form by the JSON Schema, then its meaning by the engine itself. Each event
// is turned back into the command that made it and decided again on the state so far; the record
// stands only if the engine accepts every command and records each exactly as stored.

import {
  type Created,
  commandOf,
  createGame,
  DECK,
  decide,
  deckProblems,
  evolve,
  type Game,
  type GameEvent,
  NOT_A_SETTING,
  type RuleId,
  replay,
  seededRandom,
  shuffled,
  validateSettings,
} from "@misto/engine";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { eventsFromVersion1 } from "./migrate.js";
import { RECORD_SCHEMA } from "./schema.js";
import { type GameRecord, RECORD_FORMAT, RECORD_VERSION, type RecordMeta } from "./types.js";

/** One thing wrong with a record: where (a JSON pointer into it) and what, with the rule it breaks. */
export interface RecordProblem {
  readonly path: string;
  readonly message: string;
  /** The engine's rule ID, for a setup or an event the engine refuses. */
  readonly rule?: RuleId;
}

export type ParseResult =
  | { readonly ok: true; readonly record: GameRecord }
  | { readonly ok: false; readonly problems: RecordProblem[] };

/** Every event but the first: the events a command produces. */
export type PlayEvent = Exclude<GameEvent, Created>;

/** Wraps a game's events (the first is `created`) into a record. */
export function toRecord(events: readonly GameEvent[], meta?: RecordMeta): GameRecord {
  return meta === undefined
    ? { format: RECORD_FORMAT, version: RECORD_VERSION, events: events.slice() }
    : { format: RECORD_FORMAT, version: RECORD_VERSION, meta: { ...meta }, events: events.slice() };
}

/** The record as the JSON text a club stores or sends (two-space indents, one field order). */
export function recordJson(record: GameRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** Rebuilds the game from a valid record with the engine's own replay. */
export function replayRecord(record: GameRecord): Game {
  return replay(record.events);
}

/** A stored record in today's version: a version 1 record's events migrated (migrate.ts). */
function migrated(data: GameRecord | StoredV1): GameRecord | RecordProblem {
  if (data.version === RECORD_VERSION) return data;
  try {
    return { ...data, version: RECORD_VERSION, events: eventsFromVersion1(data.events) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      path: "/events",
      message: `COMMAND the version 1 events do not migrate: ${detail}`,
      rule: "COMMAND",
    };
  }
}

type StoredV1 = Omit<GameRecord, "version"> & { readonly version: 1 };

/** Parses JSON text, then checks it as parseRecord does; a syntax error is reported as a problem. */
export function readRecordJson(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ path: "", message: `not valid JSON: ${detail}` }] };
  }
  return parseRecord(data);
}

/** Checks a parsed JSON value: the schema first, then every event against the engine. */
export function parseRecord(data: unknown): ParseResult {
  const validate = validator();
  if (!validate(data)) return { ok: false, problems: schemaProblems(validate.errors ?? []) };
  const record = migrated(data as GameRecord | StoredV1);
  if (!("events" in record)) return { ok: false, problems: [record] };
  const problems = gameProblems(record.events);
  return problems.length ? { ok: false, problems } : { ok: true, record };
}

// ── Schema ──────────────────────────────────────────────────────────────────────────────────────

let compiled: ValidateFunction | null = null;

/** The schema is compiled once, on first use. */
function validator(): ValidateFunction {
  compiled ??= new Ajv({ allErrors: true, discriminator: true, strict: true }).compile(RECORD_SCHEMA);
  return compiled;
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Ajv's errors as problems at the field they are about, without the wrappers' echoes. */
function schemaProblems(errors: readonly ErrorObject[]): RecordProblem[] {
  const out: RecordProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const problem = schemaProblem(e);
    if (!problem) continue;
    const key = `${problem.path}\n${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

function schemaProblem(e: ErrorObject): RecordProblem | null {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "anyOf": // `by`, a seat or null: each branch's own error says what was wrong.
      return null;
    case "discriminator":
      return p.error === "mapping"
        ? { path: `${e.instancePath}/type`, message: `unknown event type ${JSON.stringify(p.tagValue)}` }
        : { path: `${e.instancePath}/type`, message: "an event's type is a string" };
    case "required":
      return {
        path: `${e.instancePath}/${escapePointer(String(p.missingProperty))}`,
        message: "is required",
      };
    case "additionalProperties":
      return {
        path: `${e.instancePath}/${escapePointer(String(p.additionalProperty))}`,
        // In the settings, the settings there are: the same answer as the engine's (settings.ts).
        message: /^\/events\/0\/settings$/.test(e.instancePath) ? NOT_A_SETTING : "is not a field here",
      };
    case "const":
      return { path: e.instancePath, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case "enum":
      return {
        path: e.instancePath,
        message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    default:
      return { path: e.instancePath, message: e.message ?? e.keyword };
  }
}

// ── Meaning ─────────────────────────────────────────────────────────────────────────────────────

/** The setup checks of createGame, then each event decided again; stops at the first wrong event. */
function gameProblems(events: readonly GameEvent[]): RecordProblem[] {
  const first = events[0] as GameEvent;
  if (first.type !== "created") {
    return [problem("/events/0/type", "COMMAND", `the first event is "created", not "${first.type}"`)];
  }
  const setup = setupProblems(first);
  if (setup.length) return setup;
  let state: Game = evolve(null, first);
  for (let i = 1; i < events.length; i++) {
    const event = events[i] as GameEvent;
    const path = `/events/${i}`;
    if (event.type === "created")
      return [problem(`${path}/type`, "COMMAND", 'only the first event is "created"')];
    try {
      const decision = decide(state, commandOf(event));
      if (!decision.ok) return [problem(path, decision.error.rule, decision.error.message)];
      const [made, ...more] = decision.events;
      const difference = made && more.length === 0 ? firstDifference(event, made) : "the number of events";
      if (difference !== null) {
        return [problem(path, "COMMAND", `the engine records this step differently: ${difference}`)];
      }
      state = evolve(state, event);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return [problem(path, "COMMAND", `the engine failed on this event: ${detail}`)];
    }
  }
  return [];
}

function problem(path: string, rule: RuleId, message: string): RecordProblem {
  return { path, rule, message: `${rule} ${message}` };
}

/** createGame's checks on a stored `created`: settings, deck, the seed's deal, the seats. */
function setupProblems(created: Created): RecordProblem[] {
  const settings = validateSettings(created.settings);
  if (!settings.ok) {
    return settings.problems.map((p) =>
      problem(`/events/0/settings/${escapePointer(p.setting)}`, "COMMAND", `${p.setting} ${p.message}`),
    );
  }
  const deck = deckProblems(created.cards);
  if (deck.length) return deck.map((p) => problem("/events/0/cards", "SETUP-2", p));
  if (created.seed !== null) {
    const dealt = shuffled(DECK, seededRandom(created.seed));
    if (firstDifference(dealt, created.cards) !== null) {
      return [problem("/events/0/cards", "SETUP-3", `the cards are not the deal of seed "${created.seed}"`)];
    }
  }
  const made = createGame({
    settings: created.settings,
    seats: created.seats,
    deal: created.seed === null ? { cards: created.cards } : { seed: created.seed },
    at: created.at,
  });
  if (!made.ok) return made.error.problems.map((p) => problem("/events/0", made.error.rule, p));
  return [];
}

/** Where two JSON values first differ, in words, or null when they are equal (key order aside). */
function firstDifference(recorded: unknown, engine: unknown, at = ""): string | null {
  if (recorded === engine) return null;
  const here = at === "" ? "the event" : `"${at}"`;
  if (
    typeof recorded !== "object" ||
    typeof engine !== "object" ||
    recorded === null ||
    engine === null ||
    Array.isArray(recorded) !== Array.isArray(engine)
  ) {
    return `${here} is ${JSON.stringify(recorded)} in the record, ${JSON.stringify(engine)} by the engine`;
  }
  const a = recorded as Record<string, unknown>;
  const b = engine as Record<string, unknown>;
  const keys = new Set(
    [...Object.keys(a), ...Object.keys(b)].filter((k) => a[k] !== undefined || b[k] !== undefined),
  );
  for (const key of keys) {
    const d = firstDifference(a[key], b[key], at === "" ? key : `${at}.${key}`);
    if (d !== null) return d;
  }
  return null;
}
