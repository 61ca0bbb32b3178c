// `npm run bench`: how fast the engine and the bots are, as figures beside their targets. It
// measures and prints; it never fails on a slow figure (machines differ; CI compares by eye).
// On a shared machine the wall-clock figures fall with the load, so the bench also prints the load
// average and, for the in-process runs, the rate per second of CPU time this thread got.

import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type BotKind, playGame } from "@misto/bots";
import { type GameEvent, replay } from "@misto/engine";
import { table } from "../report.js";

const { values } = parseArgs({ options: { quick: { type: "boolean" } } });
/** --quick: a tenth of the work, for a smoke run. */
const scale = values.quick ? 0.1 : 1;
const count = (n: number) => Math.max(1, Math.round(n * scale));

const BIN = fileURLToPath(new URL("../../bin/misto.js", import.meta.url));

interface Row {
  readonly figure: string;
  readonly measured: string;
  readonly target: string;
}

const format = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Plays `games` bot games in this thread; returns the wall and CPU time and the commands they took. */
function playGames(
  bots: BotKind,
  prefix: string,
  games: number,
): { ms: number; cpuMs: number; commands: number } {
  let commands = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < games; i++)
    commands += playGame({ seed: `${prefix}-${i}`, bots, rating: false }).commands;
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, commands };
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(", ");

function progress(text: string): void {
  process.stderr.write(`bench: ${text}\n`);
}

const rows: Row[] = [];
const loadBefore = load();

// (a) and (b): random bots, one core, after a warm-up so the JIT has settled.
{
  const games = count(20_000);
  progress(`warm-up, then ${format(games)} random-bot games in-process`);
  playGames("random", "warm", count(2_000));
  const { ms, cpuMs, commands } = playGames("random", "bench", games);
  rows.push({
    figure: `random-bot games/s, one core (${format(games)} games)`,
    measured: `${format((games / ms) * 1000)} games/s`,
    target: ">= 5,000 games/s",
  });
  rows.push({
    figure: "  the same per second of CPU time this thread got",
    measured: `${format((games / cpuMs) * 1000)} games/s`,
    target: ">= 5,000 games/s",
  });
  rows.push({
    figure: `mean time per command (${format(commands / games, 1)} commands a game)`,
    measured: `${format((ms * 1000) / commands, 2)} µs`,
    target: "(none)",
  });
}

// (c): the CLI itself, two workers, spawned as a user would run it.
{
  const games = count(100_000);
  progress(`misto simulate --games ${games} --bots random --workers 2`);
  const args = [BIN, "simulate", "--games", String(games), "--bots", "random", "--workers", "2", "--json"];
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  let measured: string;
  if (child.status === 0) {
    const report = JSON.parse(child.stdout) as { games: number };
    measured = `${format(seconds, 2)} s (${format(report.games / seconds)} games/s)`;
  } else {
    measured = `failed (exit ${child.status}): ${child.stderr.trim().split("\n")[0] ?? ""}`;
  }
  rows.push({
    figure: `misto simulate ${format(games)} games, 2 workers (wall)`,
    measured,
    target: games === 100_000 ? "< 12 s" : "(--quick)",
  });
}

// (d): replaying one complete recorded game with the engine's replay.
{
  const recorded = playGame({ seed: "bench-replay", bots: "random", record: true });
  const events = recorded.events as GameEvent[];
  const repetitions = count(10_000);
  progress(`replaying a ${events.length}-event game ${format(repetitions)} times`);
  for (let i = 0; i < count(1_000); i++) replay(events);
  const started = performance.now();
  for (let i = 0; i < repetitions; i++) replay(events);
  const ms = (performance.now() - started) / repetitions;
  rows.push({
    figure: `replay one recorded game (${events.length} events)`,
    measured: `${format(ms * 1000, 1)} µs`,
    target: "well under 1 ms",
  });
}

// (e): heuristic bots, one core.
{
  const games = count(5_000);
  progress(`${format(games)} heuristic-bot games in-process`);
  playGames("heuristic", "warm-h", count(500));
  const { ms, cpuMs } = playGames("heuristic", "bench-h", games);
  rows.push({
    figure: `heuristic-bot games/s, one core (${format(games)} games)`,
    measured: `${format((games / ms) * 1000)} games/s (${format((games / cpuMs) * 1000)} per CPU s)`,
    target: "(none)",
  });
}

const lines = [
  `Misto engine bench: node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} CPUs`,
  `Load average (1, 5, 15 min): ${loadBefore} before, ${load()} after: a load above the CPU count means other work shared them`,
  "",
  table(
    ["Figure", "Measured", "Target"],
    rows.map((r) => [r.figure, r.measured, r.target]),
    "lrl",
  ),
];
process.stdout.write(`${lines.join("\n")}\n`);
