// An action is acknowledged only after its events are committed: while the store's append has not
// returned, no answer, no ack and no view leaves the server; an append that fails acknowledges
// nothing and pushes nothing, and the command sent again is applied once.

import { viewFor } from "@misto/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../src/store/index.js";
import {
  addHost,
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
import { BACKENDS, type Backend } from "./helpers/backends.js";
import { joinSeat, nextOf, seatsOf } from "./helpers/phones.js";
import { Clients } from "./helpers/ws.js";

/** The store with its appends held at a gate the test opens, or failed on purpose. */
interface Gate {
  hold(): void;
  open(): void;
  failNext(): void;
  /** Appends that have reached the store and not returned yet. */
  pending: number;
}

function gated(store: Store, gate: Gate & { wait: Promise<void> | null; fail: boolean }): Store {
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key !== "append") {
        const value = Reflect.get(target, key, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return async (...args: Parameters<Store["append"]>) => {
        gate.pending += 1;
        try {
          if (gate.wait) await gate.wait;
          if (gate.fail) {
            gate.fail = false;
            throw new Error("the database went away");
          }
          return await target.append(...args);
        } finally {
          gate.pending -= 1;
        }
      };
    },
  });
}

function makeGate(): Gate & { wait: Promise<void> | null; fail: boolean } {
  let release: () => void = () => {};
  const gate = {
    wait: null as Promise<void> | null,
    fail: false,
    pending: 0,
    hold() {
      gate.wait = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    open() {
      gate.wait = null;
      release();
    },
    failNext() {
      gate.fail = true;
    },
  };
  return gate;
}

const STORED = BACKENDS.filter((b) => b.name !== "memory");

describe.each(STORED)("acknowledged only once committed, on $name", (backend) => {
  const gate = makeGate();
  const held: Backend = {
    name: backend.name,
    async open() {
      const opened = await backend.open();
      return { ...opened, store: gated(opened.store, gate) };
    },
  };
  let h: Harness;
  let host: string;
  let url: string;
  let table: string;
  let token: string;
  const clients = new Clients();
  const open = () => clients.open(url);
  const settled = (p: Promise<unknown>) =>
    Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  beforeAll(async () => {
    h = await harness(held);
    const admin = await setUpClub(h);
    host = await addHost(h, admin);
    table = (await newTable(h, host)).id;
    token = await joinSeat(h, (await seatsOf(h, host, table)).code, 1);
    // On to the first discussion, where seat 1 may speak.
    let { state, seq } = await tableState(h, host, table);
    for (let i = 0; i < 40 && viewFor(state, 1).you?.silenced !== null; i++) {
      expect(
        (await send(h, host, table, { id: commandId(), seq, command: nextAction(state) })).statusCode,
      ).toBe(200);
      ({ state, seq } = await tableState(h, host, table));
    }
    url = await listening(h.app);
  });
  afterAll(async () => {
    gate.open();
    clients.closeAll();
    await h.close();
  });

  it("answers a host's command only after its append has returned, and pushes nothing before", async () => {
    const spectator = await open();
    spectator.send({ type: "subscribe", table, as: "spectator" });
    await nextOf(spectator, ["view"]);
    const { seq } = await tableState(h, host, table);
    const stored = (await h.store.readEvents(table)).length;
    gate.hold();
    const answer = send(h, host, table, {
      id: commandId(),
      seq,
      command: { type: "speak", actor: 1, seat: 1, text: "held" },
    });
    await until(() => gate.pending === 1);
    expect(await settled(answer)).toBe(false);
    expect(await spectator.quiet(200)).toEqual([]);
    expect(await h.store.readEvents(table)).toHaveLength(stored);
    gate.open();
    const res = await answer;
    expect(res.statusCode).toBe(200);
    // By the time the answer is out, the events are in the database.
    expect(await h.store.readEvents(table)).toHaveLength(res.json().seq);
    expect((await nextOf(spectator, ["view"])).seq).toBeGreaterThan(0);
  });

  it("acks a phone's command only after its append has returned; its view follows", async () => {
    const phone = await open();
    phone.send({ type: "subscribe", table, as: "seat", token });
    await nextOf(phone, ["view"]);
    const stored = (await h.store.readEvents(table)).length;
    gate.hold();
    const id = commandId();
    phone.send({
      type: "command",
      table,
      token,
      id,
      seq: 0,
      command: { type: "speak", seat: 1, text: "held too" },
    });
    await until(() => gate.pending === 1);
    expect(await phone.quiet(300)).toEqual([]);
    gate.open();
    expect(await nextOf(phone, ["ack", "rejected"])).toMatchObject({ type: "ack", id });
    expect(await h.store.readEvents(table)).toHaveLength(stored + 1);
  });

  it("a failed append acknowledges and pushes nothing; sent again, the command is applied once", async () => {
    const spectator = await open();
    spectator.send({ type: "subscribe", table, as: "spectator" });
    await nextOf(spectator, ["view"]);
    const { seq } = await tableState(h, host, table);
    const stored = (await h.store.readEvents(table)).length;
    const body = { id: commandId(), seq, command: { type: "speak", actor: 1, seat: 1, text: "lost" } };
    gate.failNext();
    const failed = await send(h, host, table, body);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ error: "internal", message: expect.any(String) });
    expect(await spectator.quiet(200)).toEqual([]);
    expect(await h.store.readEvents(table)).toHaveLength(stored);
    const again = await send(h, host, table, body);
    expect(again.statusCode).toBe(200);
    expect(await send(h, host, table, body).then((r) => r.json())).toEqual(again.json());
    expect(await h.store.readEvents(table)).toHaveLength(stored + 1);
  });
});
