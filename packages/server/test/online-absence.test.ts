// Nobody stalls an online table (docs/api.md "Absence"): a player who misses his deadlines, or
// whose phone stays away past the grace time, is played by a bot, everyone is told, and he takes
// his seat back by subscribing with his seat token again. Real SQLite file, real WebSockets; the
// deadlines are the table's own settings, short.

import { type GameEvent, seededRandom } from "@misto/engine";
import type { ServerMessage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHost, CARDS, type Harness, harness, listening, SEATS, setUpClub } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";
import { stored, waitFor } from "./helpers/online.js";
import { join, joinSeat, nextOf } from "./helpers/phones.js";
import { type Client, Clients } from "./helpers/ws.js";

type Away = Extract<ServerMessage, { type: "away" }>;

const RUNNER = {
  pauseMs: 2,
  passMs: 2,
  botDelayMs: [1, 4] as const,
  stepMs: () => 15,
  typingMs: () => 1,
  random: seededRandom("absence"),
};

describe("absent players at an online table", () => {
  let h: Harness;
  let host: string;
  let base: string;
  const clients = new Clients();

  beforeAll(async () => {
    h = await harness(sqlite, undefined, RUNNER);
    host = await addHost(h, await setUpClub(h));
    base = await listening(h.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  async function table(onlineSettings: Record<string, unknown>, settings: Record<string, unknown> = {}) {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: {
        title: "Absence",
        settings,
        seats: SEATS,
        deal: { cards: CARDS },
        online: true,
        onlineSettings,
      },
    });
    return res;
  }

  async function open(id: string, code: string, seat: number) {
    const token = await joinSeat(h, code, seat);
    const phone = await clients.open(base);
    phone.send({ type: "subscribe", table: id, as: "seat", token });
    await nextOf(phone, ["view"]);
    const spectator = await clients.open(base);
    spectator.send({ type: "subscribe", table: id, as: "spectator" });
    await nextOf(spectator, ["view"]);
    return { token, phone, spectator };
  }

  /** The next `away` announcement about the seat. */
  async function told(c: Client, seat: number, away: boolean, ms = 10_000): Promise<Away> {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = await nextOf(c, ["away"], Math.max(1, deadline - Date.now()));
      if (m.change?.seat === seat && m.change.away === away) return m;
    }
  }

  const byAfter = (events: GameEvent[], at: number, seat: number) =>
    events.filter((e) => e.at >= at && "by" in e && e.by === seat);

  it("a seat that misses its deadlines is played by a bot, everyone is told, and it takes its seat back", async () => {
    const online = { startMs: 600, nightMs: 250, voteMs: 250, missedDeadlines: 2, graceMs: 60_000 };
    // Night first: the Don (seat 1) misses his night shot, then his vote on day 1.
    const res = await table(online, { firstPhase: "night" });
    expect(res.statusCode).toBe(201);
    const t = res.json() as { id: string; code: string };
    // The table's page shows the settings it runs with: its own, the rest the server's defaults.
    const seats = await h.app.inject({
      method: "GET",
      url: `/api/tables/${t.id}/seats`,
      headers: { cookie: host },
    });
    expect(seats.json().online).toEqual({ language: "ru", humanSeats: 12, spectatorDelayMs: 0, ...online });
    const { token, phone, spectator } = await open(t.id, t.code, 1);

    const gone = await told(spectator, 1, true);
    expect(gone.change).toMatchObject({ seat: 1, away: true, reason: "deadlines" });
    expect(gone.seats).toEqual([{ seat: 1, reason: "deadlines", since: gone.change?.at }]);
    // The seat's own phone is told too (it is public).
    await told(phone, 1, true);
    // Two deadlines answered for him by the host, then his bot acts as the seat.
    const before = (await h.store.readEvents(t.id)).map((e) => e.event);
    const missed = before
      .filter((e) => e.type === "chose" || e.type === "voted")
      .filter((e) => "by" in e && e.by === "host");
    expect(missed.some((e) => e.type === "chose" && e.seat === 1)).toBe(true);
    expect(missed.some((e) => e.type === "voted" && e.voter === 1)).toBe(true);
    // From then on his bot acts as the seat (unless the game leaves him nothing to do).
    const since = gone.change?.at ?? 0;
    for (const deadline = Date.now() + 15_000; ; ) {
      const events = (await h.store.readEvents(t.id)).map((e) => e.event);
      const { state } = await stored(h, t.id);
      if (byAfter(events, since, 1).length > 0) break;
      expect(state.phase.kind === "closed" || state.seats[0]?.out !== null, "the bot never acted").toBe(
        false,
      );
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }

    // He subscribes again with his seat token: the seat is his, and everyone is told.
    const back = await clients.open(base);
    back.send({ type: "subscribe", table: t.id, as: "seat", token });
    await nextOf(back, ["view"]);
    const returned = await told(spectator, 1, false);
    expect(returned.change).toMatchObject({ seat: 1, away: false, reason: "deadlines" });
    expect(returned.seats).toEqual([]);
  }, 40_000);

  it("a dropped phone not back within the grace time is played by a bot, and takes its seat back on reconnect", async () => {
    const online = { startMs: 300, nightMs: 5_000, voteMs: 5_000, missedDeadlines: 5, graceMs: 300 };
    const res = await table(online);
    const t = res.json() as { id: string; code: string };
    const { token, phone, spectator } = await open(t.id, t.code, 5);
    await waitFor(h, t.id, 5_000, (s) => s.phase.kind !== "deal");
    // A short drop, back within the grace time: nothing changes hands.
    phone.close();
    await phone.closed;
    const quick = await clients.open(base);
    quick.send({ type: "subscribe", table: t.id, as: "seat", token });
    await nextOf(quick, ["view"]);
    expect((await spectator.quiet(500)).filter((m) => m.type === "away")).toEqual([]);
    // Gone for longer than the grace time: a bot takes the seat, everyone is told.
    const dropped = Date.now();
    quick.close();
    const gone = await told(spectator, 5, true);
    expect(gone.change).toMatchObject({ seat: 5, away: true, reason: "dropped" });
    expect((gone.change?.at ?? 0) - dropped).toBeGreaterThanOrEqual(250);
    // A newcomer is told who is away when he subscribes.
    const late = await clients.open(base);
    late.send({ type: "subscribe", table: t.id, as: "spectator" });
    const first = await nextOf(late, ["away"]);
    expect(first).toMatchObject({ change: null, seats: [{ seat: 5, reason: "dropped" }] });
    // He reconnects with his token: his seat again.
    const again = await clients.open(base);
    again.send({ type: "subscribe", table: t.id, as: "seat", token });
    await nextOf(again, ["view"]);
    const returned = await told(spectator, 5, false);
    expect(returned.seats).toEqual([]);
  }, 40_000);

  it("admits phones to the human seats only: the others are the bots'", async () => {
    const res = await table({ humanSeats: 2, startMs: 60_000 });
    expect(res.statusCode).toBe(201);
    const { code } = res.json() as { code: string };
    const refused = await join(h, code, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "bot_seat" });
    expect(refused.json().message).toContain("seats 1 to 2");
    await joinSeat(h, code, 2);
    await joinSeat(h, code, 1);
  });

  it("refuses a bad online setting with a 422 naming it", async () => {
    for (const [onlineSettings, setting] of [
      [{ graceMs: -1 }, "graceMs"],
      [{ missedDeadlines: 0 }, "missedDeadlines"],
      [{ nightMs: 1.5 }, "nightMs"],
      [{ language: "de" }, "language"],
      [{ humanSeats: 0 }, "humanSeats"],
      [{ humanSeats: 13 }, "humanSeats"],
      [{ patience: 3 }, "patience"],
    ] as const) {
      const res = await table(onlineSettings);
      expect(res.statusCode, JSON.stringify(onlineSettings)).toBe(422);
      expect(res.json()).toMatchObject({ error: "bad_setting", setting });
      expect(res.json().message).toContain(setting);
    }
    const offline = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: { seats: SEATS, deal: { cards: CARDS }, onlineSettings: { graceMs: 1000 } },
    });
    expect(offline.statusCode).toBe(422);
    expect(offline.json()).toMatchObject({ error: "bad_setting", setting: "onlineSettings" });
  });
});
