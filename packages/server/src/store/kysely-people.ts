// The people (people-types.ts): members and guests, the directory's search, merging a guest, and
// (club-queries.ts) their sanctions and complaints, on SQLite and PostgreSQL. Part of KyselyStore.

import { type Selectable, sql } from "kysely";
import { mergeTotals } from "./archive-fold.js";
import { ClubQueries } from "./club-queries.js";
import { type StoreContext, StorePart } from "./kysely-part.js";
import type { ComplaintRow, PeopleStore, PersonRow, SanctionRow } from "./people-types.js";
import { millis, type PeopleTable } from "./schema.js";
import { unique } from "./unique.js";

const personRow = (r: Selectable<PeopleTable>): PersonRow => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  council: Number(r.council) === 1,
  mergedInto: r.merged_into,
  createdAt: millis(r.created_at),
});

/** A LIKE pattern that matches `text` anywhere, its own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A person's row as stored (also written with the club's admin and a new account: kysely-accounts.ts). */
export function personValues(p: PersonRow) {
  return {
    id: p.id,
    name: p.name,
    name_key: p.name.toLowerCase(),
    kind: p.kind,
    council: p.council ? 1 : 0,
    merged_into: p.mergedInto,
    created_at: p.createdAt,
  };
}

export class KyselyPeople extends StorePart implements PeopleStore {
  private readonly club: ClubQueries;

  constructor(context: StoreContext) {
    super(context);
    this.club = new ClubQueries(context.db, context.write);
  }

  async createPerson(person: PersonRow): Promise<void> {
    await this.write(() =>
      unique(`the person ${person.name} exists`, () =>
        this.db.insertInto("people").values(personValues(person)).execute(),
      ),
    );
  }

  async getPerson(id: string): Promise<PersonRow | null> {
    const row = await this.db.selectFrom("people").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? personRow(row) : null;
  }

  async findGuest(name: string): Promise<PersonRow | null> {
    const row = await this.db
      .selectFrom("people")
      .selectAll()
      .where("kind", "=", "guest")
      .where("merged_into", "is", null)
      .where("name", "=", name)
      .executeTakeFirst();
    return row ? personRow(row) : null;
  }

  async listPeople(query: { q?: string; limit: number }): Promise<PersonRow[]> {
    let select = this.db.selectFrom("people").selectAll().where("merged_into", "is", null);
    const q = query.q?.trim().toLowerCase();
    if (q) select = select.where(sql<boolean>`name_key like ${containsPattern(q)} escape '\\'`);
    const rows = await select
      .orderBy(sql`case when kind = 'member' then 0 else 1 end`)
      .orderBy("name_key")
      .orderBy("id")
      .limit(query.limit)
      .execute();
    return rows.map(personRow);
  }

  async resolvePerson(id: string): Promise<PersonRow | null> {
    let person = await this.getPerson(id);
    // Only a guest is merged, only into a member (who is never merged): at most one step, a few for safety.
    for (let step = 0; person?.mergedInto && step < 8; step++)
      person = await this.getPerson(person.mergedInto);
    return person;
  }

  async setCouncil(personId: string, council: boolean): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .updateTable("people")
        .set({ council: council ? 1 : 0 })
        .where("id", "=", personId)
        .where("kind", "=", "member")
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }

  async mergeGuest(guestId: string, memberId: string): Promise<boolean> {
    const merged = await this.write(() =>
      this.db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable("people")
          .set({ merged_into: memberId })
          .where("id", "=", guestId)
          .where("kind", "=", "guest")
          .where("merged_into", "is", null)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("people as member")
                .select("member.id")
                .where("member.id", "=", memberId)
                .where("member.kind", "=", "member")
                .where("member.merged_into", "is", null),
            ),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        // The guest's sanctions follow them: a ban is not escaped by joining the club.
        await tx
          .updateTable("sanctions")
          .set({ person_id: memberId })
          .where("person_id", "=", guestId)
          .execute();
        await mergeTotals(tx, guestId, memberId);
        return true;
      }),
    );
    // The guest's games join the member's: his skill is replayed from the first of them.
    if (merged) this.archive.recompute("merge");
    return merged;
  }

  createSanction(sanction: SanctionRow): Promise<void> {
    return this.club.createSanction(sanction);
  }

  listSanctions(personId: string): Promise<SanctionRow[]> {
    return this.club.listSanctions(personId);
  }

  activeBan(personId: string, at: number): Promise<SanctionRow | null> {
    return this.club.activeBan(personId, at);
  }

  createComplaint(complaint: ComplaintRow): Promise<void> {
    return this.club.createComplaint(complaint);
  }

  getComplaint(id: string): Promise<ComplaintRow | null> {
    return this.club.getComplaint(id);
  }

  listComplaints(query: { tableId: string } | { open: true }): Promise<ComplaintRow[]> {
    return this.club.listComplaints(query);
  }

  answerComplaint(id: string, answer: NonNullable<ComplaintRow["answer"]>): Promise<boolean> {
    return this.club.answerComplaint(id, answer);
  }
}
