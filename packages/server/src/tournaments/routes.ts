// Tournaments' routes (docs/api.md "Tournaments"): the list, a host creates one, its page (with
// the live standings), and what its chief referee (or the administration) runs: the players, the
// draw of every qualifying round, a round's deal, the final, a player replaced. The referee's
// corrections and decisions are in referee-routes.ts.

import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  FinalBody,
  IdParams,
  NewTournamentBody,
  PlayerBody,
  RoundParams,
  TournamentPage,
  TournamentPlayerParams,
  TournamentsAnswer,
} from "@misto/protocol";
import type { FastifyRequest } from "fastify";
import { signedIn } from "../auth/access.js";
import { guestNamed } from "../club/seating.js";
import { HttpError } from "../errors.js";
import { checkHosts } from "../nights/routes.js";
import { doc } from "../openapi.js";
import type { HostRow, PersonRow, Store } from "../store/index.js";
import type { TournamentRow } from "../store/tournament-queries.js";
import { StoreConflict } from "../store/types.js";
import type { TableService } from "../tables/service.js";
import { dealTournamentRound, drawFinal, drawQualifying, replacePlayer } from "./rounds.js";
import { referees, tournamentList, tournamentPage } from "./view.js";

/** The tournament, or a 404. */
export async function findTournament(store: Store, id: string): Promise<TournamentRow> {
  const t = await store.tournaments.getTournament(id);
  if (!t) throw new HttpError(404, "not_found", "there is no such tournament");
  return t;
}

/** A host's request on the tournament, refused unless he is its chief referee (or the administration). */
export async function requireReferee(
  store: Store,
  request: FastifyRequest,
  id: string,
): Promise<{ account: HostRow; t: TournamentRow }> {
  const account = signedIn(request);
  const t = await findTournament(store, id);
  if (!referees(t, account)) {
    throw new HttpError(
      403,
      "forbidden",
      "only the tournament's chief referee or the administration runs it",
    );
  }
  return { account, t };
}

/** The person a body names: one of the directory, or the club's guest by that name. */
async function personOf(store: Store, body: PlayerBody): Promise<PersonRow> {
  const person =
    "person" in body
      ? await store.resolvePerson(body.person)
      : await guestNamed(store, body.name.trim(), Date.now());
  if (!person)
    throw new HttpError(422, "unknown_person", `there is no person ${"person" in body ? body.person : ""}`);
  return person;
}

