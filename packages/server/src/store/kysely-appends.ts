// A table's append (Store.append): the command's id and answer, its events and the table's status
// in one transaction; on SQLite the appends waiting at once share one (group-commit.ts), run on
// better-sqlite3 itself (sqlite-appends.ts); on PostgreSQL it is one statement (APPEND_STATEMENT).
// The append that closes the rating goes through Kysely, its statements compiled once (prepared.ts).

import type { GameEvent } from "@misto/engine";
import { CompiledQuery, type Transaction } from "kysely";
import type { GameResult } from "../rating/result.js";
import { GroupCommit, type Outcome } from "./group-commit.js";
import { type StoreContext, StorePart } from "./kysely-part.js";
import { Prepared } from "./prepared.js";
import { insertResult } from "./rating-queries.js";
import type { Database } from "./schema.js";
import { SqliteAppends } from "./sqlite-appends.js";
import type { AppendResult } from "./table-types.js";
import { isUniqueViolation } from "./unique.js";

/** Why an append was rolled back: thrown inside its transaction, caught outside it. */
class AppendRefused extends Error {
  constructor(readonly conflict: "seq" | "command") {
    super(`append refused: ${conflict}`);
  }
}

/** One append's arguments (Store.append). */
export interface Append {
  readonly tableId: string;
  readonly expectedSeq: number;
  readonly events: readonly GameEvent[];
  readonly command: { readonly id: string; readonly answer: unknown };
  readonly status: { readonly phase: string; readonly winner: string | null };
  /** The rating closed: the game's result, committed with its last events. */
  readonly finished?: GameResult | undefined;
}

export class Appends extends StorePart {
  /**
   * SQLite: the appends waiting at once share one transaction and one flush to disk after it
   * (./group-commit.ts), each in its own savepoint so that one refused append leaves the others.
   * PostgreSQL commits each on its own connection, the waiting done off this thread.
   */
  readonly appends: GroupCommit<Append, AppendResult> | null;

  /** The append's statements, compiled once (./prepared.ts); the events' insert once per count. */
  private readonly insertCommand = new Prepared(["table_id", "command_id", "seq", "answer"], (v) =>
    this.db.insertInto("commands").values(v).compile(),
  );
  private readonly insertEvents = new Map<number, EventsInsert>();
  private readonly moveTable = new Prepared(["seq", "phase", "winner", "id", "expected"], (v) =>
    this.db
      .updateTable("tables")
      .set({ seq: v.seq, phase: v.phase, winner: v.winner })
      .where("id", "=", v.id)
      .where("seq", "=", v.expected)
      .compile(),
  );

  /** SQLite: the batch on better-sqlite3 itself, one synchronous call (./sqlite-appends.ts). */
  private readonly direct: SqliteAppends | null;

  constructor(context: StoreContext) {
    super(context);
    this.direct = context.sqlite ? new SqliteAppends(context.sqlite) : null;
    this.appends =
      context.kind === "sqlite"
        ? new GroupCommit<Append, AppendResult>((batch) => this.appendBatch(batch), context.write)
        : null;
  }

  async appendOne(append: Append): Promise<AppendResult> {
    if (this.appends) return this.appends.run(append);
    return this.write(() => (append.finished ? this.appendAlone(append) : this.appendStatement(append)));
  }

  /** One append in its own transaction (the caller holds the writer), rolled back when refused. */
  private async appendAlone(append: Append): Promise<AppendResult> {
    try {
      await this.db.transaction().execute((tx) => this.appendIn(tx, append));
    } catch (error) {
      if (error instanceof AppendRefused) return { ok: false, conflict: error.conflict };
      throw error;
    }
    return { ok: true, seq: append.expectedSeq + append.events.length };
  }

  /**
   * PostgreSQL: the append as one statement, its own transaction: one round trip where BEGIN, the
   * command, the events, the table and COMMIT took five (bench:server --processes 2). Refused, it
   * has written nothing; a stale seq and a known id are told apart by one more read, on refusal only.
   */
  private async appendStatement(a: Append): Promise<AppendResult> {
    const seq = a.expectedSeq + a.events.length;
    const parameters = [
      seq,
      a.status.phase,
      a.status.winner,
      a.tableId,
      a.expectedSeq,
      a.command.id,
      JSON.stringify(a.command.answer),
      a.events.map((_, i) => a.expectedSeq + 1 + i),
      a.events.map((event) => JSON.stringify(event)),
    ];
    let moved: number;
    try {
      const { rows } = await this.db.executeQuery<{ moved: string }>(
        CompiledQuery.raw(APPEND_STATEMENT, parameters),
      );
      moved = Number(rows[0]?.moved);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const constraint = (error as { constraint?: unknown }).constraint;
      return { ok: false, conflict: constraint === "commands_pk" ? "command" : "seq" };
    }
    if (moved === 1) return { ok: true, seq };
    // The command first, as in appendIn: a repeated id is "command" even when its seq is stale too.
    const known = await this.db
      .selectFrom("commands")
      .select("seq")
      .where("table_id", "=", a.tableId)
      .where("command_id", "=", a.command.id)
      .executeTakeFirst();
    return { ok: false, conflict: known ? "command" : "seq" };
  }

