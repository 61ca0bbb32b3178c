// The i18n the components use: `t(key, params)` and `tn(key, n)` in the current language, and
// `useLang()` to read and change it (remembered in localStorage; the first default comes from the
// browser's languages). Each language is a chunk of its own, loaded when it is first chosen: the
// first load carries only the reader's language, and `startLanguage()` has it before the app draws,
// so no word ever shows in a language the reader did not choose.

import { useEffect, useState } from "preact/hooks";
import { fill, type Params, pickLanguage, pluralize } from "./text.js";
import { type Key, LANGUAGES, type Language, type Pack, type PluralKey } from "./types.js";

export { type Key, LANGUAGES, type Language, type PluralKey } from "./types.js";

const KEY = "misto.lang";
const listeners = new Set<(lang: Language) => void>();

/** Each language's chunk (Vite splits every dynamic import into its own file). */
const LOADERS: Readonly<Record<Language, () => Promise<{ readonly PACK: Pack }>>> = {
  ru: () => import("./ru.js"),
  uk: () => import("./uk.js"),
  en: () => import("./en.js"),
};
const loaded = new Map<Language, Promise<Pack>>();

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
let pack: Pack | undefined;

/** A language's words, fetched once (a failed fetch is tried again next time). */
function load(lang: Language): Promise<Pack> {
  let pending = loaded.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then((module) => module.PACK);
    pending.catch(() => loaded.delete(lang));
    loaded.set(lang, pending);
  }
  return pending;
}

function show(lang: Language, words: Pack): void {
  current = lang;
  pack = words;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  for (const listener of listeners) listener(lang);
}

/** Loads the reader's language before the app draws; English if that chunk cannot be had. */
export async function startLanguage(): Promise<Language> {
  try {
    show(current, await load(current));
  } catch {
    show("en", await load("en"));
  }
  return current;
}

export function getLang(): Language {
  return current;
}

/** Switches to `lang` once its words have arrived (the screen keeps the old words meanwhile). */
export function setLang(lang: Language): Promise<void> {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Not remembered, still switched.
  }
  return load(lang).then((words) => show(lang, words));
}

/** The text of `key` in the current language. */
export function t(key: Key, params?: Params): string {
  return fill(pack?.words[key] ?? key, params);
}

/** The counted phrase `key` for `n` in the current language (Intl.PluralRules picks the form). */
export function tn(key: PluralKey, n: number, params?: Params): string {
  return pack ? pluralize(current, pack.plurals[key], n, params) : key;
}

/** Whether a key exists (for data the server names, such as a phase). */
export function has(key: string): key is Key {
  return pack !== undefined && Object.hasOwn(pack.words, key);
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
  return [lang, (next) => void setLang(next)];
}
