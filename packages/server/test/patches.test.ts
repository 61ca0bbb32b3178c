// A view pushed as a patch (src/realtime/view-text.ts, hub.ts) gives a viewer nothing its whole
// view would not: through a whole game, every member a patch sets is that viewer's own view's
// member, equal to it, and the view a client builds from its patches is exactly its whole view.
// Each phone and the spectator are followed from the table's first view to its end.

import { type Seat, stateOf, type Viewer, viewFor } from "@misto/engine/testing";
import type { ServerMessage } from "@misto/protocol";
import { type HeldView, patched } from "@misto/protocol";
import { describe, expect, it } from "vitest";
import { Hub, type Subscriber, type Watcher } from "../src/realtime/hub.js";
import { patchText, TextMemo, viewText } from "../src/realtime/view-text.js";
import { TableService } from "../src/tables/service.js";
import { CARDS, nextAction, SEATS } from "./helpers/api.js";
import { memoryStore } from "./helpers/memory-store.js";

const HOST = {
  id: "h",
  name: "H",
  login: "host",
  role: "host",
  passwordHash: "x",
  createdAt: 1,
  personId: null,
} as const;

/** A subscriber that keeps every message as sent (JSON text). */
function recorder(): Subscriber & { readonly sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    send: (message: ServerMessage) => sent.push(JSON.stringify(message)),
    sendJson: (json: string) => sent.push(json),
  };
}

