// The shell's form logic, apart from the components so tests can read it: the settings draft read
// through the engine's validateSettings (each setting's control and limits from its schema,
// SETTING_SHAPES), the deal draft read through deckProblems, a pasted list.

import {
  type Card,
  DEFAULT_SETTINGS,
  deckProblems,
  SETTING_NAMES,
  SETTING_SHAPES,
  type SettingShape,
  type Settings,
  validateSettings,
} from "@misto/engine";
import { LIMITS } from "./limits.js";

type Name = keyof Settings;

/**
 * A setting's problem: the list does not read as numbers, or the engine refuses the value. The
 * engine's sentence is English (kept as `detail`); the limits come from the setting's schema, so
 * the host reads them in his language.
 */
export type SettingProblem =
  | { readonly kind: "list" }
  | {
      readonly kind: "invalid";
      readonly detail: string;
      /** The legal whole numbers (of each entry, for a list). */
      readonly range?: { readonly min: number; readonly max: number };
      /** The setting is a list of such numbers, of this many entries. */
      readonly list?: { readonly minItems: number; readonly maxItems: number };
    };

/** The limits a refused value is shown with, from its setting's shape. */
function invalid(shape: SettingShape, detail: string): SettingProblem {
  switch (shape.kind) {
    case "number":
      return { kind: "invalid", detail, range: { min: shape.min, max: shape.max } };
    case "list":
      return {
        kind: "invalid",
        detail,
        range: { min: shape.min, max: shape.max },
        list: { minItems: shape.minItems, maxItems: shape.maxItems },
      };
    default:
      return { kind: "invalid", detail };
  }
}

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

/** A draft's text read as its setting's value (the engine's check comes after). */
function readSetting(shape: SettingShape, value: string | boolean): { value: unknown; badList?: true } {
  if (typeof value === "boolean" || shape.kind === "boolean" || shape.kind === "choice") return { value };
  if (shape.kind === "list") {
    const parts = value.split(/[\s,;]+/).filter(Boolean);
    const numbers = parts.map(Number);
    return parts.length === 0 || numbers.some(Number.isNaN)
      ? { value: numbers, badList: true }
      : { value: numbers };
  }
  const text = value.trim();
  return { value: text === "" ? (shape.nullable ? null : text) : Number(text) };
}

/** The draft read into settings values, and every problem by setting (the engine's, or the list's shape). */
export function readDraft(draft: SettingsDraft): {
  settings: Record<string, unknown>;
  problems: Partial<Record<string, SettingProblem>>;
} {
  const settings: Record<string, unknown> = {};
  const problems: Partial<Record<string, SettingProblem>> = {};
  for (const name of SETTING_NAMES) {
    const read = readSetting(SETTING_SHAPES[name], draft[name]);
    settings[name] = read.value;
    if (read.badList) problems[name] = { kind: "list" };
  }
  const checked = validateSettings(settings);
  if (!checked.ok) {
    for (const p of checked.problems) {
      // Every key of the draft is a setting: each problem names one.
      problems[p.setting] ??= invalid(SETTING_SHAPES[p.setting as Name], p.message);
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
    return seed.length > 0 && seed.length <= LIMITS.seed ? { seed } : null;
  }
  return deckProblems(deal.cards).length === 0 ? { cards: deal.cards as Card[] } : null;
}

/** Names from a pasted list: one a line or comma-separated, with "1." or "1)" numbering dropped. */
export function namesFromList(text: string): string[] {
  const lines = text.includes("\n") ? text.split(/\r?\n/) : text.split(/[,;]/);
  return lines.map((line) => line.replace(/^\s*\d{1,2}\s*[.)-]?\s+/, "").trim()).filter(Boolean);
}
