// The shell's pure parts: routes, the settings and deal drafts, the pasted list of names.

import { CARDS, DECK, DEFAULT_SETTINGS, SETTING_NAMES, SETTING_SHAPES, SettingsSchema } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { defaultDraft, namesFromList, readDeal, readDraft } from "../src/app/forms.js";
import { LIMITS, loginOk } from "../src/app/limits.js";
import { matchRoute } from "../src/app/routes.js";
import { DICTIONARIES } from "../src/i18n/core.js";
import { LANGUAGES } from "../src/i18n/types.js";

describe("routes", () => {
  it("reads every route", () => {
    expect(matchRoute("/")).toEqual({ name: "tables" });
    expect(matchRoute("/setup", "#token=abc123")).toEqual({ name: "setup", token: "abc123" });
    expect(matchRoute("/setup")).toEqual({ name: "setup", token: null });
    expect(matchRoute("/signin/")).toEqual({ name: "signin" });
    expect(matchRoute("/tables/new")).toEqual({ name: "newTable" });
    expect(matchRoute("/nights")).toEqual({ name: "nights" });
    expect(matchRoute("/nights/n%201")).toEqual({ name: "night", id: "n 1" });
    expect(matchRoute("/tables/a%20b")).toEqual({ name: "table", id: "a b" });
    expect(matchRoute("/display/t9")).toEqual({ name: "display", id: "t9" });
    expect(matchRoute("/online/t9")).toEqual({ name: "online", id: "t9" });
    expect(matchRoute("/overlay/t9")).toEqual({ name: "overlay", id: "t9" });
    expect(matchRoute("/broadcast/t9")).toEqual({ name: "broadcast", id: "t9" });
    expect(matchRoute("/board/n%201")).toEqual({ name: "board", id: "n 1" });
    expect(matchRoute("/overlay/t9/x")).toEqual({ name: "notFound" });
    expect(matchRoute("/tables/x/y")).toEqual({ name: "notFound" });
    expect(matchRoute("/people")).toEqual({ name: "people" });
    expect(matchRoute("/people/p%201")).toEqual({ name: "person", id: "p 1" });
    expect(matchRoute("/complaints")).toEqual({ name: "complaints" });
    expect(matchRoute("/tables/t9/complaints")).toEqual({ name: "tableComplaints", id: "t9" });
  });
});

