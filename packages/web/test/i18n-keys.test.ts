// The i18n keys are types: a missing, misspelt or extra key, or a counted phrase missing a form,
// fails `tsc -p tsconfig.tests.json`. Each `@ts-expect-error` below plants one such mistake; if the
// types stopped catching it, the directive itself would fail the type check ("unused"). The runtime
// part checks what types cannot: each language's table has exactly English's keys.

import { describe, expect, it } from "vitest";
import { translator } from "../src/game/tr.js";
import { DICTIONARIES, PACKS } from "../src/i18n/core.js";
import type { AWAY } from "../src/i18n/en/away.js";
import type { PLURALS } from "../src/i18n/en/plurals.js";
import type { Forms, Key, Pack, PluralKey, Words } from "../src/i18n/types.js";
import { LANGUAGES } from "../src/i18n/types.js";

type AwayKey = keyof typeof AWAY;
const tr = translator(DICTIONARIES.en);

describe("typed keys (the probes fail tsc if the types let the mistake through)", () => {
  it("a misspelt key in a lookup does not type-check", () => {
    // @ts-expect-error "away.titel" is no key.
    const misspelt: string = tr("away.titel");
    expect(misspelt).toBe("away.titel");
    const key: Key = "away.title";
    expect(tr(key)).toBe("Who is away");
  });

  it("a language missing a key English has does not type-check", () => {
    // @ts-expect-error "away.takeBack" (and the rest) missing.
    const missing: Words<AwayKey> = { "away.title": "Кто отсутствует" };
    expect(Object.keys(missing)).toHaveLength(1);
  });

  it("a key only one language has does not type-check", () => {
    const english = DICTIONARIES.en as Words<AwayKey>;
    const extra: Words<AwayKey> = {
      ...english,
      // @ts-expect-error a key English does not have.
      "away.extra": "Лишнее",
    };
    expect(extra["away.title"]).toBe("Who is away");
  });

  it("a Slavic counted phrase missing its 'few' form does not type-check", () => {
    // @ts-expect-error "few" missing.
    const forms: Forms<"one" | "few" | "many" | "other"> = {
      one: "{n} игра",
      many: "{n} игр",
      other: "{n} игры",
    };
    expect(forms.one).toBe("{n} игра");
    const key: PluralKey = "club.stats.gamesCount";
    // @ts-expect-error a counted phrase is not a plain key.
    const plain: Key = key;
    expect(plain).toBe(key);
    const known: keyof typeof PLURALS = key;
    expect(known).toBe(key);
  });
});

describe("each language's words", () => {
  it("has exactly English's keys, plain and counted", () => {
    const keys = (pack: Pack) => [Object.keys(pack.words).sort(), Object.keys(pack.plurals).sort()];
    for (const lang of LANGUAGES) expect(keys(PACKS[lang]), lang).toEqual(keys(PACKS.en));
  });
});
