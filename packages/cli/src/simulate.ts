// `misto simulate`: plays many bot games from numbered seeds and reports win rates, game length
// and eliminations, in-process or over worker threads.

import { mkdirSync } from "node:fs";
import { type Settings, validateSettings } from "@misto/engine";
import { parseFlags, wholeNumber } from "./args.js";
import { readInputFile } from "./files.js";
import { type Batch, BOT_KINDS, type BotKind, playBatch } from "./games.js";
import { type Io, UsageError, writeLines } from "./io.js";
import { progressBar } from "./progress.js";
import { buildReport, reportText } from "./report.js";
import type { Tally } from "./tally.js";
import { playInWorkers, splitRange } from "./workers.js";

const MAX_GAMES = 100_000_000;
const MAX_WORKERS = 64;
/** The engine deals from seeds of at most 200 characters; leave room for "-<game>". */
const MAX_SEED = 180;

export interface SimulateOptions {
  readonly games: number;
  readonly seed: string;
  readonly settings: Settings;
  readonly bots: BotKind;
  readonly workers: number;
  readonly json: boolean;
  readonly recordDir: string | null;
}

const SIMULATE_FLAGS = {
  games: { type: "string" },
  seed: { type: "string" },
  settings: { type: "string" },
  bots: { type: "string" },
  workers: { type: "string" },
  json: { type: "boolean" },
  record: { type: "string" },
} as const;

/** Reads the flags; every problem is a UsageError (exit 2). */
export function simulateOptions(argv: string[]): SimulateOptions {
  const { values } = parseFlags("simulate", argv, SIMULATE_FLAGS, 0);
  if (values.games === undefined) throw new UsageError("misto simulate: --games N is required");
  const games = wholeNumber("simulate", "games", values.games, 1, MAX_GAMES);
  const workers = wholeNumber("simulate", "workers", values.workers ?? "1", 1, MAX_WORKERS);
  const seed = values.seed ?? "misto";
  if (seed.length < 1 || seed.length > MAX_SEED) {
    throw new UsageError(`misto simulate: --seed must be 1 to ${MAX_SEED} characters`);
  }
  const bots = values.bots ?? "random";
  if (!(BOT_KINDS as readonly string[]).includes(bots)) {
    throw new UsageError(`misto simulate: --bots must be random or heuristic, not "${bots}"`);
  }
  return {
    games,
    seed,
    settings: values.settings === undefined ? defaults() : readSettings(values.settings),
    bots: bots as BotKind,
    workers,
    json: values.json ?? false,
    recordDir: values.record ?? null,
  };
}

function defaults(): Settings {
  const result = validateSettings(undefined);
  if (!result.ok) throw new Error("the default settings are invalid");
  return result.settings;
}

/** A settings file is a JSON object of settings; every bad setting is named, one a line. */
function readSettings(file: string): Settings {
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    throw new UsageError(`misto simulate: cannot read the settings file ${file}: ${reason(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`misto simulate: the settings file ${file} is not JSON: ${reason(error)}`);
  }
  const result = validateSettings(data);
  if (result.ok) return result.settings;
  const lines = result.problems.map((p) => `${file}: setting ${p.setting} ${p.message}`);
  throw new UsageError(lines.join("\n"));
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function simulate(argv: string[], io: Io): Promise<number> {
  const options = simulateOptions(argv);
  if (options.recordDir !== null) mkdirSync(options.recordDir, { recursive: true });
  const started = performance.now();
  const tally = await play(options, io);
  const elapsedSeconds = (performance.now() - started) / 1000;
  const report = buildReport(tally, { ...options, elapsedSeconds });
  if (options.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else writeLines(io.stdout, reportText(report));
  return 0;
}

async function play(options: SimulateOptions, io: Io): Promise<Tally> {
  const batch = (from: number, to: number): Batch => ({
    seed: options.seed,
    from,
    to,
    settings: options.settings,
    bots: options.bots,
    recordDir: options.recordDir,
  });
  const progress = progressBar(io, options.games);
  try {
    if (options.workers === 1) return playBatch(batch(1, options.games + 1), (done) => progress.update(done));
    const runs = splitRange(1, options.games + 1, options.workers);
    return await playInWorkers(
      runs.map(([from, to]) => batch(from, to)),
      (done) => progress.update(done),
    );
  } finally {
    progress.finish();
  }
}
