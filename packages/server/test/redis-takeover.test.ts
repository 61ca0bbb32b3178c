// An online table's runner runs in exactly one of several server processes (the holder of its
// lease in Redis): two real server processes (the built bench server, `npm test` builds first) on
// one PostgreSQL database; the one running the table is killed (SIGKILL) mid-game, the other takes
// its timers and bots over, and the game finishes. And `--redis` is refused with SQLite.

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type GameEvent, replay } from "@misto/engine/testing";
import type { ServerMessage } from "@misto/protocol";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../cli/src/main.js";
import { buildServer, REDIS_NEEDS_POSTGRES } from "../src/app.js";
import type { ServerProcess } from "../src/bench/spawn.js";
import { startServer } from "../src/serve.js";
import { openStore } from "../src/store/index.js";
import { addHost, CARDS, harness, SEATS, setUpClub } from "./helpers/api.js";
import type { Backend } from "./helpers/backends.js";
import { capturedIo } from "./helpers/io.js";
import { dropPrefix, freshPostgres, REDIS_URL, testPrefix } from "./helpers/redis.js";
import { until } from "./helpers/wait.js";
import { Client } from "./helpers/ws.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("an online table's owner process killed", () => {
  const started: ServerProcess[] = [];
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const p of started) await p.stop(2000);
    for (const done of cleanup) await done();
  });

  it("the other process takes its timers and bots over and the game finishes", async () => {
    const built = join(ROOT, "packages/server/dist/bench/spawn.js");
    if (!existsSync(built)) throw new Error("build first: npx tsc -b");
    // The built one: it starts the built server beside it.
    const { startServerProcess } = (await import(built)) as typeof import("../src/bench/spawn.js");
    const pg = await freshPostgres();
    const prefix = testPrefix();
    cleanup.push(
      () => dropPrefix(prefix),
      () => pg.dispose(),
    );
    // The club and its host, set up through a server on the same database.
    const db: Backend = {
      name: "postgres",
      open: async () => ({ store: await openStore(pg.url), dispose: async () => {} }),
    };
    const setup = await harness(db);
    const host = await addHost(setup, await setUpClub(setup));
    await setup.app.close();
    await setup.store.close();

    // Fast timers; a lease of 900 ms, renewed every 300 ms.
    const flags = [
      ["--redis", REDIS_URL, "--redis-prefix", prefix, "--lease-ms", "900"],
      [
        "--start-ms",
        "0",
        "--night-ms",
        "300",
        "--vote-ms",
        "40",
        "--pause-ms",
        "5",
        "--step-ms-per-second",
        "1",
      ],
      ["--bot-ms", "8"],
    ].flat();
    const a = await startServerProcess(pg.url, flags);
    started.push(a);
    const b = await startServerProcess(pg.url, flags);
    started.push(b);
    expect(a.setupLink).toBeNull();

    const made = await fetch(`${a.url}/api/tables`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: host },
      body: JSON.stringify({ title: "Online", seats: SEATS, deal: { cards: CARDS }, online: true }),
    });
    expect(made.status).toBe(201);
    const table = ((await made.json()) as { id: string }).id;

    // A spectator on B sees the whole game, before and after the takeover.
    const spectator = await Client.open(b.url);
    cleanup.push(async () => spectator.close());
    spectator.send({ type: "subscribe", table, as: "spectator" });

    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    cleanup.push(() => redis.close());
    const store = await openStore(pg.url);
    cleanup.push(() => store.close());
    const owner = async () => (await redis.get(`${prefix}lease:${table}`)) ?? "";
    const seqNow = async () => (await store.getTable(table))?.seq ?? 0;
    const of = (p: ServerProcess) => `${hostname()}:${p.pid}:`;

    // A made the table, so A runs it.
    await until(
      "A runs the table and it moves",
      async () => (await owner()).startsWith(of(a)) && (await seqNow()) >= 30,
    );
    expect((await store.getTable(table))?.phase).not.toBe("closed");
    const killedAt = await seqNow();
    process.kill(a.pid, "SIGKILL");
    await a.stop(0);

    // Within the lease's life and a sweep, B takes the table over and plays it to the end.
    const killed = Date.now();
    await until("B takes the table over", async () => (await owner()).startsWith(of(b)), 10_000);
    const takeover = Date.now() - killed;
    await until("the game closes", async () => (await store.getTable(table))?.phase === "closed", 60_000);
    console.log(
      `takeover: A killed at seq ${killedAt}, B held the lease ${takeover} ms later, the game closed at seq ${await seqNow()} ${Date.now() - killed} ms after the kill`,
    );
    const events: GameEvent[] = (await store.readEvents(table)).map((e) => e.event);
    expect(events.length).toBeGreaterThan(killedAt + 10);
    const state = replay(events);
    expect(state.phase.kind).toBe("closed");
    expect(state.result?.announced).toBe(true);
    // Its lease and its place among the running tables are gone with it.
    await until("the lease goes", async () => (await owner()) === "");
    expect(await redis.sIsMember(`${prefix}online`, table)).toBe(0);

    // The spectator on B saw the game to its announced result.
    const views = spectator.messages.filter(
      (m): m is Extract<ServerMessage, { type: "view" }> => m.type === "view",
    );
    expect(views.some((m) => m.seq <= killedAt)).toBe(true);
    expect(views.at(-1)?.view.result?.announced).toBe(true);
  }, 90_000);
});

