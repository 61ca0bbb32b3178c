// The accounts and their sessions (account-types.ts): the club, its setup link, hosts, sessions,
// roles and passwords, the same queries on SQLite and PostgreSQL. Part of KyselyStore.

import type { Selectable } from "kysely";
import type { AccountStore, HostRow, Role } from "./account-types.js";
import { StorePart } from "./kysely-part.js";
import { personValues } from "./kysely-people.js";
import type { PersonRow } from "./people-types.js";
import { type HostsTable, millis } from "./schema.js";
import { unique } from "./unique.js";

const hostRow = (r: Selectable<HostsTable>): HostRow => ({
  id: r.id,
  name: r.name,
  login: r.login,
  role: r.role,
  passwordHash: r.password_hash,
  createdAt: millis(r.created_at),
  personId: r.person_id,
});

function hostValues(h: HostRow) {
  return {
    id: h.id,
    name: h.name,
    login: h.login,
    role: h.role,
    password_hash: h.passwordHash,
    created_at: h.createdAt,
    person_id: h.personId,
  };
}

export class KyselyAccounts extends StorePart implements AccountStore {
  async getClub(): Promise<{ id: string; name: string } | null> {
    const row = await this.db.selectFrom("club").select(["id", "name"]).executeTakeFirst();
    return row ?? null;
  }

  createClub(club: { id: string; name: string }, admin: HostRow, person: PersonRow): Promise<void> {
    return this.write(() =>
      unique("the club is already set up", () =>
        this.db.transaction().execute(async (tx) => {
          await tx.insertInto("club").values({ slot: 1, id: club.id, name: club.name }).execute();
          await tx.insertInto("people").values(personValues(person)).execute();
          await tx.insertInto("hosts").values(hostValues(admin)).execute();
        }),
      ),
    );
  }

  async setSetupToken(hash: string | null): Promise<void> {
    await this.write(() =>
      this.db
        .insertInto("setup")
        .values({ slot: 1, token_hash: hash })
        .onConflict((oc) => oc.column("slot").doUpdateSet({ token_hash: hash }))
        .execute(),
    );
  }

  async getSetupToken(): Promise<string | null> {
    const row = await this.db.selectFrom("setup").select("token_hash").executeTakeFirst();
    return row?.token_hash ?? null;
  }

  async createHost(host: HostRow, person?: PersonRow): Promise<void> {
    await this.write(() =>
      unique(`the login ${host.login} is taken`, () =>
        this.db.transaction().execute(async (tx) => {
          if (person) await tx.insertInto("people").values(personValues(person)).execute();
          await tx.insertInto("hosts").values(hostValues(host)).execute();
        }),
      ),
    );
  }

  async findHostByPerson(personId: string): Promise<HostRow | null> {
    const row = await this.db
      .selectFrom("hosts")
      .selectAll()
      .where("person_id", "=", personId)
      .executeTakeFirst();
    return row ? hostRow(row) : null;
  }

  async listHosts(): Promise<HostRow[]> {
    const rows = await this.db.selectFrom("hosts").selectAll().orderBy("name").orderBy("id").execute();
    return rows.map(hostRow);
  }

  async findHostByLogin(login: string): Promise<HostRow | null> {
    const row = await this.db.selectFrom("hosts").selectAll().where("login", "=", login).executeTakeFirst();
    return row ? hostRow(row) : null;
  }

  async getHost(id: string): Promise<HostRow | null> {
    const row = await this.db.selectFrom("hosts").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? hostRow(row) : null;
  }

  async createSession(s: {
    tokenHash: string;
    hostId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    await this.write(() =>
      this.db
        .insertInto("sessions")
        .values({
          token_hash: s.tokenHash,
          host_id: s.hostId,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
        })
        .execute(),
    );
  }

  async getSession(tokenHash: string): Promise<{ hostId: string; expiresAt: number } | null> {
    const row = await this.db
      .selectFrom("sessions")
      .select(["host_id", "expires_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row ? { hostId: row.host_id, expiresAt: millis(row.expires_at) } : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.write(() => this.db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute());
  }

  async deleteSessionsOf(hostId: string): Promise<string[]> {
    const rows = await this.write(() =>
      this.db.deleteFrom("sessions").where("host_id", "=", hostId).returning("token_hash").execute(),
    );
    return rows.map((r) => r.token_hash);
  }

  async setRole(hostId: string, role: Role): Promise<boolean> {
    const before = await this.getHost(hostId);
    const result = await this.write(() =>
      this.db.updateTable("hosts").set({ role }).where("id", "=", hostId).executeTakeFirst(),
    );
    // RATE-7: the administration is never rated: who is in it changes everyone's skill.
    if (before && (before.role === "admin") !== (role === "admin")) this.archive.recompute("role");
    return Number(result.numUpdatedRows) === 1;
  }

  async setPasswordHash(hostId: string, passwordHash: string): Promise<boolean> {
    const result = await this.write(() =>
      this.db
        .updateTable("hosts")
        .set({ password_hash: passwordHash })
        .where("id", "=", hostId)
        .executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) === 1;
  }
}
