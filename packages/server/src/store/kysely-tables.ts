// The tables (table-types.ts): each game's row, seats and append-only events, its join code, the
// phones' seat tokens and the out chat, on SQLite and PostgreSQL. Part of KyselyStore; the append
// itself is kysely-appends.ts.

import type { GameEvent } from "@misto/engine";
import type { Selectable, Transaction } from "kysely";
import type { GameResult } from "../rating/result.js";
import type { Append, Appends } from "./kysely-appends.js";
import { type StoreContext, StorePart } from "./kysely-part.js";
import { type Database, millis, type TablesTable } from "./schema.js";
import type {
  AppendResult,
  NewOutChatLine,
  OutChatLine,
  SeatPerson,
  SeatTokenRow,
  TableRow,
  TableStore,
} from "./table-types.js";
import { isUniqueViolation, unique } from "./unique.js";

const tableRow = (r: Selectable<TablesTable>): TableRow => ({
  id: r.id,
  title: r.title,
  hostId: r.host_id,
  createdAt: millis(r.created_at),
  seq: r.seq,
  phase: r.phase,
  winner: r.winner,
  online: r.online === 1 || (r.online as unknown) === "1",
  onlineSettings: r.online_settings ?? null,
});

export class KyselyTables extends StorePart implements TableStore {
  constructor(
    context: StoreContext,
    private readonly appends: Appends,
  ) {
    super(context);
  }

  createTable(
    table: Omit<TableRow, "seq">,
    created: GameEvent,
    seats: readonly SeatPerson[] = [],
  ): Promise<void> {
    return this.write(() =>
      unique(`the table ${table.id} exists`, () =>
        this.db.transaction().execute(async (tx) => {
          await tx
            .insertInto("tables")
            .values({
              id: table.id,
              title: table.title,
              host_id: table.hostId,
              created_at: table.createdAt,
              seq: 1,
              phase: table.phase,
              winner: table.winner,
              online: table.online ? 1 : 0,
              online_settings: table.onlineSettings ?? null,
            })
            .execute();
          await tx
            .insertInto("events")
            .values({ table_id: table.id, seq: 1, event: JSON.stringify(created) })
            .execute();
          await insertSeats(tx, table.id, seats);
        }),
      ),
    );
  }

  async setTableSeats(tableId: string, seats: readonly SeatPerson[]): Promise<void> {
    await this.write(() =>
      this.db.transaction().execute(async (tx) => {
        await tx.deleteFrom("table_seats").where("table_id", "=", tableId).execute();
        await insertSeats(tx, tableId, seats);
      }),
    );
  }

  async listTableSeats(tableId: string): Promise<SeatPerson[]> {
    const rows = await this.db
      .selectFrom("table_seats")
      .select(["seat", "person_id"])
      .where("table_id", "=", tableId)
      .orderBy("seat")
      .execute();
    return rows.map((r) => ({ seat: r.seat, personId: r.person_id }));
  }

  async listGamesOf(personId: string, limit: number): Promise<{ table: TableRow; seat: number }[]> {
    const rows = await this.db
      .selectFrom("table_seats")
      .innerJoin("tables", "tables.id", "table_seats.table_id")
      .innerJoin("people", "people.id", "table_seats.person_id")
      .selectAll("tables")
      .select("table_seats.seat as seat")
      .where((eb) => eb.or([eb("people.id", "=", personId), eb("people.merged_into", "=", personId)]))
      .orderBy("tables.created_at", "desc")
      .orderBy("tables.id")
      .limit(limit)
      .execute();
    return rows.map(({ seat, ...table }) => ({ table: tableRow(table), seat }));
  }

  async getTable(id: string): Promise<TableRow | null> {
    const row = await this.db.selectFrom("tables").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? tableRow(row) : null;
  }

