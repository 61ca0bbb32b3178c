// Counted phrases in Russian ("{n}" is the count): exactly the keys of ../en/plurals.ts, each with
// every form Intl.PluralRules names for ru (one, few, many, other), so tsc finds a missing one.

import type { PLURALS as EN } from "../en/plurals.js";
import type { Forms } from "../types.js";

export const PLURALS: Readonly<Record<keyof typeof EN, Forms<"one" | "few" | "many" | "other">>> = {
  "club.stats.gamesCount": { one: "{n} игра", few: "{n} игры", many: "{n} игр", other: "{n} игры" },
  "rating.bonus": {
    one: "Бонус ведущего: 1 или 2 очка (не больше {n} игрока)",
    few: "Бонус ведущего: 1 или 2 очка (не больше {n} игроков)",
    many: "Бонус ведущего: 1 или 2 очка (не больше {n} игроков)",
    other: "Бонус ведущего: 1 или 2 очка (не больше {n} игрока)",
  },
  "seat.foulVotes": {
    one: "+{n} штрафной голос",
    few: "+{n} штрафных голоса",
    many: "+{n} штрафных голосов",
    other: "+{n} штрафного голоса",
  },
  "app.new.pasteCount": {
    one: "В списке {n} имя, нужно 12.",
    few: "В списке {n} имени, нужно 12.",
    many: "В списке {n} имён, нужно 12.",
    other: "В списке {n} имени, нужно 12.",
  },
  "chat.tooLong": {
    one: "Не больше {n} символа.",
    few: "Не больше {n} символов.",
    many: "Не больше {n} символов.",
    other: "Не больше {n} символа.",
  },
  "club.import.archive": {
    one: "Архив: {n} запись.",
    few: "Архив: {n} записи.",
    many: "Архив: {n} записей.",
    other: "Архив: {n} записи.",
  },
};
