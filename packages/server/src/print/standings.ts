// The standings sheet (docs/tournaments.md "Printing"): a tournament's or a night's standings as
// one table, in the order and with the figures of the JSON standings. Pure.

import type { StandingRow } from "@misto/protocol";
import { dateIn, type PrintLanguage, sayIn } from "./strings.js";

export function standingsSheet(
  of: { title: string; startsAt: number },
  rows: readonly StandingRow[],
  lang: PrintLanguage,
) {
  const say = sayIn(lang);
  const sheet = {
    title: say("standings.title"),
    lang,
    lines: [say("seating.night", { title: of.title, date: dateIn(lang, of.startsAt) })],
  };
  const table = {
    header: [
      "col.place",
      "col.name",
      "col.score",
      "col.games",
      "col.wins",
      "protocol.rating",
      "col.penalties",
      "col.final",
    ].map((k) => say(k as "col.place")),
    rows: rows.map((r) => [
      String(r.place),
      r.dropped ? `${r.person.name} (${say("standings.dropped")})` : r.person.name,
      String(r.score),
      String(r.games),
      String(r.wins),
      String(r.ratingPoints),
      String(r.penalties),
      String(r.final),
    ]),
    widths: [1, 5, 1.3, 1.3, 1.3, 1.3, 1.3, 1.3],
  };
  return { sheet, table };
}