describe("a view patch", () => {
  it("is cut from the viewer's own view text: a member or its elements set are the new view's, one gone is unset", () => {
    const from = viewText({ a: 1, b: { c: [1, 2] }, gone: "x", none: undefined });
    const to = viewText({ a: 1, b: { c: [1, 3] }, added: null });
    expect(from.json).toBe(JSON.stringify({ a: 1, b: { c: [1, 2] }, gone: "x" }));
    expect(JSON.parse(`{${patchText(from, to)}}`)).toEqual({
      set: { b: { c: [1, 3] }, added: null },
      unset: ["gone"],
    });
    // A long member that kept its shape: only its changed elements, and of those only their changed children.
    const seats = (n: number) =>
      Array.from({ length: 12 }, (_, i) => ({ seat: i + 1, votes: i === 3 ? n : 0 }));
    const patch = JSON.parse(`{${patchText(viewText({ seats: seats(0) }), viewText({ seats: seats(2) }))}}`);
    expect(patch).toEqual({ set: {}, deep: { seats: { "3": { votes: 2 } } } });
    expect(
      patched(
        { seq: 1, view: { seats: seats(0) } as never },
        { ...patch, type: "patch", table: "t", base: 1, seq: 2 },
      )?.view,
    ).toEqual({ seats: seats(2) });
    // A list that grew (a speech appended): only its new element; one that shrank is sent whole.
    const said = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ seat: (i % 12) + 1, text: `line ${i}` }));
    const grown = JSON.parse(
      `{${patchText(viewText({ speeches: said(9) }), viewText({ speeches: said(10) }))}}`,
    );
    expect(grown).toEqual({ set: {}, sub: { speeches: { "9": { seat: 10, text: "line 9" } } } });
    expect(
      patched(
        { seq: 1, view: { speeches: said(9) } as never },
        { ...grown, type: "patch", table: "t", base: 1, seq: 2 },
      )?.view,
    ).toEqual({
      speeches: said(10),
    });
    const shrunk = JSON.parse(
      `{${patchText(viewText({ speeches: said(10) }), viewText({ speeches: said(9) }))}}`,
    );
    expect(shrunk).toEqual({ set: { speeches: said(9) } });
    expect(viewText({ a: [1, undefined], b: { x: undefined, y: 1 } }).json).toBe(
      JSON.stringify({ a: [1, undefined], b: { x: undefined, y: 1 } }),
    );
  });

  it("is the same text through a TextMemo: a place reuses its text only while its object is the same", () => {
    const memo = new TextMemo();
    const shared = { seat: 1, card: null };
    const votes = [{ voter: 1 }];
    const views = [
      { seats: [shared, { seat: 2, card: null }], votings: votes, phase: { n: 1 } },
      { seats: [shared, { seat: 2, card: "don" }], votings: votes, phase: { n: 1 } },
      {
        seats: [
          { seat: 1, card: "mafia" },
          { seat: 2, card: null },
        ],
        votings: [...votes, { voter: 2 }],
        phase: null,
      },
      { seats: [shared, { seat: 2, card: null }], votings: votes, phase: { n: 2 } },
    ];
    for (const view of views) expect(viewText(view, memo).json).toBe(JSON.stringify(view));
  });

  it("reuses a viewer's own text, made anew each time, only for the same JSON with its keys in order", () => {
    const memo = new TextMemo();
    // Each view a new object tree, as the engine makes `you` and `actions` at every change.
    const views = [
      { you: { seat: 1, checks: [{ n: 1, black: true }] }, actions: [{ type: "vote", target: 2 }] },
      { you: { seat: 1, checks: [{ n: 1, black: true }] }, actions: [{ type: "vote", target: 2 }] },
      { you: { checks: [{ n: 1, black: true }], seat: 1 }, actions: [{ target: 2, type: "vote" }] },
      { you: { checks: [{ n: 1, black: false }], seat: 1, x: undefined }, actions: [{ type: "vote" }, null] },
      { you: { checks: [{ n: 1, black: false }], seat: 1, x: null }, actions: [{ type: "vote" }, null] },
      { you: { checks: [[1]], seat: 1, x: null }, actions: [[]] },
      { you: { checks: [{ 0: 1 }], seat: 1, x: null }, actions: [{}] },
      { you: { checks: [{ 0: 1 }], seat: 1, x: null }, actions: [{}] },
    ];
    for (const view of views) expect(viewText(view, memo, 1).json).toBe(JSON.stringify(view));
  });

  it("never carries a member the viewer's whole view would not, through a whole game", async () => {
    const store = memoryStore();
    await store.createHost(HOST);
    const tables = new TableService(store);
    const hub = new Hub(tables);
    const made = await tables.create(HOST, { seats: SEATS, deal: { cards: CARDS as never } });
    const viewers: { as: Watcher; viewer: Viewer; sub: ReturnType<typeof recorder> }[] = [
      ...Array.from({ length: 12 }, (_, i) => {
        const seat = (i + 1) as Seat;
        return { as: { seat }, viewer: seat, sub: recorder() };
      }),
      { as: "spectator", viewer: "spectator", sub: recorder() },
    ];
    await tables.with(made.id, (table) => {
      for (const v of viewers) if (table) hub.subscribe(table, v.sub, v.as);
    });
    const held = viewers.map((): HeldView | null => null);
    const read = viewers.map(() => 0);
    let patches = 0;
    let seq = 1;
    for (let step = 0; step < 3000; step++) {
      const table = await tables.get(made.id);
      if (!table || stateOf(table.state).phase.kind === "closed") break;
      const action = nextAction(stateOf(table.state), (n) => (step * 7919) % n);
      if (!action) break;
      seq = (await tables.command(made.id, { id: `c${step}`, seq, command: action as never })).seq;
      const after = await tables.get(made.id);
      if (!after) throw new Error("no table");
      for (const [i, v] of viewers.entries()) {
        const whole = JSON.parse(JSON.stringify(viewFor(after.state, v.viewer))) as Record<string, unknown>;
        for (const text of v.sub.sent.slice(read[i])) {
          const message = JSON.parse(text) as ServerMessage;
          if (message.type === "view") held[i] = { seq: message.seq, view: message.view };
          else if (message.type === "patch") {
            patches++;
            // Every member set is the viewer's own, as its whole view holds it now.
            for (const [key, value] of Object.entries(message.set)) {
              expect(Object.hasOwn(whole, key), `${String(v.viewer)}: ${key}`).toBe(true);
              expect(value, `${String(v.viewer)}: ${key}`).toEqual(whole[key]);
            }
            for (const [key, elements] of Object.entries(message.sub ?? {})) {
              const member = whole[key] as Record<string, unknown>;
              expect(Object.hasOwn(whole, key), `${String(v.viewer)}: ${key}`).toBe(true);
              for (const [element, value] of Object.entries(elements ?? {})) {
                expect(Object.hasOwn(member, element), `${String(v.viewer)}: ${key}.${element}`).toBe(true);
                expect(value, `${String(v.viewer)}: ${key}.${element}`).toEqual(member[element]);
              }
            }
            for (const [key, elements] of Object.entries(message.deep ?? {})) {
              const member = whole[key] as Record<string, Record<string, unknown>>;
              for (const [element, children] of Object.entries(elements ?? {}))
                for (const [child, value] of Object.entries(children)) {
                  const where = `${String(v.viewer)}: ${key}.${element}.${child}`;
                  expect(Object.hasOwn(member[element] ?? {}, child), where).toBe(true);
                  expect(value, where).toEqual(member[element]?.[child]);
                }
            }
            for (const key of message.unset ?? []) expect(Object.hasOwn(whole, key)).toBe(false);
            held[i] = patched(held[i] ?? null, message);
            expect(held[i], `${String(v.viewer)}: a patch from a seq it holds`).not.toBeNull();
          }
        }
        read[i] = v.sub.sent.length;
        expect(held[i]?.view, `${String(v.viewer)} after step ${step}`).toEqual(whole);
      }
    }
    const last = await tables.get(made.id);
    expect(last && stateOf(last.state).phase.kind).toBe("closed");
    expect(patches).toBeGreaterThan(100);
  }, 60_000);
});
