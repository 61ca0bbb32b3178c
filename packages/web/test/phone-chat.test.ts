// The phone's chat model: the input opens exactly when the engine would take the seat's line, the
// reason is worded for every rule, the floor is shown to everyone, and the out chat is kept in order.

import { type Action, decide, type Seat, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { CHAT_STRINGS } from "../src/i18n/core.js";
import {
  cityEntries,
  cityFloor,
  draftProblem,
  floorLine,
  floorTimer,
  MAX_SPEECH_LENGTH,
  mergeOutChat,
  outEntries,
  outFloor,
  showsOutChat,
} from "../src/phone/chat.js";
import { HostTable } from "./game-helpers.js";

const SEATS: Seat[] = Array.from({ length: 12 }, (_, i) => i + 1);
const line = (n: number, seat = 9) => ({ n, seat, at: n, text: `line ${n}` });

/** Plays on as the host: every awaited seat answers with its last legal action. */
function step(table: HostTable): void {
  const awaited = table.view.host?.awaiting.find((a) => a !== "host");
  if (typeof awaited === "number") {
    const actions = viewFor(table.state, awaited).actions;
    table.must({ ...(actions[actions.length - 1] as Action), actor: "host" });
  } else table.advance();
}

describe("the city chat's floor", () => {
  it("FOUL-1 DAY-2 FOUL-4 the input opens exactly when the engine takes the line, with a worded reason otherwise", () => {
    const table = new HostTable({ tieRule: "allTied" });
    const seen = new Set<string>();
    // Seat 4 is muted (FOUL-4) from the start.
    for (let i = 0; i < 3; i++)
      table.must({ actor: "host", type: "foul", seat: 4, reason: "arguing" } as never);
    for (let n = 0; n < 160 && table.state.phase.kind !== "ended"; n++) {
      for (const seat of SEATS) {
        const view = viewFor(table.state, seat);
        const floor = cityFloor(view);
        const decision = decide(table.state, { actor: seat, type: "speak", seat, text: "x", at: 1 });
        expect(floor.may, `seat ${seat} at ${view.phase.kind}/${view.phase.step}`).toBe(decision.ok);
        if (!floor.may) {
          expect(CHAT_STRINGS.en[floor.reason.key], floor.reason.key).toBeDefined();
          seen.add(floor.reason.key);
        }
      }
      step(table);
    }
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        "chat.silenced.deal",
        "chat.silenced.muted",
        "chat.silenced.night",
        "chat.silenced.out",
        "chat.silenced.turn",
        "chat.silenced.vote",
      ]),
    );
  });

  it("DAY-2 every player sees who has the floor and the step's timer; at night the same for everyone", () => {
    const table = new HostTable().advance(2);
    const views = SEATS.map((seat) => viewFor(table.state, seat));
    expect(floorLine(views[4] as never)).toEqual({ key: "chat.floor.seat", params: { n: 1 } });
    expect(floorLine(views[0] as never)).toEqual({ key: "chat.floor.you", params: { n: 1 } });
    expect(floorTimer(views[4] as never)).toEqual({ seconds: 30, since: table.state.stepSince });
    const spectator = viewFor(table.state, "spectator");
    expect(floorLine(spectator)).toEqual({ key: "chat.floor.seat", params: { n: 1 } });
    while (table.state.phase.kind !== "night") step(table);
    const night = SEATS.filter((s) => table.state.seats[s - 1]?.out === null).map((seat) =>
      JSON.stringify([floorLine(viewFor(table.state, seat)), cityFloor(viewFor(table.state, seat))]),
    );
    expect(new Set(night).size).toBe(1);
    expect(floorTimer(viewFor(table.state, 1))).toBeNull();
  });

  it("DAY-1 the city's speeches are listed in order with the speaker's seat and name", () => {
    const table = new HostTable().advance();
    table.must({ actor: 8, type: "speak", seat: 8, text: "I am a civilian" } as never);
    table.must({ actor: 2, type: "speak", seat: 2, text: "So am I" } as never);
    const entries = cityEntries(viewFor(table.state, 2));
    expect(entries.map((e) => [e.seat, e.name, e.text, e.mine])).toEqual([
      [8, "Andrii", "I am a civilian", false],
      [2, "Taras", "So am I", true],
    ]);
  });
});

describe("the out chat", () => {
  it("keeps lines in order, once each; a full push replaces what was held", () => {
    let held = mergeOutChat([], { full: true, lines: [line(1), line(2)] });
    held = mergeOutChat(held, { full: false, lines: [line(4)] });
    held = mergeOutChat(held, { full: false, lines: [line(3), line(4)] });
    expect(held.map((l) => l.n)).toEqual([1, 2, 3, 4]);
    expect(mergeOutChat(held, { full: true, lines: [] })).toEqual([]);
  });

  it("NIGHT-14 is open to a seat out of the game, shown as a tab to it, closed to the living and after the result", () => {
    const table = new HostTable().advance();
    table.must({ actor: "host", type: "disqualify", seat: 9 } as never);
    const out = viewFor(table.state, 9);
    const living = viewFor(table.state, 8);
    expect(outFloor(out)).toEqual({ may: true });
    expect(showsOutChat(out, [])).toBe(true);
    expect(outFloor(living)).toEqual({ may: false, reason: { key: "chat.out.living" } });
    expect(showsOutChat(living, [])).toBe(false);
    expect(outEntries(out, [line(1)])).toMatchObject([
      { seat: 9, name: "Sofiia", text: "line 1", mine: true },
    ]);
    for (const seat of [1, 2, 3, 4] as Seat[])
      table.must({ actor: "host", type: "disqualify", seat } as never);
    table.must({ actor: "host", type: "announceResult" } as never);
    const after = viewFor(table.state, 8);
    expect(showsOutChat(after, [line(1)])).toBe(true);
    expect(outFloor(viewFor(table.state, 9))).toEqual({ may: false, reason: { key: "chat.out.over" } });
  });

  it("a draft is sent trimmed, never blank, never over the limit", () => {
    expect(draftProblem("  ")).toBe("blank");
    expect(draftProblem(` ${"x".repeat(MAX_SPEECH_LENGTH)} `)).toBeNull();
    expect(draftProblem("x".repeat(MAX_SPEECH_LENGTH + 1))).toBe("tooLong");
  });
});
