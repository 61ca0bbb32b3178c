// `npm run bench:server` (src/bench): its latency bookkeeping and percentiles, the seat view
// message it times (built from the view JSON made once per change), and one quick run of the
// built load generator (`npm test` builds first) that must time some commands. Timings are
// printed by the bench, never asserted here.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { percentile, summarize, TableLatency } from "../src/bench/latency.js";
import { seatViewJson } from "../src/realtime/hub.js";
import { TableService } from "../src/tables/service.js";
import { SEATS } from "./helpers/api.js";
import { memoryStore } from "./helpers/memory-store.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

describe("the bench's percentiles", () => {
  it("are nearest-rank over the sorted samples", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(summarize([30, 10, 20])).toEqual({ count: 3, p50: 20, p90: 30, p99: 30, max: 30 });
  });
});

describe("a table's latency bookkeeping", () => {
  it("matches each seat's update by that seat's own seq, never another seat's", () => {
    const t = new TableLatency(3);
    t.arrived(1, 5, 10);
    t.arrived(2, 8, 11);
    t.arrived(3, 2, 12);
    // Seat 1 sends at 100 holding seq 5; its ack names its seq 6.
    const sent = t.sending(1, 100);
    t.arrived(2, 6, 101); // another seat's seq 6 is not seat 1's update
    t.arrived(1, 6, 104); // seat 1's own update
    t.arrived(2, 9, 107); // seat 2's update
    t.acked(sent, 6, 108);
    t.arrived(3, 3, 140); // after the ack: a later change's, not this command's
    expect(t.samples(0, 1000)).toEqual({ own: [4], every: [7], unmatched: 0 });
  });

  it("leaves a command untimed when its ack names no change or its seat's update never came", () => {
    const t = new TableLatency(2);
    t.arrived(1, 3, 10);
    const stale = t.sending(1, 100);
    t.acked(stale, 3, 102);
    const lost = t.sending(2, 200);
    t.acked(lost, 1, 203);
    t.arrived(1, 1, 201); // seat 1's seq 1 is not seat 2's update
    expect(t.samples(0, 1000)).toEqual({ own: [], every: [], unmatched: 2 });
  });

  it("counts only the commands sent in the window", () => {
    const t = new TableLatency(1);
    const a = t.sending(1, 100);
    t.arrived(1, 1, 110);
    t.acked(a, 1, 111);
    const b = t.sending(1, 200);
    t.arrived(1, 2, 230);
    t.acked(b, 2, 231);
    expect(t.samples(150, 1000)).toEqual({ own: [30], every: [30], unmatched: 0 });
    expect(t.samples(0, 150)).toEqual({ own: [10], every: [10], unmatched: 0 });
  });
});

describe("a seat's view message", () => {
  it("is the seat's own view message as JSON, built from the view JSON made once per change", async () => {
    const store = memoryStore();
    const host = {
      id: "h",
      name: "H",
      login: "host",
      role: "host",
      passwordHash: "x",
      createdAt: 1,
      personId: null,
    } as const;
    await store.createHost(host);
    const tables = new TableService(store);
    const made = await tables.create(host, { seats: SEATS, deal: { seed: "bench" } });
    const table = await tables.get(made.id);
    if (!table) throw new Error("no table");
    for (let seat = 1; seat <= 12; seat++) {
      const json = seatViewJson(table, seat);
      expect(JSON.parse(json)).toEqual({
        type: "view",
        table: table.id,
        seq: table.seatSeqs[seat - 1],
        view: JSON.parse(JSON.stringify(viewFor(table.state, seat))),
      });
    }
  });
});

describe("npm run bench:server", () => {
  it("runs two tables for a few seconds and times their commands (figures printed, not asserted)", async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, "packages/server/dist/bench/load.js"), "--tables", "2", "--seconds", "5", "--quick"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (err += String(d)));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, err).toBe(0);
    expect(out).toMatch(/^tables at once +2 \(2 with all 12 seats joined before the deal ended\)$/m);
    expect(out).toMatch(/^clients +24 WebSockets$/m);
    const timed = /^commands +\d+ sent \(\d+\/s\); (\d+) timed, \d+ untimed$/m.exec(out);
    expect(Number(timed?.[1])).toBeGreaterThan(0);
    for (const row of ["command → its seat's update", "command → every seat's"]) {
      expect(out).toMatch(
        new RegExp(`^${row} +p50 [\\d.]+ ms, p90 [\\d.]+ ms, p99 [\\d.]+ ms, max [\\d.]+ ms$`, "m"),
      );
    }
    expect(out).toMatch(/^in all +\d+ sent, \d+ acked, \d+ rejected \(stale\), 0 errors$/m);
  }, 90_000);
});
