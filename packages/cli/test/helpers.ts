// Running `misto` in a test: in-process with captured streams, or the built CLI as a child process.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import type { Io, Output } from "../src/io.js";
import { main } from "../src/main.js";

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

class Capture implements Output {
  text = "";
  constructor(readonly isTTY = false) {}
  write(text: string): boolean {
    this.text += text;
    return true;
  }
}

export function capture(isTTY = false): Capture {
  return new Capture(isTTY);
}

/** Runs main in this process, as the CLI would, with stdout and stderr captured. */
export async function run(...argv: string[]): Promise<Run> {
  const stdout = capture();
  const stderr = capture();
  const io: Io = { stdout, stderr };
  const code = await main(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const BIN = fileURLToPath(new URL("../bin/misto.js", import.meta.url));

/**
 * Runs the built CLI (`tsc -b` first) as a child process: what worker threads need, and what a
 * command that might hang needs (the limit only stops a stuck one: its code is then -1).
 */
export function spawnCli(...argv: string[]): Run {
  const child = spawnSync(process.execPath, [BIN, ...argv], { encoding: "utf8", timeout: 120_000 });
  return { code: child.status ?? -1, stdout: child.stdout, stderr: child.stderr };
}

/**
 * The folders tempDir made for this test file, removed after its tests (they were left behind).
 * Registered as the file's own hook: each test file imports this module afresh.
 */
const made = new Set<string>();
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "misto-cli-"));
  made.add(dir);
  return dir;
}

/** A simulate report without the figures that depend on the clock or the worker count. */
export function withoutTiming(report: Record<string, unknown>): Record<string, unknown> {
  const { elapsedSeconds: _e, gamesPerSecond: _g, workers: _w, ...rest } = report;
  return rest;
}
