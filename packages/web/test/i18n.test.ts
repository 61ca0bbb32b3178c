// Every string in all three languages, and every t("…") in the sources has its key.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DICTIONARIES, PARTS, pickLanguage, translate } from "../src/i18n/core.js";
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