export function tournamentRoutes(store: Store, tables: TableService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/api/tournaments",
      {
        config: { access: "account" },
        schema: {
          ...doc("tournaments", "The club's tournaments, by start"),
          response: { 200: TournamentsAnswer },
        },
      },
      async (_request) => {
        return { tournaments: await tournamentList(store) };
      },
    );

    app.post(
      "/api/tournaments",
      {
        config: { access: "host" },
        schema: {
          ...doc("tournaments", "Creates a tournament: rounds, tables, final, referees, scoring"),
          body: NewTournamentBody,
          response: { 201: TournamentPage },
        },
      },
      async (request, reply) => {
        const host = signedIn(request);
        const body = request.body;
        await checkHosts(store, [body.chief, ...body.hosts]);
        const t: TournamentRow = {
          id: randomUUID(),
          title: body.title.trim(),
          startsAt: body.startsAt,
          rounds: body.rounds,
          tables: body.tables,
          final: body.final,
          chiefId: body.chief,
          hosts: [...body.hosts],
          scoring: { ...body.scoring },
          createdBy: host.id,
          createdAt: Date.now(),
        };
        if (t.hosts.length < t.tables) {
          throw new HttpError(422, "too_few_hosts", `${t.tables} tables a round need ${t.tables} hosts`);
        }
        await store.tournaments.createTournament(t);
        return reply.code(201).send(await tournamentPage(store, t, host));
      },
    );

    app.get(
      "/api/tournaments/:id",
      {
        config: { access: "account" },
        schema: {
          ...doc("tournaments", "A tournament: players, rounds, seating, final, live standings"),
          params: IdParams,
          response: { 200: TournamentPage },
        },
      },
      async (request) => {
        const account = signedIn(request);
        return tournamentPage(store, await findTournament(store, request.params.id), account);
      },
    );

    app.post(
      "/api/tournaments/:id/players",
      {
        config: { access: "host" },
        schema: {
          ...doc("tournaments", "The referee adds a player (a member, or a guest by name) before the draw"),
          params: IdParams,
          body: PlayerBody,
          response: { 201: TournamentPage },
        },
      },
      async (request, reply) => {
        const { account, t } = await requireReferee(store, request, request.params.id);
        if ((await store.tournaments.listRounds(t.id)).length > 0) {
          throw new HttpError(
            409,
            "drawn",
            "the rounds are drawn: a newcomer replaces a player who drops out",
          );
        }
        const person = await personOf(store, request.body);
        try {
          await store.tournaments.addPlayer(t.id, {
            personId: person.id,
            joinedAt: Date.now(),
            droppedAt: null,
            replacedBy: null,
          });
        } catch (error) {
          if (error instanceof StoreConflict)
            throw new HttpError(409, "already_playing", `${person.name} plays already`);
          throw error;
        }
        return reply.code(201).send(await tournamentPage(store, t, account));
      },
    );

    app.post(
      "/api/tournaments/:id/draw",
      {
        config: { access: "host" },
        schema: {
          ...doc("tournaments", "Draws every qualifying round at once (again, until a round is dealt)"),
          params: IdParams,
          response: { 201: TournamentPage },
        },
      },
      async (request, reply) => {
        const { account, t } = await requireReferee(store, request, request.params.id);
        await drawQualifying(store, t);
        return reply.code(201).send(await tournamentPage(store, t, account));
      },
    );

    app.post(
      "/api/tournaments/:id/rounds/:n/tables",
      {
        config: { access: "host" },
        schema: {
          ...doc("tournaments", "Deals a round: makes its tables, seats named by person, each with its host"),
          params: RoundParams,
          response: { 201: TournamentPage },
        },
      },
      async (request, reply) => {
        const { account, t } = await requireReferee(store, request, request.params.id);
        await dealTournamentRound(store, tables, t, Number(request.params.n));
        return reply.code(201).send(await tournamentPage(store, t, account));
      },
    );

    app.post(
      "/api/tournaments/:id/final",
      {
        config: { access: "host" },
        schema: {
          ...doc("tournaments", "Seats the final: the best 12 by the standings, or the fixed table named"),
          params: IdParams,
          body: FinalBody,
          response: { 201: TournamentPage },
        },
      },
      async (request, reply) => {
        const { account, t } = await requireReferee(store, request, request.params.id);
        await drawFinal(store, t, request.body.players);
        return reply.code(201).send(await tournamentPage(store, t, account));
      },
    );

    app.post(
      "/api/tournaments/:id/players/:person/replace",
      {
        config: { access: "host" },
        schema: {
          ...doc("tournaments", "A player drops out: the one named takes his seats in the rounds not dealt"),
          params: TournamentPlayerParams,
          body: PlayerBody,
          response: { 200: TournamentPage },
        },
      },
      async (request) => {
        const { account, t } = await requireReferee(store, request, request.params.id);
        // Checked before a guest is made for the replacement: a refusal leaves nothing behind.
        const players = await store.tournaments.listPlayers(t.id);
        if (!players.some((p) => p.personId === request.params.person && p.droppedAt === null)) {
          throw new HttpError(
            404,
            "not_a_player",
            "that person plays in this tournament no more (or never did)",
          );
        }
        const replacement = await personOf(store, request.body);
        await replacePlayer(store, t, request.params.person, replacement.id);
        return tournamentPage(store, t, account);
      },
    );
  };
}
