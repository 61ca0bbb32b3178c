// A table's append (Store.append): the command's id and answer, its events and the table's status
// in one transaction; on SQLite the appends waiting at once share one (group-commit.ts). Moved
// verbatim from kysely-store.ts.

import type { GameEvent } from "@misto/engine";
import { sql, type Transaction } from "kysely";
import type { GameResult } from "../rating/result.js";
import { GroupCommit, type Outcome } from "./group-commit.js";
import { type StoreContext, StorePart } from "./kysely-part.js";
import { insertResult } from "./rating-queries.js";
import type { Database } from "./schema.js";
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

  constructor(context: StoreContext) {
    super(context);
    this.appends =
      context.kind === "sqlite"
        ? new GroupCommit<Append, AppendResult>((batch) => this.appendBatch(batch), context.write)
        : null;
  }

  async appendOne(append: Append): Promise<AppendResult> {
    if (this.appends) return this.appends.run(append);
    try {
      await this.write(() => this.db.transaction().execute((tx) => appendIn(tx, append)));
    } catch (error) {
      if (error instanceof AppendRefused) return { ok: false, conflict: error.conflict };
      throw error;
    }
    return { ok: true, seq: append.expectedSeq + append.events.length };
  }

  /** Several appends in one transaction (the caller holds the writer lock), each in a savepoint. */
  private appendBatch(batch: readonly Append[]): Promise<Outcome<AppendResult>[]> {
    return this.db.transaction().execute(async (tx) => {
      const outcomes: Outcome<AppendResult>[] = [];
      for (const append of batch) {
        await sql`savepoint append`.execute(tx);
        try {
          await appendIn(tx, append);
          outcomes.push({ ok: true, value: { ok: true, seq: append.expectedSeq + append.events.length } });
        } catch (error) {
          await sql`rollback to append`.execute(tx);
          outcomes.push(
            error instanceof AppendRefused
              ? { ok: true, value: { ok: false, conflict: error.conflict } }
              : { ok: false, error },
          );
        }
        await sql`release append`.execute(tx);
      }
      return outcomes;
    });
  }
}

/**
 * One append's writes, in the caller's transaction: the command's id and answer, the events at
 * expectedSeq+1…, the table's seq and status. Throws AppendRefused on a stale seq or a known id.
 */
async function appendIn(tx: Transaction<Database>, a: Append): Promise<void> {
  const seq = a.expectedSeq + a.events.length;
  // The command first: a repeated id is "command" even when its seq is stale too.
  await refuseOnUnique("command", () =>
    tx
      .insertInto("commands")
      .values({
        table_id: a.tableId,
        command_id: a.command.id,
        seq,
        answer: JSON.stringify(a.command.answer),
      })
      .execute(),
  );
  if (a.events.length > 0) {
    // A concurrent writer at the same seq breaks the (table_id, seq) primary key here; on
    // PostgreSQL the second waits for the first to commit, then fails.
    await refuseOnUnique("seq", () =>
      tx
        .insertInto("events")
        .values(
          a.events.map((event, i) => ({
            table_id: a.tableId,
            seq: a.expectedSeq + 1 + i,
            event: JSON.stringify(event),
          })),
        )
        .execute(),
    );
  }
  // Guards an expectedSeq ahead of the table (a gap) and an append with no events.
  const updated = await tx
    .updateTable("tables")
    .set({ seq, phase: a.status.phase, winner: a.status.winner })
    .where("id", "=", a.tableId)
    .where("seq", "=", a.expectedSeq)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppendRefused("seq");
  // The rating closed: the game's result is kept with it, committed with its last events.
  if (a.finished) await insertResult(tx, a.tableId, a.finished);
}

async function refuseOnUnique(conflict: "seq" | "command", work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppendRefused(conflict);
    throw error;
  }
}
