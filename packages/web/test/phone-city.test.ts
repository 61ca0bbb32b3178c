// The city on a phone at an online table, as data: the deadlines said before they pass (the answer
// the server enters is the runner's own rule, the warning at ten seconds, the night's told on the
// held card only, none at a live table) and the log of the host's announcements (every night, count,
// elimination and the result, in order, cards only once public, and stable as the game goes on).

import { type Action, type View, viewFor } from "@misto/engine";
import { missedAnswer, ONLINE_DEFAULTS } from "@misto/protocol";
import { describe, expect, it } from "vitest";
import { CITY_STRINGS } from "../src/i18n/core.js";
import { announcements } from "../src/phone/announcements.js";
import { deadlinesOf, isNear, WARN_MS } from "../src/phone/deadline.js";
import { HostTable } from "./game-helpers.js";

const ONLINE = { ...ONLINE_DEFAULTS, nightMs: 7_000, voteMs: 5_000 };
const SEATS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Plays on as the host and the phones would: an awaited seat answers with its last legal action. */
function step(table: HostTable): void {
  const awaited = table.view.host?.awaiting.find((a) => a !== "host");
  if (typeof awaited === "number") {
    const actions = viewFor(table.state, awaited).actions;
    table.must({ ...(actions[actions.length - 1] as Action), actor: "host" });
  } else {
    const end = table.view.actions.find((a) => a.type === "announceResult");
    if (end) table.must(end);
    else table.advance();
  }
}

/** Every seat's view at every step until the result is announced. */
function playedViews(table: HostTable, visit: (views: View[]) => void): void {
  for (let i = 0; i < 600 && !table.state.result?.announced; i++) {
    visit(SEATS.map((seat) => viewFor(table.state, seat)));
    step(table);
  }
  visit(SEATS.map((seat) => viewFor(table.state, seat)));
}

describe("the deadlines on a phone at an online table", () => {
  it("an awaited voter is told when his vote is cast for him, and for whom: the server's own rule", () => {
    const table = new HostTable();
    let checked = 0;
    playedViews(table, (views) => {
      for (const view of views) {
        const you = view.you;
        const deadlines = deadlinesOf(view, ONLINE);
        const answer = deadlines.find((d) => d.kind === "answer");
        if (!you?.awaited) {
          expect(answer).toBeUndefined();
          continue;
        }
        const missed = missedAnswer(view.actions, you.seat);
        if (missed?.type !== "vote") continue;
        checked++;
        expect(answer).toEqual({
          kind: "answer",
          at: (you.awaitedSince ?? 0) + ONLINE.voteMs,
          after: { key: "deadline.then.vote", params: { n: missed.target } },
          secret: false,
        });
        // The first legal target after the voter, wrapping round (DAY-5: every voter votes).
        const targets = view.actions.flatMap((a) => (a.type === "vote" ? [a.target] : []));
        expect(missed.target).toBe(targets.find((t) => t > you.seat) ?? targets[0]);
        // A live table's phone has no deadlines of the server's.
        expect(deadlinesOf(view, null)).toEqual([]);
      }
    });
    expect(checked).toBeGreaterThan(5);
  });

  it("a night deadline is the woken seat's only, told on its held card; a day's timer is everyone's", () => {
    const table = new HostTable({ firstPhase: "night" });
    let nights = 0;
    let timers = 0;
    playedViews(table, (views) => {
      for (const view of views) {
        const deadlines = deadlinesOf(view, ONLINE);
        if (view.phase.kind === "night") {
          const shown = deadlines.filter((d) => !d.secret);
          expect(shown).toEqual([]);
          if (view.you?.awaited && deadlines.length > 0) {
            nights++;
            expect(deadlines[0]).toMatchObject({ kind: "answer", secret: true });
            expect(deadlines[0]?.at).toBe((view.you.awaitedSince ?? 0) + ONLINE.nightMs);
          } else expect(deadlines).toEqual([]);
        }
        if (view.phase.kind === "day" && view.phase.seconds !== null) {
          timers++;
          const timer = deadlines.find((d) => d.kind === "step");
          expect(timer?.at).toBe(view.phase.since + view.phase.seconds * 1000);
        }
      }
    });
    expect(nights).toBeGreaterThan(0);
    expect(timers).toBeGreaterThan(0);
  });

  it("warns from ten seconds before a deadline until it passes", () => {
    const d = {
      kind: "step" as const,
      at: 100_000,
      after: { key: "city.log.title" as const },
      secret: false,
    };
    expect(isNear(d, d.at - WARN_MS - 1)).toBe(false);
    expect(isNear(d, d.at - WARN_MS)).toBe(true);
    expect(isNear(d, d.at - 1)).toBe(true);
    expect(isNear(d, d.at)).toBe(false);
  });
});

describe("the host's announcements on a phone", () => {
  it("every night, count, elimination and the result are logged, in order, and never renumbered", () => {
    const table = new HostTable({ firstPhase: "night" });
    const last = new Map<number, string[]>();
    let final: View | null = null;
    playedViews(table, (views) => {
      for (const view of views) {
        const keys = announcements(view).map((a) => a.key);
        const before = last.get(view.you?.seat ?? 0) ?? [];
        // A new view only adds announcements after the ones already shown.
        expect(keys.slice(0, before.length)).toEqual(before);
        last.set(view.you?.seat ?? 0, keys);
        // Every seat reads the same log: it is public.
        expect(keys).toEqual(announcements(views[0] as View).map((a) => a.key));
        final = view;
      }
    });
    const view = final as unknown as View;
    expect(view.result?.announced).toBe(true);
    const log = announcements(view);
    const keys = log.map((a) => a.key);
    for (const night of view.nights)
      expect(
        keys.some((k) => k.startsWith(`n${night.n}`)),
        `night ${night.n}`,
      ).toBe(true);
    expect(keys.filter((k) => /^v\d+$/.test(k))).toHaveLength(view.votings.length);
    for (const s of view.seats.filter((x) => x.out))
      expect(
        log.some((a) => a.line.params?.n === s.seat),
        `seat ${s.seat} out`,
      ).toBe(true);
    expect(log[log.length - 1]?.line.key).toBe(`winner.${view.result?.winner}`);
  });

  it("a card is named only once it is public", () => {
    const table = new HostTable({ firstPhase: "night" });
    playedViews(table, (views) => {
      for (const view of views)
        for (const a of announcements(view)) {
          if (!a.line.card) continue;
          const seat = view.seats.find((s) => s.seat === a.line.params?.n);
          expect(seat?.cardPublic).toBe(true);
        }
    });
  });

  it("every line reads in ru, uk and en", () => {
    const table = new HostTable({ firstPhase: "night" });
    const keys = new Set<string>();
    playedViews(table, (views) => {
      for (const a of announcements(views[0] as View)) keys.add(a.line.key);
    });
    for (const key of keys) {
      if (key.startsWith("winner.")) continue;
      for (const lang of ["ru", "uk", "en"] as const)
        expect(CITY_STRINGS[lang][key], `${lang} ${key}`).toBeTruthy();
    }
  });
});
