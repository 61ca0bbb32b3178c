// The dictionaries merged into one per language, and the lookup itself (no browser state: tests use it).

import { APP_STRINGS } from "./app.js";
import { AWAY_STRINGS } from "./away.js";
import { CHAT_STRINGS } from "./chat.js";
import { CLUB_STRINGS } from "./club.js";
import { GAME_STRINGS } from "./game.js";
import { LOBBY_STRINGS } from "./lobby.js";
import { NIGHTS_STRINGS } from "./nights.js";
import { PEOPLE_STRINGS } from "./people.js";
import { PHONE_STRINGS } from "./phone.js";
import { type Dictionary, LANGUAGES, type Language, type Strings } from "./types.js";

/** Every part's strings; a key defined by two parts is a mistake the i18n test reports. */
export const PARTS: Readonly<Record<string, Strings>> = {
  app: APP_STRINGS,
  away: AWAY_STRINGS,
  chat: CHAT_STRINGS,
  club: CLUB_STRINGS,
  game: GAME_STRINGS,
  lobby: LOBBY_STRINGS,
  nights: NIGHTS_STRINGS,
  people: PEOPLE_STRINGS,
  phone: PHONE_STRINGS,
};

export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, Object.assign({}, ...Object.values(PARTS).map((part) => part[lang]))]),
) as Record<Language, Dictionary>;

export type Params = Readonly<Record<string, string | number>>;

/** The text of `key` in `lang` with its "{name}" parameters filled; English, then the key, when missing. */
export function translate(lang: Language, key: string, params?: Params): string {
  const text = DICTIONARIES[lang][key] ?? DICTIONARIES.en[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : text;
}

/** The language a browser asks for (navigator.language), or English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if ((LANGUAGES as readonly string[]).includes(base ?? "")) return base as Language;
  }
  return "en";
}
