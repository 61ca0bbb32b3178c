// The shell's form logic, apart from the components so tests can read it: the settings draft read
// through the engine's validateSettings, the deal draft read through deckProblems, a pasted list.

import {
  type Card,
  DEFAULT_SETTINGS,
  deckProblems,
  SETTING_NAMES,
  type Settings,
  validateSettings,
} from "@misto/engine";

type Name = keyof Settings;

/**
 * A setting's problem: the list does not read as numbers, or the engine refuses the value. The
 * engine's sentence is English; the range it names is kept apart so the host reads it in his language.
 */
export type SettingProblem =
  | { readonly kind: "list" }
  | {
      readonly kind: "invalid";
      readonly detail: string;
      /** The legal whole numbers, read from the engine's "from MIN to MAX". */
      readonly range?: { readonly min: number; readonly max: number };
      /** The setting is a list of such numbers. */
      readonly list?: boolean;
    };

/** The range the engine's sentence names ("… from 5 to 3600"), if it names one. */
function rangeOf(message: string): { min: number; max: number } | undefined {
  const found = /from (-?\d+) to (-?\d+)/.exec(message);
  return found ? { min: Number(found[1]), max: Number(found[2]) } : undefined;
}

/** The values of the settings that are a choice of words; the engine's checks say the same. */
export const SETTING_OPTIONS: Partial<Record<Name, readonly string[]>> = {
  firstPhase: ["day", "night"],
  tieRule: ["revoteThenLiftAll", "revoteThenNobody", "nobody", "allTied"],
  repeatLimitScope: ["sameTarget", "anyTarget"],
};

/** Settings whose empty number means "off" (null). */
export const NULLABLE: ReadonlySet<Name> = new Set(["drawAfterQuietPhases"]);

/** What the host has typed: booleans and choices as values, numbers and lists as their text. */
export type SettingsDraft = Readonly<Record<Name, string | boolean>>;

export function defaultDraft(): SettingsDraft {
  const draft: Record<string, string | boolean> = {};
  for (const name of SETTING_NAMES) {
    const value: unknown = DEFAULT_SETTINGS[name];
    draft[name] =
      typeof value === "boolean" || typeof value === "string"
        ? value
        : Array.isArray(value)
          ? value.join(", ")
          : value === null
            ? ""
            : String(value);
  }
  return draft as SettingsDraft;
}

/** The draft read into settings values, and every problem by setting (the engine's, or the list's shape). */
export function readDraft(draft: SettingsDraft): {
  settings: Record<string, unknown>;
  problems: Partial<Record<string, SettingProblem>>;
} {
  const settings: Record<string, unknown> = {};
  const problems: Partial<Record<string, SettingProblem>> = {};
  for (const name of SETTING_NAMES) {
    const value = draft[name];
    const base: unknown = DEFAULT_SETTINGS[name];
    if (typeof value === "boolean" || SETTING_OPTIONS[name]) settings[name] = value;
    else if (Array.isArray(base)) {
      const parts = String(value)
        .split(/[\s,;]+/)
        .filter(Boolean);
      const numbers = parts.map(Number);
      if (parts.length === 0 || numbers.some(Number.isNaN)) problems[name] = { kind: "list" };
      settings[name] = numbers;
    } else {
      const text = String(value).trim();
      settings[name] = text === "" && NULLABLE.has(name) ? null : text === "" ? text : Number(text);
    }
  }
  const checked = validateSettings(settings);
  if (!checked.ok) {
    for (const p of checked.problems) {
      const range = rangeOf(p.message);
      const list = Array.isArray(DEFAULT_SETTINGS[p.setting as Name]);
      problems[p.setting] ??= {
        kind: "invalid",
        detail: p.message,
        ...(range ? { range } : {}),
        ...(list ? { list } : {}),
      };
    }
  }
  return { settings, problems };
}

export type DealDraft =
  | { readonly mode: "random" }
  | { readonly mode: "seed"; readonly seed: string }
  | { readonly mode: "cards"; readonly cards: readonly (Card | "")[] };

export const EMPTY_CARDS: readonly (Card | "")[] = Array.from({ length: 12 }, () => "");

/** The deal as the server takes it, or null while it is not complete and legal. */
export function readDeal(deal: DealDraft): { seed: string } | { cards: Card[] } | { random: true } | null {
  if (deal.mode === "random") return { random: true };
  if (deal.mode === "seed") {
    const seed = deal.seed.trim();
    return seed.length > 0 && seed.length <= 200 ? { seed } : null;
  }
  return deckProblems(deal.cards).length === 0 ? { cards: deal.cards as Card[] } : null;
}

/** Names from a pasted list: one a line or comma-separated, with "1." or "1)" numbering dropped. */
export function namesFromList(text: string): string[] {
  const lines = text.includes("\n") ? text.split(/\r?\n/) : text.split(/[,;]/);
  return lines.map((line) => line.replace(/^\s*\d{1,2}\s*[.)-]?\s+/, "").trim()).filter(Boolean);
}