describe("--redis with SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "misto-redis-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is refused by startServer and buildServer: several processes cannot share an SQLite file", async () => {
    const file = join(dir, "club.db");
    await expect(startServer({ port: 0, db: file, redis: { url: REDIS_URL } })).rejects.toThrow(
      REDIS_NEEDS_POSTGRES,
    );
    expect(existsSync(file)).toBe(false);
    const store = await openStore(file);
    try {
      await expect(buildServer({ store, redis: { url: REDIS_URL } })).rejects.toThrow(
        /several processes cannot share an SQLite file/,
      );
    } finally {
      await store.close();
    }
  });

  it("is refused by `misto serve` (exit 2), as --redis or as MISTO_REDIS_URL", async () => {
    const file = join(dir, "cli.db");
    for (const argv of [
      ["serve", "--port", "0", "--db", file, "--redis", REDIS_URL],
      ["serve", "--port", "0", "--redis", REDIS_URL],
    ]) {
      const { out, io: x } = capturedIo();
      expect(await main(argv, x), argv.join(" ")).toBe(2);
      expect(out.stderr).toBe(`misto serve: ${REDIS_NEEDS_POSTGRES}\n`);
    }
    const before = process.env.MISTO_REDIS_URL;
    process.env.MISTO_REDIS_URL = REDIS_URL;
    try {
      const { out, io: x } = capturedIo();
      expect(await main(["serve", "--port", "0", "--db", file], x)).toBe(2);
      expect(out.stderr).toContain("several processes cannot share an SQLite file");
    } finally {
      if (before === undefined) delete process.env.MISTO_REDIS_URL;
      else process.env.MISTO_REDIS_URL = before;
    }
    for (const argv of [
      ["serve", "--db", "postgres://x@127.0.0.1/x", "--redis", "http://127.0.0.1:6379"],
      ["serve", "--db", "postgres://x@127.0.0.1/x", "--redis-prefix", "club:"],
    ]) {
      const { out, io: x } = capturedIo();
      expect(await main(argv, x), argv.join(" ")).toBe(2);
      expect(out.stderr).toMatch(/^misto serve: --redis/);
    }
    expect(existsSync(file)).toBe(false);
  });

  it("`misto serve --db postgres://… --redis URL --redis-prefix P` serves with its channel under P", async () => {
    const pg = await freshPostgres();
    const prefix = testPrefix();
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    try {
      const { out, io: x } = capturedIo();
      const running = main(
        ["serve", "--port", "0", "--db", pg.url, "--redis", REDIS_URL, "--redis-prefix", prefix],
        x,
      );
      const deadline = Date.now() + 15_000;
      while (!out.stdout.includes("Misto is running at") && Date.now() < deadline) await sleep(20);
      expect(out.stdout).toMatch(/Misto is running at http:\/\/127\.0\.0\.1:\d+/);
      // Subscribed to its prefix's channel: one listener there.
      expect(await redis.pubSubNumSub(`${prefix}signals`)).toEqual({ [`${prefix}signals`]: 1 });
      process.emit("SIGINT");
      expect(await running).toBe(0);
      expect(out.stdout).toContain("Misto stopped.");
      expect(await redis.pubSubNumSub(`${prefix}signals`)).toEqual({ [`${prefix}signals`]: 0 });
    } finally {
      await redis.close();
      await dropPrefix(prefix);
      await pg.dispose();
    }
  });

  it("a server that cannot reach Redis refuses to start, naming it", async () => {
    const pg = await freshPostgres();
    try {
      await expect(
        startServer({ port: 0, db: pg.url, redis: { url: "redis://127.0.0.1:1" } }),
      ).rejects.toThrow(/cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
    } finally {
      await pg.dispose();
    }
  });
});
