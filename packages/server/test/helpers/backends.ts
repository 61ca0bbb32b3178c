// The databases the API tests run against: SQLite (a temp file) and PostgreSQL (a fresh database
// per run, dropped after). MISTO_TEST_PG names the server (default postgres://postgres@127.0.0.1:5432).

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Store } from "../../src/store/index.js";
import { createDatabase } from "./pg-database.js";

export interface Backend {
  readonly name: string;
  /** A new, empty store, the url it was opened with (none for memory), and how to throw it away. */
  open(): Promise<{ store: Store; url?: string; dispose(): Promise<void> }>;
}

export const PG_SERVER = process.env.MISTO_TEST_PG ?? "postgres://postgres@127.0.0.1:5432";

async function openStore(url: string): Promise<Store> {
  const { openStore: open } = await import("../../src/store/index.js");
  return open(url);
}

export const sqlite: Backend = {
  name: "sqlite",
  async open() {
    const dir = mkdtempSync(join(tmpdir(), "misto-api-"));
    const url = join(dir, "misto.db");
    const store = await openStore(url);
    return {
      store,
      url,
      async dispose() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** Runs `run` on a connection to the server's `postgres` database (creating and dropping test databases). */
export async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const postgres: Backend = {
  name: "postgres",
  async open() {
    const name = `misto_api_${randomBytes(6).toString("hex")}`;
    await admin((c) => createDatabase(c, name));
    const url = `${PG_SERVER}/${name}`;
    const store = await openStore(url);
    return {
      store,
      url,
      async dispose() {
        await store.close();
        await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  },
};

/** The backends of MISTO_TEST_BACKENDS (default: SQLite and PostgreSQL, which must then answer). */
async function available(): Promise<Backend[]> {
  const wanted = (process.env.MISTO_TEST_BACKENDS ?? "sqlite,postgres").split(",");
  const out: Backend[] = [];
  if (wanted.includes("sqlite")) out.push(sqlite);
  if (wanted.includes("postgres")) {
    // Not reachable is a failure, not a quiet skip: a run on SQLite alone would pass for a run on both.
    try {
      await admin((c) => c.query("SELECT 1"));
    } catch (error) {
      throw new Error(
        `PostgreSQL at ${PG_SERVER} is not reachable (start it, or set MISTO_TEST_BACKENDS=sqlite to test SQLite alone): ${error}`,
      );
    }
    out.push(postgres);
  }
  if (wanted.includes("memory")) {
    const { memoryStore } = await import("./memory-store.js");
    out.push({ name: "memory", open: async () => ({ store: memoryStore(), dispose: async () => {} }) });
  }
  return out;
}

export const BACKENDS: Backend[] = await available();
