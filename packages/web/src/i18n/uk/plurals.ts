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
  "club.person.pointsSummary": {
    one: "Бали в кожній із {n} гри; середній бал зараз {average}.",
    few: "Бали в кожній із {n} ігор; середній бал зараз {average}.",
    many: "Бали в кожній із {n} ігор; середній бал зараз {average}.",
    other: "Бали в кожній із {n} гри; середній бал зараз {average}.",
  },
  "club.person.skillSummary": {
    one: "Майстерність після кожної з {n} гри; зараз {skill}.",
    few: "Майстерність після кожної з {n} ігор; зараз {skill}.",
    many: "Майстерність після кожної з {n} ігор; зараз {skill}.",
    other: "Майстерність після кожної з {n} гри; зараз {skill}.",
  },
  "club.person.latest": {
    one: "Показано останню {n} гру; графіки — за нею.",
    few: "Показано останні {n} гри; графіки — за ними.",
    many: "Показано останні {n} ігор; графіки — за ними.",
    other: "Показано останні {n} гри; графіки — за ними.",
  },
  "club.stats.winsSummary": {
    one: "{season}: {n} гра, червоні {red}, чорні {black}, нічиї {draw}",
    few: "{season}: {n} гри, червоні {red}, чорні {black}, нічиї {draw}",
    many: "{season}: {n} ігор, червоні {red}, чорні {black}, нічиї {draw}",
    other: "{season}: {n} гри, червоні {red}, чорні {black}, нічиї {draw}",
  },
  "club.stats.noteSummary": {
    one: "Записку комісара прочитали в {read} з {n} гри ({share}).",
    few: "Записку комісара прочитали в {read} з {n} ігор ({share}).",
    many: "Записку комісара прочитали в {read} з {n} ігор ({share}).",
    other: "Записку комісара прочитали в {read} з {n} гри ({share}).",
  },
  "rating.contestOn": {
    one: "Гравцеві {seat} — {n} бал. Підтримали: {support} (потрібно 2)",
    few: "Гравцеві {seat} — {n} бали. Підтримали: {support} (потрібно 2)",
    many: "Гравцеві {seat} — {n} балів. Підтримали: {support} (потрібно 2)",
    other: "Гравцеві {seat} — {n} бала. Підтримали: {support} (потрібно 2)",
  },
};
