// SQLite's batch of appends (kysely-appends.ts) on better-sqlite3 itself: the whole batch, from
// BEGIN IMMEDIATE to COMMIT, is one synchronous call with statements prepared once. Through Kysely
// each of its five to seven statements was a query object, a connection taken from Kysely's mutex
// and a promise to wait on, for work that better-sqlite3 does synchronously anyway. bench:store:
// the event loop busy 92 → 63–68 µs an append for one writer, 44 → 31–32 µs with eight tables at
// once. The caller holds the store's writer, as for every write (these statements bypass the
// connection's own check of it, ./sqlite.ts).

import type BetterSqlite3 from "better-sqlite3";
import type { Outcome } from "./group-commit.js";
import type { Append } from "./kysely-appends.js";
import type { AppendResult } from "./table-types.js";
import { isUniqueViolation } from "./unique.js";

/** One append as this batch takes it: no closing result (those go through Kysely, with insertResult). */
type PlainAppend = Omit<Append, "finished">;

/** Why an append was rolled back: thrown inside its transaction or savepoint, caught outside it. */
class Refused extends Error {
  constructor(readonly conflict: "seq" | "command") {
    super(`append refused: ${conflict}`);
  }
}

/** The statements, prepared at the first append (the tables exist once the migrations have run). */
interface Statements {
  readonly insertCommand: BetterSqlite3.Statement;
  readonly moveTable: BetterSqlite3.Statement;
  /** One append, its own transaction; called inside `many`, a savepoint (better-sqlite3 nests them so). */
  readonly one: BetterSqlite3.Transaction<(append: PlainAppend) => void>;
  readonly many: BetterSqlite3.Transaction<(batch: readonly PlainAppend[]) => Outcome<AppendResult>[]>;
}

export class SqliteAppends {
  private prepared: Statements | null = null;
  private readonly insertEvents = new Map<number, BetterSqlite3.Statement>();

  constructor(private readonly sqlite: BetterSqlite3.Database) {}

  private get statements(): Statements {
    this.prepared ??= {
      insertCommand: this.sqlite.prepare(
        "insert into commands (table_id, command_id, seq, answer) values (?, ?, ?, ?)",
      ),
      moveTable: this.sqlite.prepare(
        "update tables set seq = ?, phase = ?, winner = ? where id = ? and seq = ?",
      ),
      one: this.sqlite.transaction((append: PlainAppend) => this.appendIn(append)),
      many: this.sqlite.transaction((batch: readonly PlainAppend[]) => batch.map((a) => this.attempt(a))),
    };
    return this.prepared;
  }

  /** The batch in one transaction, each append's outcome in order; a batch of one without a savepoint. */
  run(batch: readonly PlainAppend[]): Outcome<AppendResult>[] {
    const [only] = batch;
    if (only === undefined) return [];
    if (batch.length === 1) return [this.attempt(only, true)];
    return this.statements.many.immediate(batch);
  }

  /**
   * One append's writes in a transaction the caller opened on this connection (the closing append's,
   * with its result: kysely-appends.ts): refused, it has written part of them, so the caller must
   * roll back.
   */
  writeIn(append: PlainAppend): AppendResult {
    try {
      this.appendIn(append);
    } catch (error) {
      if (error instanceof Refused) return { ok: false, conflict: error.conflict };
      throw error;
    }
    return { ok: true, seq: append.expectedSeq + append.events.length };
  }

  /** One append: its transaction (`alone`) or savepoint, rolled back when refused. */
  private attempt(append: PlainAppend, alone = false): Outcome<AppendResult> {
    try {
      if (alone) this.statements.one.immediate(append);
      else this.statements.one(append);
    } catch (error) {
      if (error instanceof Refused) return { ok: true, value: { ok: false, conflict: error.conflict } };
      return { ok: false, error };
    }
    return { ok: true, value: { ok: true, seq: append.expectedSeq + append.events.length } };
  }

  /** The command's id and answer, the events at expectedSeq+1…, the table's seq and status. */
  private appendIn(a: PlainAppend): void {
    const seq = a.expectedSeq + a.events.length;
    // The command first: a repeated id is "command" even when its seq is stale too.
    refuseOnUnique("command", () =>
      this.statements.insertCommand.run(a.tableId, a.command.id, seq, JSON.stringify(a.command.answer)),
    );
    if (a.events.length > 0) {
      const values: unknown[] = [];
      a.events.forEach((event, i) => {
        values.push(a.tableId, a.expectedSeq + 1 + i, JSON.stringify(event));
      });
      refuseOnUnique("seq", () => this.eventsInsert(a.events.length).run(values));
    }
    // Guards an expectedSeq ahead of the table (a gap) and an append with no events.
    const moved = this.statements.moveTable.run(
      seq,
      a.status.phase,
      a.status.winner,
      a.tableId,
      a.expectedSeq,
    );
    if (moved.changes !== 1) throw new Refused("seq");
  }

  /** The insert of `count` events, prepared once per count. */
  private eventsInsert(count: number): BetterSqlite3.Statement {
    let insert = this.insertEvents.get(count);
    if (insert === undefined) {
      const rows = Array.from({ length: count }, () => "(?, ?, ?)").join(", ");
      insert = this.sqlite.prepare(`insert into events (table_id, seq, event) values ${rows}`);
      this.insertEvents.set(count, insert);
    }
    return insert;
  }
}

function refuseOnUnique(conflict: "seq" | "command", work: () => unknown): void {
  try {
    work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refused(conflict);
    throw error;
  }
}
