// All three languages at once, for tests and Node (the app itself loads one language at a time,
// see ./index.ts): the merged tables, each part's tables, the counted phrases, and the lookups.

import { APP as EN_APP } from "./en/app.js";
import { AWAY as EN_AWAY } from "./en/away.js";
import { CHAT as EN_CHAT } from "./en/chat.js";
import { CITY as EN_CITY } from "./en/city.js";
import { CLUB as EN_CLUB } from "./en/club.js";
import { GAME as EN_GAME } from "./en/game.js";
import { LOBBY as EN_LOBBY } from "./en/lobby.js";
import { NIGHTS as EN_NIGHTS } from "./en/nights.js";
import { PEOPLE as EN_PEOPLE } from "./en/people.js";
import { PHONE as EN_PHONE } from "./en/phone.js";
import { STREAM as EN_STREAM } from "./en/stream.js";
import { TOURNAMENTS as EN_TOURNAMENTS } from "./en/tournaments.js";
import { PACK as EN } from "./en.js";
import { APP as RU_APP } from "./ru/app.js";
import { AWAY as RU_AWAY } from "./ru/away.js";
import { CHAT as RU_CHAT } from "./ru/chat.js";
import { CITY as RU_CITY } from "./ru/city.js";
import { CLUB as RU_CLUB } from "./ru/club.js";
import { GAME as RU_GAME } from "./ru/game.js";
import { LOBBY as RU_LOBBY } from "./ru/lobby.js";
import { NIGHTS as RU_NIGHTS } from "./ru/nights.js";
import { PEOPLE as RU_PEOPLE } from "./ru/people.js";
import { PHONE as RU_PHONE } from "./ru/phone.js";
import { STREAM as RU_STREAM } from "./ru/stream.js";
import { TOURNAMENTS as RU_TOURNAMENTS } from "./ru/tournaments.js";
import { PACK as RU } from "./ru.js";
import { fill, type Params, pluralize } from "./text.js";
import type { Dictionary, Key, Language, Pack, PluralKey } from "./types.js";
import { APP as UK_APP } from "./uk/app.js";
import { AWAY as UK_AWAY } from "./uk/away.js";
import { CHAT as UK_CHAT } from "./uk/chat.js";
import { CITY as UK_CITY } from "./uk/city.js";
import { CLUB as UK_CLUB } from "./uk/club.js";
import { GAME as UK_GAME } from "./uk/game.js";
import { LOBBY as UK_LOBBY } from "./uk/lobby.js";
import { NIGHTS as UK_NIGHTS } from "./uk/nights.js";
import { PEOPLE as UK_PEOPLE } from "./uk/people.js";
import { PHONE as UK_PHONE } from "./uk/phone.js";
import { STREAM as UK_STREAM } from "./uk/stream.js";
import { TOURNAMENTS as UK_TOURNAMENTS } from "./uk/tournaments.js";
import { PACK as UK } from "./uk.js";

export type { Params } from "./text.js";
export { pickLanguage } from "./text.js";

/** One part's words in every language. */
export type Strings = Readonly<Record<Language, Dictionary>>;

export const PACKS: Readonly<Record<Language, Pack>> = { ru: RU, uk: UK, en: EN };

export const APP_STRINGS: Strings = { ru: RU_APP, uk: UK_APP, en: EN_APP };
export const AWAY_STRINGS: Strings = { ru: RU_AWAY, uk: UK_AWAY, en: EN_AWAY };
export const CHAT_STRINGS: Strings = { ru: RU_CHAT, uk: UK_CHAT, en: EN_CHAT };
export const CITY_STRINGS: Strings = { ru: RU_CITY, uk: UK_CITY, en: EN_CITY };
export const CLUB_STRINGS: Strings = { ru: RU_CLUB, uk: UK_CLUB, en: EN_CLUB };
export const GAME_STRINGS: Strings = { ru: RU_GAME, uk: UK_GAME, en: EN_GAME };
export const LOBBY_STRINGS: Strings = { ru: RU_LOBBY, uk: UK_LOBBY, en: EN_LOBBY };
export const NIGHTS_STRINGS: Strings = { ru: RU_NIGHTS, uk: UK_NIGHTS, en: EN_NIGHTS };
export const PEOPLE_STRINGS: Strings = { ru: RU_PEOPLE, uk: UK_PEOPLE, en: EN_PEOPLE };
export const PHONE_STRINGS: Strings = { ru: RU_PHONE, uk: UK_PHONE, en: EN_PHONE };
export const STREAM_STRINGS: Strings = { ru: RU_STREAM, uk: UK_STREAM, en: EN_STREAM };
export const TOURNAMENTS_STRINGS: Strings = { ru: RU_TOURNAMENTS, uk: UK_TOURNAMENTS, en: EN_TOURNAMENTS };

/** Every part's words; a key defined by two parts is a mistake the i18n test reports. */
export const PARTS: Readonly<Record<string, Strings>> = {
  app: APP_STRINGS,
  away: AWAY_STRINGS,
  chat: CHAT_STRINGS,
  city: CITY_STRINGS,
  club: CLUB_STRINGS,
  game: GAME_STRINGS,
  lobby: LOBBY_STRINGS,
  nights: NIGHTS_STRINGS,
  people: PEOPLE_STRINGS,
  phone: PHONE_STRINGS,
  stream: STREAM_STRINGS,
  tournaments: TOURNAMENTS_STRINGS,
};

/** Each language's merged table. */
export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = {
  ru: RU.words,
  uk: UK.words,
  en: EN.words,
};

/** Each counted phrase in every language: key → language → forms. */
export const PLURALS = Object.fromEntries(
  (Object.keys(EN.plurals) as PluralKey[]).map((key) => [
    key,
    { ru: RU.plurals[key], uk: UK.plurals[key], en: EN.plurals[key] },
  ]),
) as Readonly<Record<PluralKey, Readonly<Record<Language, Pack["plurals"][PluralKey]>>>>;

/** The text of `key` in `lang` with its "{name}" parameters filled; English, then the key, when missing. */
export function translate(lang: Language, key: Key | (string & {}), params?: Params): string {
  return fill(DICTIONARIES[lang][key] ?? DICTIONARIES.en[key] ?? key, params);
}

/** The counted phrase `key` for `n` in `lang`. */
export function pluralText(lang: Language, key: PluralKey, n: number, params?: Params): string {
  return pluralize(lang, PACKS[lang].plurals[key], n, params);
}
