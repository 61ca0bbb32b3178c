// The club's directory and accounts (docs/api.md "People"): search as you type, members and their
// accounts, roles and the council, merging a guest, passwords, signing out everywhere, and the
// administration's sanctions (CLUB-3).

import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  EndedAnswer,
  Id,
  MergeBody,
  NewPersonBody,
  NoContent,
  PasswordBody,
  PeopleAnswer,
  PeopleQuery,
  PersonAnswer,
  type PersonInfo,
  PersonPage,
  PersonPatchBody,
  SanctionAnswer,
  SanctionBody,
  type SanctionInfo,
  SanctionsAnswer,
} from "@misto/protocol";
import { Type } from "typebox";
import { signedIn } from "../auth/access.js";
import { hashPassword } from "../auth/password.js";
import { loginKey, newMember } from "../auth/routes.js";
import { endSession, runsTables } from "../auth/sessions.js";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import { type HostRow, type PersonRow, type SanctionRow, type Store, StoreConflict } from "../store/index.js";
import type { TableService } from "../tables/service.js";
import { statusOf, viewerOf } from "../tables/status.js";

const PersonParams = Type.Object({ id: Id });
const DEFAULT_LIMIT = 20;
/** The latest games listed on a person's page. */
const GAMES_SHOWN = 50;

function noPerson(): HttpError {
  return new HttpError(404, "not_found", "there is no such person");
}

/** The directory's view of a person; the login only for the administration, a ban for hosts and the person. */
async function personInfo(
  store: Store,
  person: PersonRow,
  account: HostRow | null,
  viewer: HostRow,
  at: number,
): Promise<PersonInfo> {
  // A ban is shown to those who seat tables and to the person; a member sees no one else's.
  const seesBan = runsTables(viewer) || viewer.personId === person.id;
  const ban = seesBan ? await store.activeBan(person.id, at) : null;
  return {
    id: person.id,
    name: person.name,
    kind: person.kind,
    council: person.council,
    account: account
      ? { id: account.id, role: account.role, ...(viewer.role === "admin" ? { login: account.login } : {}) }
      : null,
    ban: ban ? { until: ban.until ?? at, reason: ban.reason } : null,
  };
}

async function sanctionInfo(store: Store, s: SanctionRow): Promise<SanctionInfo> {
  const by = await store.getHost(s.byHostId);
  return {
    id: s.id,
    person: s.personId,
    kind: s.kind,
    reason: s.reason,
    from: s.from,
    until: s.until,
    by: { id: s.byHostId, name: by?.name ?? "" },
    at: s.createdAt,
  };
}

