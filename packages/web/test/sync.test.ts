// The host console's offline-first queue, against a fake server speaking docs/api.md over a fake fetch.

import { type Action, type Command, createGame, execute, type GameEvent, replay } from "@misto/engine";
import { beforeEach, describe, expect, it } from "vitest";
import { createApi, type Fetch } from "../src/api/client.js";
import { type KeyValue, storageKey, type TableSnapshot, TableStore } from "../src/sync/store.js";

const TABLE = "t1";
const names = Array.from({ length: 12 }, (_, i) => ({ name: `Player ${i + 1}` }));

/** A server holding one table: seq counts events; a repeated command id gets its first answer. */
class FakeServer {
  events: GameEvent[];
  answers = new Map<string, { seq: number; events: GameEvent[] }>();
  posts: { id: string; seq: number; type: string }[] = [];
  gets = 0;
  down = false;
  /** Applies the next command but loses the answer (the network drops after the commit). */
  loseNextAnswer = false;
  /** Checks the seq before the id (a server that does not look up repeats first). */
  seqFirst = false;
  refuseNext: { status: number; body: unknown } | null = null;
  /** An online table: its events are refused to every host until the result (docs/api.md). */
  online = false;
  /** Runs once after the next table read is taken and before its answer arrives (a commit in between). */
  afterNextRead: (() => void) | null = null;
  /** Runs once after the next command is committed and before its answer arrives. */
  afterNextCommit: (() => void) | null = null;

  constructor() {
    const made = createGame({ seats: names, deal: { seed: "sync-test" }, at: 1 });
    if (!made.ok) throw new Error(made.error.message);
    this.events = [made.event];
  }

  get seq(): number {
    return this.events.length;
  }

  /** Another device's step, straight into the stream. */
  apply(command: Command): void {
    const result = execute(replay(this.events), command);
    if (!result.ok) throw new Error(result.error.message);
    this.events.push(...result.events);
  }

  fetch: Fetch = async (url, init) => {
    if (this.down) throw new TypeError("Failed to fetch");
    const reply = (status: number, body: unknown) => ({ status, ok: status < 300, json: async () => body });
    if (init.method === "GET" && url === `/api/tables/${TABLE}`) {
      this.gets += 1;
      if (this.online) return reply(403, { error: "online", message: "this is an online table" });
      const body = { id: TABLE, title: "Friday", seq: this.seq, events: this.events.slice() };
      const after = this.afterNextRead;
      this.afterNextRead = null;
      if (after) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        after();
      }
      return reply(200, body);
    }
    if (init.method === "POST" && url === `/api/tables/${TABLE}/commands`) {
      const body = JSON.parse(init.body ?? "{}") as { id: string; seq: number; command: Command };
      this.posts.push({ id: body.id, seq: body.seq, type: body.command.type });
      if (this.refuseNext) {
        const r = this.refuseNext;
        this.refuseNext = null;
        return reply(r.status, r.body);
      }
      const stale = () => reply(409, { error: "stale", message: "stale", seq: this.seq });
      if (this.seqFirst && body.seq !== this.seq) return stale();
      const first = this.answers.get(body.id);
      if (first) return reply(200, first);
      if (body.seq !== this.seq) return stale();
      const result = execute(replay(this.events), body.command);
      if (!result.ok)
        return reply(422, { error: "rule", message: result.error.message, rule: result.error.rule });
      this.events.push(...result.events);
      const answer = { seq: this.seq, events: [...result.events] };
      this.answers.set(body.id, answer);
      const after = this.afterNextCommit;
      this.afterNextCommit = null;
      if (after) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        after();
      }
      if (this.loseNextAnswer) {
        this.loseNextAnswer = false;
        throw new TypeError("Failed to fetch");
      }
      return reply(200, answer);
    }
    return reply(404, { error: "not_found", message: "no such route" });
  };
}

