// Counted phrases in English ("{n}" is the count): the source of the keys; Intl.PluralRules picks
// the form. English has two forms: one, other.

import type { Forms } from "../types.js";

export const PLURALS = {
  "club.stats.gamesCount": { one: "{n} game", other: "{n} games" },
  "rating.bonus": {
    one: "The host's bonus: 1 or 2 points (up to {n} player)",
    other: "The host's bonus: 1 or 2 points (up to {n} players)",
  },
  "seat.foulVotes": { one: "+{n} foul vote", other: "+{n} foul votes" },
  "app.new.pasteCount": {
    one: "The list has {n} name; 12 are needed.",
    other: "The list has {n} names; 12 are needed.",
  },
  "chat.tooLong": { one: "At most {n} character.", other: "At most {n} characters." },
  "club.import.archive": { one: "An archive of {n} record.", other: "An archive of {n} records." },
  "club.person.pointsSummary": {
    one: "Points in {n} game; the average is now {average}.",
    other: "Points in each of {n} games; the average is now {average}.",
  },
  "club.person.skillSummary": {
    one: "Skill after {n} game; now {skill}.",
    other: "Skill after each of {n} games; now {skill}.",
  },
  "club.person.latest": {
    one: "The latest {n} game is shown; the charts follow it.",
    other: "The latest {n} games are shown; the charts follow them.",
  },
  "club.stats.winsSummary": {
    one: "{season}: {n} game, red {red}, black {black}, draws {draw}",
    other: "{season}: {n} games, red {red}, black {black}, draws {draw}",
  },
  "club.stats.noteSummary": {
    one: "The commissar's note was read in {read} of {n} game ({share}).",
    other: "The commissar's note was read in {read} of {n} games ({share}).",
  },
  "rating.contestOn": {
    one: "Seat {seat} to {n} point. Support so far: {support} (2 needed)",
    other: "Seat {seat} to {n} points. Support so far: {support} (2 needed)",
  },
} satisfies Readonly<Record<string, Forms<"one" | "other">>>;
