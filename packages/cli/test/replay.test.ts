import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ReplaySummary } from "../src/replay.js";
import type { SimulationReport } from "../src/report.js";
import { run, spawnCli, tempDir } from "./helpers.js";

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

  it("ends with one line on a device, a pipe nobody writes to, or a file larger than a record may be", async () => {
    const dir = tempDir();
    const fifo = join(dir, "pipe");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const huge = join(dir, "huge.json");
    writeFileSync(huge, "");
    truncateSync(huge, 33 * 1024 * 1024);
    // The built CLI in a child process: reading a device or a pipe would block this one for good.
    for (const [file, why] of [
      ["/dev/zero", /not a regular file/],
      [fifo, /not a regular file/],
      [huge, /larger than the 32 MiB/],
    ] as const) {
      const { code, stdout, stderr } = spawnCli("replay", file);
      expect(code, file).toBe(1);
      expect(stdout, file).toBe("");
      expect(stderr, file).toMatch(why);
      expect(stderr.trimEnd().split("\n"), file).toHaveLength(1);
    }
  });

  it("exits 1 on a missing file and 2 without one", async () => {
    expect((await run("replay", join(tempDir(), "none.json"))).code).toBe(1);
    const { code, stderr } = await run("replay");
    expect(code).toBe(2);
    expect(stderr).toMatch(/name the record file/);
  });

  /** What a user sees for each kind of broken record: the place (a JSON pointer) and the reason. */
  const broken: [
    string,
    (record: Record<string, unknown> & { events: Record<string, unknown>[] }) => void,
    string[],
  ][] = [
    ["a version this reader does not know", (r) => (r.version = 3), ["/version: must be one of 1, 2"]],
    ["a missing field", (r) => delete r.events[17]?.voter, ["/events/17/voter: is required"]],
    [
      "an unknown event",
      (r) => ((r.events[5] as Record<string, unknown>).type = "teleported"),
      ['/events/5/type: unknown event type "teleported"'],
    ],
    [
      "a bad value",
      (r) => ((r.events[17] as Record<string, unknown>).target = 13),
      ["/events/17/target: must be <= 12"],
    ],
    [
      "DAY-3 an event the rules do not allow (a ballot out of turn)",
      (r) => {
        const [a, b] = r.events.flatMap((e, i) => (e.type === "voted" ? [i] : []));
        const first = r.events[a as number];
        const second = r.events[b as number];
        if (first === undefined || second === undefined) throw new Error("the golden game has two ballots");
        [r.events[a as number], r.events[b as number]] = [second, first];
      },
      ["/events/15: DAY-3 the vote is in turn: it is seat 2's turn"],
    ],
    [
      "SETUP-2 cards that are not the deck",
      (r) => {
        const created = r.events[0] as { cards: string[]; seed: string | null };
        created.seed = null;
        // Two Dons and one Mafia: the deck has one Don and two Mafia.
        created.cards = ["don", "don", "mafia", "prostitute", "commissar", "doctor", "maniac"];
        created.cards.push(...Array(5).fill("civilian"));
      },
      [
        "/events/0/cards: SETUP-2 don: 2 dealt, the deck has 1",
        "/events/0/cards: SETUP-2 mafia: 1 dealt, the deck has 2",
      ],
    ],
    [
      "SETUP-3 cards that are not the seed's deal",
      (r) => {
        const cards = (r.events[0] as { cards: string[] }).cards;
        [cards[0], cards[1]] = [cards[1] as string, cards[0] as string];
      },
      ['/events/0/cards: SETUP-3 the cards are not the deal of seed "where-1"'],
    ],
  ];
  for (const [what, spoil, lines] of broken) {
    it(`exits 1 and says where and why for ${what}`, async () => {
      const { file } = await recordOneGame("where");
      const record = JSON.parse(readFileSync(file, "utf8"));
      spoil(record);
      writeFileSync(file, JSON.stringify(record));
      const { code, stdout, stderr } = await run("replay", file);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toBe(lines.map((line) => `${file}: ${line}\n`).join(""));
    });
  }

  it("HOST-3 FOUL-1 DAY-6 replays the golden records, each to its winner, with fouls, undos and speeches in the recap", async () => {
    const golden = new URL("../../record/test/golden/", import.meta.url);
    const files = readdirSync(golden).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const name of files) {
      const file = join(golden.pathname, name);
      const { code, stdout } = await run("replay", file);
      expect(code, name).toBe(0);
      expect(stdout).toMatch(/^Winner: (red|black|draw) \(\d+ days, \d+ nights\)$/m);
      if (name === "fouls.json") expect(stdout).toContain("Day 1: a foul to 10 (insult): 2 in all");
      if (name === "undo-the-end.json") expect(stdout).toMatch(/the host undoes 9's vote for 4/);
      if (name === "draw-at-night.json") expect(stdout).toContain("Winner: draw (4 days, 4 nights)");
      if (name === "tie-revote-lift-all.json")
        expect(stdout).toContain("Day 1: split speeches: 8 (0:01), 9 (0:01)");
    }
  });
});
