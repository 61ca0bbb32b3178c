// `misto export` on a real SQLite file: games played to their end through the server's API (as the
// server's own tests play them), then exported from the command line. The archive must be the
// server's own export, import into a fresh club, and each of its records must replay.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "@misto/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addHost, type Harness, harness, newTable, setUpClub } from "../../server/test/helpers/api.js";
import { finishGame } from "../../server/test/helpers/finish.js";
import { run, spawnCli, tempDir } from "./helpers.js";

// Whole games through the API: seconds each on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

interface ArchiveJson {
  format: string;
  version: number;
  records: { meta?: { title?: string }; events: unknown[] }[];
  corrections: { record: number; seat: number; to: number; by: string }[];
}

describe("misto export", () => {
  const dir = tempDir();
  const db = join(dir, "club.db");
  let h: Harness;
  /** The server's own export of the same club, as the admin downloads it. */
  let served: string;

  beforeAll(async () => {
    h = await harness({
      name: "sqlite file",
      open: async () => ({ store: await openStore(db), dispose: async () => {} }),
    });
    const admin = await setUpClub(h);
    const host = await addHost(h, admin);
    for (const [i, nominate] of [[8, 9], [3]].entries()) {
      const { id } = await newTable(h, host, { seed: `export-${i}` });
      await finishGame(h, host, id, { nominate }, i + 1);
    }
    // An unfinished table is not in the archive.
    await newTable(h, host);
    const [first] = await h.store.listGames();
    const put = await h.app.inject({
      method: "PUT",
      url: `/api/games/${first?.id}/points`,
      headers: { cookie: host },
      payload: { seat: 9, points: 2, reason: "a late contest" },
    });
    expect(put.statusCode).toBe(200);
    const res = await h.app.inject({ method: "GET", url: "/api/export/records", headers: { cookie: host } });
    expect(res.statusCode).toBe(200);
    served = res.body;
    await h.close();
  });

  it("writes the server's own archive of every finished game to stdout", async () => {
    const { code, stdout, stderr } = await run("export", "--db", db);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toBe(`${served}\n`);
    const archive = JSON.parse(stdout) as ArchiveJson;
    expect(archive.format).toBe("misto-archive");
    expect(archive.version).toBe(1);
    expect(archive.records).toHaveLength(2);
    expect(archive.corrections).toEqual([expect.objectContaining({ seat: 9, to: 2, by: "Boris" })]);
  });

  it("writes it to a file with --out (the built CLI), which a fresh club imports whole", async () => {
    const out = join(dir, "archive.json");
    const { code, stdout, stderr } = spawnCli("export", "--db", db, "--out", out);
    expect(code).toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toBe(`misto export: 2 games written to ${out}\n`);
    const archive = JSON.parse(readFileSync(out, "utf8")) as ArchiveJson;
    expect(JSON.stringify(archive)).toBe(served);

    // The server's import route takes it in a fresh club: every game, nothing refused.
    const fresh = await harness({
      name: "fresh sqlite file",
      open: async () => ({ store: await openStore(join(dir, "fresh.db")), dispose: async () => {} }),
    });
    try {
      const admin = await setUpClub(fresh);
      const res = await fresh.app.inject({
        method: "POST",
        url: "/api/games/import",
        headers: { cookie: admin },
        payload: archive as unknown as object,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as { imported: string[] }).imported).toHaveLength(2);
      expect(await fresh.store.listGames()).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });

  it("gives records that misto replay reads, each to its winner", async () => {
    const archive = JSON.parse(served) as ArchiveJson;
    const records = join(dir, "records");
    mkdirSync(records, { recursive: true });
    for (const [i, record] of archive.records.entries()) {
      const file = join(records, `game-${i}.json`);
      writeFileSync(file, JSON.stringify(record));
      const replayed = await run("replay", file, "--json");
      expect(replayed.stderr).toBe("");
      expect(replayed.code).toBe(0);
      expect(["red", "black", "draw"]).toContain(JSON.parse(replayed.stdout).winner);
    }
  });

  it("refuses a database path that does not exist, and creates nothing there (exit 2)", async () => {
    const missing = join(dir, "nope", "misto.db");
    const { code, stdout, stderr } = await run("export", "--db", missing);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`misto export: no database at ${missing} (give --db FILE or --db postgres://…)\n`);
    expect(existsSync(missing)).toBe(false);
  });

  it("exits 2 on an unknown option or an argument, and prints its help", async () => {
    expect((await run("export", "--db", db, "--format", "csv")).stderr).toMatch(
      /^misto export: Unknown option '--format'/,
    );
    expect((await run("export", "--db", db, "--format", "csv")).code).toBe(2);
    expect((await run("export", "extra")).code).toBe(2);
    const help = await run("help", "export");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: misto export \[--db/);
  });
});