  async listTables(): Promise<TableRow[]> {
    const rows = await this.db
      .selectFrom("tables")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "asc")
      .execute();
    return rows.map(tableRow);
  }

  async readEvents(tableId: string, afterSeq = 0): Promise<{ seq: number; event: GameEvent }[]> {
    const rows = await this.db
      .selectFrom("events")
      .select(["seq", "event"])
      .where("table_id", "=", tableId)
      .where("seq", ">", afterSeq)
      .orderBy("seq", "asc")
      .execute();
    return rows.map((r) => ({ seq: r.seq, event: JSON.parse(r.event) as GameEvent }));
  }

  async append(
    tableId: string,
    expectedSeq: number,
    events: readonly GameEvent[],
    command: { id: string; answer: unknown },
    status: { phase: string; winner: string | null },
    finished?: GameResult,
  ): Promise<AppendResult> {
    const append: Append = { tableId, expectedSeq, events, command, status, finished };
    const result = await this.appends.appendOne(append);
    // The game's result is stored: the archive's totals take it in, after the answer.
    if (finished && result.ok) void this.archive.fold();
    return result;
  }

  async findCommand(tableId: string, commandId: string): Promise<unknown | null> {
    const row = await this.db
      .selectFrom("commands")
      .select("answer")
      .where("table_id", "=", tableId)
      .where("command_id", "=", commandId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.answer) as unknown) : null;
  }

  async setJoinCode(tableId: string, code: string): Promise<void> {
    await this.write(() =>
      unique(`the join code ${code} is taken`, () =>
        this.db.insertInto("join_codes").values({ code, table_id: tableId }).execute(),
      ),
    );
  }

  async getJoinCode(tableId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("join_codes")
      .select("code")
      .where("table_id", "=", tableId)
      .executeTakeFirst();
    return row?.code ?? null;
  }

  async findTableByCode(code: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("join_codes")
      .select("table_id")
      .where("code", "=", code)
      .executeTakeFirst();
    return row?.table_id ?? null;
  }

  async createSeatToken(t: SeatTokenRow, whilePhase?: string): Promise<boolean> {
    return this.write(() =>
      unique(`seat ${t.seat} is taken`, () =>
        this.db.transaction().execute(async (tx) => {
          if (whilePhase !== undefined) {
            const read = tx.selectFrom("tables").select("phase").where("id", "=", t.tableId);
            // PostgreSQL: the row stays locked until this commits, so an append (which updates it)
            // waits for this join, or this waits for the append and reads the phase it left. SQLite
            // writes one transaction at a time anyway.
            const row = await (this.kind === "postgres" ? read.forShare() : read).executeTakeFirst();
            if (row?.phase !== whilePhase) return false;
          }
          await tx
            .insertInto("seat_tokens")
            .values({ token_hash: t.tokenHash, table_id: t.tableId, seat: t.seat, created_at: t.createdAt })
            .execute();
          return true;
        }),
      ),
    );
  }

  async getSeatToken(tokenHash: string): Promise<SeatTokenRow | null> {
    const row = await this.db
      .selectFrom("seat_tokens")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row
      ? {
          tokenHash: row.token_hash,
          tableId: row.table_id,
          seat: row.seat,
          createdAt: millis(row.created_at),
        }
      : null;
  }

  async listSeatTokens(tableId: string): Promise<SeatTokenRow[]> {
    const rows = await this.db
      .selectFrom("seat_tokens")
      .selectAll()
      .where("table_id", "=", tableId)
      .orderBy("seat", "asc")
      .execute();
    return rows.map((row) => ({
      tokenHash: row.token_hash,
      tableId: row.table_id,
      seat: row.seat,
      createdAt: millis(row.created_at),
    }));
  }

  async deleteSeatToken(tableId: string, seat: number): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .deleteFrom("seat_tokens")
        .where("table_id", "=", tableId)
        .where("seat", "=", seat)
        .executeTakeFirst(),
    );
    return Number(result.numDeletedRows) > 0;
  }

  async addOutChatLine(tableId: string, line: NewOutChatLine): Promise<OutChatLine | null> {
    // Two processes sharing PostgreSQL may take the same next n: the (table_id, n) key refuses the
    // second, which tries again with the n after.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.write(() =>
          this.db.transaction().execute(async (tx) => {
            // A repeated id: stored once already (a phone sending its line again after a drop).
            const known = await tx
              .selectFrom("out_chat")
              .select("n")
              .where("table_id", "=", tableId)
              .where("said_id", "=", line.id)
              .executeTakeFirst();
            if (known) return null;
            const last = await tx
              .selectFrom("out_chat")
              .select((eb) => eb.fn.max("n").as("n"))
              .where("table_id", "=", tableId)
              .executeTakeFirst();
            const n = Number(last?.n ?? 0) + 1;
            await tx
              .insertInto("out_chat")
              .values({
                table_id: tableId,
                n,
                seat: line.seat,
                at: line.at,
                text: line.text,
                said_id: line.id,
              })
              .execute();
            return { n, seat: line.seat, at: line.at, text: line.text };
          }),
        );
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
      }
    }
  }

  async readOutChat(tableId: string): Promise<OutChatLine[]> {
    const rows = await this.db
      .selectFrom("out_chat")
      .select(["n", "seat", "at", "text"])
      .where("table_id", "=", tableId)
      .orderBy("n", "asc")
      .execute();
    return rows.map((r) => ({ n: r.n, seat: r.seat, at: millis(r.at), text: r.text }));
  }
}

async function insertSeats(tx: Transaction<Database>, tableId: string, seats: readonly SeatPerson[]) {
  if (seats.length === 0) return;
  await tx
    .insertInto("table_seats")
    .values(seats.map((s) => ({ table_id: tableId, seat: s.seat, person_id: s.personId })))
    .execute();
}
