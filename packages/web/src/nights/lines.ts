// A night's lines in words: when and where, and the viewer's own place ("table 2, seat 7").

import type { MyPlace, NightSummary } from "@misto/protocol";
import { type Language, t } from "../i18n/index.js";

export function whenLine(night: Pick<NightSummary, "startsAt" | "place">, lang: Language): string {
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(night.startsAt),
  );
  return t("nights.when", { when, place: night.place });
}

/** The viewer's place: his seat once a round is drawn, else his sign-up. */
export function placeLine(me: MyPlace): string {
  if (me.seat) return t("nights.me.seat", { round: me.seat.round, table: me.seat.table, seat: me.seat.seat });
  if (me.status === "going") return t("nights.me.going");
  if (me.status === "waiting") return t("nights.me.waiting", { n: me.waiting ?? 0 });
  return t("nights.me.none");
}
