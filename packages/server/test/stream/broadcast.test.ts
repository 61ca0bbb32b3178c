// The broadcast view (docs/club-nights.md "The broadcast view"): only a signed-in host or the
// administration gets it (401 without a session, 403 for a member, 403 at an online table), and
// the server holds every frame back: each answer shows the game as it stood the delay ago, never a
// step the delay has not passed since it happened and since the server got it (an offline console's
// steps arrive with old times), and every seat's card beside the spectators' view of that moment.

import { type GameEvent, replay, viewFor } from "@misto/engine/testing";
import type { BroadcastAnswer } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addHost,
  addMember,
  CARDS,
  commandId,
  type Harness,
  harness,
  newTable,
  nextAction,
  send,
  setUpClub,
  tableState,
} from "../helpers/api.js";
import { BACKENDS } from "../helpers/backends.js";
import { newOnlineTable } from "../helpers/online.js";

/** A short delay, so the test sees frames come due. */
const DELAY_MS = 1200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(BACKENDS.filter((b) => b.name !== "memory"))("the broadcast view on $name", (backend) => {
  let h: Harness;
  let admin: string;
  let host: string;
  let member: string;

  beforeAll(async () => {
    h = await harness(backend, undefined, undefined, { broadcastDelayMs: DELAY_MS });
    admin = await setUpClub(h);
    host = await addHost(h, admin);
    member = await addMember(h, admin, "Mila", "mila");
  });
  afterAll(() => h.close());

  const frame = (table: string, cookie?: string) =>
    h.app.inject({
      method: "GET",
      url: `/api/tables/${table}/broadcast`,
      headers: cookie ? { cookie } : {},
    });

  it("refuses anyone but a host or the administration, and an online table", async () => {
    const { id } = await newTable(h, host);
    const anonymous = await frame(id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe("signed_out");
    expect((await frame(id, "misto_session=forged")).statusCode).toBe(401);
    const refused = await frame(id, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("forbidden");
    for (const body of [anonymous.body, refused.body])
      for (const card of ["don", "mafia"]) expect(body).not.toContain(card);
    expect((await frame(id, host)).statusCode).toBe(200);
    expect((await frame(id, admin)).statusCode).toBe(200);
    expect((await frame("no-such-table", host)).statusCode).toBe(404);
    const online = await newOnlineTable(h, host);
    const closed = await frame(online.id, host);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toBe("online");
  });

  it("holds each frame back the delay: nothing newer than the delay ago, then the cards of that moment", async () => {
    const before = Date.now();
    const { id } = await newTable(h, host);
    // The deal is newer than the delay: nothing at all yet.
    const first = (await frame(id, host)).json() as BroadcastAnswer;
    expect(first).toMatchObject({ table: id, delay: 1, view: null, shownAt: null, cards: [] });

    // A few steps, each as it happens; every answer meanwhile is judged against the stored events.
    const steps: number[] = [];
    let { state, seq } = await tableState(h, host, id);
    const polled: { asked: number; answer: BroadcastAnswer }[] = [];
    const poll = async () => {
      const asked = Date.now();
      polled.push({ asked, answer: (await frame(id, host)).json() as BroadcastAnswer });
    };
    for (let i = 0; i < 6; i++) {
      const action = nextAction(state);
      if (!action) break;
      steps.push(Date.now());
      const res = await send(h, host, id, { id: commandId(), seq, command: action });
      expect(res.statusCode, res.body).toBe(200);
      ({ state, seq } = await tableState(h, host, id));
      await poll();
      await sleep(250);
      await poll();
    }
    const events = (await h.store.readEvents(id)).map((e) => e.event);
    // Polled on until the last step is due (bounded).
    while (Date.now() < (events.at(-1) as GameEvent).at + DELAY_MS + 300) {
      await poll();
      await sleep(150);
    }
    let shown = 0;
    for (const { asked, answer } of polled) {
      if (answer.view === null) {
        expect(asked, "no frame, though the deal is older than the delay").toBeLessThan(
          (events[0] as GameEvent).at + DELAY_MS + 200,
        );
        continue;
      }
      shown++;
      // The frame is the game at its last shown event: the spectators' view then, and the deal.
      const upTo = events.map((e) => e.at).lastIndexOf(answer.shownAt as number);
      expect(upTo).toBeGreaterThanOrEqual(0);
      const then = replay(events.slice(0, upTo + 1));
      expect(answer.view).toEqual(JSON.parse(JSON.stringify(viewFor(then, "spectator"))));
      expect(answer.cards).toEqual([...CARDS]);
      // Never an event the delay has not passed: the server's answer came after it was due.
      expect(answer.shownAt as number).toBeLessThanOrEqual(Date.now() - DELAY_MS);
      for (const [i, event] of events.entries()) {
        if (i <= upTo) continue;
        // Not shown, though older than the delay when asked, would only be late, never early.
        expect(event.at + DELAY_MS, `event ${i + 1} held back`).toBeGreaterThan(asked - 200);
        break;
      }
    }
    expect(shown).toBeGreaterThan(0);
    // The first frame came no earlier than the delay after the deal.
    const firstShown = polled.find((p) => p.answer.view !== null);
    expect((firstShown?.asked ?? 0) + 50).toBeGreaterThanOrEqual(before + DELAY_MS);
    // …and at last every step is there.
    const last = (await frame(id, host)).json() as BroadcastAnswer;
    expect(last.shownAt).toBe((events.at(-1) as GameEvent).at);
  });

  it("holds a step sent with an old time (an offline console catching up) from when it arrived", async () => {
    const { id } = await newTable(h, host);
    await sleep(DELAY_MS + 100);
    const dealt = (await frame(id, host)).json() as BroadcastAnswer;
    expect(dealt.view?.phase.kind).toBe("deal");
    const { state, seq } = await tableState(h, host, id);
    const action = nextAction(state);
    // The step happened an hour ago (by its own time) and reaches the server only now.
    const old = Date.now() - 3_600_000;
    const arrived = Date.now();
    const res = await send(h, host, id, { id: commandId(), seq, command: { ...action, at: old } });
    expect(res.statusCode, res.body).toBe(200);
    const soon = (await frame(id, host)).json() as BroadcastAnswer;
    expect(soon.shownAt).toBe(dealt.shownAt);
    expect(soon.view).toEqual(dealt.view);
    await sleep(DELAY_MS / 2);
    expect(((await frame(id, host)).json() as BroadcastAnswer).shownAt).toBe(dealt.shownAt);
    await sleep(DELAY_MS / 2 + 200);
    const later = (await frame(id, host)).json() as BroadcastAnswer;
    expect(Date.now()).toBeGreaterThanOrEqual(arrived + DELAY_MS);
    expect(later.shownAt).toBe(old);
  });
});
