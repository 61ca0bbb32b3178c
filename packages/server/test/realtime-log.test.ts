// A client's bad WebSocket frames in the server's log: once per connection however many it sends,
// as a warning with the reason and without a stack trace, whether our own check refused the
// message (not JSON, an unknown type, binary) or the ws library refused the frame (bad UTF-8).

import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/app.js";
import { listening } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";
import { nextOf } from "./helpers/phones.js";
import { Clients } from "./helpers/ws.js";

interface LogLine {
  readonly level: number;
  readonly msg?: string;
  readonly reqId?: string;
  readonly [field: string]: unknown;
}

describe("bad WebSocket frames in the log", () => {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let url: string;
  const clients = new Clients();

  beforeAll(async () => {
    const opened = await sqlite.open();
    dispose = opened.dispose;
    app = await buildServer({
      store: opened.store,
      webRoot: "/nonexistent-misto-web",
      log: { level: "info", stream },
    });
    url = await listening(app);
  });
  afterAll(async () => {
    clients.closeAll();
    await app.close();
    await dispose();
  });

  const bad = () => lines.filter((l) => /bad WebSocket frame/.test(l.msg ?? ""));

  it("logs a connection's malformed messages once, as a warning without a stack", async () => {
    const c = await clients.open(url);
    c.send("not json");
    c.send({ type: "nonsense" });
    c.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    for (let i = 0; i < 3; i++) await nextOf(c, ["error"]);
    c.send({ type: "ping" });
    await nextOf(c, ["pong"]);
    expect(bad()).toHaveLength(1);
    expect(bad()[0]).toMatchObject({ level: 40, reason: "a message is one JSON object" });
    expect(JSON.stringify(lines)).not.toMatch(/"stack"|\bat .+\.js:\d+/);
  });

  it("logs a frame the ws library refuses (invalid UTF-8) once, without a stack, and drops the connection", async () => {
    const before = bad().length;
    const c = await clients.open(url);
    // A text frame whose bytes are not UTF-8: the server's ws refuses it (close 1007).
    c.socket.send(Buffer.from([0xc3, 0x28, 0xff]), { binary: false });
    const closed = await c.closed;
    expect([1006, 1007]).toContain(closed.code);
    expect(bad()).toHaveLength(before + 1);
    const line = bad().at(-1) as LogLine;
    expect(line.level).toBe(40);
    expect(String(line.reason)).toMatch(/UTF-8/);
    expect(JSON.stringify(lines)).not.toMatch(/"stack"|\bat .+\.js:\d+/);
  });
});
