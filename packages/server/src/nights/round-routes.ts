// A club night's rounds (docs/api.md "Club nights"): a host draws the next round, swaps two
// players before the deal, and deals (makes the tables). Each answers the night's page.

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { DrawBody, IdParams, NightPage, RoundParams, SwapBody } from "@misto/protocol";
import { requireHost } from "../auth/sessions.js";
import { doc } from "../openapi.js";
import type { Store } from "../store/index.js";
import type { TableService } from "../tables/service.js";
import { deal, drawNext, swap } from "./rounds.js";
import { findNight } from "./routes.js";
import { nightPage } from "./view.js";

export function roundRoutes(store: Store, tables: TableService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      "/api/nights/:id/rounds",
      {
        schema: {
          ...doc("nights", "Draws the next round from the checked-in players (the undealt one again)"),
          params: IdParams,
          body: DrawBody,
          response: { 201: NightPage },
        },
      },
      async (request, reply) => {
        const host = await requireHost(store, request);
        const night = await findNight(store, request.params.id);
        await drawNext(store, night, request.body.balance);
        return reply.code(201).send(await nightPage(store, night, host));
      },
    );

    app.post(
      "/api/nights/:id/rounds/:n/swap",
      {
        schema: {
          ...doc("nights", "Two players of an undealt round trade places"),
          params: RoundParams,
          body: SwapBody,
          response: { 200: NightPage },
        },
      },
      async (request) => {
        const host = await requireHost(store, request);
        const night = await findNight(store, request.params.id);
        await swap(store, night, Number(request.params.n), request.body.a, request.body.b);
        return nightPage(store, night, host);
      },
    );

    app.post(
      "/api/nights/:id/rounds/:n/tables",
      {
        schema: {
          ...doc("nights", "Deals the round: makes its tables, seats named by person, each with its host"),
          params: RoundParams,
          response: { 201: NightPage },
        },
      },
      async (request, reply) => {
        const host = await requireHost(store, request);
        const night = await findNight(store, request.params.id);
        await deal(store, tables, night, Number(request.params.n));
        return reply.code(201).send(await nightPage(store, night, host));
      },
    );
  };
}
