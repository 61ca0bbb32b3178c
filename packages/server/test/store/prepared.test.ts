// A statement compiled once (store/prepared.ts): each call's values land where the SQL wants them,
// in either dialect's order, and a value the caller did not name is refused at once.

import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import { Prepared } from "../../src/store/prepared.js";
import type { Database } from "../../src/store/schema.js";

const dialects = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

describe.each(Object.entries(dialects))("a prepared statement in %s", (_, db) => {
  // Named in another order than the SQL takes them: set's values first, then where's.
  const keys = ["expected", "id", "winner", "phase", "seq"] as const;
  const build = (v: Record<(typeof keys)[number], never>) =>
    db
      .updateTable("tables")
      .set({ seq: v.seq, phase: v.phase, winner: v.winner })
      .where("id", "=", v.id)
      .where("seq", "=", v.expected)
      .compile();

  it("is the query Kysely compiles with the same values", () => {
    const values = { seq: 7, phase: "day", winner: null, id: "t1", expected: 6 };
    const direct = db
      .updateTable("tables")
      .set({ seq: 7, phase: "day", winner: null })
      .where("id", "=", "t1")
      .where("seq", "=", 6)
      .compile();
    const prepared = new Prepared(keys, build).with(values);
    expect(prepared.sql).toBe(direct.sql);
    expect(prepared.parameters).toEqual(direct.parameters);
  });

  it("refuses a query with a value that is not one of its keys", () => {
    expect(
      () =>
        new Prepared(["id"], (v) =>
          db.updateTable("tables").set({ phase: "day" }).where("id", "=", v.id).compile(),
        ),
    ).toThrow(/not one of its keys/);
  });
});
