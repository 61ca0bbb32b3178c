import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.js";
import type { SimulationReport } from "../src/report.js";
import { emptyTally, mergeTallies } from "../src/tally.js";
import { splitRange } from "../src/workers.js";
import { capture, run, spawnCli, tempDir, withoutTiming } from "./helpers.js";

describe("misto simulate", () => {
  it("reports 50 games whose wins add up to 50", async () => {
    const { code, stdout, stderr } = await run("simulate", "--games", "50", "--seed", "t", "--json");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as SimulationReport;
    expect(report.games).toBe(50);
    expect(report.wins.red.games + report.wins.black.games + report.wins.draw.games).toBe(50);
    for (const share of Object.values(report.wins)) {
      expect(share.ci95[0]).toBeLessThanOrEqual(share.rate);
      expect(share.ci95[1]).toBeGreaterThanOrEqual(share.rate);
    }
    expect(report.length.days).toBeGreaterThan(0);
    expect(report.eliminations.all.total).toBe(
      report.eliminations.vote.total +
        report.eliminations.night.total +
        report.eliminations.grave.total +
        report.eliminations.fouls.total +
        report.eliminations.disqualified.total,
    );
  });

  it("is deterministic for the same seed", async () => {
    const a = await run("simulate", "--games", "30", "--seed", "same", "--json");
    const b = await run("simulate", "--games", "30", "--seed", "same", "--json");
    expect(withoutTiming(JSON.parse(a.stdout))).toEqual(withoutTiming(JSON.parse(b.stdout)));
  });

  it("gives the same totals on two workers as on one (built CLI)", () => {
    const one = spawnCli("simulate", "--games", "41", "--seed", "w", "--json");
    const two = spawnCli("simulate", "--games", "41", "--seed", "w", "--workers", "2", "--json");
    expect(one.stderr).toBe("");
    expect(two.stderr).toBe("");
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    const reportTwo = JSON.parse(two.stdout) as SimulationReport;
    expect(reportTwo.workers).toBe(2);
    expect(withoutTiming(reportTwo as never)).toEqual(withoutTiming(JSON.parse(one.stdout)));
  });

  it("lets each worker write its games' records, and each replays to the winner it was counted for (built CLI)", async () => {
    const dir = tempDir();
    const sim = spawnCli(
      "simulate",
      "--games",
      "5",
      "--seed",
      "rw",
      "--workers",
      "2",
      "--record",
      dir,
      "--json",
    );
    expect(sim.code).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual([1, 2, 3, 4, 5].map((i) => `game-rw-${i}.json`));
    const winners = { red: 0, black: 0, draw: 0 };
    for (const file of files) {
      const replayed = await run("replay", join(dir, file), "--json");
      expect(replayed.code, replayed.stderr).toBe(0);
      winners[JSON.parse(replayed.stdout).winner as keyof typeof winners]++;
    }
    const report = JSON.parse(sim.stdout) as SimulationReport;
    expect(winners).toEqual({
      red: report.wins.red.games,
      black: report.wins.black.games,
      draw: report.wins.draw.games,
    });
  });

  it("draws a progress bar on stderr when stdout and stderr are terminals", async () => {
    const stdout = capture(true);
    const stderr = capture(true);
    expect(await main(["simulate", "--games", "3"], { stdout, stderr })).toBe(0);
    expect(stderr.text).toMatch(/\r\[#{30}\] 100%\s+3\/3 games/);
    expect(stderr.text.endsWith("\r\x1b[K")).toBe(true);
    expect(stdout.text).not.toContain("\r");
  });

  it("draws no progress bar when stdout is not a terminal (a pipe or a file), nor when stderr is not", async () => {
    for (const [out, err] of [
      [false, true],
      [true, false],
      [false, false],
    ] as const) {
      const stdout = capture(out);
      const stderr = capture(err);
      expect(await main(["simulate", "--games", "3", "--json"], { stdout, stderr })).toBe(0);
      expect(stderr.text).toBe("");
      expect(JSON.parse(stdout.text).games).toBe(3);
    }
  });

  it("prints a readable report without --json", async () => {
    const { code, stdout } = await run("simulate", "--games", "5", "--seed", "text");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^5 games, seeds "text-1" to "text-5", random bots, 1 worker/);
    expect(stdout).toMatch(/^red\s+\d+\s+[\d.]+%\s+[\d.]+% – [\d.]+%$/m);
    expect(stdout).toMatch(/^grave\s+\d+\s+[\d.]+$/m);
    expect(stdout).toMatch(/games\/s/);
  });

  it("plays with heuristic bots", async () => {
    const { code, stdout } = await run("simulate", "--games", "3", "--bots", "heuristic", "--json");
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as SimulationReport).bots).toBe("heuristic");
  });

  it("plays with the rules settings of a file", async () => {
    const dir = tempDir();
    const file = join(dir, "settings.json");
    writeFileSync(file, JSON.stringify({ tieRule: "nobody", firstPhase: "night" }));
    const { code, stdout } = await run("simulate", "--games", "4", "--settings", file, "--json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as SimulationReport;
    expect(report.settings.tieRule).toBe("nobody");
    expect(report.settings.firstPhase).toBe("night");
    expect(report.settings.speechSeconds).toBe(30);
  });

  it("names each bad setting of a settings file and exits 2", async () => {
    const dir = tempDir();
    const file = join(dir, "settings.json");
    writeFileSync(file, JSON.stringify({ tieRule: "coinToss", nightsOff: true }));
    const { code, stdout, stderr } = await run("simulate", "--games", "2", "--settings", file);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/setting tieRule must be one of/);
    expect(stderr).toMatch(/setting nightsOff is not a setting/);
  });

  it("refuses __proto__, inherited names and deeply nested values in a settings file, one line each", async () => {
    const dir = tempDir();
    const file = join(dir, "settings.json");
    const deep = `${"[".repeat(100_000)}30${"]".repeat(100_000)}`;
    writeFileSync(file, `{"__proto__": {"tieRule": "nobody"}, "valueOf": 1, "speechSeconds": ${deep}}`);
    const { code, stdout, stderr } = await run("simulate", "--games", "2", "--settings", file);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    const lines = stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/setting __proto__ is not a setting \(the settings: blackWinsAtParity, /);
    expect(lines[1]).toMatch(/setting valueOf is not a setting/);
    expect(lines[2]).toMatch(/setting speechSeconds must be a whole number/);
    for (const line of lines) expect(line.length).toBeLessThan(400);
  });

  it("refuses a settings file that is not JSON, with exit 2", async () => {
    const dir = tempDir();
    const file = join(dir, "settings.json");
    writeFileSync(file, "{ tieRule: nobody");
    const { code, stderr } = await run("simulate", "--games", "2", "--settings", file);
    expect(code).toBe(2);
    expect(stderr).toMatch(/is not JSON/);
  });

  const badFlags: [string[], RegExp][] = [
    [[], /--games N is required/],
    [["--games", "0"], /--games must be a whole number from 1/],
    [["--games", "2.5"], /--games must be a whole number/],
    [["--games", "abc"], /--games must be a whole number from 1 to 100000000, not "abc"/],
    [["--games", "3", "--workers", "0"], /--workers must be a whole number from 1 to 64/],
    [["--games", "3", "--bots", "clever"], /--bots must be random or heuristic, not "clever"/],
    [["--games", "3", "--frobnicate"], /Unknown option '--frobnicate'/],
    [["--games"], /argument missing/],
    [["--games", "3", "extra"], /unexpected argument "extra"/],
    [["--games", "3", "--settings", "/no/such/file.json"], /cannot read the settings file/],
  ];
  for (const [flags, message] of badFlags) {
    it(`exits 2 with one line for: simulate ${flags.join(" ")}`, async () => {
      const { code, stdout, stderr } = await run("simulate", ...flags);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(message);
      expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    });
  }
});

describe("splitRange", () => {
  it("splits games into near-equal contiguous runs", () => {
    expect(splitRange(1, 11, 3)).toEqual([
      [1, 5],
      [5, 8],
      [8, 11],
    ]);
    expect(splitRange(1, 3, 4)).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });
});

describe("mergeTallies", () => {
  it("sums the parts and keeps the longest game", () => {
    const a = emptyTally();
    a.games = 2;
    a.wins.red = 2;
    a.days = 7;
    a.maxDays = 4;
    a.eliminations.vote = 3;
    const b = emptyTally();
    b.games = 1;
    b.wins.draw = 1;
    b.days = 6;
    b.maxDays = 6;
    b.eliminations.vote = 1;
    const total = mergeTallies([a, b]);
    expect(total.games).toBe(3);
    expect(total.wins).toEqual({ red: 2, black: 0, draw: 1 });
    expect(total.days).toBe(13);
    expect(total.maxDays).toBe(6);
    expect(total.eliminations.vote).toBe(4);
  });
});
