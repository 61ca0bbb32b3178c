import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ReplaySummary } from "../src/replay.js";
import type { SimulationReport } from "../src/report.js";
import { run, tempDir } from "./helpers.js";

/** Simulates one game with --record and returns its winner and its record file. */
async function recordOneGame(seed: string): Promise<{ winner: string; file: string }> {
  const dir = tempDir();
  const sim = await run("simulate", "--games", "1", "--seed", seed, "--record", dir, "--json");
  expect(sim.code).toBe(0);
  const report = JSON.parse(sim.stdout) as SimulationReport;
  const winner = (["red", "black", "draw"] as const).find((w) => report.wins[w].games === 1);
  expect(readdirSync(dir)).toEqual([`game-${seed}-1.json`]);
  return { winner: winner as string, file: join(dir, `game-${seed}-1.json`) };
}

describe("misto replay", () => {
  it("replays a record written by simulate --record and prints its winner", async () => {
    const { winner, file } = await recordOneGame("round");
    const { code, stdout, stderr } = await run("replay", file);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Winner: ${winner} \\(\\d+ days, \\d+ nights\\)$`, "m"));
    // The recap comes first, then a line per seat.
    expect(stdout.split("\n").length).toBeGreaterThan(20);
    expect(stdout).toMatch(/^\s+1 {2}Bot 1 /m);
  });

  it("prints the final state as JSON with --json", async () => {
    const { winner, file } = await recordOneGame("json");
    const { code, stdout } = await run("replay", file, "--json");
    expect(code).toBe(0);
    const summary = JSON.parse(stdout) as ReplaySummary;
    expect(summary.winner).toBe(winner);
    expect(summary.seed).toBe("json-1");
    expect(summary.phase).toBe("closed");
    expect(summary.seats).toHaveLength(12);
    expect(summary.seats.filter((s) => s.card === "don")).toHaveLength(1);
    for (const seat of summary.seats) expect(seat.points).toBeGreaterThanOrEqual(0);
    const alive = summary.seats.filter((s) => s.out === null);
    if (winner === "red") expect(alive.every((s) => s.team === "red")).toBe(true);
    if (winner === "black") expect(alive.every((s) => s.team === "black")).toBe(true);
    expect(summary.days).toBeGreaterThan(0);
    expect(summary.course.nights).toHaveLength(summary.nights);
    expect(summary.rating?.closed).toBe(true);
    expect(summary.recap.length).toBeGreaterThan(0);
  });

  it("exits 1 and names the path of each problem in a malformed record", async () => {
    const { file } = await recordOneGame("bad");
    const record = JSON.parse(readFileSync(file, "utf8"));
    record.events[0].seats = "twelve players";
    writeFileSync(file, JSON.stringify(record));
    const { code, stdout, stderr } = await run("replay", file);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`${file}: /events/0/seats: `);
  });

  it("exits 1 on a file that is not JSON", async () => {
    const file = join(tempDir(), "broken.json");
    writeFileSync(file, "{ not json");
    const { code, stderr } = await run("replay", file);
    expect(code).toBe(1);
    expect(stderr).toMatch(/not valid JSON/);
  });

  it("exits 1 on a missing file and 2 without one", async () => {
    expect((await run("replay", join(tempDir(), "none.json"))).code).toBe(1);
    const { code, stderr } = await run("replay");
    expect(code).toBe(2);
    expect(stderr).toMatch(/name the record file/);
  });
});
