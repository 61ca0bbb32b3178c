// The rules settings of RULES.md: every open point of the Kiev rules, named, typed and defaulted,
// and validated once before a game starts (unknown keys and bad values are each reported).

import { type Static, Type } from "typebox";

/** A duration in whole seconds (DAY-1, DAY-2, DAY-6, DAY-7). */
const seconds = (description?: string) =>
  Type.Integer({ minimum: 5, maximum: 3600, ...(description ? { description } : {}) });

/**
 * Every rules setting, declared once: its TypeScript type (Settings), its check below
 * (validateSettings), the record's JSON Schema (record package) and the host's form (SETTING_SHAPES).
 */
export const SettingsSchema = Type.Object(
  {
    blackWinsAtParity: Type.Boolean({
      description: "TEAM-1: black also wins as soon as living black ≥ living red.",
    }),
    drawAfterQuietPhases: Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.Null()], {
      description: "TEAM-1: N phases in a row with nobody leaving end the game as a draw; null is off.",
    }),
    firstPhase: Type.Enum(["day", "night"], { description: "FLOW-1: the phase after the deal." }),
    firstNightActions: Type.Boolean({ description: "FLOW-4: false makes night 1 the acquaintance only." }),
    prostituteKnowsMafia: Type.Boolean({
      description: "FLOW-4: the prostitute and the mafia learn each other on night 1.",
    }),
    discussionSeconds: Type.Array(seconds(), {
      minItems: 1,
      maxItems: 50,
      description: "DAY-1: discussion length per day; days past the list use its last entry.",
    }),
    speechSeconds: seconds("DAY-2: an accusation speech."),
    lastWordSeconds: seconds("DAY-7: a last word."),
    splitSpeechSeconds: seconds("DAY-6: a split speech."),
    tieRule: Type.Enum(["revoteThenLiftAll", "revoteThenNobody", "nobody", "allTied"], {
      description: "DAY-6: what a tie for the most votes does.",
    }),
    repeatLimitScope: Type.Enum(["sameTarget", "anyTarget"], {
      description: "NIGHT-3, NIGHT-8: what the two-nights-in-a-row limit counts.",
    }),
    revealNightVictims: Type.Boolean({
      description: "NIGHT-14: night victims' cards are revealed at the announcement.",
    }),
    frozenDonStopsShot: Type.Boolean({
      description: "ACTING-DON: a frozen Don stops the shot even while other mafiosi live.",
    }),
    hostBonusPlayers: Type.Integer({
      minimum: 0,
      maximum: 12,
      description: "RATE-4: how many players the host may give a bonus.",
    }),
  },
  { additionalProperties: false },
);

export type Settings = Static<typeof SettingsSchema>;
export type TieRule = Settings["tieRule"];
export type RepeatLimitScope = Settings["repeatLimitScope"];

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  blackWinsAtParity: false,
  drawAfterQuietPhases: null,
  firstPhase: "day",
  firstNightActions: true,
  prostituteKnowsMafia: false,
  discussionSeconds: [150, 150, 150],
  speechSeconds: 30,
  lastWordSeconds: 30,
  splitSpeechSeconds: 30,
  tieRule: "revoteThenLiftAll",
  repeatLimitScope: "sameTarget",
  revealNightVictims: true,
  frozenDonStopsShot: false,
  hostBonusPlayers: 1,
});

/**
 * What a setting's schema lets its value be, read from SettingsSchema: the check below and the
 * host's settings form (its controls, options and limits) both read this, never a copy.
 */
export type SettingShape =
  | { readonly kind: "boolean" }
  | { readonly kind: "choice"; readonly options: readonly string[] }
  | { readonly kind: "number"; readonly min: number; readonly max: number; readonly nullable: boolean }
  | {
      readonly kind: "list";
      readonly min: number;
      readonly max: number;
      readonly minItems: number;
      readonly maxItems: number;
    };

/** The part of JSON Schema the settings are declared in. */
interface SchemaPart {
  readonly type?: string;
  readonly enum?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items?: SchemaPart;
  readonly anyOf?: readonly SchemaPart[];
}

