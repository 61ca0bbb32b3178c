// A round's seating sheet (docs/club-nights.md "Printing"): for each table of a night's or a
// tournament's round, its host and who sits in seats 1–12, and who sits the round out; built from
// the round as the night's (or the tournament's) page shows it. Pure.

import type { NightSummary, RoundInfo } from "@misto/protocol";
import type { Block, PrintDocument } from "./pdf.js";
import { dateIn, type PrintLanguage, sayIn } from "./strings.js";

/** The evening or the tournament the round belongs to (a tournament names no place). */
export type SeatingEvent = Pick<NightSummary, "title" | "startsAt"> & { readonly place?: string };

export function seatingDocument(night: SeatingEvent, round: RoundInfo, lang: PrintLanguage): PrintDocument {
  const say = sayIn(lang);
  const when = say("seating.night", { title: night.title, date: dateIn(lang, night.startsAt) });
  const blocks: Block[] = [
    {
      kind: "lines",
      lines: [
        when,
        ...(night.place ? [night.place] : []),
        say(round.dealt ? "seating.dealt" : "seating.undealt"),
      ],
    },
  ];
  for (const table of round.tables) {
    const host = table.host ? say("seating.host", { name: table.host.name }) : say("seating.noHost");
    blocks.push(
      { kind: "heading", text: `${say("seating.table", { n: table.n })} · ${host}` },
      {
        kind: "table",
        header: [say("col.table"), say("col.seat"), say("col.name")],
        rows: table.seats.map((s) => [String(table.n), String(s.seat), s.person.name]),
        widths: [1, 1, 6],
      },
    );
  }
  if (round.out.length) {
    blocks.push({
      kind: "lines",
      lines: [say("seating.out", { list: round.out.map((p) => p.name).join(", ") })],
    });
  }
  return { title: say("seating.title", { n: round.n }), lang, blocks };
}
