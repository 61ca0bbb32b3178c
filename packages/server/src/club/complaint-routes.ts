// Complaints (CLUB-2, docs/api.md "People"): raised only after the game, about the game or its
// host, attached to the table, and answered by the administration.

import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  AnswerBody,
  ComplaintAnswer,
  ComplaintBody,
  type ComplaintInfo,
  ComplaintsAnswer,
  Id,
  TableComplaints,
} from "@misto/protocol";
import { Type } from "typebox";
import { signedIn } from "../auth/access.js";
import { runsTables } from "../auth/sessions.js";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import type { ComplaintRow, HostRow, Store } from "../store/index.js";
import type { TableService } from "../tables/service.js";
import { statusOf, viewerOf } from "../tables/status.js";

const IdParams = Type.Object({ id: Id });

export function complaintRoutes(store: Store, tables: TableService): FastifyPluginAsyncTypebox {
  const names = async (id: string) => ({ id, name: (await store.getHost(id))?.name ?? "" });

  async function complaintInfo(c: ComplaintRow): Promise<ComplaintInfo> {
    return {
      id: c.id,
      table: c.tableId,
      about: c.about,
      text: c.text,
      by: await names(c.byHostId),
      at: c.createdAt,
      answer: c.answer
        ? {
            text: c.answer.text,
            by: await names(c.answer.byHostId),
            at: c.answer.at,
            decision: c.answer.decision ?? null,
          }
        : null,
    };
  }

  /** A player of the game (their person, or a guest merged into it, sat at the table), a host or an admin. */
  async function mayComplain(account: HostRow, tableId: string): Promise<boolean> {
    if (runsTables(account)) return true;
    if (!account.personId) return false;
    for (const { personId } of await store.listTableSeats(tableId)) {
      if ((await store.resolvePerson(personId))?.id === account.personId) return true;
    }
    return false;
  }

  return async (app) => {
    app.post(
      "/api/tables/:id/complaints",
      {
        config: { access: "account" },
        schema: {
          ...doc("people", "Files a complaint about a finished game or its host (CLUB-2)"),
          params: IdParams,
          body: ComplaintBody,
          response: { 201: ComplaintAnswer },
        },
      },
      async (request, reply) => {
        const account = signedIn(request);
        const table = await store.getTable(request.params.id);
        if (!table) throw new HttpError(404, "not_found", "there is no such table");
        // Over as the account's view tells it: a refusal must not say a night has ended the game.
        if (!(await statusOf(tables, table, viewerOf(account, table))).over) {
          throw new HttpError(409, "game_not_over", "a complaint is raised only after the game", {
            rule: "CLUB-2",
          });
        }
        if (!(await mayComplain(account, table.id))) {
          throw new HttpError(
            403,
            "forbidden",
            "only a player of this game, a host or the administration complains",
            {
              rule: "CLUB-2",
            },
          );
        }
        const complaint: ComplaintRow = {
          id: randomUUID(),
          tableId: table.id,
          about: request.body.about,
          text: request.body.text,
          byHostId: account.id,
          createdAt: Date.now(),
          answer: null,
        };
        await store.createComplaint(complaint);
        return reply.code(201).send({ complaint: await complaintInfo(complaint) });
      },
    );

    app.get(
      "/api/tables/:id/complaints",
      {
        config: { access: "account" },
        schema: {
          ...doc("people", "The complaints about a game"),
          params: IdParams,
          response: { 200: TableComplaints },
        },
      },
      async (request) => {
        const account = signedIn(request);
        const table = await store.getTable(request.params.id);
        if (!table) throw new HttpError(404, "not_found", "there is no such table");
        const all = await store.listComplaints({ tableId: table.id });
        // The administration sees every complaint; anyone else their own.
        const shown = account.role === "admin" ? all : all.filter((c) => c.byHostId === account.id);
        return {
          table: {
            id: table.id,
            title: table.title,
            over: (await statusOf(tables, table, viewerOf(account, table))).over,
          },
          complaints: await Promise.all(shown.map(complaintInfo)),
        };
      },
    );

    app.get(
      "/api/complaints",
      {
        config: { access: "admin" },
        schema: { ...doc("people", "Every open complaint (admin)"), response: { 200: ComplaintsAnswer } },
      },
      async (_request) => {
        const open = await store.listComplaints({ open: true });
        return { complaints: await Promise.all(open.map(complaintInfo)) };
      },
    );

    app.post(
      "/api/complaints/:id/answer",
      {
        config: { access: "admin" },
        schema: {
          ...doc("people", "The administration answers a complaint, upholding or rejecting it if asked"),
          params: IdParams,
          body: AnswerBody,
          response: { 200: ComplaintAnswer },
        },
      },
      async (request) => {
        const admin = signedIn(request);
        const known = await store.getComplaint(request.params.id);
        if (!known) throw new HttpError(404, "not_found", "there is no such complaint");
        const { text, decision } = request.body;
        const answer = { text, byHostId: admin.id, at: Date.now(), ...(decision ? { decision } : {}) };
        if (!(await store.answerComplaint(known.id, answer))) {
          throw new HttpError(409, "answered", "this complaint is answered already", { rule: "CLUB-2" });
        }
        return { complaint: await complaintInfo({ ...known, answer }) };
      },
    );
  };
}
