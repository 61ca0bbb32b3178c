// The phone's screen model: which screen a view maps to, that a night screen tells nothing about a
// role that is not called now, and that every answer offered is one of the seat's legal actions.

import { type Action, type View, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { matchRoute } from "../src/app/routes.js";
import { translator } from "../src/game/tr.js";
import { PHONE_STRINGS } from "../src/i18n/core.js";
import type { Key } from "../src/i18n/types.js";
import { cleanCode, joinLink } from "../src/phone/join.js";
import { bodyOf, cardFacts, choiceOf, type PhoneScreen, phoneScreen } from "../src/phone/screen.js";
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

/** What an onlooker can read on a night screen (the buttons' words, not what they send). */
function visible(screen: PhoneScreen) {
  const { kind, title, lines, timer, choice } = screen;
  const options = choice?.options.map((o) => ({ label: o.label, confirm: o.confirm, disabled: o.disabled }));
  return { kind, title, lines, timer, id: choice?.id, prompt: choice?.prompt, options };
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

  it("the winner stays on the phone once the table is closed", () => {
    const table = new HostTable();
    for (let i = 0; i < 400 && table.state.phase.kind !== "closed"; i++) {
      const legal = table.view.actions.find((a) => a.type === "announceResult" || a.type === "closeRating");
      if (legal) table.must(legal);
      else if (table.state.phase.kind === "rating") {
        const close = table.view.actions.find((a) => a.type === "closeNominations");
        if (close) table.must(close);
        else step(table);
      } else step(table);
    }
    expect(table.state.phase.kind).toBe("closed");
    const screen = phoneScreen(viewFor(table.state, 8));
    expect(screen.kind).toBe("closed");
    expect(screen.lines).toEqual([{ key: `winner.${table.state.result?.winner}` }]);
  });

  it("at night every living player sees the same screen, called or not, whatever his card", () => {
    const table = new HostTable();
    let compared = 0;
    let called = 0;
    for (let i = 0; i < 120 && table.state.phase.kind !== "ended"; i++) {
      const host = table.view;
      if (host.phase.kind === "night") {
        const screens = living(host).map((seat) => ({ seat, view: viewFor(table.state, seat) }));
        const civilian = screens.find((s) => s.view.you?.card === "civilian" && s.view.actions.length === 0);
        const model = phoneScreen(civilian?.view as View);
        expect(model.kind).toBe("night");
        expect(model.choice?.options).toHaveLength(13);
        // Not called: every living seat and "skip" can be picked, and no pick sends anything.
        expect(model.choice?.options.every((o) => o.command === null)).toBe(true);
        expect(model.choice?.options.filter((o) => !o.disabled)).toHaveLength(living(host).length + 1);
        for (const s of screens) {
          const screen = phoneScreen(s.view);
          const who = `seat ${s.seat} (${s.view.you?.card})`;
          // What an onlooker sees: the same words, the same thirteen buttons, the same question.
          expect(visible(screen), who).toEqual(visible(model));
          expect(JSON.stringify(screen), who).not.toContain("phone.check.");
          if (s.view.actions.length === 0) {
            expect(screen, who).toEqual(model);
            compared++;
            continue;
          }
          // Called: the picks that send something are exactly the seat's legal actions.
          const sent = screen.choice?.options.flatMap((o) => (o.command ? [o.command] : [])) ?? [];
          const legal = s.view.actions.map(bodyOf);
          for (const command of sent) expect(legal, who).toContainEqual(command);
          for (const command of legal) expect(sent, who).toContainEqual(command);
          // A pick the rules refuse (himself, a partner; any pick of a frozen chooser) is taken, not greyed.
          for (const [i, o] of (screen.choice?.options ?? []).entries())
            expect(o.disabled === true, `${who} slot ${i + 1}`).toBe(i < 12 && !living(host).includes(i + 1));
          called++;
        }
      }
      step(table);
    }
    expect(compared).toBeGreaterThan(20);
    expect(called).toBeGreaterThan(2);
  });

  it("NIGHT-5 the lone prostitute's held card asks the mafia's question when she shoots", () => {
    const table = new HostTable({ firstPhase: "night" });
    // The deck's order: seat 1 the Don, 2 and 3 the mafia, 4 the prostitute; out once the deal ends.
    table.advance();
    for (const seat of [1, 2, 3]) table.must({ actor: "host", type: "disqualify", seat });
    const asked: string[] = [];
    for (let i = 0; i < 60 && asked.length < 2; i++) {
      const view = viewFor(table.state, 4);
      if (view.phase.kind === "night" && view.you?.awaited) {
        const key = cardFacts(view)?.lines[1]?.key;
        if (key && asked.at(-1) !== key) asked.push(key);
      }
      step(table);
    }
    expect(asked).toEqual(["phone.night.pick.prostitute", "phone.night.pick.mafia"]);
  });

  it("the held card says whether the pick counts now and what it does", () => {
    const table = new HostTable();
    let notes = 0;
    let frozen = 0;
    for (let i = 0; i < 120 && table.state.phase.kind !== "ended"; i++) {
      if (table.state.phase.kind === "night") {
        for (const seat of living(table.view)) {
          const view = viewFor(table.state, seat);
          const keys = cardFacts(view)?.lines.map((l) => l.key) ?? [];
          if (view.actions.length === 0) {
            expect(keys[0]).toBe("phone.night.notCalled");
            continue;
          }
          expect(keys[0]).toBe("phone.night.called");
          if (keys.includes("phone.night.frozen")) frozen++;
          const note = view.actions.find((a) => a.type === "note");
          if (!note) continue;
          // NIGHT-12: the commissar's note is picked on the same grid: his check's seat leaves it.
          notes++;
          const check = view.you?.checks.find((c) => c.night === view.phase.n);
          expect(keys[1]).toBe("phone.note.how");
          const options = choiceOf(view)?.options ?? [];
          expect(options[(check?.target ?? 0) - 1]?.command).toEqual({ type: "note", seat, leave: true });
          expect(options[12]?.command).toEqual({ type: "note", seat, leave: false });
          expect(options.filter((o) => o.command !== null)).toHaveLength(2);
        }
      }
      step(table);
    }
    expect(notes).toBeGreaterThan(0);
    expect(frozen + notes).toBeGreaterThan(0);
  });

  it("a pick the rules refuse is taken and ignored, and a frozen chooser's pick is his skip", () => {
    const table = new HostTable({ firstPhase: "night" });
    // The deck's order: seat 1 the Don, 2 and 3 the mafia, 4 the prostitute, 6 the doctor.
    const awake = (role: string) => table.view.host?.script?.role === role;
    for (let i = 0; i < 10 && !awake("prostitute"); i++) table.advance();
    table.must({ actor: "host", type: "choose", seat: 4, target: 6 });
    expect(awake("doctor")).toBe(true);
    const doctor = viewFor(table.state, 6);
    const frozen = choiceOf(doctor)?.options ?? [];
    expect(frozen.filter((o) => o.disabled)).toEqual([]);
    for (const o of frozen) expect(o.command).toEqual({ type: "choose", seat: 6, target: null });
    expect(cardFacts(doctor)?.lines.map((l) => l.key)).toContain("phone.night.frozen");
    table.must({ actor: "host", type: "choose", seat: 6, target: null });
    expect(awake("mafia")).toBe(true);
    const don = viewFor(table.state, 1);
    const options = choiceOf(don)?.options ?? [];
    expect(options.filter((o) => o.disabled)).toEqual([]);
    // NIGHT-9: not the shooter himself: picked like any other seat, it sends nothing.
    expect(options[0]?.command).toBeNull();
    expect(options[4]?.command).toEqual({ type: "choose", seat: 1, target: 5 });
    expect(options.filter((o) => o.command === null)).toHaveLength(1);
    expect(cardFacts(don)?.lines).toContainEqual({ key: "phone.night.refused", params: { list: "1" } });
  });

  it("one night is one question: being called does not drop a pick being confirmed", () => {
    const table = new HostTable();
    let called = 0;
    for (let i = 0; i < 60 && table.state.phase.kind !== "ended"; i++) {
      const n = table.view.phase.n;
      if (table.view.phase.kind === "night")
        for (const seat of living(table.view)) {
          const view = viewFor(table.state, seat);
          if (view.actions.length > 0) called++;
          expect(choiceOf(view)?.id, `seat ${seat}`).toBe(`night-${n}`);
        }
      step(table);
    }
    expect(called).toBeGreaterThan(2);
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
      ...["vote", "grave", "nominate", "rating"].flatMap((k) => [
        `phone.confirm.${k}`,
        `phone.confirm.${k}.none`,
      ]),
      ...["night.line", "night.prompt", "night.confirm", "night.confirm.none", "night.done"].map(
        (k) => `phone.${k}`,
      ),
      ...[
        "night.called",
        "night.notCalled",
        "night.frozen",
        "night.stopped",
        "night.refused",
        "note.how",
      ].map((k) => `phone.${k}`),
      ...["lift", "contest"].flatMap((k) => [
        `phone.${k}.yes`,
        `phone.${k}.no`,
        `phone.${k}.confirm.yes`,
        `phone.${k}.confirm.no`,
      ]),
    ];
    for (const key of keys) expect(en(key as Key), key).not.toBe(key);
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
