// A club night's rounds (docs/api.md "Club nights"): a host keeps pairs apart or together, draws
// the next round, swaps two players before the deal, and deals (makes the tables). Each answers
// the night's page.

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { DrawBody, IdParams, NightPage, PairBody, PairParams, RoundParams, SwapBody } from "@misto/protocol";
import { signedIn } from "../auth/access.js";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import type { Store } from "../store/index.js";
import type { TableService } from "../tables/service.js";
import { deal, drawNext, swap } from "./rounds.js";
import { findNight } from "./routes.js";
import { nightPage } from "./view.js";

export function roundRoutes(store: Store, tables: TableService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      "/api/nights/:id/pairs",
      {
        config: { access: "host" },
        schema: {
          ...doc("nights", "Keeps two people apart (a couple, a family) or together at the night's draws"),
          params: IdParams,
          body: PairBody,
          response: { 201: NightPage },
        },
      },
      async (request, reply) => {
        const host = signedIn(request);
        const night = await findNight(store, request.params.id);
        const { kind } = request.body;
        const [a, b] = [request.body.a, request.body.b].sort() as [string, string];
        if (a === b) throw new HttpError(422, "bad_pair", "a pair is two different people");
        for (const id of [a, b]) {
          if (!(await store.getPerson(id)))
            throw new HttpError(422, "unknown_person", `there is no person ${id}`);
        }
        await store.nights.setPair(night.id, { a, b, kind });
        return reply.code(201).send(await nightPage(store, night, host));
      },
    );

    app.delete(
      "/api/nights/:id/pairs/:a/:b",
      {
        config: { access: "host" },
        schema: {
          ...doc("nights", "Ends a pair's policy"),
          params: PairParams,
          response: { 200: NightPage },
        },
      },
      async (request) => {
        const host = signedIn(request);
        const night = await findNight(store, request.params.id);
        const [a, b] = [request.params.a, request.params.b].sort() as [string, string];
        if (!(await store.nights.removePair(night.id, a, b))) {
          throw new HttpError(404, "not_found", "the pair has no policy at this night");
        }
        return nightPage(store, night, host);
      },
    );

    app.post(
      "/api/nights/:id/rounds",
      {
        config: { access: "host" },
        schema: {
          ...doc("nights", "Draws the next round from the checked-in players (the undealt one again)"),
          params: IdParams,
          body: DrawBody,
          response: { 201: NightPage },
        },
      },
      async (request, reply) => {
        const host = signedIn(request);
        const night = await findNight(store, request.params.id);
        await drawNext(store, night, request.body.balance);
        return reply.code(201).send(await nightPage(store, night, host));
      },
    );

    app.post(
      "/api/nights/:id/rounds/:n/swap",
      {
        config: { access: "host" },
        schema: {
          ...doc("nights", "Two players of an undealt round trade places"),
          params: RoundParams,
          body: SwapBody,
          response: { 200: NightPage },
        },
      },
      async (request) => {
        const host = signedIn(request);
        const night = await findNight(store, request.params.id);
        await swap(store, night, Number(request.params.n), request.body.a, request.body.b);
        return nightPage(store, night, host);
      },
    );

    app.post(
      "/api/nights/:id/rounds/:n/tables",
      {
        config: { access: "host" },
        schema: {
          ...doc("nights", "Deals the round: makes its tables, seats named by person, each with its host"),
          params: RoundParams,
          response: { 201: NightPage },
        },
      },
      async (request, reply) => {
        const host = signedIn(request);
        const night = await findNight(store, request.params.id);
        await deal(store, tables, night, Number(request.params.n));
        return reply.code(201).send(await nightPage(store, night, host));
      },
    );
  };
}
