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
  "club.person.pointsSummary": {
    one: "Баллы в каждой из {n} игры; средний балл сейчас {average}.",
    few: "Баллы в каждой из {n} игр; средний балл сейчас {average}.",
    many: "Баллы в каждой из {n} игр; средний балл сейчас {average}.",
    other: "Баллы в каждой из {n} игры; средний балл сейчас {average}.",
  },
  "club.person.skillSummary": {
    one: "Мастерство после каждой из {n} игры; сейчас {skill}.",
    few: "Мастерство после каждой из {n} игр; сейчас {skill}.",
    many: "Мастерство после каждой из {n} игр; сейчас {skill}.",
    other: "Мастерство после каждой из {n} игры; сейчас {skill}.",
  },
  "club.person.latest": {
    one: "Показана последняя {n} игра; графики — по ней.",
    few: "Показаны последние {n} игры; графики — по ним.",
    many: "Показаны последние {n} игр; графики — по ним.",
    other: "Показаны последние {n} игры; графики — по ним.",
  },
  "club.stats.winsSummary": {
    one: "{season}: {n} игра, красные {red}, чёрные {black}, ничьи {draw}",
    few: "{season}: {n} игры, красные {red}, чёрные {black}, ничьи {draw}",
    many: "{season}: {n} игр, красные {red}, чёрные {black}, ничьи {draw}",
    other: "{season}: {n} игры, красные {red}, чёрные {black}, ничьи {draw}",
  },
  "club.stats.noteSummary": {
    one: "Записку комиссара прочли в {read} из {n} игры ({share}).",
    few: "Записку комиссара прочли в {read} из {n} игр ({share}).",
    many: "Записку комиссара прочли в {read} из {n} игр ({share}).",
    other: "Записку комиссара прочли в {read} из {n} игры ({share}).",
  },
  "rating.contestOn": {
    one: "Игроку {seat} — {n} очко. Поддержали: {support} (нужно 2)",
    few: "Игроку {seat} — {n} очка. Поддержали: {support} (нужно 2)",
    many: "Игроку {seat} — {n} очков. Поддержали: {support} (нужно 2)",
    other: "Игроку {seat} — {n} очка. Поддержали: {support} (нужно 2)",
  },
};
