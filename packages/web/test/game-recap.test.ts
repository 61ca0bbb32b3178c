import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type GameRecord, recap, recapSections, toRecord } from "@misto/record";
import { describe, expect, it } from "vitest";
import { phaseLabel, RECAP_ICONS, recapLine } from "../src/game/recapLines.js";
import { translator } from "../src/game/tr.js";
import { GAME_STRINGS } from "../src/i18n/game.js";
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
});
