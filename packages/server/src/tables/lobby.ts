// The lobby of docs/api.md "Lobby": the online tables a signed-in member may join in one tap (a free
// human seat during the deal, as a join code takes one) or follow as a spectator. Public facts only.

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { resultOf } from "@misto/engine";
import { JoinAnswer, LobbyAnswer, LobbyParams, type LobbyTable } from "@misto/protocol";
import { newToken, tokenHash } from "../auth/secrets.js";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import { type Store, StoreConflict, type TableRow } from "../store/index.js";
import type { OnlineSettings } from "./online-settings.js";
import { SEAT_TOKEN_BYTES, started } from "./phones.js";
import type { LiveTable, TableService } from "./service.js";

function noTable(): HttpError {
  return new HttpError(404, "not_found", "there is no such online table");
}

function full(tableId: string): HttpError {
  const follow = `/display/${encodeURIComponent(tableId)}`;
  return new HttpError(409, "full", `every human seat of this table has a phone: follow it at ${follow}`, {
    follow,
  });
}

/** The human seats (1 to humanSeats) without a phone. */
async function freeSeats(store: Store, row: TableRow, humans: number): Promise<number[]> {
  const taken = new Set((await store.listSeatTokens(row.id)).map((t) => t.seat));
  return Array.from({ length: humans }, (_, i) => i + 1).filter((seat) => !taken.has(seat));
}

export function lobbyRoutes(
  store: Store,
  tables: TableService,
  /** An online table's settings as its runner runs it (OnlineRunner.settingsOf). */
  onlineOf: (table: LiveTable) => OnlineSettings,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/api/lobby",
      {
        config: { access: "account" },
        schema: {
          ...doc("lobby", "The online tables to join or follow, public facts only"),
          response: { 200: LobbyAnswer },
        },
      },
      async (_request) => {
        const listed: LobbyTable[] = [];
        for (const row of await store.listTables()) {
          if (!row.online || row.phase === "closed") continue;
          const live = await tables.get(row.id);
          // Gone from the lobby once its result is announced: not when the game ends, which a
          // night's end keeps from the city until the announcement (DAY-8).
          if (!live || resultOf(live.state)?.announced === true) continue;
          const settings = onlineOf(live);
          const open = row.phase === "deal";
          const seatsFree = open ? (await freeSeats(store, row, settings.humanSeats)).length : 0;
          listed.push({
            id: row.id,
            title: row.title,
            createdAt: row.createdAt,
            language: settings.language,
            seatsFree,
            open: open && seatsFree > 0,
            started: !open,
            settings,
          });
        }
        // The ones to join first; the store lists the newest first.
        listed.sort((a, b) => Number(b.open) - Number(a.open));
        return { tables: listed };
      },
    );

    app.post(
      "/api/lobby/:id/join",
      {
        config: { access: "account" },
        schema: {
          ...doc("lobby", "Takes a free human seat of an open online table (its seat token)"),
          params: LobbyParams,
          response: { 201: JoinAnswer },
        },
      },
      async (request, reply) => {
        const row = await tables.row(request.params.id);
        const live = row?.online ? await tables.get(row.id) : null;
        if (!row || !live) throw noTable();
        const token = newToken(SEAT_TOKEN_BYTES);
        // Seat by seat from the lowest free: another phone may take one meanwhile (the store's
        // unique seat refuses the second), and the deal may end (then nobody joins).
        for (const seat of await freeSeats(store, row, onlineOf(live).humanSeats)) {
          const entry = { tokenHash: tokenHash(token), tableId: row.id, seat, createdAt: Date.now() };
          let stored: boolean;
          try {
            stored = await store.createSeatToken(entry, "deal");
          } catch (error) {
            if (error instanceof StoreConflict) continue;
            throw error;
          }
          if (!stored) throw started(row.id);
          const answer: JoinAnswer = { table: row.id, seat, token };
          return reply.code(201).send(answer);
        }
        if (row.phase !== "deal") throw started(row.id);
        throw full(row.id);
      },
    );
  };
}
