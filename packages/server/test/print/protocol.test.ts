// A game's protocol as a PDF (docs/club-nights.md "Printing"): every golden game printed and read
// back with PDF.js (the languages taking turns over the games, the rated game in all three): the
// names, the cards in that language, every ballot and elimination, each night's choices, the
// grave, the result, the rating's nominations and points, the host and the signature line.

import { readdirSync, readFileSync } from "node:fs";
import { type Card, viewFor } from "@misto/engine";
import { type GameRecord, readRecordJson, recap, replayRecord } from "@misto/record";
import { describe, expect, it } from "vitest";
import { renderPdf, tablePdf } from "../../src/print/pdf.js";
import { protocolDocument } from "../../src/print/protocol.js";
import { PRINT_LANGUAGES, type PrintLanguage, sayIn } from "../../src/print/strings.js";
import { pdfText } from "../helpers/pdf-text.js";

const GOLDEN = new URL("../../../record/test/golden/", import.meta.url);
const golden = readdirSync(GOLDEN)
  .filter((name) => name.endsWith(".json"))
  .map((name) => {
    const read = readRecordJson(readFileSync(new URL(name, GOLDEN), "utf8"));
    if (!read.ok) throw new Error(`${name}: ${read.problems[0]?.message}`);
    return { name, record: read.record as GameRecord };
  });

async function printed(record: GameRecord, lang: PrintLanguage, host = "Марія Ґонта") {
  const document = protocolDocument(
    { record, title: record.meta?.title ?? "Game", host, club: "Misto", endedAt: 1767000000000 },
    lang,
  );
  return pdfText(await renderPdf(document));
}

describe("a game's protocol, printed", () => {
  it("has golden games to print", () => expect(golden.length).toBeGreaterThanOrEqual(8));

  for (const [i, { name, record }] of golden.entries()) {
    const lang = PRINT_LANGUAGES[i % PRINT_LANGUAGES.length] as PrintLanguage;
    it(`prints ${name} in ${lang}: names, cards, ballots, nights, grave, result`, async () => {
      const view = viewFor(replayRecord(record), "host");
      const entries = recap(record);
      {
        const say = sayIn(lang);
        const { text, title } = await printed(record, lang);
        expect(title).toBe(say("protocol.title"));
        expect(text).toContain(say("protocol.host", { name: "Марія Ґонта" }));
        expect(text).toContain(say("protocol.signature"));
        for (const seat of view.seats) {
          expect(text).toContain(seat.name);
          expect(text).toContain(say(`card.${seat.card as Card}`));
        }
        for (const e of entries) {
          if (e.kind === "voting" && e.voting.round !== "liftAll") {
            for (const b of e.voting.ballots) expect(text).toContain(`${b.voter}→${b.target}`);
          }
          if (e.kind === "voting" && e.outcome.kind === "out") {
            expect(text).toContain(say("line.eliminated", { seats: e.outcome.seats.join(", ") }));
          }
          if (e.kind === "night") {
            for (const c of e.choices) {
              const target = c.target === null ? say("line.nobody") : String(c.target);
              expect(text).toContain(
                say("line.choice", { role: say(`role.${c.role}`), seat: c.seat, target }),
              );
            }
          }
          if (e.kind === "foul") expect(text).toContain(say(`foul.${e.reason}`));
          if (e.kind === "remark") expect(text).toContain(say(`remark.${e.reason}`));
          if (e.kind === "night" && e.note === "read") expect(text).toContain(say("line.noteRead"));
          if (e.kind === "night" && e.check) {
            const color = say(e.check.black ? "color.black" : "color.red");
            expect(text).toContain(say("line.check", { target: e.check.target, color }));
          }
          if (e.kind === "grave" && e.target !== null) {
            expect(text).toContain(say("line.grave", { don: e.don, target: e.target }));
          }
        }
        if (view.result) expect(text).toContain(say(`winner.${view.result.winner}`));
      }
    });
  }

  it("prints the rating: the nominations, the host's bonus and each seat's points", async () => {
    const { record } = golden.find((g) => g.name === "undo-the-end.json") ?? {};
    if (!record) throw new Error("no golden game with a rating");
    const view = viewFor(replayRecord(record), "host");
    const points = view.rating?.points ?? [];
    expect(points.some((p) => p > 0)).toBe(true);
    const rating = recap(record).find((e) => e.kind === "rating");
    if (rating?.kind !== "rating") throw new Error("no rating entry");
    for (const lang of PRINT_LANGUAGES) {
      const say = sayIn(lang);
      const { text } = await printed(record, lang);
      expect(text).toContain(say("line.candidates", { list: rating.candidates.join(", ") }));
      for (const b of rating.bonuses)
        expect(text).toContain(say("line.bonus", { seat: b.seat, points: b.points }));
      // Each seat's row: seat, name, card, fouls, remarks, (out), points.
      for (const [i, seat] of view.seats.entries()) {
        const row = new RegExp(
          `${seat.seat} ${seat.name} ${say(`card.${seat.card as Card}`)} ${seat.fouls} ${seat.remarks} .*?${points[i] ?? 0}`,
        );
        expect(text).toMatch(row);
      }
    }
  });

  it("prints the club's corrected points and today's names when given", async () => {
    const { record } = golden[0] ?? {};
    if (!record) throw new Error("no golden game");
    const seats = Array.from({ length: 12 }, (_, i) => ({
      name: `Гравець ${i + 1}`,
      points: i === 4 ? 4 : 0,
      corrected: i === 4,
    }));
    const document = protocolDocument(
      { record, title: "T", host: "H", club: null, endedAt: null, seats },
      "uk",
    );
    const { text } = await pdfText(await renderPdf(document));
    expect(text).toContain("Гравець 12");
    expect(text).toMatch(new RegExp(`Гравець 5 Комісар 0 0 .*? 4 \\(${sayIn("uk")("line.corrected")}\\)`));
  });

  it("prints a table of rows in one call, over several pages", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [String(i + 1), `Їжак ${i + 1}`, String(200 - i)]);
    const { text, pages, title } = await pdfText(
      await tablePdf(
        { title: "Турнірна таблиця", lang: "uk", lines: ["Кубок"] },
        { header: ["#", "Ім'я", "Бали"], rows },
      ),
    );
    expect(title).toBe("Турнірна таблиця");
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain("Їжак 1 200");
    expect(text).toContain("Їжак 120 81");
  });
});
