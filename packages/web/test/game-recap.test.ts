import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type GameRecord, type RecapEntry, recap, recapSections, toRecord } from "@misto/record";
import { describe, expect, it } from "vitest";
import { phaseLabel, RECAP_ICONS, recapLine } from "../src/game/recapLines.js";
import { translator } from "../src/game/tr.js";
import { GAME_STRINGS } from "../src/i18n/core.js";
import { LANGUAGES } from "../src/i18n/types.js";
import { HostTable } from "./game-helpers.js";

const GOLDEN = fileURLToPath(new URL("../../record/test/golden/", import.meta.url));
const records = readdirSync(GOLDEN)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ name: f, record: JSON.parse(readFileSync(GOLDEN + f, "utf8")) as GameRecord }));

const RAW_KEY = /\b(recap|card|foul|remark|winner|color|role|cause)\.[a-zA-Z]/;

describe("RATE-1 the recap in three languages", () => {
  it("has golden games to tell", () => {
    expect(records.length).toBeGreaterThan(3);
  });

  for (const { name, record } of records) {
    for (const lang of LANGUAGES) {
      it(`${name} in ${lang}: one icon and one finished line per entry`, () => {
        const tr = translator(GAME_STRINGS[lang]);
        const entries = recap(record);
        for (const section of recapSections(entries)) {
          expect(phaseLabel(section.phase, tr)).not.toMatch(RAW_KEY);
          for (const entry of section.entries) {
            const line = recapLine(entry, tr);
            expect(line.icon).toBe(RECAP_ICONS[entry.kind]);
            expect(line.text, `${entry.kind}: ${line.text}`).not.toMatch(RAW_KEY);
            expect(line.text, `${entry.kind}: ${line.text}`).not.toMatch(/\{\w+\}/);
            expect(line.text.length).toBeGreaterThan(5);
          }
        }
      });
    }
  }

  it("NIGHT-12 the read note is told in the host's language", () => {
    const record = records.find((r) => r.name === "note-read.json")?.record as GameRecord;
    const entry = recap(record).find((e) => e.kind === "announcement" && e.noteRead);
    expect(entry).toBeDefined();
    if (!entry) return;
    expect(recapLine(entry, translator(GAME_STRINGS.ru)).text).toContain("записка комиссара");
    expect(recapLine(entry, translator(GAME_STRINGS.uk)).text).toContain("записка комісара");
    expect(recapLine(entry, translator(GAME_STRINGS.en)).text).toContain("the commissar's note");
  });

  it("NIGHT-2 FOUL-7 a freeze on a player removed that night is not told as cancelled by a heal", () => {
    const table = new HostTable({ firstPhase: "night" }).advance(2);
    table.must({ actor: "host", type: "choose", seat: 4, target: 9 });
    table.must({ actor: "host", type: "disqualify", seat: 9 });
    for (const [seat, target] of [
      [6, 8],
      [1, null],
      [7, null],
      [5, null],
    ] as const)
      table.must({ actor: "host", type: "choose", seat, target });
    table.advance(); // HOST-4: the host ends the night
    const night = recap(toRecord(table.events)).find((e) => e.kind === "night");
    expect(night).toBeDefined();
    if (!night) return;
    const text = recapLine(night, translator(GAME_STRINGS.en)).text;
    expect(text).toContain("the prostitute froze 9");
    expect(text).not.toContain("the heal cancels it");
  });

  it("DAY-6 a lift-all vote and a tie are told in words", () => {
    const record = records.find((r) => r.name === "tie-revote-lift-all.json")?.record as GameRecord;
    const lines = recap(record).map((e) => recapLine(e, translator(GAME_STRINGS.ru)).text);
    expect(lines.some((l) => l.startsWith("подъём всех"))).toBe(true);
    expect(lines.some((l) => l.includes("ничья"))).toBe(true);
  });

  it("DON-1 the grave and the cards of the deal use the language's card names", () => {
    const record = records.find((r) => r.name === "don-grave.json")?.record as GameRecord;
    const lines = recap(record).map((e) => recapLine(e, translator(GAME_STRINGS.uk)).text);
    expect(lines[0]).toContain("Дон");
    expect(lines[0]).toContain("Мирний");
    expect(lines.some((l) => l.includes("у могилу"))).toBe(true);
  });

  it("DAY-1 DAY-2 DAY-6 DAY-7 FOUL-4 the discussion and the day's speeches are told in each language", () => {
    const phase = { kind: "day", n: 2 } as const;
    const entries: RecapEntry[] = [
      { kind: "discussion", phase, seconds: 150 },
      {
        kind: "speeches",
        phase,
        round: "accusations",
        speeches: [
          { seat: 3, skipped: null, seconds: 28 },
          { seat: 4, skipped: "muted" },
          { seat: 5, skipped: "out" },
          { seat: 6, skipped: null, seconds: null },
          { seat: 7, skipped: null, seconds: 75 },
        ],
      },
      {
        kind: "speeches",
        phase,
        round: "splitSpeeches",
        speeches: [
          { seat: 8, skipped: null, seconds: 30 },
          { seat: 9, skipped: null, seconds: 29 },
        ],
      },
      { kind: "speeches", phase, round: "lastWords", speeches: [{ seat: 8, skipped: null, seconds: 41 }] },
      { kind: "discussion", phase, seconds: null },
    ];
    const expected = {
      ru: [
        "общее обсуждение (2:30)",
        "обвинительные речи: 3 (0:28), 4 пропущен (без слова), 5 пропущен (выбыл), 6, 7 (1:15)",
        "речи при ничьей: 8 (0:30), 9 (0:29)",
        "последнее слово: 8 (0:41)",
        "общее обсуждение",
      ],
      uk: [
        "загальне обговорення (2:30)",
        "звинувальні промови: 3 (0:28), 4 пропущений (без слова), 5 пропущений (вибув), 6, 7 (1:15)",
        "промови при нічиїй: 8 (0:30), 9 (0:29)",
        "останнє слово: 8 (0:41)",
        "загальне обговорення",
      ],
      en: [
        "the discussion (2:30)",
        "accusation speeches: 3 (0:28), 4 skipped (muted), 5 skipped (out), 6, 7 (1:15)",
        "split speeches: 8 (0:30), 9 (0:29)",
        "last words: 8 (0:41)",
        "the discussion",
      ],
    } as const;
    for (const lang of LANGUAGES) {
      const lines = entries.map((e) => recapLine(e, translator(GAME_STRINGS[lang])));
      expect(lines.map((l) => l.text)).toEqual(expected[lang]);
      expect(lines.map((l) => l.icon)).toEqual(entries.map((e) => RECAP_ICONS[e.kind]));
    }
  });

  it("DAY-6 a tie's split speeches, from a played game, in Russian", () => {
    const record = records.find((r) => r.name === "tie-revote-lift-all.json")?.record as GameRecord;
    const lines = recap(record).map((e) => recapLine(e, translator(GAME_STRINGS.ru)).text);
    expect(lines).toContain("речи при ничьей: 8 (0:01), 9 (0:01)");
    expect(lines).toContain("последнее слово: 8 (0:01), 9 (0:01)");
  });
});
