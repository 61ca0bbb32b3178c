// POST /api/tables/:id/clock (docs/api.md "The clock"): the host console reports its step clock
// (paused or running, and what is left), and the hub pushes it to the table's display and phones.

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ClockBody, Id, NoContent } from "@misto/protocol";
import { Type } from "typebox";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import type { Hub } from "../realtime/hub.js";
import type { TableService } from "./service.js";

const TableParams = Type.Object({ id: Id });

export function clockRoute(tables: TableService, hub: Hub): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      "/api/tables/:id/clock",
      {
        config: { access: "host" },
        schema: {
          ...doc("tables", "The host's step clock: paused or running, and what is left"),
          params: TableParams,
          body: ClockBody,
          response: { 204: NoContent("The clock is told to the table's subscribers") },
        },
      },
      async (request, reply) => {
        // As for the host's commands: a host of the club (its access), at a table a person hosts.
        const { id } = request.params;
        const row = await tables.row(id);
        if (!row) throw new HttpError(404, "not_found", "there is no such table");
        if (row.online) {
          throw new HttpError(409, "online", "this is an online table: the server keeps its clock");
        }
        hub.setClock({ type: "clock", table: id, ...request.body });
        return reply.code(204).send();
      },
    );
  };
}
