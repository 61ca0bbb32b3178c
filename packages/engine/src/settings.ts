// The rules settings of RULES.md: every open point of the Kiev rules, named, typed and defaulted,
// and validated once before a game starts (unknown keys and bad values are each reported).

export type TieRule = "revoteThenLiftAll" | "revoteThenNobody" | "nobody" | "allTied";
export type RepeatLimitScope = "sameTarget" | "anyTarget";

export interface Settings {
  /** TEAM-1: black also wins as soon as living black ≥ living red. */
  blackWinsAtParity: boolean;
  /** TEAM-1: N phases in a row with nobody leaving end the game as a draw; null is off. */
  drawAfterQuietPhases: number | null;
  /** FLOW-1: the phase after the deal. */
  firstPhase: "day" | "night";
  /** FLOW-4: false makes night 1 the acquaintance only. */
  firstNightActions: boolean;
  /** FLOW-4: the prostitute and the mafia learn each other on night 1. */
  prostituteKnowsMafia: boolean;
  /** DAY-1: discussion length per day; days past the list use its last entry. */
  discussionSeconds: number[];
  /** DAY-2: an accusation speech. */
  speechSeconds: number;
  /** DAY-7: a last word. */
  lastWordSeconds: number;
  /** DAY-6: a split speech. */
  splitSpeechSeconds: number;
  /** DAY-6: what a tie for the most votes does. */
  tieRule: TieRule;
  /** NIGHT-3, NIGHT-8: what the two-nights-in-a-row limit counts. */
  repeatLimitScope: RepeatLimitScope;
  /** NIGHT-14: night victims' cards are revealed at the announcement. */
  revealNightVictims: boolean;
  /** ACTING-DON: a frozen Don stops the shot even while other mafiosi live. */
  frozenDonStopsShot: boolean;
  /** RATE-4: how many players the host may give a bonus. */
  hostBonusPlayers: number;
}

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

type Check = (value: unknown) => string | null;

const boolean: Check = (v) => (typeof v === "boolean" ? null : "must be true or false");
const oneOf =
  (...options: string[]): Check =>
  (v) =>
    typeof v === "string" && options.includes(v)
      ? null
      : `must be one of ${options.map((o) => `"${o}"`).join(", ")}`;
const integer =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max
      ? null
      : `must be a whole number from ${min} to ${max}`;
const seconds = integer(5, 3600);

/** Each setting's check: the one place that says which values are legal. */
const CHECKS: { [K in keyof Settings]: Check } = {
  blackWinsAtParity: boolean,
  drawAfterQuietPhases: (v) => (v === null ? null : integer(1, 100)(v)),
  firstPhase: oneOf("day", "night"),
  firstNightActions: boolean,
  prostituteKnowsMafia: boolean,
  discussionSeconds: (v) =>
    Array.isArray(v) && v.length >= 1 && v.length <= 50 && v.every((s) => seconds(s) === null)
      ? null
      : "must be a list of 1 to 50 durations, each a whole number of seconds from 5 to 3600",
  speechSeconds: seconds,
  lastWordSeconds: seconds,
  splitSpeechSeconds: seconds,
  tieRule: oneOf("revoteThenLiftAll", "revoteThenNobody", "nobody", "allTied"),
  repeatLimitScope: oneOf("sameTarget", "anyTarget"),
  revealNightVictims: boolean,
  frozenDonStopsShot: boolean,
  hostBonusPlayers: integer(0, 12),
};

export const SETTING_NAMES = Object.keys(CHECKS) as (keyof Settings)[];

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
  const merged: Record<string, unknown> = copy(DEFAULT_SETTINGS) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    // Own keys only: a name Object.prototype has ("valueOf", "isPrototypeOf") is no setting either.
    if (!Object.hasOwn(CHECKS, key)) {
      problems.push({
        setting: key,
        message: NOT_A_SETTING,
      });
      continue;
    }
    const problem = (CHECKS as Record<string, Check>)[key]?.(value);
    if (problem) problems.push({ setting: key, message: `${problem} (got ${shown(value)})` });
    else merged[key] = Array.isArray(value) ? value.slice() : value;
  }
  return problems.length ? { ok: false, problems } : { ok: true, settings: merged as unknown as Settings };
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
