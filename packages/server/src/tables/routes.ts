// The table routes of docs/api.md "Tables".

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { resultOf, viewFor } from "@misto/engine";
import {
  CommandBody,
  Committed,
  DisplayAnswer,
  Id,
  NewTableAnswer,
  NewTableBody,
  RecordFile,
  TableEvents,
  TablesAnswer,
} from "@misto/protocol";
import { recordJson, toRecord } from "@misto/record";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import { signedIn } from "../auth/access.js";
import { runsTables, SESSION_COOKIE, sessionHost } from "../auth/sessions.js";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import type { Store } from "../store/index.js";
import type { LiveTable, TableService } from "./service.js";
import { statusOf, viewerOf } from "./status.js";

const TableParams = Type.Object({ id: Id });

/** A delayed spectator's first view is not past its delay yet. */
function heldBack(table: LiveTable): HttpError {
  return new HttpError(
    409,
    "delayed",
    "this online table shows spectators the game with a delay, and no view is past it yet: follow it over the realtime channel, or ask again",
    { follow: `/display/${encodeURIComponent(table.id)}` },
  );
}

function noTable(): HttpError {
  return new HttpError(404, "not_found", "there is no such table");
}

/** An online table's host is the server: no person, its creator included, reads its secrets mid-game. */
function onlineSecret(): HttpError {
  return new HttpError(
    403,
    "online",
    "this is an online table: the server is its host, and its events are shown once the result is announced",
  );
}

/** The public view a spectator may see now ("live": the table's own; null: none yet past its delay). */
export type SpectatorView = (table: LiveTable) => { seq: number; json: string } | "live" | null;

export function tableRoutes(
  store: Store,
  tables: TableService,
  spectatorView: SpectatorView = () => "live",
): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/api/tables",
      {
        config: { access: "host" },
        schema: { ...doc("tables", "The tables, newest first"), response: { 200: TablesAnswer } },
      },
      async (request) => {
        const host = signedIn(request);
        const rows = await store.listTables();
        const names = new Map<string, string>();
        for (const row of rows) {
          if (!names.has(row.hostId)) names.set(row.hostId, (await store.getHost(row.hostId))?.name ?? "");
        }
        const listed = [];
        for (const row of rows) {
          // An online table's winner and event count are no host's to read mid-game (statusOf).
          const { seq, phase, winner } = await statusOf(tables, row, viewerOf(host, row));
          listed.push({
            id: row.id,
            title: row.title,
            host: { id: row.hostId, name: names.get(row.hostId) ?? "" },
            createdAt: row.createdAt,
            seq,
            phase,
            winner,
            online: row.online,
          });
        }
        return { tables: listed };
      },
    );

    app.post(
      "/api/tables",
      {
        config: { access: "host" },
        schema: {
          ...doc("tables", "Seats twelve players and deals"),
          body: NewTableBody,
          response: { 201: NewTableAnswer },
        },
      },
      async (request, reply) => {
        const host = signedIn(request);
        return reply.code(201).send(await tables.create(host, request.body));
      },
    );

    app.get(
      "/api/tables/:id",
      {
        config: { access: "host" },
        schema: {
          ...doc("tables", "Every event of a table"),
          params: TableParams,
          response: { 200: TableEvents },
        },
      },
      async (request) => {
        const { id } = request.params;
        const row = await tables.row(id);
        if (!row) throw noTable();
        if (row.online && resultOf((await tables.get(id))?.state ?? null)?.announced !== true)
          throw onlineSecret();
        const stored = await store.readEvents(id);
        // The seq of the events read, not of the row: the two are read apart.
        const seq = stored.length ? (stored[stored.length - 1]?.seq ?? 0) : 0;
        return { id, title: row.title, seq, events: stored.map((e) => e.event) };
      },
    );

    app.post(
      "/api/tables/:id/commands",
      {
        config: { access: "host" },
        schema: {
          ...doc("tables", "A host's command, acknowledged once stored"),
          params: TableParams,
          body: CommandBody,
          response: { 200: Committed },
        },
      },
      async (request) => {
        const row = await tables.row(request.params.id);
        if (row?.online) {
          throw new HttpError(
            409,
            "online",
            "this is an online table: the server is the host, and the host's commands are refused",
          );
        }
        return tables.command(request.params.id, request.body);
      },
    );

    app.get(
      "/api/tables/:id/record",
      {
        schema: {
          ...doc("tables", "The table's game record, as a download"),
          params: TableParams,
          response: { 200: RecordFile },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const signedIn = await sessionHost(store, request.cookies[SESSION_COOKIE]);
        const host = signedIn && runsTables(signedIn) ? signedIn : null;
        const live = await tables.get(id);
        const row = live ? await tables.row(id) : null;
        if (!live || !row) throw noTable();
        // The full record is the host's until the result is announced, then anyone's with the link.
        if (!host && resultOf(live.state)?.announced !== true) {
          throw new HttpError(403, "forbidden", "the record is shown once the game's result is announced");
        }
        if (row.online && resultOf(live.state)?.announced !== true) throw onlineSecret();
        const owner = await store.getHost(row.hostId);
        const club = await store.getClub();
        const events = await tables.events(id);
        const record = toRecord(events, {
          title: row.title,
          host: owner?.name ?? host?.name ?? "",
          ...(club ? { club: club.name } : {}),
        });
        // The record's own JSON text (recordJson): RecordFile documents it and serialises nothing.
        return (reply as FastifyReply)
          .type("application/json; charset=utf-8")
          .header("content-disposition", `attachment; filename="misto-${id}.json"`)
          .send(recordJson(record));
      },
    );

    app.get(
      "/api/tables/:id/display",
      {
        schema: {
          ...doc("tables", "The spectator view"),
          params: TableParams,
          response: { 200: DisplayAnswer },
        },
      },
      async (request) => {
        const table = await tables.get(request.params.id);
        if (!table) throw noTable();
        const held = spectatorView(table);
        if (held === "live") {
          const view = viewFor(table.state, "spectator");
          const code = view.phase.kind === "deal" ? await tables.joinCode(table.id) : null;
          return { seq: table.publicSeq, view, code };
        }
        // An online table with a spectator delay: the view as it was, never a newer one (and no
        // join code: the lobby seats its players).
        if (!held) throw heldBack(table);
        const message = JSON.parse(held.json) as { view: DisplayAnswer["view"] };
        return { seq: held.seq, view: message.view, code: null };
      },
    );
  };
}
