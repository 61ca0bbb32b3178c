// GET /metrics (src/observe): only for the scraper holding the metrics token, off without one, and
// after a game played through the API its counters have moved: commands by source and outcome,
// refusals by rule, the command histogram, sockets, tables, the database and the group commit.
// And every log line about a table carries its id.

import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/app.js";
import { addHost, commandId, type Harness, listening, newTable, send, setUpClub } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";
import { finishGame } from "./helpers/finish.js";
import { Clients } from "./helpers/ws.js";

const TOKEN = "metrics-secret-for-the-test";

/** The value of one sample line of the Prometheus text (0 when absent). */
function sample(text: string, name: string, labels = ""): number {
  for (const line of text.split("\n")) {
    if (line.startsWith(`${name}${labels ? `{${labels}}` : ""} `)) return Number(line.split(" ").at(-1));
  }
  return 0;
}

describe("GET /metrics", () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  let h: Harness;
  let url: string;
  const clients = new Clients();

  beforeAll(async () => {
    const { store, dispose } = await sqlite.open();
    const app: FastifyInstance = await buildServer({
      store,
      webRoot: "/nonexistent-misto-web",
      metricsToken: TOKEN,
      log: { level: "info", stream },
    });
    url = await listening(app);
    h = {
      app,
      store,
      async close() {
        await app.close();
        await dispose();
      },
    };
  });
  afterAll(async () => {
    clients.closeAll();
    await h.close();
  });

  const scrape = (authorization?: string) =>
    h.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

  it("refuses a scraper without the token, or with another", async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).json()).toMatchObject({ error: "bad_token" });
  });

  it("is off (404) on a server started without a token", async () => {
    const { store, dispose } = await sqlite.open();
    const app = await buildServer({ store, webRoot: "/nonexistent-misto-web" });
    try {
      const res = await app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: "Bearer x" },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await dispose();
    }
  });

  it("counts a game's commands, its refusal by rule, the tables, sockets, database and batches", async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const admin = await setUpClub(h);
    const host = await addHost(h, admin);
    const table = await newTable(h, host);
    const refused = await send(h, host, table.id, {
      id: commandId(),
      seq: 1,
      command: { type: "advance", actor: 5 },
    });
    expect(refused.statusCode).toBe(422);
    const rule = (refused.json() as { rule: string }).rule;
    await finishGame(h, host, table.id, { nominate: [] });
    await clients.open(url);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const moved = (name: string, labels = "") => sample(text, name, labels) - sample(before, name, labels);
    const accepted = moved("misto_commands_total", 'source="host",outcome="accepted"');
    expect(accepted).toBeGreaterThan(20);
    expect(moved("misto_commands_total", 'source="host",outcome="rule"')).toBe(1);
    expect(moved("misto_command_refusals_total", `rule="${rule}"`)).toBe(1);
    expect(moved("misto_command_duration_seconds_count", 'source="host"')).toBe(accepted + 1);
    expect(sample(text, "misto_live_tables")).toBe(1);
    expect(sample(text, "misto_sockets")).toBe(1);
    expect(sample(text, "misto_db_connections", 'state="open"')).toBe(1);
    // Every accepted command was one append, in some batch.
    expect(moved("misto_group_commit_batch_size_sum")).toBeGreaterThanOrEqual(accepted);
    expect(moved("misto_group_commit_batch_size_count")).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it("logs every line about a table with its id (the game above's requests)", () => {
    const about = lines.filter((l) =>
      /\/api\/tables\/[0-9a-f-]{36}/.test(String((l.req as { url?: string })?.url ?? "")),
    );
    expect(about.length).toBeGreaterThan(0);
    const ids = new Set(about.map((l) => l.reqId));
    // Fastify's "request completed" line has no url: found by its request id.
    const completed = lines.filter((l) => ids.has(l.reqId) && l.msg === "request completed");
    expect(completed.length).toBe(about.length);
    for (const line of [...about, ...completed]) expect(line.table).toMatch(/^[0-9a-f-]{36}$/);
  });
});
