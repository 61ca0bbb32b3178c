// Every string in all three languages, and every t("…") in the sources has its key.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DICTIONARIES, PARTS, PLURALS, pickLanguage, pluralText, translate } from "../src/i18n/core.js";
import { LANGUAGES } from "../src/i18n/types.js";

const SRC = fileURLToPath(new URL("../src", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Keys passed as a literal to t(…), i.e. `t("key"` with optional spaces. */
function usedKeys(): { key: string; file: string }[] {
  const found: { key: string; file: string }[] = [];
  for (const file of sources(SRC)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?<![\w.$])t\(\s*["'`]([^"'`$]+)["'`]/g)) {
      found.push({ key: match[1] as string, file: file.slice(SRC.length + 1) });
    }
  }
  return found;
}

/** Attributes a reader or a screen reader is given as words. */
const WORDED_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label", "aria-description"]);
/** Signs that are not words in any language: a Greek letter for a statistic's symbol. */
const NOT_WORDS = /^[μσ±]+$/u;

/**
 * Words written straight into JSX (text between tags, a worded attribute, a string literal as a
 * child) rather than through t(): each would show in one language whatever the reader chose.
 */
function literalWords(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC).filter((f) => f.endsWith(".tsx"))) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${file.slice(SRC.length + 1)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const worded = (text: string) => /\p{L}/u.test(text) && !NOT_WORDS.test(text.trim());
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node) && worded(node.text)) found.push(`${where(node)} ${node.text.trim()}`);
      if (
        ts.isJsxAttribute(node) &&
        WORDED_ATTRIBUTES.has(node.name.getText(source)) &&
        node.initializer &&
        ts.isStringLiteral(node.initializer) &&
        worded(node.initializer.text)
      )
        found.push(`${where(node)} ${node.name.getText(source)}="${node.initializer.text}"`);
      if (
        ts.isJsxExpression(node) &&
        node.expression &&
        (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
        worded(node.expression.text)
      )
        found.push(`${where(node)} {"${node.expression.text}"}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("dictionaries", () => {
  for (const [name, part] of Object.entries(PARTS)) {
    it(`${name}: ru, uk and en have the same keys`, () => {
      const en = Object.keys(part.en).sort();
      for (const lang of LANGUAGES) expect(Object.keys(part[lang]).sort(), `${name}.${lang}`).toEqual(en);
    });
    it(`${name}: no empty strings`, () => {
      for (const lang of LANGUAGES)
        for (const [key, text] of Object.entries(part[lang]))
          expect(text.trim(), `${lang} ${key}`).not.toBe("");
    });
  }

  it("no key is defined by two parts", () => {
    const seen = new Map<string, string>();
    for (const [name, part] of Object.entries(PARTS)) {
      for (const key of Object.keys(part.en)) {
        expect(seen.get(key), `${key} in ${name}`).toBeUndefined();
        seen.set(key, name);
      }
    }
  });

  it("the parameters of a string are the same in every language", () => {
    const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(DICTIONARIES.en)) {
      for (const lang of LANGUAGES)
        expect(params(DICTIONARIES[lang][key] ?? ""), `${lang} ${key}`).toEqual(params(text));
    }
  });

  it('every t("…") in packages/web/src names a key of every language', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(50);
    const missing = used.filter(({ key }) => LANGUAGES.some((lang) => DICTIONARIES[lang][key] === undefined));
    expect(missing).toEqual([]);
  });

  it("no component writes words into JSX: every word goes through t()", () => {
    expect(literalWords()).toEqual([]);
  });

  it("fills parameters and falls back to the key", () => {
    expect(translate("en", "app.new.seat", { n: 7 })).toBe("Seat 7");
    expect(translate("uk", "app.new.seat", { n: 7 })).toBe("Місце 7");
    expect(translate("ru", "no.such.key")).toBe("no.such.key");
  });

  it("picks the browser's language, else English", () => {
    expect(pickLanguage(["uk-UA", "ru"])).toBe("uk");
    expect(pickLanguage(["de-DE", "ru-RU"])).toBe("ru");
    expect(pickLanguage(["de"])).toBe("en");
  });
});

describe("plurals (Intl.PluralRules)", () => {
  it("each language's forms are exactly the categories its plural rules name", () => {
    for (const [key, entry] of Object.entries(PLURALS))
      for (const lang of LANGUAGES)
        expect(Object.keys(entry[lang]).sort(), `${key}.${lang}`).toEqual(
          [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort(),
        );
  });

  it("a count takes its own form: 1 игра, 2 игры, 5 игр, 21 игра; 1 game, 2 games", () => {
    const games = (lang: "ru" | "uk" | "en", n: number) => pluralText(lang, "club.stats.gamesCount", n);
    expect([1, 2, 5, 11, 21, 22].map((n) => games("ru", n))).toEqual([
      "1 игра",
      "2 игры",
      "5 игр",
      "11 игр",
      "21 игра",
      "22 игры",
    ]);
    expect([1, 3, 5].map((n) => games("uk", n))).toEqual(["1 гра", "3 гри", "5 ігор"]);
    expect([1, 2].map((n) => games("en", n))).toEqual(["1 game", "2 games"]);
    expect(pluralText("en", "rating.bonus", 1)).toBe("The host's bonus: 1 or 2 points (up to 1 player)");
  });

  it("no counted phrase is also a plain key (one word, one place)", () => {
    for (const key of Object.keys(PLURALS)) expect(DICTIONARIES.en[key], key).toBeUndefined();
  });
});

describe("words in a seat chip", () => {
  it("a cause breaks only where a word may (a soft hyphen in every word too long for a chip)", () => {
    const CHIP_LETTERS = 11;
    for (const lang of LANGUAGES)
      for (const cause of ["vote", "night", "grave", "fouls", "disqualified"]) {
        const words = translate(lang, `cause.${cause}`).split(/\s+/);
        for (const word of words)
          for (const part of word.split("\u00ad"))
            expect(part.length, `${lang} cause.${cause}: "${word}"`).toBeLessThanOrEqual(CHIP_LETTERS);
      }
  });
});
