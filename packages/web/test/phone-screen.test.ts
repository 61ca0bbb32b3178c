// The phone's screen model: which screen a view maps to, that a night screen tells nothing about a
// role that is not called now, and that every answer offered is one of the seat's legal actions.

import { type Action, type View, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { matchRoute } from "../src/app/routes.js";
import { translator } from "../src/game/tr.js";
import { PHONE_STRINGS } from "../src/i18n/phone.js";
import { cleanCode, joinLink } from "../src/phone/join.js";
import { bodyOf, cardFacts, choiceOf, phoneScreen } from "../src/phone/screen.js";
import { parseSeats } from "../src/phone/seatStore.js";
import { HostTable } from "./game-helpers.js";

const SEATS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Plays on as the host and the phones would: an awaited seat answers with its last legal action. */
function step(table: HostTable): void {
  const awaited = table.view.host?.awaiting.find((a) => a !== "host");
  if (typeof awaited === "number") {
    const actions = viewFor(table.state, awaited).actions;
    const action = actions[actions.length - 1] as Action;
    table.must({ ...action, actor: "host" });
  } else table.advance();
}

function living(view: View): number[] {
  return view.seats.filter((s) => s.out === null).map((s) => s.seat);
}

describe("phone screens", () => {
  it("maps the deal, the night and the day to their screens", () => {
    const table = new HostTable();
    expect(phoneScreen(viewFor(table.state, 8)).kind).toBe("deal");
    const kinds = new Set<string>();
    for (let i = 0; i < 80 && table.state.phase.kind !== "ended"; i++) {
      kinds.add(phoneScreen(viewFor(table.state, 8)).kind);
      step(table);
    }
    expect(kinds).toContain("night");
    expect(kinds).toContain("day");
  });

  it("at night, every living player not called now sees the very same screen, whatever his card", () => {
    const table = new HostTable();
    let compared = 0;
    let called = 0;
    for (let i = 0; i < 120 && table.state.phase.kind !== "ended"; i++) {
      const host = table.view;
      if (host.phase.kind === "night") {
        const screens = living(host).map((seat) => ({ seat, view: viewFor(table.state, seat) }));
        const idle = screens.filter((s) => !s.view.you?.awaited);
        const civilian = idle.find((s) => s.view.you?.card === "civilian");
        expect(civilian).toBeDefined();
        const model = phoneScreen(civilian?.view as View);
        expect(model.kind).toBe("night");
        expect(model.choice).toBeNull();
        for (const s of idle) {
          expect(phoneScreen(s.view), `seat ${s.seat} (${s.view.you?.card})`).toEqual(model);
          compared++;
        }
        for (const s of screens.filter((x) => x.view.you?.awaited)) {
          const screen = phoneScreen(s.view);
          expect(screen.kind).toBe("night");
          expect(screen.choice).not.toBeNull();
          // The picker offers exactly the seat's legal actions.
          const offered = screen.choice?.options.map((o) => o.command) ?? [];
          expect(offered).toHaveLength(s.view.actions.length);
          for (const action of s.view.actions) expect(offered).toContainEqual(bodyOf(action));
          called++;
        }
      }
      step(table);
    }
    expect(compared).toBeGreaterThan(20);
    expect(called).toBeGreaterThan(2);
  });

  it("the commissar's checks and a mafioso's partners are on the held card only", () => {
    const table = new HostTable();
    let checked = false;
    for (let i = 0; i < 120 && !checked; i++) {
      step(table);
      const view = viewFor(table.state, 5);
      if (view.you && view.you.checks.length > 0 && !view.you.awaited) {
        const facts = cardFacts(view);
        expect(facts?.card).toBe("commissar");
        expect(facts?.lines.some((l) => l.key.startsWith("phone.check."))).toBe(true);
        expect(JSON.stringify(phoneScreen(view))).not.toContain("phone.check.");
        checked = true;
      }
    }
    expect(checked).toBe(true);
    const don = cardFacts(viewFor(table.state, 1));
    expect(don?.card).toBe("don");
    expect(don?.lines.filter((l) => l.key === "phone.partner").map((l) => l.card)).toEqual([
      "mafia",
      "mafia",
    ]);
  });

  it("a vote offers only the legal targets, each with its confirmation", () => {
    const table = new HostTable();
    const base = viewFor(table.state, 3);
    const actions: Action[] = [2, 7, 9].map((target) => ({ actor: 3, type: "vote", voter: 3, target }));
    const view: View = {
      ...base,
      phase: {
        ...base.phase,
        kind: "day",
        n: 1,
        step: "voting",
        current: 3,
        queue: [3],
        candidates: [2, 7, 9],
      },
      actions,
    };
    const screen = phoneScreen(view);
    expect(screen.kind).toBe("day");
    expect(screen.lines).toContainEqual({ key: "phone.day.yourVote" });
    expect(screen.choice?.options.map((o) => o.command)).toEqual([
      { type: "vote", voter: 3, target: 2 },
      { type: "vote", voter: 3, target: 7 },
      { type: "vote", voter: 3, target: 9 },
    ]);
    expect(screen.choice?.options[1]?.confirm).toEqual({ key: "phone.confirm.vote", params: { n: 7 } });
  });

  it("shows fouls and their effects on the player", () => {
    const table = new HostTable();
    const base = viewFor(table.state, 4);
    const seats = base.seats.map((s) => (s.seat === 4 ? { ...s, fouls: 3, muted: true, noVote: false } : s));
    const keys = phoneScreen({ ...base, seats }).status.map((l) => l.key);
    expect(keys).toEqual(["phone.you.fouls", "phone.you.muted"]);
  });

  it("the lift-all vote, the grave and the rating answer with yes/no or seats", () => {
    const table = new HostTable();
    const base = viewFor(table.state, 1);
    const lift = choiceOf({
      ...base,
      actions: [
        { actor: 1, type: "liftVote", voter: 1, yes: true },
        { actor: 1, type: "liftVote", voter: 1, yes: false },
      ],
    });
    expect(lift?.options.map((o) => o.label.key)).toEqual(["phone.lift.yes", "phone.lift.no"]);
    const grave = choiceOf({
      ...base,
      actions: [null, 4, 2].map((target) => ({ actor: 1, type: "grave", seat: 1, target })),
    });
    expect(grave?.options.map((o) => o.label)).toEqual([
      { key: "phone.seat", params: { n: 2 } },
      { key: "phone.seat", params: { n: 4 } },
      { key: "phone.grave.none" },
    ]);
    const rating = choiceOf({
      ...base,
      actions: [{ actor: 1, type: "ratingVote", voter: 1, candidate: null }],
    });
    expect(rating?.options[0]?.label).toEqual({ key: "phone.abstain" });
  });

  it("every key the screen model can name is in the phone's dictionary", () => {
    const en = translator(PHONE_STRINGS.en);
    const keys = [
      ...["don", "mafia", "prostitute", "commissar", "doctor", "maniac", "civilian"].flatMap((c) => [
        `phone.rule.${c}`,
        `phone.night.pick.${c}`,
      ]),
      ...["choose", "vote", "grave", "nominate", "rating"].flatMap((k) => [
        `phone.confirm.${k}`,
        `phone.confirm.${k}.none`,
      ]),
      ...["note", "lift", "contest"].flatMap((k) => [
        `phone.${k}.yes`,
        `phone.${k}.no`,
        `phone.${k}.confirm.yes`,
        `phone.${k}.confirm.no`,
      ]),
    ];
    for (const key of keys) expect(en(key), key).not.toBe(key);
    expect(SEATS).toHaveLength(12);
  });
});

describe("joining", () => {
  it("keeps only well-formed seats", () => {
    expect(parseSeats(null)).toEqual({});
    expect(parseSeats("not json")).toEqual({});
    expect(
      parseSeats(
        JSON.stringify({ a: { table: "a", seat: 3, token: "x" }, b: { table: "c", seat: 1, token: "y" } }),
      ),
    ).toEqual({ a: { table: "a", seat: 3, token: "x" } });
  });

  it("cleans a typed code and builds the join link", () => {
    expect(cleanCode(" ab3-k 9z ")).toBe("AB3K9Z");
    expect(joinLink("https://club.example", "AB3K9Z")).toBe("https://club.example/join/AB3K9Z");
  });
});

describe("phone routes", () => {
  it("reads /join, /join/:code and /seat/:table", () => {
    expect(matchRoute("/join")).toEqual({ name: "join", code: null });
    expect(matchRoute("/join/AB3K9Z")).toEqual({ name: "join", code: "AB3K9Z" });
    expect(matchRoute("/seat/t1")).toEqual({ name: "seat", id: "t1" });
  });
});