  /**
   * Several appends in one transaction (the caller holds the writer lock), each in a savepoint: on
   * better-sqlite3 itself (./sqlite-appends.ts), or through Kysely for a batch holding the append
   * that closes the rating (its result is written by insertResult) or a store opened without it.
   */
  private async appendBatch(batch: readonly Append[]): Promise<Outcome<AppendResult>[]> {
    if (this.direct && batch.every((a) => !a.finished)) return this.direct.run(batch);
    return this.db.transaction().execute(async (tx) => {
      const outcomes: Outcome<AppendResult>[] = [];
      for (const append of batch) {
        await tx.executeQuery(SAVEPOINT);
        try {
          await this.appendIn(tx, append);
          outcomes.push({ ok: true, value: { ok: true, seq: append.expectedSeq + append.events.length } });
        } catch (error) {
          await tx.executeQuery(ROLLBACK_TO);
          outcomes.push(
            error instanceof AppendRefused
              ? { ok: true, value: { ok: false, conflict: error.conflict } }
              : { ok: false, error },
          );
        }
        await tx.executeQuery(RELEASE);
      }
      return outcomes;
    });
  }

  /**
   * One append's writes, in the caller's transaction: the command's id and answer, the events at
   * expectedSeq+1…, the table's seq and status. Throws AppendRefused on a stale seq or a known id.
   */
  private async appendIn(tx: Transaction<Database>, a: Append): Promise<void> {
    const seq = a.expectedSeq + a.events.length;
    const answer = JSON.stringify(a.command.answer);
    // The command first: a repeated id is "command" even when its seq is stale too.
    await refuseOnUnique("command", () =>
      tx.executeQuery(
        this.insertCommand.with({ table_id: a.tableId, command_id: a.command.id, seq, answer }),
      ),
    );
    if (a.events.length > 0) {
      // A concurrent writer at the same seq breaks the (table_id, seq) primary key here; on
      // PostgreSQL the second waits for the first to commit, then fails.
      const { rows, statement } = this.eventsInsert(a.events.length);
      const values: Record<string, unknown> = {};
      rows.forEach(([table, seq, event], i) => {
        values[table] = a.tableId;
        values[seq] = a.expectedSeq + 1 + i;
        values[event] = JSON.stringify(a.events[i]);
      });
      await refuseOnUnique("seq", () => tx.executeQuery(statement.with(values)));
    }
    // Guards an expectedSeq ahead of the table (a gap) and an append with no events.
    const { phase, winner } = a.status;
    const moved = await tx.executeQuery(
      this.moveTable.with({ seq, phase, winner, id: a.tableId, expected: a.expectedSeq }),
    );
    if (Number(moved.numAffectedRows) !== 1) throw new AppendRefused("seq");
    // The rating closed: the game's result is kept with it, committed with its last events.
    if (a.finished) await insertResult(tx, a.tableId, a.finished);
  }

  /** The insert of `count` events (an append stores one to a few), compiled once per count. */
  private eventsInsert(count: number): EventsInsert {
    let insert = this.insertEvents.get(count);
    if (insert === undefined) {
      const rows = Array.from({ length: count }, (_, i) => [`table${i}`, `seq${i}`, `event${i}`] as const);
      const statement = new Prepared(rows.flat(), (v) =>
        this.db
          .insertInto("events")
          .values(
            rows.map(([table, seq, event]) => ({
              table_id: v[table] as never,
              seq: v[seq] as never,
              event: v[event] as never,
            })),
          )
          .compile(),
      );
      insert = { rows, statement };
      this.insertEvents.set(count, insert);
    }
    return insert;
  }
}

/** The events' insert for one count: each row's keys (its table, seq and event), and the statement. */
interface EventsInsert {
  readonly rows: readonly (readonly [string, string, string])[];
  readonly statement: Prepared<string>;
}

/**
 * PostgreSQL's append, parameters $1 the new seq, $2 the phase, $3 the winner, $4 the table,
 * $5 the expected seq, $6 the command's id, $7 its answer, $8 the events' seqs, $9 the events. The
 * table's row is moved first, guarded by its seq (a concurrent writer at the same seq waits for its
 * row lock, then finds the seq gone); the command and the events are inserted from the row it
 * moved, so a stale or future seq inserts nothing. A known command id breaks commands_pk, which
 * undoes the whole statement.
 */
const APPEND_STATEMENT = `with moved as (
  update tables set seq = $1::integer, phase = $2::text, winner = $3::text
  where id = $4::text and seq = $5::integer returning id
), command as (
  insert into commands (table_id, command_id, seq, answer) select id, $6::text, $1::integer, $7::text from moved
), added as (
  insert into events (table_id, seq, event)
  select id, e.seq, e.event from moved, unnest($8::integer[], $9::text[]) as e(seq, event)
)
select count(*) as moved from moved`;

const SAVEPOINT = CompiledQuery.raw("savepoint append");
const ROLLBACK_TO = CompiledQuery.raw("rollback to append");
const RELEASE = CompiledQuery.raw("release append");

async function refuseOnUnique(conflict: "seq" | "command", work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppendRefused(conflict);
    throw error;
  }
}
