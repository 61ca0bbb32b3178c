// The host's announcements as a log, as plain data (no browser here: tests use it): the night's
// deaths and the note (NIGHT-12, NIGHT-14), each day's count and who it voted out (DAY-3…7), the
// Don's grave (DON-1), removals (FOUL-5), and the result — built afresh from the seat's own view, so
// a phone that reconnects, or joins late, reads the same log as one that saw every step.

import type { SeatView, View } from "@misto/engine";
import type { Key } from "../i18n/index.js";
import type { Line } from "./screen.js";

export interface Announcement {
  /** Stable across views: a new view adds announcements, it never renumbers them. */
  readonly key: string;
  readonly line: Line;
}

interface Placed extends Announcement {
  /** The phase's place in the game, then the announcement's place in it. */
  readonly order: readonly [number, number];
}

/** A phase's place in the game: night 1 before day 1 when the game starts at night, after it otherwise. */
function phaseOrder(view: View, kind: "day" | "night", n: number): number {
  const nightFirst = view.settings.firstPhase === "night";
  return 2 * n - ((kind === "night") === nightFirst ? 1 : 0);
}

const cardOf = (s: SeatView | undefined) => (s?.cardPublic && s.card ? s.card : undefined);

/** A line whose key has a ".card" variant naming the seat's revealed card. */
type CardLineKey = { [K in Key]: `${K}.card` extends Key ? K : never }[Key];

function withCard(key: CardLineKey, s: SeatView | undefined, params: Line["params"]): Line {
  const card = cardOf(s);
  return card ? { key: `${key}.card`, params, card } : { key, params };
}

/** Every announcement made so far, oldest first. */
export function announcements(view: View): Announcement[] {
  const seat = (n: number) => view.seats.find((s) => s.seat === n);
  const out: Placed[] = [];
  for (const night of view.nights) {
    const at = phaseOrder(view, "night", night.n);
    const params = { night: night.n };
    if (night.deaths.length === 0)
      out.push({ key: `n${night.n}`, order: [at, 0], line: { key: "city.log.night.none", params } });
    night.deaths.forEach((d, i) => {
      const line = withCard("city.log.night.death", seat(d.seat), { ...params, n: d.seat });
      out.push({ key: `n${night.n}d${d.seat}`, order: [at, i], line });
    });
    if (night.note) {
      const { commissar, target, black } = night.note;
      const key = black ? "city.log.note.black" : "city.log.note.red";
      out.push({
        key: `n${night.n}note`,
        order: [at, 10],
        line: { key, params: { c: commissar, n: target } },
      });
    }
  }
  view.votings.forEach((v, i) => {
    const at = phaseOrder(view, "day", v.day);
    const place = 100 + i * 10;
    const count: Line =
      v.round === "liftAll"
        ? {
            key: "city.log.lift",
            params: { yes: v.answers.filter((a) => a.yes).length, all: v.answers.length },
          }
        : {
            key: v.round === "revote" ? "city.log.revote" : "city.log.count",
            params: { list: v.tally.map((r) => `${r.seat} (${r.votes})`).join(", ") || "—" },
          };
    out.push({ key: `v${i}`, order: [at, place], line: count });
    v.eliminated.forEach((n, j) => {
      const line = withCard("city.log.votedOut", seat(n), { n });
      out.push({ key: `v${i}out${n}`, order: [at, place + 1 + j / 100] as const, line });
    });
    if (v.eliminated.length === 0 && v.tied.length > 0)
      out.push({
        key: `v${i}tie`,
        order: [at, place + 1],
        line: { key: "city.log.tie", params: { list: v.tied.join(", ") } },
      });
  });
  for (const s of view.seats) {
    const o = s.out;
    if (!o || o.cause === "vote" || o.cause === "night") continue;
    // DON-1 after the day's count; a removal (FOUL-5) at the end of its phase.
    const place = o.cause === "grave" ? 900 : 950;
    out.push({
      key: `out${s.seat}`,
      order: [phaseOrder(view, o.kind, o.n), place + s.seat / 100],
      line: withCard(`city.log.${o.cause}`, s, { n: s.seat }),
    });
  }
  if (view.result?.announced)
    out.push({
      key: "result",
      order: [Number.MAX_SAFE_INTEGER, 0],
      line: { key: `winner.${view.result.winner}` },
    });
  return out
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .map(({ key, line }) => ({ key, line }));
}
