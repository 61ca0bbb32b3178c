// Counted phrases in Ukrainian ("{n}" is the count): exactly the keys of ../en/plurals.ts, each with
// every form Intl.PluralRules names for uk (one, few, many, other), so tsc finds a missing one.

import type { PLURALS as EN } from "../en/plurals.js";
import type { Forms } from "../types.js";

export const PLURALS: Readonly<Record<keyof typeof EN, Forms<"one" | "few" | "many" | "other">>> = {
  "club.stats.gamesCount": { one: "{n} гра", few: "{n} гри", many: "{n} ігор", other: "{n} гри" },
  "rating.bonus": {
    one: "Бонус ведучого: 1 або 2 бали (не більше {n} гравця)",
    few: "Бонус ведучого: 1 або 2 бали (не більше {n} гравців)",
    many: "Бонус ведучого: 1 або 2 бали (не більше {n} гравців)",
    other: "Бонус ведучого: 1 або 2 бали (не більше {n} гравця)",
  },
  "seat.foulVotes": {
    one: "+{n} штрафний голос",
    few: "+{n} штрафні голоси",
    many: "+{n} штрафних голосів",
    other: "+{n} штрафного голосу",
  },
  "app.new.pasteCount": {
    one: "У списку {n} ім'я, потрібно 12.",
    few: "У списку {n} імені, потрібно 12.",
    many: "У списку {n} імен, потрібно 12.",
    other: "У списку {n} імені, потрібно 12.",
  },
  "chat.tooLong": {
    one: "Не більше {n} символу.",
    few: "Не більше {n} символів.",
    many: "Не більше {n} символів.",
    other: "Не більше {n} символу.",
  },
  "club.import.archive": {
    one: "Архів: {n} запис.",
    few: "Архів: {n} записи.",
    many: "Архів: {n} записів.",
    other: "Архів: {n} запису.",
  },
};
