// The instrument of every "nothing changed" check (the fuzzer, the refusals, the realtime
// messages): a snapshot must see any change to any row, and only a change.

import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Harness, harness, setUpClub } from "../helpers/api.js";
import { BACKENDS } from "../helpers/backends.js";
import { type Snapshot, snapshot, snapshotReader } from "../helpers/snapshot.js";

/** Runs one statement on the test's database beside the server's connection. */
async function run(url: string, statement: string): Promise<void> {
  if (!/^postgres/.test(url)) {
    const db = new BetterSqlite3(url);
    try {
      db.exec(statement);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The tables whose digest differs between two snapshots. */
const changed = (a: Snapshot, b: Snapshot) => Object.keys(a).filter((name) => a[name] !== b[name]);

const PROBE =
  "INSERT INTO people (id, name, name_key, kind, council, created_at) VALUES ('probe', 'Probe', 'probe', 'guest', 0, 1)";

describe.each(BACKENDS.filter((b) => b.name !== "memory"))("a database snapshot on $name", (backend) => {
  let h: Harness;
  afterAll(async () => h?.close());

  it("changes with a row's value, a row added or removed, a write of the server's, and with nothing else", async () => {
    h = await harness(backend);
    const admin = await setUpClub(h);
    const url = h.url as string;
    const reader = await snapshotReader(url);
    try {
      const first = await reader.read();
      expect(Object.keys(first)).toEqual(expect.arrayContaining(["hosts", "people", "events"]));
      expect(await snapshot(url)).toEqual(first);
      expect(await reader.read()).toEqual(first);

      await run(url, "UPDATE people SET name = name || 'x'");
      expect(changed(first, await reader.read())).toEqual(["people"]);
      await run(url, "UPDATE people SET name = substr(name, 1, length(name) - 1)");
      expect(await reader.read()).toEqual(first);

      await run(url, PROBE);
      const added = await reader.read();
      expect(changed(first, added)).toEqual(["people"]);
      await run(url, "UPDATE people SET council = 1 WHERE id = 'probe'");
      expect(changed(added, await reader.read())).toEqual(["people"]);
      await run(url, "DELETE FROM people WHERE id = 'probe'");
      expect(await reader.read()).toEqual(first);

      // A write by the server's own connection, read by the kept reader: a reader that skips its
      // reads while nothing was committed (SQLite's data_version) must still see this one.
      const made = await h.app.inject({
        method: "POST",
        url: "/api/people",
        headers: { cookie: admin },
        payload: { name: "Snapshot" },
      });
      expect(made.statusCode).toBe(201);
      expect(changed(first, await reader.read())).toContain("people");
    } finally {
      await reader.close();
    }
  });
});
