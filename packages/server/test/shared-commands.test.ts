// Two table services sharing one store, as two server processes share PostgreSQL: a process decides
// a command on its own copy of the table and reads the store again only when told another stored
// events (their signal) or when its copy refuses. These try to make a process that has not heard
// yet accept on a state gone by, refuse what the table as stored would accept, or refuse by a rule
// what was stale.

import { type Action, execute, legalActions, stateOf } from "@misto/engine/testing";
import { describe, expect, it } from "vitest";
import { HttpError } from "../src/errors.js";
import { TableService } from "../src/tables/service.js";
import { CARDS, nextAction, SEATS } from "./helpers/api.js";
import { memoryStore } from "./helpers/memory-store.js";

const HOST = {
  id: "h1",
  name: "Host",
  login: "host",
  passwordHash: "x",
  role: "host" as const,
  personId: null,
  createdAt: 0,
};

async function twoProcesses() {
  const store = memoryStore();
  await store.createHost(HOST);
  const a = new TableService(store, { shared: true });
  const b = new TableService(store, { shared: true });
  const made = await a.create(HOST, { seats: SEATS, deal: { cards: CARDS as never } });
  // Both hold the table in memory at its first event.
  await b.get(made.id);
  return { store, a, b, id: made.id };
}

async function step(tables: TableService, id: string, n: string) {
  const table = await tables.get(id);
  if (!table) throw new Error("no table");
  const action = nextAction(stateOf(table.state));
  if (!action) throw new Error("no action");
  return tables.command(id, { id: n, seq: table.seq, command: action as never });
}

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("a command at a process that has not heard of another's append", () => {
  it("sent with the seq the other process answered, is accepted on the table as stored", async () => {
    const { a, b, id } = await twoProcesses();
    const first = await step(a, id, "a1");
    expect(b.heldSeq(id)).toBe(1);
    // The host's next command, with the seq process A answered, reaches process B.
    const table = await a.get(id);
    const action = nextAction(stateOf(table?.state as never));
    const answer = await b.command(id, { id: "b1", seq: first.seq, command: action as never });
    expect(answer.seq).toBeGreaterThan(first.seq);
    expect((await a.get(id))?.seq).toBe(answer.seq);
  });

  it("decided on the copy gone by, is refused as stale (409), never by a rule it would not break now", async () => {
    const { store, a, b, id } = await twoProcesses();
    const stale = await b.get(id);
    if (!stale) throw new Error("no table");
    const before = new Set(legalActions(stateOf(stale.state), "host").map((x) => JSON.stringify(x)));
    // Process A moves the game on until the host may do what the copy at B would refuse by a rule.
    let action: Action | undefined;
    for (let n = 0; n < 12 && !action; n++) {
      await step(a, id, `a${n}`);
      const now = await a.get(id);
      action = legalActions(stateOf(now?.state as never), "host").find((x) => !before.has(JSON.stringify(x)));
    }
    if (!action) throw new Error("no command the copy would refuse");
    expect(execute(stateOf(stale.state), { ...action, at: Date.now() } as never).ok).toBe(false);
    const now = await a.get(id);
    const error = await refusal(b.command(id, { id: "b1", seq: stale.seq, command: action as never }));
    expect(error.status).toBe(409);
    expect(error.extra?.seq).toBe(now?.seq);
    expect(await store.readEvents(id)).toHaveLength(now?.seq ?? 0);
  });

  it("decided on the copy gone by and legal there, is not stored: the append refuses the seq", async () => {
    const { store, a, b, id } = await twoProcesses();
    const stale = await b.get(id);
    if (!stale) throw new Error("no table");
    await step(a, id, "a1");
    const stored = (await store.readEvents(id)).length;
    const error = await refusal(
      b.command(id, { id: "b1", seq: stale.seq, command: nextAction(stateOf(stale.state)) as never }),
    );
    expect(error.status).toBe(409);
    expect(await store.readEvents(id)).toHaveLength(stored);
  });

  it("sent again with its id at the other process, gets its first answer and is stored once", async () => {
    const { store, a, b, id } = await twoProcesses();
    const first = await step(a, id, "a1");
    const stored = (await store.readEvents(id)).length;
    const table = await b.get(id);
    const again = await b.command(id, { id: "a1", seq: 1, command: { type: "advance" } as never });
    expect(again).toEqual(first);
    expect(table?.seq).toBe(stored);
    expect(await store.readEvents(id)).toHaveLength(stored);
  });
});
