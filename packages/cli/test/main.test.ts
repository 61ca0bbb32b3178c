import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "@misto/server";
import { describe, expect, it } from "vitest";
import { progressBar } from "../src/progress.js";
import { capture, run } from "./helpers.js";

describe("misto", () => {
  it("prints the usage on stderr and exits 2 with no command", async () => {
    const { code, stdout, stderr } = await run();
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^Usage: misto <command>/);
  });

  it("names an unknown command, prints the usage on stderr and exits 2", async () => {
    const { code, stderr } = await run("simulat");
    expect(code).toBe(2);
    expect(stderr).toMatch(/^misto: unknown command "simulat"/);
    expect(stderr).toMatch(/Usage: misto <command>/);
  });

  for (const argv of [["help"], ["--help"], ["-h"]]) {
    it(`prints the usage on stdout for ${argv.join(" ")}`, async () => {
      const { code, stdout } = await run(...argv);
      expect(code).toBe(0);
      expect(stdout).toMatch(/simulate/);
      expect(stdout).toMatch(/replay/);
    });
  }

  it("starts Node, from its own first line, with the server's flags", () => {
    const bin = fileURLToPath(new URL("../bin/misto.js", import.meta.url));
    const first = readFileSync(bin, "utf8").split("\n")[0];
    expect(first).toBe(`#!/usr/bin/env -S node ${SERVER_NODE_FLAGS.join(" ")}`);
    // Run as a program (as npx runs it), not through node: the line itself must start Node.
    const child = spawnSync(bin, ["help"], { encoding: "utf8", timeout: 60_000 });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    expect(child.stdout).toMatch(/simulate/);
  });

  it("prints a command's help", async () => {
    expect((await run("help", "simulate")).stdout).toMatch(/--workers K/);
    expect((await run("replay", "--help")).stdout).toMatch(/^Usage: misto replay FILE/);
    expect((await run("help", "nothing")).code).toBe(2);
    expect((await run("help", "constructor")).code).toBe(2);
    expect((await run("toString")).code).toBe(2);
  });
});

describe("progressBar", () => {
  it("draws nothing when stderr or stdout is not a terminal", () => {
    for (const [stdout, stderr] of [
      [true, false],
      [false, true],
    ] as const) {
      const out = capture(stderr);
      const bar = progressBar({ stdout: capture(stdout), stderr: out }, 10);
      for (let i = 1; i <= 10; i++) bar.update(i);
      bar.finish();
      expect(out.text).toBe("");
    }
  });

  it("redraws at most ten times a second on a terminal, then clears its line", () => {
    const out = capture(true);
    const bar = progressBar({ stdout: capture(true), stderr: out }, 1000);
    for (let i = 1; i <= 1000; i++) bar.update(i);
    bar.finish();
    const draws = out.text.split("\r").filter((d) => d.startsWith("["));
    // The first update draws, the last (complete) always draws; a fast loop has none between.
    expect(draws.length).toBeGreaterThanOrEqual(2);
    expect(draws.length).toBeLessThanOrEqual(3);
    expect(draws.at(-1)).toMatch(/100%\s+1000\/1000 games/);
    expect(out.text.endsWith("\r\x1b[K")).toBe(true);
  });
});
