// The online runner's tasks (docs/api.md "Online tables"): each is keyed by the step the engine
// says the game is at, so steps that begin in the same millisecond are never taken for one
// another; a host action the engine refuses is logged, once; a stale seq (someone acted first) is
// quiet, and the task is tried again on the table as it is now.

import type { CommandBody } from "@misto/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type OnlineOptions, OnlineRunner } from "../src/tables/online.js";
import { TableService } from "../src/tables/service.js";
import { addHost, type Harness, harness, setUpClub } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";
import { newOnlineTable, stored } from "./helpers/online.js";

/** Every wait is zero: under a frozen clock, every step of the game begins in the same millisecond. */
const AT_ONCE = {
  startMs: 0,
  nightMs: 0,
  voteMs: 0,
  pauseMs: 0,
  botDelayMs: [0, 0] as const,
  stepMs: () => 0,
};

/** The app's own runner waits an hour for phones: the runner under test plays the table alone. */
const IDLE = { ...AT_ONCE, startMs: 3_600_000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the stored table until `done` (the test's own limit stops a stall). */
async function until(h: Harness, table: string, done: (seq: number, phase: string) => boolean) {
  for (;;) {
    const { state, seq } = await stored(h, table);
    if (done(seq, state.phase.kind)) return state;
    await sleep(20);
  }
}

interface Warned {
  readonly fields: Record<string, unknown>;
  readonly message: string;
}

function recorder(): { warned: Warned[]; log: NonNullable<OnlineOptions["log"]> } {
  const warned: Warned[] = [];
  return { warned, log: { warn: (fields, message) => warned.push({ fields, message }) } };
}

describe("the online runner's tasks", () => {
  let h: Harness | null = null;
  const runners: OnlineRunner[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const r of runners.splice(0)) await r.stop();
    await h?.close();
    h = null;
  });

  it("plays a table to the end under a frozen clock: steps of one millisecond are not one step", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 0, 1, 20) });
    h = await harness(sqlite, undefined, AT_ONCE);
    const host = await addHost(h, await setUpClub(h));
    const t = await newOnlineTable(h, host);
    const state = await until(h, t.id, (_seq, phase) => phase === "closed");
    expect(state.result?.announced).toBe(true);
    // Every event of the game was stored in the one frozen millisecond.
    const events = await h.store.readEvents(t.id);
    expect(new Set(events.map((e) => e.event.at))).toEqual(new Set([Date.now()]));
  }, 60_000);

  /** A second runner on the harness's store, whose commands pass through `alter` first. */
  async function runnerOn(alter: (body: CommandBody) => CommandBody) {
    const app = await harness(sqlite, undefined, IDLE);
    h = app;
    const host = await addHost(app, await setUpClub(app));
    const t = await newOnlineTable(app, host);
    const tables = new TableService(app.store);
    const send = tables.command.bind(tables);
    tables.command = (id, body) => send(id, alter(body));
    const { warned, log } = recorder();
    const runner = new OnlineRunner(tables, app.store, { ...AT_ONCE, log });
    runners.push(runner);
    await tables.get(t.id);
    return { app, table: t.id, warned };
  }

  it("logs a host action the engine refuses, once, with the table, the action and the rule", async () => {
    // The deal's advance reaches the engine as a result announcement, with no result (HOST-2).
    const { app, table, warned } = await runnerOn((body) => ({
      ...body,
      command: { type: "announceResult" },
    }));
    while (warned.length === 0) await sleep(20);
    await sleep(200); // a second warning would be the same step's task sent again
    expect(warned).toEqual([
      {
        fields: {
          table,
          action: { actor: "host", type: "advance" },
          rule: "HOST-2",
          message: "there is no result to announce: the game goes on",
        },
        message: "the engine refused the online runner's action",
      },
    ]);
    // Refused, it changed nothing.
    expect((await stored(app, table)).seq).toBe(1);
  }, 60_000);

  it("keeps a stale seq quiet, and sends the step's task again on the table as it is now", async () => {
    let stale = true;
    const { app, table, warned } = await runnerOn((body) => {
      // Someone acted first: the runner's first command carries an old seq.
      if (!stale) return body;
      stale = false;
      return { ...body, seq: body.seq - 1 };
    });
    await until(app, table, (seq) => seq > 1);
    expect(stale).toBe(false);
    expect(warned).toEqual([]);
  }, 60_000);
});
