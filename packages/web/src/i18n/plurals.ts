// Words that change with a count ("1 игра", "2 игры", "5 игр"), chosen by Intl.PluralRules. Each
// entry names every form its language has (ru and uk: one, few, many, other; en: one, other), so a
// missing form or language fails the type check, and `tn` takes only these keys.

import type { Language } from "./types.js";

type Forms<C extends string> = Readonly<Record<C, string>>;
type Slavic = Forms<"one" | "few" | "many" | "other">;

/** One counted phrase in every language; "{n}" is the count. */
export interface PluralEntry {
  readonly ru: Slavic;
  readonly uk: Slavic;
  readonly en: Forms<"one" | "other">;
}

export const PLURALS = {
  "club.stats.gamesCount": {
    ru: { one: "{n} игра", few: "{n} игры", many: "{n} игр", other: "{n} игры" },
    uk: { one: "{n} гра", few: "{n} гри", many: "{n} ігор", other: "{n} гри" },
    en: { one: "{n} game", other: "{n} games" },
  },
  "rating.bonus": {
    ru: {
      one: "Бонус ведущего: 1 или 2 очка (не больше {n} игрока)",
      few: "Бонус ведущего: 1 или 2 очка (не больше {n} игроков)",
      many: "Бонус ведущего: 1 или 2 очка (не больше {n} игроков)",
      other: "Бонус ведущего: 1 или 2 очка (не больше {n} игрока)",
    },
    uk: {
      one: "Бонус ведучого: 1 або 2 бали (не більше {n} гравця)",
      few: "Бонус ведучого: 1 або 2 бали (не більше {n} гравців)",
      many: "Бонус ведучого: 1 або 2 бали (не більше {n} гравців)",
      other: "Бонус ведучого: 1 або 2 бали (не більше {n} гравця)",
    },
    en: {
      one: "The host's bonus: 1 or 2 points (up to {n} player)",
      other: "The host's bonus: 1 or 2 points (up to {n} players)",
    },
  },
  "seat.foulVotes": {
    ru: {
      one: "+{n} штрафной голос",
      few: "+{n} штрафных голоса",
      many: "+{n} штрафных голосов",
      other: "+{n} штрафного голоса",
    },
    uk: {
      one: "+{n} штрафний голос",
      few: "+{n} штрафні голоси",
      many: "+{n} штрафних голосів",
      other: "+{n} штрафного голосу",
    },
    en: { one: "+{n} foul vote", other: "+{n} foul votes" },
  },
  "app.new.pasteCount": {
    ru: {
      one: "В списке {n} имя, нужно 12.",
      few: "В списке {n} имени, нужно 12.",
      many: "В списке {n} имён, нужно 12.",
      other: "В списке {n} имени, нужно 12.",
    },
    uk: {
      one: "У списку {n} ім'я, потрібно 12.",
      few: "У списку {n} імені, потрібно 12.",
      many: "У списку {n} імен, потрібно 12.",
      other: "У списку {n} імені, потрібно 12.",
    },
    en: { one: "The list has {n} name; 12 are needed.", other: "The list has {n} names; 12 are needed." },
  },
  "chat.tooLong": {
    ru: {
      one: "Не больше {n} символа.",
      few: "Не больше {n} символов.",
      many: "Не больше {n} символов.",
      other: "Не больше {n} символа.",
    },
    uk: {
      one: "Не більше {n} символу.",
      few: "Не більше {n} символів.",
      many: "Не більше {n} символів.",
      other: "Не більше {n} символу.",
    },
    en: { one: "At most {n} character.", other: "At most {n} characters." },
  },
  "club.import.archive": {
    ru: {
      one: "Архив: {n} запись.",
      few: "Архив: {n} записи.",
      many: "Архив: {n} записей.",
      other: "Архив: {n} записи.",
    },
    uk: {
      one: "Архів: {n} запис.",
      few: "Архів: {n} записи.",
      many: "Архів: {n} записів.",
      other: "Архів: {n} запису.",
    },
    en: { one: "An archive of {n} record.", other: "An archive of {n} records." },
  },
} as const satisfies Readonly<Record<string, PluralEntry>>;

export type PluralKey = keyof typeof PLURALS;

const rules = new Map<Language, Intl.PluralRules>();

/** The form of `key` for the count `n` in `lang`, with "{n}" and any other parameters filled. */
export function pluralText(
  lang: Language,
  key: PluralKey,
  n: number,
  params: Readonly<Record<string, string | number>> = {},
): string {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang);
    rules.set(lang, rule);
  }
  const forms: Readonly<Record<string, string>> = PLURALS[key][lang];
  const text = forms[rule.select(n)] ?? forms.other ?? "";
  const all = { ...params, n };
  return text.replace(/\{(\w+)\}/g, (m, name: string) => String(all[name as keyof typeof all] ?? m));
}
