// Languages and dictionaries. Every string the user sees comes from a dictionary, in all three.

export const LANGUAGES = ["ru", "uk", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A dictionary: key → text; "{name}" marks a parameter. */
export type Dictionary = Readonly<Record<string, string>>;

/** One part's strings in every language; the keys of the three must be the same (a test checks). */
export type Strings = Readonly<Record<Language, Dictionary>>;