class MemoryStorage implements KeyValue {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

let server: FakeServer;
let storage: MemoryStorage;
let timers: (() => void)[];
let clock: number;
let ids: number;

function open(): TableStore {
  const store = new TableStore(TABLE, {
    api: createApi(server.fetch),
    storage,
    newId: () => `step-${String(++ids).padStart(4, "0")}`,
    now: () => ++clock,
    later: (run) => {
      timers.push(run);
      return () => {
        timers = timers.filter((t) => t !== run);
      };
    },
    networkUp: () => true,
  });
  store.start();
  return store;
}

function ready(snap: TableSnapshot) {
  if (snap.status !== "ready") throw new Error(`the table is ${snap.status}`);
  return snap.table;
}

async function fireTimers(store: TableStore): Promise<void> {
  const due = timers;
  timers = [];
  for (const run of due) run();
  await store.settled();
}

const advance: Action = { actor: "host", type: "advance" };
const foul = (seat: number): Action => ({ actor: "host", type: "foul", seat, reason: "arguing" });

beforeEach(() => {
  server = new FakeServer();
  storage = new MemoryStorage();
  timers = [];
  clock = 1000;
  ids = 0;
});

describe("the table store", () => {
  it("loads the table by replaying its events and shows the host's view", async () => {
    const store = open();
    expect(store.snapshot().status).toBe("loading");
    await store.settled();
    const table = ready(store.snapshot());
    expect(table.title).toBe("Friday");
    expect(table.view.viewer).toBe("host");
    expect(table.view.phase.kind).toBe("deal");
    expect(table.synced).toBe(true);
  });

  it("applies a step at once, then sends it and is synced when the server takes it", async () => {
    const store = open();
    await store.settled();
    expect(store.send(advance)).toBeNull();
    const now = ready(store.snapshot());
    expect(now.view.phase.kind).not.toBe("deal");
    expect(now.pending).toBe(1);
    await store.settled();
    expect(ready(store.snapshot()).pending).toBe(0);
    expect(ready(store.snapshot()).synced).toBe(true);
    expect(server.posts).toEqual([{ id: "step-0001", seq: 1, type: "advance" }]);
    expect(server.events).toEqual(ready(store.snapshot()).events);
  });

  it("answers an illegal step with its rule error and queues nothing", async () => {
    const store = open();
    await store.settled();
    const error = store.send({ actor: "host", type: "vote", voter: 1, target: 2 });
    expect(error?.rule).toBeTruthy();
    expect(ready(store.snapshot()).pending).toBe(0);
    expect(server.posts).toHaveLength(0);
  });

  it("keeps steps made offline, survives a reload, and sends them in order when the network returns", async () => {
    const first = open();
    await first.settled();
    server.down = true;
    first.send(advance);
    await first.settled();
    first.send(foul(3));
    first.send(foul(5));
    await first.settled();
    const offline = ready(first.snapshot());
    expect(offline.online).toBe(false);
    expect(offline.pending).toBe(3);
    expect(offline.synced).toBe(false);
    expect(timers.length).toBe(1);
    const localEvents = offline.events;
    first.dispose();

    // The page reloads while the network is still down: everything comes back from storage.
    timers = [];
    const second = open();
    const restored = ready(second.snapshot());
    expect(restored.pending).toBe(3);
    expect(restored.events).toEqual(localEvents);
    expect(restored.view.seats[2]?.fouls).toBe(1);
    await second.settled();
    expect(ready(second.snapshot()).online).toBe(false);

    server.down = false;
    second.retryNow();
    await second.settled();
    const synced = ready(second.snapshot());
    expect(synced.pending).toBe(0);
    expect(synced.synced).toBe(true);
    expect(server.posts.map((p) => p.type)).toEqual(["advance", "foul", "foul"]);
    expect(server.events).toEqual(synced.events);
    expect(JSON.parse(storage.getItem(storageKey(TABLE)) ?? "{}").queue).toEqual([]);
  });

  it("an online table is its own problem: not a sign-in, and not tried again", async () => {
    server.online = true;
    const store = open();
    await store.settled();
    expect(store.snapshot().status).toBe("loading");
    expect(store.snapshot().problem).toEqual({ kind: "online", message: "this is an online table" });
    expect(timers).toHaveLength(0);
    expect(server.gets).toBe(1);
  });

  it("retries with backoff after a network failure", async () => {
    const store = open();
    await store.settled();
    server.down = true;
    store.send(advance);
    await store.settled();
    expect(timers).toHaveLength(1);
    await fireTimers(store);
    expect(timers).toHaveLength(1);
    server.down = false;
    await fireTimers(store);
    expect(ready(store.snapshot()).synced).toBe(true);
    expect(server.events).toHaveLength(ready(store.snapshot()).events.length);
  });

  it("never applies a step twice when the answer was lost (the server repeats its first answer)", async () => {
    const store = open();
    await store.settled();
    server.loseNextAnswer = true;
    store.send(advance);
    await store.settled();
    expect(ready(store.snapshot()).pending).toBe(1);
    await fireTimers(store);
    const table = ready(store.snapshot());
    expect(table.pending).toBe(0);
    expect(server.events.filter((e) => e.type === "advanced")).toHaveLength(1);
    expect(table.events).toEqual(server.events);
  });

  it("never applies a step twice when a lost answer comes back stale: the refetched events hold it", async () => {
    server.seqFirst = true;
    const store = open();
    await store.settled();
    server.loseNextAnswer = true;
    store.send(advance);
    await store.settled();
    store.send(foul(4));
    await fireTimers(store);
    const table = ready(store.snapshot());
    expect(table.pending).toBe(0);
    expect(server.events.filter((e) => e.type === "advanced")).toHaveLength(1);
    expect(server.events.filter((e) => e.type === "fouled")).toHaveLength(1);
    expect(table.events).toEqual(server.events);
  });

  it("on a stale answer refetches and puts its own steps on top of another device's", async () => {
    const store = open();
    await store.settled();
    server.apply({ actor: "host", type: "foul", seat: 7, reason: "arguing", at: 5 });
    store.send(foul(2));
    await store.settled();
    const table = ready(store.snapshot());
    expect(table.pending).toBe(0);
    expect(server.posts.map((p) => p.seq)).toEqual([1, 2]);
    expect(table.view.seats[6]?.fouls).toBe(1);
    expect(table.view.seats[1]?.fouls).toBe(1);
    expect(table.events).toEqual(server.events);
  });

  it("drops a step the server refuses by a rule, shows the error and takes the server's game", async () => {
    const store = open();
    await store.settled();
    server.refuseNext = { status: 422, body: { error: "rule", message: "no", rule: "FOUL-1" } };
    store.send(foul(2));
    await store.settled();
    const snap = store.snapshot();
    expect(snap.problem).toMatchObject({ kind: "rule", rule: "FOUL-1" });
    expect(ready(snap).pending).toBe(0);
    expect(ready(snap).view.seats[1]?.fouls).toBe(0);
    expect(server.gets).toBe(2);
  });

  it("refetches when another device pushes a newer seq and nothing is queued here", async () => {
    const store = open();
    await store.settled();
    server.apply({ actor: "host", type: "advance", at: 5 });
    store.remoteSeq(server.seq);
    await store.settled();
    expect(ready(store.snapshot()).events).toEqual(server.events);
    store.remoteSeq(server.seq);
    await store.settled();
    expect(server.gets).toBe(2);
  });

  it("refetches again when a newer seq is pushed while a read is on its way (the read is older than the push)", async () => {
    const store = open();
    await store.settled();
    server.apply({ actor: "host", type: "advance", at: 5 });
    server.afterNextRead = () => {
      server.apply({ actor: "host", type: "advance", at: 6 });
      store.remoteSeq(server.seq);
    };
    store.remoteSeq(server.seq);
    await store.settled();
    expect(ready(store.snapshot()).events).toEqual(server.events);
    expect(server.gets).toBe(3);
  });

  it("reads another device's commit pushed while its own step was on its way, once that step is answered", async () => {
    const store = open();
    await store.settled();
    server.afterNextCommit = () => {
      server.apply({ actor: "host", type: "foul", seat: 7, reason: "arguing", at: 5 });
      store.remoteSeq(server.seq);
    };
    store.send(foul(2));
    await store.settled();
    const table = ready(store.snapshot());
    expect(table.events).toEqual(server.events);
    expect(table.view.seats[6]?.fouls).toBe(1);
    expect(server.gets).toBe(2);
  });
});
