// The two databases every store test runs against: SQLite in a temp folder, and PostgreSQL in a
// fresh database made for this run and dropped after it. MISTO_TEST_PG names the PostgreSQL server
// (default postgres://postgres@127.0.0.1:5432, trust auth).

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDatabase } from "../helpers/pg-database.js";

export const PG_SERVER = process.env.MISTO_TEST_PG ?? "postgres://postgres@127.0.0.1:5432";

export interface Database {
  readonly kind: "sqlite" | "postgres";
  /** Makes the empty database; returns the url `openStore` takes. */
  create(): Promise<string>;
  /** Another, empty database beside the first (for tests that need a club-less start). */
  another(): Promise<string>;
  drop(): Promise<void>;
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${PG_SERVER} (start it: pg_ctlcluster --skip-systemctl-redirect <version> main start): ${error}`,
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function sqliteDatabase(): Database {
  let dir: string | null = null;
  let n = 0;
  const file = () => {
    dir ??= mkdtempSync(join(tmpdir(), "misto-store-"));
    return join(dir, `db-${++n}`, "misto.db");
  };
  return {
    kind: "sqlite",
    create: async () => file(),
    another: async () => file(),
    async drop() {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function postgresDatabase(): Database {
  const names: string[] = [];
  const make = async () => {
    const name = `misto_test_${randomBytes(6).toString("hex")}`;
    await onServer((c) => createDatabase(c, name));
    names.push(name);
    return `${PG_SERVER}/${name}`;
  };
  return {
    kind: "postgres",
    create: make,
    another: make,
    async drop() {
      await onServer(async (c) => {
        for (const name of names.splice(0)) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}
