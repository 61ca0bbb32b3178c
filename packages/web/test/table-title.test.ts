// Issue 14: an untitled table is named in the host's language, not the server's English.

import { describe, expect, it } from "vitest";
import { tableTitle } from "../src/app/tableTitle.js";
import { translate } from "../src/i18n/core.js";
import type { Language } from "../src/i18n/types.js";

const day = new Date(2026, 11, 2);
const sayIn = (lang: Language) => (key: Parameters<typeof translate>[1], params: { date: string }) =>
  translate(lang, key, params);

describe("the default table title", () => {
  it("is in Russian and Ukrainian for a host using those, with the date in the host's format", () => {
    expect(tableTitle("", "ru", day, sayIn("ru"))).toBe(`Игра ${day.toLocaleDateString("ru")}`);
    expect(tableTitle("  ", "uk", day, sayIn("uk"))).toBe(`Гра ${day.toLocaleDateString("uk")}`);
    expect(tableTitle("", "en", day, sayIn("en"))).toBe(`Game of ${day.toLocaleDateString("en")}`);
  });

  it("keeps a typed title, trimmed", () => {
    expect(tableTitle(" Пятница ", "ru", day, sayIn("ru"))).toBe("Пятница");
  });
});
