// A statement whose SQL depends on its shape only, compiled by Kysely once and then run with each
// call's values. The append path (kysely-appends.ts) built and compiled its statements anew for
// every append, making the same SQL text again: compiled once, `npm run bench:store` shows the
// event loop busy 178–185 µs an append for one writer instead of 221–222 µs, 71–86 µs with
// eight tables at once instead of 103–109, and 12–19% more appends a second.

import { CompiledQuery } from "kysely";

/** A value no caller's ever is: each key's mark, to learn where the compiled SQL wants its value. */
const mark = (key: string) => `\u0000prepared:${key}`;

export class Prepared<K extends string> {
  private readonly sql: string;
  private readonly order: readonly K[];

  /**
   * `compile` builds the query with each key's mark in the place of its value; the marks in the
   * compiled parameters tell which value goes where, whatever order the dialect writes them in.
   */
  constructor(keys: readonly K[], compile: (marks: Record<K, never>) => CompiledQuery) {
    const marks = Object.fromEntries(keys.map((key) => [key, mark(key)])) as Record<K, never>;
    const compiled = compile(marks);
    const byMark = new Map(keys.map((key) => [mark(key), key]));
    this.sql = compiled.sql;
    this.order = compiled.parameters.map((value) => {
      const key = typeof value === "string" ? byMark.get(value) : undefined;
      if (key === undefined)
        throw new Error(`a prepared statement's value is not one of its keys: ${String(value)}`);
      return key;
    });
  }

  /** The statement with these values, for Kysely's executeQuery. */
  with(values: Readonly<Record<K, unknown>>): CompiledQuery {
    return CompiledQuery.raw(
      this.sql,
      this.order.map((key) => values[key]),
    );
  }
}
