// Languages and the shape of a language's words. English (./en) is the source of the keys: every
// other language's table is typed by its keys, so a missing, misspelt or extra key fails `tsc`.

import type { PLURALS } from "./en/plurals.js";
import type { WORDS } from "./en.js";

export const LANGUAGES = ["ru", "uk", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A key of a plain phrase; "{name}" in its text marks a parameter. */
export type Key = keyof typeof WORDS;
/** A key of a counted phrase (one form per plural category of each language). */
export type PluralKey = keyof typeof PLURALS;

/** One language's table of exactly the keys `K`: key → text. */
export type Words<K extends string> = Readonly<Record<K, string>>;
/** A counted phrase's forms, by Intl.PluralRules category; "{n}" is the count. */
export type Forms<C extends Intl.LDMLPluralRule> = Readonly<Record<C, string>>;

/** A dictionary as the lookup reads it: any string key, maybe missing (data the server names). */
export type Dictionary = Readonly<Record<string, string>>;

/** Everything one language says: its plain phrases and its counted ones. Each is its own chunk. */
export interface Pack {
  readonly words: Words<Key>;
  readonly plurals: Readonly<Record<PluralKey, Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>>>;
}
