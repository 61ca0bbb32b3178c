// The club's rows beyond the game (docs/club.md): sanctions (CLUB-3) and complaints (CLUB-2),
// the same queries on SQLite and PostgreSQL. KyselyPeople (kysely-people.ts) hands each call here.

import type { Kysely, Selectable } from "kysely";
import { type ComplaintsTable, type Database, millis, type SanctionsTable } from "./schema.js";
import type { ComplaintRow, SanctionRow } from "./types.js";

type Write = <T>(work: () => Promise<T>) => Promise<T>;

const sanctionRow = (r: Selectable<SanctionsTable>): SanctionRow => ({
  id: r.id,
  personId: r.person_id,
  kind: r.kind,
  reason: r.reason,
  from: r.starts_at === null ? null : millis(r.starts_at),
  until: r.ends_at === null ? null : millis(r.ends_at),
  byHostId: r.by_host_id,
  createdAt: millis(r.created_at),
});

const complaintRow = (r: Selectable<ComplaintsTable>): ComplaintRow => ({
  id: r.id,
  tableId: r.table_id,
  about: r.about,
  text: r.text,
  byHostId: r.by_host_id,
  createdAt: millis(r.created_at),
  answer:
    r.answer === null || r.answered_by === null || r.answered_at === null
      ? null
      : {
          text: r.answer,
          byHostId: r.answered_by,
          at: millis(r.answered_at),
          ...(r.decision ? { decision: r.decision } : {}),
        },
});

export class ClubQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly write: Write,
  ) {}

  async createSanction(s: SanctionRow): Promise<void> {
    await this.write(() =>
      this.db
        .insertInto("sanctions")
        .values({
          id: s.id,
          person_id: s.personId,
          kind: s.kind,
          reason: s.reason,
          starts_at: s.from,
          ends_at: s.until,
          by_host_id: s.byHostId,
          created_at: s.createdAt,
        })
        .execute(),
    );
  }

  async listSanctions(personId: string): Promise<SanctionRow[]> {
    const rows = await this.db
      .selectFrom("sanctions")
      .selectAll()
      .where("person_id", "=", personId)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute();
    return rows.map(sanctionRow);
  }

  async activeBan(personId: string, at: number): Promise<SanctionRow | null> {
    const row = await this.db
      .selectFrom("sanctions")
      .selectAll()
      .where("person_id", "=", personId)
      .where("kind", "=", "ban")
      .where("starts_at", "<=", at)
      .where("ends_at", ">", at)
      .orderBy("ends_at", "desc")
      .orderBy("id")
      .executeTakeFirst();
    return row ? sanctionRow(row) : null;
  }

  async createComplaint(c: ComplaintRow): Promise<void> {
    await this.write(() =>
      this.db
        .insertInto("complaints")
        .values({
          id: c.id,
          table_id: c.tableId,
          about: c.about,
          text: c.text,
          by_host_id: c.byHostId,
          created_at: c.createdAt,
          answer: c.answer?.text ?? null,
          answered_by: c.answer?.byHostId ?? null,
          answered_at: c.answer?.at ?? null,
        })
        .execute(),
    );
  }

  async getComplaint(id: string): Promise<ComplaintRow | null> {
    const row = await this.db.selectFrom("complaints").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? complaintRow(row) : null;
  }

  async listComplaints(query: { tableId: string } | { open: true }): Promise<ComplaintRow[]> {
    let select = this.db.selectFrom("complaints").selectAll();
    select =
      "tableId" in query
        ? select.where("table_id", "=", query.tableId)
        : select.where("answered_at", "is", null);
    const rows = await select.orderBy("created_at").orderBy("id").execute();
    return rows.map(complaintRow);
  }

  async answerComplaint(id: string, answer: NonNullable<ComplaintRow["answer"]>): Promise<boolean> {
    // "Not answered yet" is part of the update: two admins answering at once, one wins.
    const result = await this.write(() =>
      this.db
        .updateTable("complaints")
        .set({
          answer: answer.text,
          answered_by: answer.byHostId,
          answered_at: answer.at,
          decision: answer.decision ?? null,
        })
        .where("id", "=", id)
        .where("answered_at", "is", null)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }
}