function shapeOf(name: string, schema: SchemaPart): SettingShape {
  const range = (s: SchemaPart) => ({ min: s.minimum ?? 0, max: s.maximum ?? Number.MAX_SAFE_INTEGER });
  if (schema.type === "boolean") return { kind: "boolean" };
  if (schema.enum) return { kind: "choice", options: schema.enum };
  if (schema.type === "integer") return { kind: "number", ...range(schema), nullable: false };
  const number = schema.anyOf?.find((s) => s.type === "integer");
  if (number && schema.anyOf?.length === 2 && schema.anyOf.some((s) => s.type === "null"))
    return { kind: "number", ...range(number), nullable: true };
  if (schema.type === "array" && schema.items?.type === "integer") {
    return {
      kind: "list",
      ...range(schema.items),
      minItems: schema.minItems ?? 0,
      maxItems: schema.maxItems ?? 1000,
    };
  }
  // A setting of another shape needs its own control and check: a programming error, found at load.
  throw new TypeError(`setting ${name} has a shape the settings form does not know`);
}

/** Each setting's shape, in the schema's order. */
export const SETTING_SHAPES: { readonly [K in keyof Settings]: SettingShape } = Object.fromEntries(
  Object.entries(SettingsSchema.properties).map(([name, schema]) => [name, shapeOf(name, schema)]),
) as { readonly [K in keyof Settings]: SettingShape };

type Check = (value: unknown) => string | null;

const wholeNumber = (min: number, max: number) => (v: unknown) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** A value's problem as a sentence, or null when the shape takes it. */
function checkOf(shape: SettingShape): Check {
  switch (shape.kind) {
    case "boolean":
      return (v) => (typeof v === "boolean" ? null : "must be true or false");
    case "choice":
      return (v) =>
        typeof v === "string" && shape.options.includes(v)
          ? null
          : `must be one of ${shape.options.map((o) => `"${o}"`).join(", ")}`;
    case "number": {
      const ok = wholeNumber(shape.min, shape.max);
      return (v) =>
        (shape.nullable && v === null) || ok(v)
          ? null
          : `must be a whole number from ${shape.min} to ${shape.max}`;
    }
    case "list": {
      const ok = wholeNumber(shape.min, shape.max);
      return (v) =>
        Array.isArray(v) && v.length >= shape.minItems && v.length <= shape.maxItems && v.every(ok)
          ? null
          : `must be a list of ${shape.minItems} to ${shape.maxItems} durations, each a whole number of seconds from ${shape.min} to ${shape.max}`;
    }
  }
}

/** Each setting's check, made from its shape. */
const CHECKS: Readonly<Record<string, Check>> = Object.fromEntries(
  Object.entries(SETTING_SHAPES).map(([name, shape]) => [name, checkOf(shape)]),
);

export const SETTING_NAMES = Object.keys(SETTING_SHAPES) as (keyof Settings)[];

/** What an unknown key is told, wherever settings are read (the engine, a record's import). */
export const NOT_A_SETTING = `is not a setting (the settings: ${SETTING_NAMES.join(", ")})`;

export interface SettingsProblem {
  setting: string;
  message: string;
}

/** Fills the defaults into a partial settings object and checks every value. */
export function validateSettings(
  input: unknown,
): { ok: true; settings: Settings } | { ok: false; problems: SettingsProblem[] } {
  if (input === undefined || input === null) return { ok: true, settings: copy(DEFAULT_SETTINGS) };
  if (typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, problems: [{ setting: "(settings)", message: "must be an object" }] };
  }
  const problems: SettingsProblem[] = [];
  const settings = copy(DEFAULT_SETTINGS);
  const merged: Record<string, unknown> = settings;
  for (const [key, value] of Object.entries(input)) {
    // Own keys only: a name Object.prototype has ("valueOf", "isPrototypeOf") is no setting either.
    if (!Object.hasOwn(CHECKS, key)) {
      problems.push({
        setting: key,
        message: NOT_A_SETTING,
      });
      continue;
    }
    const problem = CHECKS[key]?.(value);
    if (problem) problems.push({ setting: key, message: `${problem} (got ${shown(value)})` });
    else merged[key] = Array.isArray(value) ? value.slice() : value;
  }
  return problems.length ? { ok: false, problems } : { ok: true, settings };
}

/** A bad value as the message shows it: short, and never a stack overflow on a deeply nested one. */
function shown(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = "a value nested too deeply";
  }
  const all = text ?? String(value);
  return all.length > 60 ? `${all.slice(0, 57)}...` : all;
}

function copy(s: Readonly<Settings>): Settings {
  return { ...s, discussionSeconds: s.discussionSeconds.slice() };
}

/** DAY-1: the discussion length of a day (days past the list use its last entry). */
export function discussionSecondsOf(settings: Settings, day: number): number {
  const list = settings.discussionSeconds;
  return list[Math.min(day, list.length) - 1] as number;
}
