// A table's append (Store.append): the command's id and answer, its events and the table's status
// in one transaction. On SQLite the appends waiting at once share one (group-commit.ts), run on
// better-sqlite3 itself (sqlite-appends.ts); on PostgreSQL each is one statement (APPEND_STATEMENT).
// The append that closes the rating is the same writes with the game's result beside them, in a
// Kysely transaction (insertResult writes the result).

import type { GameEvent } from "@misto/engine";
import { CompiledQuery, type Kysely } from "kysely";
import type { GameResult } from "../rating/result.js";
import { GroupCommit, type Outcome } from "./group-commit.js";
import { type StoreContext, StorePart } from "./kysely-part.js";
import { insertResult } from "./rating-queries.js";
import type { Database } from "./schema.js";
import { SqliteAppends } from "./sqlite-appends.js";
import type { AppendResult } from "./table-types.js";
import { isUniqueViolation } from "./unique.js";

/** Why the closing append's transaction was rolled back: thrown inside it, caught outside it. */
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

  /** SQLite: the append's writes on better-sqlite3 itself (./sqlite-appends.ts); null on PostgreSQL. */
  private readonly direct: SqliteAppends | null;

  constructor(context: StoreContext) {
    super(context);
    if (context.kind === "sqlite" && context.sqlite === null)
      throw new Error("a SQLite store needs its better-sqlite3 connection for its appends");
    this.direct = context.sqlite ? new SqliteAppends(context.sqlite) : null;
    this.appends =
      context.kind === "sqlite"
        ? new GroupCommit<Append, AppendResult>((batch) => this.appendBatch(batch), context.write)
        : null;
  }

  async appendOne(append: Append): Promise<AppendResult> {
    if (this.appends) return this.appends.run(append);
    return this.write(() =>
      append.finished ? this.closing(append, append.finished) : this.statement(this.db, append),
    );
  }

  /**
   * SQLite's batch (the caller holds the writer lock): the plain appends in one synchronous call
   * (./sqlite-appends.ts), then each closing append in its own transaction, before the one flush.
   * Apart they are alike: a table has one append at a time (its commands take turns).
   */
  private async appendBatch(batch: readonly Append[]): Promise<Outcome<AppendResult>[]> {
    const direct = this.direct as SqliteAppends;
    const plain = direct.run(batch.filter((a) => !a.finished));
    let next = 0;
    const outcomes: Outcome<AppendResult>[] = [];
    for (const append of batch) {
      if (!append.finished) outcomes.push(plain[next++] as Outcome<AppendResult>);
      else
        outcomes.push(
          await this.closing(append, append.finished).then(
            (value) => ({ ok: true, value }) as const,
            (error: unknown) => ({ ok: false, error }) as const,
          ),
        );
    }
    return outcomes;
  }

  /**
   * The append that closes the rating: its writes (as any append's, in the dialect's way) and the
   * game's result, in one transaction, rolled back when refused.
   */
  private async closing(append: Append, finished: GameResult): Promise<AppendResult> {
    try {
      await this.db.transaction().execute(async (tx) => {
        // SQLite: Kysely's transaction is on the same connection, so the writes join it.
        const result = this.direct ? this.direct.writeIn(append) : await this.statement(tx, append);
        if (!result.ok) throw new AppendRefused(result.conflict);
        await insertResult(tx, append.tableId, finished);
      });
    } catch (error) {
      if (error instanceof AppendRefused) return { ok: false, conflict: error.conflict };
      throw error;
    }
    return { ok: true, seq: append.expectedSeq + append.events.length };
  }

  /**
   * PostgreSQL: the append as one statement on `db` (the pool, or the closing append's
   * transaction): one round trip where BEGIN, the command, the events, the table and COMMIT took
   * five (bench:server --processes 2). Refused, it has written nothing; a stale seq and a known id
   * are told apart by one more read, on refusal only.
   */
  private async statement(db: Kysely<Database>, a: Append): Promise<AppendResult> {
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
      const { rows } = await db.executeQuery<{ moved: string }>(
        CompiledQuery.raw(APPEND_STATEMENT, parameters),
      );
      moved = Number(rows[0]?.moved);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const constraint = (error as { constraint?: unknown }).constraint;
      return { ok: false, conflict: constraint === "commands_pk" ? "command" : "seq" };
    }
    if (moved === 1) return { ok: true, seq };
    // The command first, as on SQLite: a repeated id is "command" even when its seq is stale too.
    const known = await db
      .selectFrom("commands")
      .select("seq")
      .where("table_id", "=", a.tableId)
      .where("command_id", "=", a.command.id)
      .executeTakeFirst();
    return { ok: false, conflict: known ? "command" : "seq" };
  }
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
