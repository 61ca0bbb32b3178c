// The out chat (docs/api.md "The out chat"): players out of the game write to each other and the
// host over /ws; living seats and spectators never receive a byte of it until the result is
// announced; a reconnect gives an out seat the whole chat back.

import { awaiting, MAX_SPEECH_LENGTH, type Seat } from "@misto/engine";
import type { ServerMessage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addHost,
  CARDS,
  commandId,
  type Harness,
  harness,
  listening,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { joinSeat, nextOf, seatsOf } from "./helpers/phones.js";
import { type Client, Clients } from "./helpers/ws.js";

type OutChatMsg = Extract<ServerMessage, { type: "outChat" }>;
type Answer = Extract<ServerMessage, { type: "ack" | "rejected" }>;

describe.each(BACKENDS)("the out chat on $name", (backend) => {
  let h: Harness;
  let host: string;
  let url: string;
  const clients = new Clients();
  const open = (headers: Record<string, string> = {}) => clients.open(url, headers);

  beforeAll(async () => {
    h = await harness(backend);
    host = await addHost(h, await setUpClub(h));
    url = await listening(h.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  /** The host's command, which must be accepted. */
  async function hostDoes(table: string, command: Record<string, unknown>) {
    const { seq } = await tableState(h, host, table);
    const res = await send(h, host, table, { id: commandId(), seq, command });
    if (res.statusCode !== 200) throw new Error(`${String(command.type)}: ${res.statusCode} ${res.body}`);
  }

  /**
   * A table dealt in the deck's order (1 Don, 2–3 Mafia, 4 Prostitute, …) with phones on `seats`, a
   * host and a spectator watching; play has begun.
   */
  async function table(seats: readonly Seat[], settings: Record<string, unknown> = {}) {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie: host },
      payload: {
        seats: Array.from({ length: 12 }, (_, i) => ({ name: `Player ${i + 1}` })),
        deal: { cards: CARDS },
        settings,
      },
    });
    const id = (res.json() as { id: string }).id;
    const { code } = await seatsOf(h, host, id);
    const tokens = new Map<Seat, string>();
    const phones = new Map<Seat, Client>();
    for (const seat of seats) {
      tokens.set(seat, await joinSeat(h, code, seat));
      phones.set(seat, await subscribeSeat(id, tokens.get(seat) as string));
    }
    const hostSocket = await open({ cookie: host });
    hostSocket.send({ type: "subscribe", table: id, as: "host" });
    await nextOf(hostSocket, ["view"]);
    const spectator = await open();
    spectator.send({ type: "subscribe", table: id, as: "spectator" });
    await nextOf(spectator, ["view"]);
    await hostDoes(id, { type: "advance" });
    return { id, tokens, phones, hostSocket, spectator };
  }

  async function subscribeSeat(table: string, token: string): Promise<Client> {
    const c = await open();
    c.send({ type: "subscribe", table, as: "seat", token });
    await nextOf(c, ["view"]);
    return c;
  }

  /** Sends a line and waits for its answer. */
  async function say(c: Client, table: string, token: string, text: string): Promise<Answer> {
    const id = commandId();
    c.send({ type: "say", table, token, id, text });
    for (;;) {
      const m = await nextOf(c, ["ack", "rejected"]);
      if (m.id === id) return m;
    }
  }

  /** Every out-chat message a client has received so far. */
  const chats = (c: Client) => c.messages.filter((m): m is OutChatMsg => m.type === "outChat");
  const texts = (c: Client) => chats(c).flatMap((m) => m.lines.map((l) => l.text));

  it("an out seat's line reaches the out seats and the host, never a living seat or a spectator", async () => {
    const t = await table([1, 8, 9, 10]);
    await hostDoes(t.id, { type: "disqualify", seat: 9 });
    await hostDoes(t.id, { type: "disqualify", seat: 10 });
    const [p1, p8, p9, p10] = [1, 8, 9, 10].map((s) => t.phones.get(s) as Client) as [
      Client,
      Client,
      Client,
      Client,
    ];
    // An empty chat is not sent: a reader hears of it with its first line.
    expect(chats(p9)).toEqual([]);

    const answer = await say(p9, t.id, t.tokens.get(9) as string, "  they were the Don \n");
    expect(answer).toMatchObject({ type: "ack" });
    for (const reader of [p9, p10, t.hostSocket]) {
      await expect.poll(() => texts(reader), { timeout: 5000 }).toContain("they were the Don");
    }
    const line = chats(p10).at(-1);
    expect(line).toMatchObject({ full: false, lines: [{ n: 1, seat: 9, text: "they were the Don" }] });
    expect(await h.store.readOutChat(t.id)).toMatchObject([{ n: 1, seat: 9, text: "they were the Don" }]);

    // Seat 1 leaves now: it is sent the chat so far, at once, after its view.
    await hostDoes(t.id, { type: "disqualify", seat: 1 });
    await expect.poll(() => chats(p1).length, { timeout: 5000 }).toBe(1);
    expect(chats(p1)[0]).toMatchObject({ full: true, lines: [{ n: 1, seat: 9, text: "they were the Don" }] });
    const sawOut = p1.messages.findIndex((m) => m.type === "view" && m.view.seats[0]?.out !== null);
    expect(sawOut).toBeGreaterThanOrEqual(0);
    expect(sawOut).toBeLessThan(p1.messages.findIndex((m) => m.type === "outChat"));

    // A city line after it (seq 0: a speech is not held to the seat's seq): every seat gets it, so
    // the living have been sent everything before it.
    await say(p10, t.id, t.tokens.get(10) as string, "agreed");
    const id = commandId();
    p8.send({
      type: "command",
      table: t.id,
      token: t.tokens.get(8),
      id,
      seq: 0,
      command: { type: "speak", seat: 8, text: "hello city" },
    });
    expect(await nextOf(p8, ["ack", "rejected"])).toMatchObject({ type: "ack", id });
    for (const c of [p8, t.spectator]) {
      await expect
        .poll(() =>
          c.messages.some((m) => m.type === "view" && m.view.speeches.at(-1)?.text === "hello city"),
        )
        .toBe(true);
      expect(chats(c)).toEqual([]);
      expect(JSON.stringify(c.messages)).not.toContain("they were the Don");
      expect(JSON.stringify(c.messages)).not.toContain("agreed");
    }
  });

  it("a line sent again with the same id is answered as before and stored and pushed once", async () => {
    const t = await table([9, 10]);
    await hostDoes(t.id, { type: "disqualify", seat: 9 });
    await hostDoes(t.id, { type: "disqualify", seat: 10 });
    const p9 = t.phones.get(9) as Client;
    const p10 = t.phones.get(10) as Client;
    const id = commandId();
    const token = t.tokens.get(9) as string;
    for (let i = 0; i < 2; i++) {
      p9.send({ type: "say", table: t.id, token, id, text: "only once" });
      expect(await nextOf(p9, ["ack", "rejected"])).toMatchObject({ type: "ack", id });
    }
    // A later line shows that every push before it has arrived.
    expect(await say(p9, t.id, token, "after")).toMatchObject({ type: "ack" });
    await expect.poll(() => texts(p10), { timeout: 5000 }).toContain("after");
    expect(texts(p10).filter((text) => text === "only once")).toHaveLength(1);
    expect((await h.store.readOutChat(t.id)).map((l) => l.text)).toEqual(["only once", "after"]);
  });

  it("a reconnect gives an out seat the whole out chat back, after its view", async () => {
    const t = await table([5, 9]);
    await hostDoes(t.id, { type: "disqualify", seat: 9 });
    await hostDoes(t.id, { type: "disqualify", seat: 5 });
    const p9 = t.phones.get(9) as Client;
    for (const text of ["one", "two", "three"]) {
      expect(await say(p9, t.id, t.tokens.get(9) as string, text)).toMatchObject({ type: "ack" });
    }
    (t.phones.get(5) as Client).close();
    const again = await open();
    again.send({ type: "subscribe", table: t.id, as: "seat", token: t.tokens.get(5) });
    const first = await again.next();
    expect(first.type).toBe("view");
    const second = await again.next();
    expect(second).toMatchObject({ type: "outChat", full: true });
    expect((second as OutChatMsg).lines.map((l) => [l.n, l.seat, l.text])).toEqual([
      [1, 9, "one"],
      [2, 9, "two"],
      [3, 9, "three"],
    ]);
  });

  it("NIGHT-14 a living seat's line is refused (not_out) and stored nowhere; a night victim writes once his death is announced", async () => {
    const t = await table([4, 9], { firstPhase: "night" });
    const p9 = t.phones.get(9) as Client;
    const token9 = t.tokens.get(9) as string;
    expect(await say(p9, t.id, token9, "am I out?")).toMatchObject({ type: "rejected", error: "not_out" });
    // Night 1: the mafia shoot seat 9, everyone else skips.
    for (let { state } = await tableState(h, host, t.id); state.phase.kind === "night"; ) {
      const p = state.phase;
      if (p.step.kind === "acquaintance" || p.step.kind === "dawn") await hostDoes(t.id, { type: "advance" });
      else if (p.step.kind === "note")
        await hostDoes(t.id, { type: "note", seat: awaiting(state)[0], leave: false });
      else {
        const seat = awaiting(state)[0];
        await hostDoes(t.id, { type: "choose", seat, target: p.step.role === "mafia" ? 9 : null });
      }
      ({ state } = await tableState(h, host, t.id));
    }
    const { state } = await tableState(h, host, t.id);
    expect(state.seats[8]?.out?.cause).toBe("night");
    // Killed, but the host has not announced it: seat 9 does not know, and may not write.
    expect(await say(p9, t.id, token9, "it is dark")).toMatchObject({ type: "rejected", error: "not_out" });
    expect(chats(p9)).toEqual([]);
    await hostDoes(t.id, { type: "advance" }); // the morning's announcement
    await expect
      .poll(() => p9.messages.some((m) => m.type === "view" && m.view.seats[8]?.out !== null))
      .toBe(true);
    expect(await say(p9, t.id, token9, "I was shot")).toMatchObject({ type: "ack" });
    await expect.poll(() => texts(p9)).toEqual(["I was shot"]);
    expect(await say(t.phones.get(4) as Client, t.id, t.tokens.get(4) as string, "me?")).toMatchObject({
      type: "rejected",
      error: "not_out",
    });
    expect((await h.store.readOutChat(t.id)).map((l) => l.text)).toEqual(["I was shot"]);
  });

  it("refuses a bad line, a bad token and another table's token; a spectator cannot say anything", async () => {
    const t = await table([9]);
    const other = await table([3]);
    await hostDoes(t.id, { type: "disqualify", seat: 9 });
    const p9 = t.phones.get(9) as Client;
    const token9 = t.tokens.get(9) as string;
    // Control characters (C0, C1) and lone surrogates of either half: never stored, never shown.
    for (const text of ["   ", "bell\u0007", "nul\u0000", "c1\u0085", "\ud800", "a\udfffb"]) {
      expect(await say(p9, t.id, token9, text)).toMatchObject({ type: "rejected", error: "invalid" });
    }
    // Schema: empty or over-long text, a missing id: an error, the socket stays open.
    for (const bad of [
      { type: "say", table: t.id, token: token9, id: commandId(), text: "" },
      { type: "say", table: t.id, token: token9, id: commandId(), text: "x".repeat(MAX_SPEECH_LENGTH + 1) },
      { type: "say", table: t.id, token: token9, text: "no id" },
      { type: "say", table: t.id, id: commandId(), text: "a spectator has no token" },
    ]) {
      p9.send(bad);
      expect(await nextOf(p9, ["error"])).toMatchObject({ error: "invalid" });
    }
    expect(await say(p9, t.id, "A".repeat(43), "who am I")).toMatchObject({ error: "forbidden" });
    expect(await say(p9, other.id, token9, "wrong table")).toMatchObject({ error: "forbidden" });
    expect(await say(p9, "no-such-table", token9, "nowhere")).toMatchObject({ error: "not_found" });
    expect(await h.store.readOutChat(t.id)).toEqual([]);
    expect(await h.store.readOutChat(other.id)).toEqual([]);
  });

  it("TEAM-1 once the result is announced everyone reads the out chat and nobody writes in it", async () => {
    const t = await table([1, 9]);
    await hostDoes(t.id, { type: "disqualify", seat: 1 });
    expect(
      await say(t.phones.get(1) as Client, t.id, t.tokens.get(1) as string, "from the grave"),
    ).toMatchObject({ type: "ack" });
    for (const seat of [2, 3, 4]) await hostDoes(t.id, { type: "disqualify", seat });
    expect((await tableState(h, host, t.id)).state.phase.kind).toBe("ended");
    expect(chats(t.spectator)).toEqual([]);
    expect(chats(t.phones.get(9) as Client)).toEqual([]);
    await hostDoes(t.id, { type: "announceResult" });
    for (const c of [t.spectator, t.phones.get(9) as Client]) {
      await expect.poll(() => texts(c), { timeout: 5000 }).toEqual(["from the grave"]);
    }
    expect(await say(t.phones.get(1) as Client, t.id, t.tokens.get(1) as string, "gg")).toMatchObject({
      type: "rejected",
      error: "game_over",
    });
    // A spectator who comes now gets it on subscribe too.
    const late = await open();
    late.send({ type: "subscribe", table: t.id, as: "spectator" });
    await nextOf(late, ["view"]);
    expect(await nextOf(late, ["outChat"])).toMatchObject({
      full: true,
      lines: [{ text: "from the grave" }],
    });
  });
});