describe("the settings editor", () => {
  it("the default draft reads back as the engine's defaults, with no problem", () => {
    const { settings, problems } = readDraft(defaultDraft());
    expect(problems).toEqual({});
    expect(settings).toEqual(DEFAULT_SETTINGS);
  });

  it("shows every setting: each has its label and help line in every language", () => {
    expect(Object.keys(defaultDraft()).sort()).toEqual([...SETTING_NAMES].sort());
    for (const lang of LANGUAGES) {
      for (const name of SETTING_NAMES) {
        expect(DICTIONARIES[lang][`app.setting.${name}.label`], `${lang} ${name}`).toBeTruthy();
        expect(DICTIONARIES[lang][`app.setting.${name}.help`], `${lang} ${name}`).toBeTruthy();
        const shape = SETTING_SHAPES[name];
        for (const option of shape.kind === "choice" ? shape.options : []) {
          expect(
            DICTIONARIES[lang][`app.option.${name}.${option}`],
            `${lang} ${name}.${option}`,
          ).toBeTruthy();
        }
      }
      for (const card of CARDS) expect(DICTIONARIES[lang][`app.card.${card}`]).toBeTruthy();
    }
  });

  it("reads the discussion list and an empty quiet-phase draw as off", () => {
    const draft = { ...defaultDraft(), discussionSeconds: "120, 90 60", drawAfterQuietPhases: "" };
    const { settings, problems } = readDraft(draft);
    expect(problems).toEqual({});
    expect(settings.discussionSeconds).toEqual([120, 90, 60]);
    expect(settings.drawAfterQuietPhases).toBeNull();
  });

  it("reports each bad value by its setting, with the engine's own check", () => {
    const draft = {
      ...defaultDraft(),
      discussionSeconds: "120, soon",
      speechSeconds: "2",
      hostBonusPlayers: "",
    };
    const { problems } = readDraft(draft);
    expect(problems.discussionSeconds).toEqual({ kind: "list" });
    // The range is kept apart from the engine's English sentence, for the host's language.
    expect(problems.speechSeconds).toMatchObject({ kind: "invalid", range: { min: 5, max: 3600 } });
    expect(
      readDraft({ ...defaultDraft(), discussionSeconds: "150, 2" }).problems.discussionSeconds,
    ).toMatchObject({ kind: "invalid", list: { minItems: 1, maxItems: 50 }, range: { min: 5, max: 3600 } });
    expect(problems.hostBonusPlayers).toMatchObject({ kind: "invalid", range: { min: 0, max: 12 } });
    expect(problems.tieRule).toBeUndefined();
  });

  it("reads each setting's control and limits from the engine's schema, not from its sentences", () => {
    expect(SETTING_SHAPES.tieRule).toEqual({
      kind: "choice",
      options: SettingsSchema.properties.tieRule.enum,
    });
    expect(SETTING_SHAPES.firstNightActions).toEqual({ kind: "boolean" });
    expect(SETTING_SHAPES.drawAfterQuietPhases).toEqual({ kind: "number", min: 1, max: 100, nullable: true });
    expect(SETTING_SHAPES.discussionSeconds).toEqual({
      kind: "list",
      min: 5,
      max: 3600,
      minItems: 1,
      maxItems: 50,
    });
    // The limits a problem shows are the schema's own: change the schema, and the form follows.
    const json: { properties: Record<string, { maximum?: number }> } = JSON.parse(
      JSON.stringify(SettingsSchema),
    );
    const maximum = json.properties.hostBonusPlayers?.maximum ?? Number.NaN;
    const over = readDraft({ ...defaultDraft(), hostBonusPlayers: String(maximum + 1) }).problems;
    expect(over.hostBonusPlayers).toMatchObject({ range: { min: 0, max: maximum } });
    expect(readDraft({ ...defaultDraft(), hostBonusPlayers: String(maximum) }).problems).toEqual({});
    // A nullable number takes the empty text as off; one that is not nullable refuses it.
    expect(
      readDraft({ ...defaultDraft(), drawAfterQuietPhases: "" }).settings.drawAfterQuietPhases,
    ).toBeNull();
    expect(readDraft({ ...defaultDraft(), speechSeconds: "" }).problems.speechSeconds).toMatchObject({
      kind: "invalid",
    });
  });

  it("shows a list's problem with its schema's limits in every language", () => {
    for (const lang of LANGUAGES) {
      const text = DICTIONARIES[lang]["app.settings.listRange"] ?? "";
      for (const name of ["{min}", "{max}", "{minItems}", "{maxItems}"]) expect(text, lang).toContain(name);
    }
  });
});

describe("the forms' text limits", () => {
  it("are the protocol's: the lengths and the login's pattern the server validates", () => {
    expect(LIMITS).toEqual({
      clubName: 80,
      personName: 60,
      tableTitle: 80,
      seatName: 60,
      seed: 200,
      login: { min: 3, max: 40 },
      passwordMin: 8,
    });
    expect(["host", "a.b-c_9", "x".repeat(40)].filter(loginOk)).toHaveLength(3);
    expect(["ab", "x".repeat(41), "has space", "ünï", ""].filter(loginOk)).toEqual([]);
    expect(readDeal({ mode: "seed", seed: "x".repeat(LIMITS.seed) })).toEqual({
      seed: "x".repeat(LIMITS.seed),
    });
    expect(readDeal({ mode: "seed", seed: "x".repeat(LIMITS.seed + 1) })).toBeNull();
  });
});

describe("the deal", () => {
  it("SETUP-2 takes the physical cards only when they are the deck", () => {
    const cards = [...DECK];
    expect(readDeal({ mode: "cards", cards })).toEqual({ cards });
    expect(readDeal({ mode: "cards", cards: [...DECK.slice(0, 11), ""] })).toBeNull();
    expect(readDeal({ mode: "cards", cards: [...DECK.slice(0, 11), "don"] })).toBeNull();
  });

  it("SETUP-3 deals from a typed seed or a fresh random one", () => {
    expect(readDeal({ mode: "seed", seed: "  friday " })).toEqual({ seed: "friday" });
    expect(readDeal({ mode: "seed", seed: " " })).toBeNull();
    expect(readDeal({ mode: "random" })).toEqual({ random: true });
  });
});

describe("a pasted list of names", () => {
  it("reads one name a line, drops numbering and blank lines", () => {
    expect(namesFromList("1. Anna\n2) Boris\n\n3 Vera Lee\n")).toEqual(["Anna", "Boris", "Vera Lee"]);
  });
  it("reads a comma list", () => {
    expect(namesFromList("Anna, Boris;Vera")).toEqual(["Anna", "Boris", "Vera"]);
  });
});
