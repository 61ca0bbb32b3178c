// A statement compiled once (store/prepared.ts): each call's values land where the SQL wants them,
// in either dialect's order, and a value the caller did not name is refused at once.

import {
  type DatabaseIntrospector,
  type DialectAdapter,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import { Prepared } from "../../src/store/prepared.js";
import type { Database } from "../../src/store/schema.js";

/** A Kysely that only compiles, in the dialect of these parts. */
function compiling(
  adapter: () => DialectAdapter,
  introspector: (db: Kysely<unknown>) => DatabaseIntrospector,
  compiler: () => QueryCompiler,
): Kysely<Database> {
  return new Kysely<Database>({
    dialect: {
      createAdapter: adapter,
      createDriver: () => new DummyDriver(),
      createIntrospector: introspector,
      createQueryCompiler: compiler,
    },
  });
}

const dialects = {
  sqlite: compiling(
    () => new SqliteAdapter(),
    (db) => new SqliteIntrospector(db),
    () => new SqliteQueryCompiler(),
  ),
  postgres: compiling(
    () => new PostgresAdapter(),
    (db) => new PostgresIntrospector(db),
    () => new PostgresQueryCompiler(),
  ),
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
