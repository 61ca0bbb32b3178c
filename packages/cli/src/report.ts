// What `misto simulate` prints: one report object, shown as a table or as JSON.

import type { OutCause, Settings, Winner } from "@misto/engine";
import type { BotKind } from "./games.js";
import { wilsonInterval } from "./stats.js";
import { OUT_CAUSES, type Tally, WINNERS } from "./tally.js";

export interface WinShare {
  readonly games: number;
  readonly rate: number;
  /** The 95% Wilson score interval of the rate. */
  readonly ci95: readonly [number, number];
}

export interface SimulationReport {
  readonly games: number;
  readonly seed: string;
  readonly bots: BotKind;
  readonly workers: number;
  readonly settings: Settings;
  readonly wins: Record<Winner, WinShare>;
  /** Mean game length; the longest game in days. */
  readonly length: { readonly days: number; readonly nights: number; readonly maxDays: number };
  readonly commands: { readonly total: number; readonly perGame: number };
  readonly eliminations: Record<OutCause | "all", { readonly total: number; readonly perGame: number }>;
  readonly elapsedSeconds: number;
  readonly gamesPerSecond: number;
}

export interface RunInfo {
  readonly seed: string;
  readonly bots: BotKind;
  readonly workers: number;
  readonly settings: Settings;
  readonly elapsedSeconds: number;
}

export function buildReport(tally: Tally, run: RunInfo): SimulationReport {
  const n = tally.games;
  const perGame = (total: number) => (n ? total / n : 0);
  const wins = {} as Record<Winner, WinShare>;
  for (const winner of WINNERS) {
    const ci = wilsonInterval(tally.wins[winner], n);
    wins[winner] = { games: tally.wins[winner], rate: perGame(tally.wins[winner]), ci95: [ci.low, ci.high] };
  }
  const eliminations = {} as SimulationReport["eliminations"];
  let all = 0;
  for (const cause of OUT_CAUSES) {
    const total = tally.eliminations[cause];
    all += total;
    eliminations[cause] = { total, perGame: perGame(total) };
  }
  eliminations.all = { total: all, perGame: perGame(all) };
  return {
    games: n,
    seed: run.seed,
    bots: run.bots,
    workers: run.workers,
    settings: run.settings,
    wins,
    length: { days: perGame(tally.days), nights: perGame(tally.nights), maxDays: tally.maxDays },
    commands: { total: tally.commands, perGame: perGame(tally.commands) },
    eliminations,
    elapsedSeconds: run.elapsedSeconds,
    gamesPerSecond: run.elapsedSeconds > 0 ? n / run.elapsedSeconds : 0,
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The report as a few aligned tables. */
export function reportText(report: SimulationReport): string[] {
  const workers = report.workers === 1 ? "1 worker" : `${report.workers} workers`;
  const lines = [
    `${report.games} games, seeds "${report.seed}-1" to "${report.seed}-${report.games}", ${report.bots} bots, ${workers}`,
    "",
    table(
      ["Winner", "Games", "Rate", "95% CI"],
      WINNERS.map((w) => {
        const share = report.wins[w];
        return [
          w,
          String(share.games),
          percent(share.rate),
          `${percent(share.ci95[0])} – ${percent(share.ci95[1])}`,
        ];
      }),
    ),
    "",
    `Mean length: ${report.length.days.toFixed(2)} days, ${report.length.nights.toFixed(2)} nights ` +
      `(longest game: ${report.length.maxDays} days); ${report.commands.perGame.toFixed(1)} commands a game`,
    "",
    table(
      ["Eliminated by", "Total", "Per game"],
      [...OUT_CAUSES, "all" as const].map((cause) => {
        const e = report.eliminations[cause];
        return [cause, String(e.total), e.perGame.toFixed(3)];
      }),
    ),
    "",
    `Elapsed: ${report.elapsedSeconds.toFixed(2)} s, ${Math.round(report.gamesPerSecond)} games/s`,
  ];
  return lines.flatMap((line) => line.split("\n"));
}

/** A plain-text table; `align` has an "l" or "r" per column (default: the first left, the rest right). */
export function table(head: readonly string[], rows: readonly (readonly string[])[], align?: string): string {
  const all = [head, ...rows];
  const widths = head.map((_, c) => Math.max(...all.map((row) => (row[c] ?? "").length)));
  const left = (c: number) => (align ? align[c] === "l" : c === 0);
  return all
    .map((row) =>
      row
        .map((cell, c) => (left(c) ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
