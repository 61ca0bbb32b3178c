import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CALL_ORDER, CARDS, FOUL_REASONS, REMARK_REASONS } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { EXPLAINED_RULES } from "../src/game/ruleText.js";
import { GAME_STRINGS, PLURALS } from "../src/i18n/core.js";
import { LANGUAGES } from "../src/i18n/types.js";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));
const FAMILIES = [
  "common",
  "key",
  "panel",
  "ring",
  "card",
  "role",
  "cause",
  "foul",
  "remark",
  "color",
  "winner",
  "phase",
  "step",
  "primary",
  "wait",
  "timer",
  "sync",
  "undo",
  "seat",
  "menu",
  "deal",
  "morning",
  "day",
  "vote",
  "grave",
  "night",
  "end",
  "rating",
  "rule",
  "log",
  "display",
  "recap",
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Every string literal in the game screens that looks like one of their keys (conditional keys included). */
function literalKeys(): string[] {
  const keys = new Set<string>();
  const family = new RegExp(`^(${FAMILIES.join("|")})\\.[A-Za-z][\\w.-]*$`);
  for (const file of [...files(join(SRC, "game")), ...files(join(SRC, "display"))]) {
    for (const m of readFileSync(file, "utf8").matchAll(/"([a-zA-Z][\w.-]*)"/g)) {
      const text = m[1] as string;
      if (family.test(text) && !/\.(js|css|ts)$/.test(text)) keys.add(text);
    }
  }
  return [...keys];
}

/** A key in every language: a plain string, or a counted phrase (i18n/plurals.ts, typed by its forms). */
const has = (key: string) =>
  key in PLURALS || LANGUAGES.every((lang) => GAME_STRINGS[lang][key] !== undefined);

describe("the game screens' strings", () => {
  it("ru, uk and en have the same keys", () => {
    const en = Object.keys(GAME_STRINGS.en).sort();
    for (const lang of LANGUAGES) expect(Object.keys(GAME_STRINGS[lang]).sort()).toEqual(en);
  });

  it("every key literal in src/game and src/display is in every language", () => {
    const keys = literalKeys();
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });

  it("SETUP-2, FOUL-1, FOUL-2 every card, role, cause and reason has its name", () => {
    const keys = [
      ...CARDS.map((c) => `card.${c}`),
      ...CALL_ORDER.map((r) => `role.${r}`),
      ...["vote", "night", "grave", "fouls", "disqualified"].map((c) => `cause.${c}`),
      ...FOUL_REASONS.map((r) => `foul.${r}`),
      ...REMARK_REASONS.map((r) => `remark.${r}`),
      ...["red", "black", "draw"].map((w) => `winner.${w}`),
      ...EXPLAINED_RULES.map((r) => `rule.${r}`),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });

  it("FLOW-3 every night step has a title and the host's words", () => {
    const keys = [...CALL_ORDER, "acquaintance", "note"].map((r) => `night.step.${r}`);
    for (const role of CALL_ORDER)
      keys.push(`night.say.${role}Wakes`, `night.say.${role}Ask`, `night.say.${role}Sleeps`);
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });

  it("FLOW-2 every day step, phase, rating step and advanced step has a name", () => {
    const days = ["morning", "discussion", "accusations", "voting", "splitSpeeches", "liftAll", "lastWords"];
    const keys = [
      ...days.map((s) => `step.day.${s}`),
      ...["deal", "night", "ended", "rating", "closed"].map((p) => `phase.${p}`),
      ...["nominations", "votes", "split", "review", "contest", "closed"].map((s) => `rating.step.${s}`),
      ...["deal", "morning", "discussion", "accusations", "splitSpeeches", "lastWords", "acquaintance"].map(
        (s) => `log.step.${s}`,
      ),
      ...["vote", "grave", "fouls", "disqualified"].map((c) => `recap.out.${c}`),
    ];
    expect(keys.filter((k) => !has(k))).toEqual([]);
  });

  it("the Russian night script reads as the club says it", () => {
    expect(GAME_STRINGS.ru["night.say.cityAsleep"]).toBe("Город засыпает…");
    expect(GAME_STRINGS.ru["night.say.prostituteWakes"]).toBe("Просыпается путана…");
    expect(GAME_STRINGS.uk["night.say.prostituteWakes"]).toBe("Прокидається путана…");
  });
});
