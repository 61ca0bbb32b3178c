import { accessSync, constants } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

/**
 * The tests' temporary files (their SQLite databases, the servers' files, Chromium's profiles, the
 * throwaway PostgreSQL cluster) go to memory when the machine has a tmpfs at /dev/shm. The product
 * still flushes every commit before answering (store/wal-flush.ts): on tmpfs the flush costs
 * nothing, where on the shared disk one per command was most of a server test's time.
 * MISTO_TEST_TMPDIR names another.
 */
function tempRoot(): string | undefined {
  if (process.env.MISTO_TEST_TMPDIR) return process.env.MISTO_TEST_TMPDIR;
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return undefined;
  }
}
const tmp = tempRoot();

// Tests run against the TypeScript sources, so a test never sees a stale build.
export default defineConfig({
  resolve: {
    // The longer name first: an alias also matches the names under it.
    alias: {
      "@misto/engine/testing": fileURLToPath(new URL("./packages/engine/src/testing.ts", import.meta.url)),
      "@misto/engine": src("engine"),
      "@misto/record": src("record"),
      "@misto/bots": src("bots"),
    },
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "packages/web/e2e/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    // Server tests play whole games through the API on SQLite and PostgreSQL while browser tests
    // run beside them on two cores: 5 s (Vitest's default) is too tight there. A test's own
    // assertions decide; the limit only stops a stuck one.
    testTimeout: 60_000,
    // Three files at a time on this 2-core machine (Vitest's default is one fewer than the cores:
    // one, here). Browser and server tests spend much of their time waiting on Chromium, sockets,
    // timers and databases: over a whole run two workers kept 1.2 cores busy. A second file halved
    // the suite (13.7 → 8.5 min); a third took a full run here from 633 to 552 s. Each file has its
    // own temporary SQLite file, PostgreSQL database, Redis prefix and free port, so files never meet.
    maxWorkers: 3,
    // A worker loads the server's modules (Fastify, Kysely, the drivers, OpenSkill, PDFKit) once
    // for all the files it runs, not once per file: importing them took 2.5 s a file, 170 of the
    // server tests' 353 s. Nothing a file changes outlives it: each builds its own server, store
    // and database, and puts back the real timers and the environment it changed.
    isolate: false,
    hookTimeout: 30_000,
    ...(tmp ? { env: { TMPDIR: tmp } } : {}),
  },
});
