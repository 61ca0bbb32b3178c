// The i18n the components use: `t(key, params)` in the current language, and `useLang()` to read
// and change it (remembered in localStorage; the first default comes from the browser's languages).

import { useEffect, useState } from "preact/hooks";
import { DICTIONARIES, type Params, pickLanguage, translate } from "./core.js";
import { type PluralKey, pluralText } from "./plurals.js";
import { LANGUAGES, type Language } from "./types.js";

export { LANGUAGES, type Language } from "./types.js";

const KEY = "misto.lang";
const listeners = new Set<(lang: Language) => void>();

function initial(): Language {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  } catch {
    // Storage may be off (private mode): fall through to the browser's choice.
  }
  const nav = typeof navigator === "undefined" ? [] : [...(navigator.languages ?? []), navigator.language];
  return pickLanguage(nav.filter(Boolean));
}

let current: Language = initial();

export function getLang(): Language {
  return current;
}

export function setLang(lang: Language): void {
  current = lang;
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Not remembered, still switched.
  }
  document.documentElement.lang = lang;
  for (const listener of listeners) listener(lang);
}

/** The text of `key` in the current language. */
export function t(key: string, params?: Params): string {
  return translate(current, key, params);
}

/** The counted phrase `key` for `n` in the current language (Intl.PluralRules picks the form). */
export function tn(key: PluralKey, n: number, params?: Params): string {
  return pluralText(current, key, n, params);
}

/** Whether a key exists (for data the server names, such as a phase). */
export function has(key: string): boolean {
  return DICTIONARIES.en[key] !== undefined;
}

/** The current language and a setter; the component re-renders when anyone changes it. */
export function useLang(): [Language, (lang: Language) => void] {
  const [lang, setState] = useState(current);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return [lang, setLang];
}