/** `onSignOut` hears the hash of each session that ends, to close its live connections. */
export function peopleRoutes(
  store: Store,
  tables: TableService,
  onSignOut: (sessionHash: string) => void,
): FastifyPluginAsyncTypebox {
  /** Ends every session of an account and closes their connections. */
  async function signOutEverywhere(hostId: string): Promise<number> {
    const ended = await store.deleteSessionsOf(hostId);
    for (const hash of ended) onSignOut(hash);
    return ended.length;
  }

  async function existing(id: string): Promise<PersonRow> {
    const person = await store.getPerson(id);
    if (!person || person.mergedInto) throw noPerson();
    return person;
  }

  async function accountOf(person: PersonRow): Promise<HostRow> {
    const account = await store.findHostByPerson(person.id);
    if (!account) throw new HttpError(422, "no_account", `${person.name} has no account`);
    return account;
  }

  return async (app) => {
    app.get(
      "/api/people",
      {
        config: { access: "account" },
        schema: {
          ...doc("people", "Searches the directory as you type"),
          querystring: PeopleQuery,
          response: { 200: PeopleAnswer },
        },
      },
      async (request) => {
        const viewer = signedIn(request);
        const limit = request.query.limit ? Number(request.query.limit) : DEFAULT_LIMIT;
        const found = await store.listPeople({ limit, ...(request.query.q ? { q: request.query.q } : {}) });
        const accounts = new Map((await store.listHosts()).map((h) => [h.personId, h]));
        const at = Date.now();
        return {
          people: await Promise.all(
            found.map((p) => personInfo(store, p, accounts.get(p.id) ?? null, viewer, at)),
          ),
        };
      },
    );

    app.get(
      "/api/people/:id",
      {
        config: { access: "account" },
        schema: {
          ...doc("people", "A person and his recent games"),
          params: PersonParams,
          response: { 200: PersonPage },
        },
      },
      async (request) => {
        const viewer = signedIn(request);
        const person = await existing(request.params.id);
        const account = await store.findHostByPerson(person.id);
        const info = await personInfo(store, person, account, viewer, Date.now());
        // Sanctions are the administration's, and the person's own.
        const mine = viewer.personId === person.id;
        const sanctions =
          viewer.role === "admin" || mine
            ? await Promise.all((await store.listSanctions(person.id)).map((s) => sanctionInfo(store, s)))
            : [];
        const games = [];
        for (const { table, seat } of await store.listGamesOf(person.id, GAMES_SHOWN)) {
          // A live table's phase and winner as the viewer's view tells them (DAY-8).
          const { phase, winner } = await statusOf(tables, table, viewerOf(viewer, table));
          games.push({
            table: table.id,
            title: table.title,
            seat,
            phase,
            winner,
            createdAt: table.createdAt,
          });
        }
        return { person: info, sanctions, games };
      },
    );

    app.post(
      "/api/people",
      {
        config: { access: "admin" },
        schema: {
          ...doc("people", "Adds a member (admin)"),
          body: NewPersonBody,
          response: { 201: PersonAnswer },
        },
      },
      async (request, reply) => {
        const admin = signedIn(request);
        const at = Date.now();
        const person = { ...newMember(request.body.name, at), council: request.body.council === true };
        const wanted = request.body.account;
        let account: HostRow | null = null;
        if (!wanted) await store.createPerson(person);
        else {
          const login = loginKey(wanted.login);
          const taken = () => new HttpError(409, "login_taken", `the login "${login}" is taken`);
          if (await store.findHostByLogin(login)) throw taken();
          account = {
            id: randomUUID(),
            name: person.name,
            login,
            role: wanted.role,
            passwordHash: await hashPassword(wanted.password),
            createdAt: at,
            personId: person.id,
          };
          try {
            await store.createHost(account, person);
          } catch (error) {
            if (error instanceof StoreConflict) throw taken();
            throw error;
          }
        }
        return reply.code(201).send({ person: await personInfo(store, person, account, admin, at) });
      },
    );

    app.patch(
      "/api/people/:id",
      {
        config: { access: "admin" },
        schema: {
          ...doc("people", "Sets a person's role or council (admin)"),
          params: PersonParams,
          body: PersonPatchBody,
          response: { 200: PersonAnswer },
        },
      },
      async (request) => {
        const admin = signedIn(request);
        const person = await existing(request.params.id);
        const { council, role } = request.body;
        if (council !== undefined && person.kind !== "member") {
          throw new HttpError(422, "not_a_member", `${person.name} is a guest: the council admits members`);
        }
        const account =
          role !== undefined ? await accountOf(person) : await store.findHostByPerson(person.id);
        if (role !== undefined && account && account.role === "admin" && role !== "admin") {
          const admins = (await store.listHosts()).filter((h) => h.role === "admin");
          if (admins.length <= 1) {
            throw new HttpError(
              409,
              "last_admin",
              "the club keeps at least one admin: make another admin first",
            );
          }
        }
        if (council !== undefined) await store.setCouncil(person.id, council);
        if (role !== undefined && account) await store.setRole(account.id, role);
        const fresh = (await store.getPerson(person.id)) ?? person;
        const freshAccount = account ? await store.getHost(account.id) : null;
        return { person: await personInfo(store, fresh, freshAccount, admin, Date.now()) };
      },
    );

    app.post(
      "/api/people/:id/merge",
      {
        config: { access: "admin" },
        schema: {
          ...doc("people", "Merges a guest into a member (admin)"),
          params: PersonParams,
          body: MergeBody,
          response: { 200: PersonAnswer },
        },
      },
      async (request) => {
        const admin = signedIn(request);
        const guest = await existing(request.params.id);
        const member = await existing(request.body.into);
        if (guest.kind !== "guest" || member.kind !== "member") {
          throw new HttpError(422, "not_mergeable", "only a guest is merged, and only into a member");
        }
        if (!(await store.mergeGuest(guest.id, member.id))) {
          throw new HttpError(
            409,
            "conflict",
            "the guest or the member changed meanwhile: reload and try again",
          );
        }
        const account = await store.findHostByPerson(member.id);
        return { person: await personInfo(store, member, account, admin, Date.now()) };
      },
    );

    app.post(
      "/api/people/:id/password",
      {
        config: { access: "admin" },
        schema: {
          ...doc("people", "Sets a member's new password (admin)"),
          params: PersonParams,
          body: PasswordBody,
          response: { 204: NoContent("The password is set") },
        },
      },
      async (request, reply) => {
        const account = await accountOf(await existing(request.params.id));
        await store.setPasswordHash(account.id, await hashPassword(request.body.password));
        // The old password's sessions end with it.
        await signOutEverywhere(account.id);
        return reply.code(204).send();
      },
    );

    app.delete(
      "/api/people/:id/sessions",
      {
        config: { access: "admin" },
        schema: {
          ...doc("people", "Signs a member out everywhere (admin)"),
          params: PersonParams,
          response: { 200: EndedAnswer },
        },
      },
      async (request) => {
        const account = await accountOf(await existing(request.params.id));
        return { ended: await signOutEverywhere(account.id) };
      },
    );

    app.delete(
      "/api/sessions",
      {
        config: { access: "account" },
        schema: {
          ...doc("people", "Signs one's own account out everywhere"),
          response: { 200: EndedAnswer },
        },
      },
      async (request, reply) => {
        const me = signedIn(request);
        // This session is among them; its cookie is cleared too.
        const ended = await signOutEverywhere(me.id);
        await endSession(store, request, reply);
        return reply.send({ ended });
      },
    );

    app.get(
      "/api/people/:id/sanctions",
      {
        config: { access: "account" },
        schema: {
          ...doc("people", "A person's sanctions"),
          params: PersonParams,
          response: { 200: SanctionsAnswer },
        },
      },
      async (request) => {
        const viewer = signedIn(request);
        const person = await existing(request.params.id);
        if (viewer.role !== "admin" && viewer.personId !== person.id) {
          throw new HttpError(
            403,
            "forbidden",
            "a person's sanctions are the administration's and their own",
          );
        }
        return {
          sanctions: await Promise.all(
            (await store.listSanctions(person.id)).map((s) => sanctionInfo(store, s)),
          ),
        };
      },
    );

    app.post(
      "/api/people/:id/sanctions",
      {
        config: { access: "admin" },
        schema: {
          ...doc("people", "Records a sanction, up to a ban (CLUB-3, admin)"),
          params: PersonParams,
          body: SanctionBody,
          response: { 201: SanctionAnswer },
        },
      },
      async (request, reply) => {
        const admin = signedIn(request);
        const person = await existing(request.params.id);
        const at = Date.now();
        const { kind, reason } = request.body;
        let from: number | null = null;
        let until: number | null = null;
        if (kind === "ban") {
          from = request.body.from ?? at;
          until = request.body.until ?? null;
          if (until === null || until <= from) {
            throw new HttpError(422, "bad_period", "a ban is for a period: `until` after `from` (epoch ms)", {
              rule: "CLUB-3",
            });
          }
        } else if (request.body.from !== undefined || request.body.until !== undefined) {
          throw new HttpError(422, "bad_period", "a warning has no period", { rule: "CLUB-3" });
        }
        const sanction: SanctionRow = {
          id: randomUUID(),
          personId: person.id,
          kind,
          reason,
          from,
          until,
          byHostId: admin.id,
          createdAt: at,
        };
        await store.createSanction(sanction);
        return reply.code(201).send({ sanction: await sanctionInfo(store, sanction) });
      },
    );
  };
}
