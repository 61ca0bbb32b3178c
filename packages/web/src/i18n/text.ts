// The lookup's pure parts (no browser state, no words: tests and every language share them).

import { LANGUAGES, type Language } from "./types.js";

export type Params = Readonly<Record<string, string | number>>;

/** `text` with its "{name}" parameters filled; an unknown one stays as written. */
export function fill(text: string, params?: Params): string {
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : text;
}

const rules = new Map<Language, Intl.PluralRules>();

/** The form of a counted phrase for `n` in `lang` (Intl.PluralRules picks it), "{n}" filled. */
export function pluralize(
  lang: Language,
  forms: Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>,
  n: number,
  params: Params = {},
): string {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang);
    rules.set(lang, rule);
  }
  return fill(forms[rule.select(n)] ?? forms.other ?? "", { ...params, n });
}

/** The language a browser asks for (navigator.language), or English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if ((LANGUAGES as readonly string[]).includes(base ?? "")) return base as Language;
  }
  return "en";
}

/** Whether `value` (named by data: a step, a rule) is one of `list`: narrows it to the ones with words. */
export function oneOf<T extends string>(list: readonly T[], value: string | null | undefined): value is T {
  return value != null && (list as readonly string[]).includes(value);
}
