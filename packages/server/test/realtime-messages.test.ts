// Every message type a client may send on /ws (ClientMessage), walked: each well-formed one gets its
// answer; each malformed variant gets `invalid` with a reason; each unauthorised one (where the
// message has an auth rule) its refusal; and a refused message leaves the database as it was.

import { viewFor } from "@misto/engine";
import { ClientMessage, type ServerMessage } from "@misto/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addHost,
  addMember,
  commandId,
  type Harness,
  harness,
  listening,
  newTable,
  nextAction,
  send,
  setUpClub,
  tableState,
} from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";
import { joinSeat, nextOf, seatsOf } from "./helpers/phones.js";
import { snapshot } from "./helpers/snapshot.js";
import { Clients } from "./helpers/ws.js";

const STORED = BACKENDS.filter((b) => b.name !== "memory");

/** The `type` of every message ClientMessage accepts, read from the schema itself. */
function messageTypes(): string[] {
  const variants = (ClientMessage as unknown as { anyOf: { properties: { type: { const: string } } }[] })
    .anyOf;
  return [...new Set(variants.map((v) => v.properties.type.const))].sort();
}

describe.each(STORED)("every realtime message on $name", (backend) => {
  let h: Harness;
  let url: string;
  let host: string;
  let member: string;
  let table: string;
  let other: string;
  /** Seat 1's token at `table` (the seat that speaks), seat 2's at `other`. */
  let token: string;
  let otherToken: string;
  const clients = new Clients();
  const open = (headers: Record<string, string> = {}) => clients.open(url, headers);

  /** Sends one message on a fresh socket and returns the first answer, checking the database did not change. */
  async function refused(message: unknown, headers: Record<string, string> = {}): Promise<ServerMessage> {
    const before = await snapshot(h.url as string);
    const c = await open(headers);
    c.send(message);
    const answer = await nextOf(c, ["error", "rejected", "view", "ack"]);
    // Whatever else the server would do with it, it has done by the time a ping is answered.
    c.send({ type: "ping" });
    await nextOf(c, ["pong"]);
    expect(await snapshot(h.url as string), JSON.stringify(message)).toEqual(before);
    c.close();
    return answer;
  }

  beforeAll(async () => {
    h = await harness(backend);
    const admin = await setUpClub(h);
    host = await addHost(h, admin);
    member = await addMember(h, admin, "Mila", "mila");
    table = (await newTable(h, host)).id;
    other = (await newTable(h, host)).id;
    token = await joinSeat(h, (await seatsOf(h, host, table)).code, 1);
    otherToken = await joinSeat(h, (await seatsOf(h, host, other)).code, 2);
    // On to the first discussion, where seat 1 may speak.
    let { state, seq } = await tableState(h, host, table);
    for (let i = 0; i < 40 && viewFor(state, 1).you?.silenced !== null; i++) {
      const res = await send(h, host, table, { id: commandId(), seq, command: nextAction(state) });
      expect(res.statusCode).toBe(200);
      ({ state, seq } = await tableState(h, host, table));
    }
    expect(viewFor(state, 1).you?.silenced).toBeNull();
    url = await listening(h.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  const WALKED = ["command", "ping", "say", "subscribe", "unsubscribe"];
  it("walks every message type of ClientMessage", () => {
    expect(messageTypes()).toEqual(WALKED);
  });

  it("a plain request to /ws (no upgrade) is 426 upgrade_required with a reason", async () => {
    const res = await fetch(`${url}/ws`);
    expect(res.status).toBe(426);
    expect(await res.json()).toEqual({
      error: "upgrade_required",
      message: expect.stringContaining("WebSocket"),
    });
  });

  it("subscribe (host, spectator, seat): the view when well-formed", async () => {
    const asHost = await open({ cookie: host });
    asHost.send({ type: "subscribe", table, as: "host" });
    expect(await nextOf(asHost, ["view", "error"])).toMatchObject({ type: "view", table });
    const spectator = await open();
    spectator.send({ type: "subscribe", table, as: "spectator" });
    expect(await nextOf(spectator, ["view", "error"])).toMatchObject({ type: "view", table });
    const phone = await open();
    phone.send({ type: "subscribe", table, as: "seat", token });
    const view = await nextOf(phone, ["view", "error"]);
    expect(view).toMatchObject({ type: "view", table });
    expect((view as { view: { you?: { seat: number } } }).view.you?.seat).toBe(1);
  });

  it("command: ack when well-formed and allowed; the line is stored once", async () => {
    const phone = await open();
    const id = commandId();
    const message = {
      type: "command",
      table,
      token,
      id,
      seq: 0,
      command: { type: "speak", seat: 1, text: "hi" },
    };
    phone.send(message);
    expect(await nextOf(phone, ["ack", "rejected", "error"])).toMatchObject({ type: "ack", id });
    const count = (await h.store.readEvents(table)).length;
    phone.send(message);
    expect(await nextOf(phone, ["ack", "rejected", "error"])).toMatchObject({ type: "ack", id });
    expect(await h.store.readEvents(table)).toHaveLength(count);
  });

  it("say: answered (here not_out: seat 1 is alive) when well-formed", async () => {
    const id = commandId();
    expect(await refused({ type: "say", table, token, id, text: "hello" })).toMatchObject({
      type: "rejected",
      id,
      error: "not_out",
    });
  });

  it("unsubscribe and ping: answered when well-formed", async () => {
    const c = await open();
    c.send({ type: "subscribe", table, as: "spectator" });
    await nextOf(c, ["view"]);
    c.send({ type: "unsubscribe", table });
    c.send({ type: "ping" });
    expect(await c.next()).toEqual({ type: "pong" });
  });

  it("refuses every malformed variant of every message with invalid and a reason, nothing changed", async () => {
    const id = "walk-id-0001";
    const command = { type: "speak", seat: 1, text: "hi" };
    const malformed: Record<string, unknown[]> = {
      subscribe: [
        { type: "subscribe" },
        { type: "subscribe", table },
        { type: "subscribe", table, as: "referee" },
        { type: "subscribe", table: 1, as: "spectator" },
        { type: "subscribe", table: "", as: "spectator" },
        { type: "subscribe", table: "t".repeat(65), as: "spectator" },
        { type: "subscribe", table: "a\u0000b", as: "spectator" },
        { type: "subscribe", table, as: "spectator", token },
        { type: "subscribe", table, as: "host", extra: true },
        { type: "subscribe", table, as: "seat" },
        { type: "subscribe", table, as: "seat", token: "short" },
        { type: "subscribe", table, as: "seat", token: `${token.slice(0, 40)}!!!` },
      ],
      command: [
        { type: "command", table, token, seq: 0, command },
        { type: "command", table, token, id, command },
        { type: "command", table, token, id, seq: 0 },
        { type: "command", table, id, seq: 0, command },
        { type: "command", token, id, seq: 0, command },
        { type: "command", table, token, id: "short", seq: 0, command },
        { type: "command", table, token, id: "has spaces in it", seq: 0, command },
        { type: "command", table, token, id, seq: -1, command },
        { type: "command", table, token, id, seq: 1.5, command },
        { type: "command", table, token, id, seq: "0", command },
        { type: "command", table, token, id, seq: 0, command: "speak" },
        { type: "command", table, token, id, seq: 0, command: { seat: 1 } },
        { type: "command", table, token, id, seq: 0, command: { type: "x".repeat(41) } },
        { type: "command", table, token, id, seq: 0, command, actor: "host" },
      ],
      say: [
        { type: "say", table, token, id },
        { type: "say", table, token, text: "hi" },
        { type: "say", table, id, text: "hi" },
        { type: "say", table, token, id, text: "" },
        { type: "say", table, token, id, text: "x".repeat(1001) },
        { type: "say", table, token, id, text: 7 },
        { type: "say", table, token, id, text: "hi", seat: 1 },
        // A table id takes no NUL (PostgreSQL cannot look one up); the line's own text is checked
        // by the out chat (out-chat.test.ts).
        { type: "say", table: "a\u0000b", token, id, text: "hi" },
      ],
      unsubscribe: [
        { type: "unsubscribe" },
        { type: "unsubscribe", table: 3 },
        { type: "unsubscribe", table, as: "x" },
        { type: "unsubscribe", table: "\u0000" },
      ],
      ping: [
        { type: "ping", table },
        { type: "ping", n: 1 },
      ],
      none: ["not json", "{", "[]", "null", "7", '"ping"', { type: "pong" }, { type: 1 }, {}],
    };
    for (const [type, messages] of Object.entries(malformed)) {
      expect(messages.length, type).toBeGreaterThan(0);
      for (const message of messages) {
        const answer = await refused(message);
        expect(answer, `${type}: ${JSON.stringify(message)}`).toEqual({
          type: "error",
          error: "invalid",
          message: expect.stringMatching(/\w{3,}/),
        });
      }
    }
    expect(
      Object.keys(malformed)
        .filter((k) => k !== "none")
        .sort(),
    ).toEqual(WALKED);
  });

  it("refuses every unauthorised message, nothing changed", async () => {
    // Watching as the host: no session, a member's session, a forged cookie, another site's page.
    const cases: Record<string, string>[] = [
      {},
      { cookie: member },
      { cookie: "misto_session=forged" },
      { cookie: host, origin: "http://evil.example" },
    ];
    for (const headers of cases) {
      expect(
        await refused({ type: "subscribe", table, as: "host" }, headers),
        JSON.stringify(headers),
      ).toMatchObject({
        type: "error",
        error: "signed_out",
      });
    }
    // A seat token of another table, or one never issued.
    for (const bad of [otherToken, "A".repeat(43)]) {
      expect(await refused({ type: "subscribe", table, as: "seat", token: bad })).toMatchObject({
        type: "error",
        error: "forbidden",
      });
      const id = commandId();
      expect(
        await refused({
          type: "command",
          table,
          token: bad,
          id,
          seq: 0,
          command: { type: "speak", seat: 1, text: "x" },
        }),
      ).toMatchObject({ type: "rejected", id, error: "forbidden" });
      const sayId = commandId();
      expect(await refused({ type: "say", table, token: bad, id: sayId, text: "x" })).toMatchObject({
        type: "rejected",
        id: sayId,
        error: "forbidden",
      });
    }
    // A seat's own token sending the host's commands, or acting for another seat.
    for (const command of [
      { type: "advance" },
      { type: "undo" },
      { type: "foul", seat: 2, reason: "other" },
    ]) {
      const id = commandId();
      expect(await refused({ type: "command", table, token, id, seq: 0, command })).toMatchObject({
        type: "rejected",
        id,
        error: "forbidden",
      });
    }
    const id = commandId();
    expect(
      await refused({
        type: "command",
        table,
        token,
        id,
        seq: 0,
        command: { type: "speak", seat: 2, text: "x" },
      }),
    ).toMatchObject({ type: "rejected", id, error: "rule", rule: "ACTOR" });
    // Unsubscribing from a table never subscribed to, or pinging, needs no rights and changes nothing.
    expect(await refused({ type: "subscribe", table: "no-such-table", as: "spectator" })).toMatchObject({
      type: "error",
      error: "not_found",
    });
  });
});
