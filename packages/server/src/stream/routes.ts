// The board and the broadcast (docs/api.md "The board and the broadcast"): the night's board for a
// TV (no sign-in: names, seats and stored results, as the spectators' channel needs none) and a
// table's delayed broadcast view with the cards (a signed-in host or the administration only).

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { BoardAnswer, BroadcastAnswer, IdParams } from "@misto/protocol";
import { HttpError } from "../errors.js";
import { findNight } from "../nights/routes.js";
import { doc } from "../openapi.js";
import type { Store } from "../store/index.js";
import { boardOf } from "./board.js";
import type { Broadcast } from "./broadcast.js";

export function streamRoutes(store: Store, broadcast: Broadcast): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/api/nights/:id/board",
      {
        schema: {
          ...doc(
            "nights",
            "The night's board for a TV: the round played, the next round's seating, the standings",
          ),
          params: IdParams,
          response: { 200: BoardAnswer },
        },
      },
      async (request) => boardOf(store, await findNight(store, request.params.id)),
    );

    app.get(
      "/api/tables/:id/broadcast",
      {
        config: { access: "host" },
        schema: {
          ...doc(
            "tables",
            "The broadcast view: the table as it stood the delay ago, with the cards (a host)",
          ),
          params: IdParams,
          response: { 200: BroadcastAnswer },
        },
      },
      async (request, reply) => {
        const row = await store.getTable(request.params.id);
        if (!row) throw new HttpError(404, "not_found", "there is no such table");
        // An online table has no human host: its cards are nobody's to stream.
        if (row.online)
          throw new HttpError(
            403,
            "online",
            "this is an online table: the server is its host, there is no broadcast view",
          );
        // Each answer is a frame of its moment: never kept by a cache.
        reply.header("cache-control", "no-store");
        return broadcast.frame(row.id);
      },
    );
  };
}
