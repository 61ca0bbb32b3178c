// `npm run bench:archive` works end to end at a tiny size (figures printed, never asserted): it
// seeds the archive, imports through the route, reads every club route beside a live table.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

describe("npm run bench:archive", () => {
  it("seeds 50 games, imports, and prints each club route's p50/p99 and the live table's", async () => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, "packages/server/dist/bench/archive.js"),
        "--games",
        "50",
        "--requests",
        "3",
        "--pool",
        "5",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (err += String(d)));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, err).toBe(0);
    expect(out).toMatch(/^archive bench +sqlite, 50 games/m);
    expect(out).toMatch(/^import +25 records in \d+ ms \([\d.]+ ms a record/m);
    for (const route of [
      "GET /api/games ",
      "GET /api/games/:id",
      "GET /api/people/:id/stats",
      "GET /api/club/stats",
      "GET /api/rating ",
    ]) {
      expect(out).toMatch(
        new RegExp(`^${route.replace(/[/?:]/g, "\\$&")}.* +[\\d.]+ +[\\d.]+ +[\\d.]+$`, "m"),
      );
    }
    expect(out).toMatch(
      /^live table, while the pages are read +[\d.]+ +[\d.]+ +[\d.]+ +\(\d+ host commands\)$/m,
    );
  }, 120_000);
});
