// The phone routes of docs/api.md "Phones": join codes, seat tokens, freeing a seat (never at an
// online table, docs/api.md "Online tables").

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { phaseOf, SEATS, viewFor } from "@misto/engine";
import {
  Id,
  JoinAnswer,
  JoinBody,
  JoinCodeParams,
  JoinSeatsAnswer,
  NoContent,
  SeatAnswer,
  SeatsAnswer,
} from "@misto/protocol";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import { newToken, tokenHash } from "../auth/secrets.js";
import { type AttemptCounts, JOIN_LIMIT, tooManyAttempts } from "../auth/throttle.js";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import type { Hub } from "../realtime/hub.js";
import { type Store, StoreConflict } from "../store/index.js";
import type { OnlineSettings } from "./online-settings.js";
import type { LiveTable, TableService } from "./service.js";

/** Bytes of randomness in a seat token. */
export const SEAT_TOKEN_BYTES = 32;

const TableParams = Type.Object({ id: Id });
const SeatParams = Type.Object({
  id: Id,
  seat: Type.String({ pattern: "^(?:[1-9]|1[0-2])$" }),
});

function noTable(): HttpError {
  return new HttpError(404, "not_found", "there is no such table");
}

/** A join after an online table's deal: its seats are held, but anyone may follow it as a spectator. */
export function started(tableId: string): HttpError {
  const follow = `/display/${encodeURIComponent(tableId)}`;
  return new HttpError(
    409,
    "started",
    `this online table's game has begun: its seats are held until the end. Follow it as a spectator at ${follow}`,
    { follow },
  );
}

/** An online table's seat is its player's (or its bot's) for the whole game: nobody frees it. */
function heldSeat(): HttpError {
  return new HttpError(
    409,
    "online",
    "this is an online table: a seat is held by its player for the whole game, and nobody frees it",
  );
}

/** An online table's seat past its human seats: a bot takes it when the deal ends. */
function botSeat(seat: number, humans: number): HttpError {
  return new HttpError(
    409,
    "bot_seat",
    `seat ${seat} is a bot's at this online table: phones take seats 1 to ${humans}`,
  );
}

function seatTaken(seat: number, online: boolean): HttpError {
  const how = online ? "its player takes it back with his own seat token" : "ask the host to free it";
  return new HttpError(409, "seat_taken", `seat ${seat} already has a phone: ${how}`);
}

/** `counts` is where unknown join codes are counted. */
export function phoneRoutes(
  store: Store,
  tables: TableService,
  hub: Hub,
  counts: AttemptCounts,
  /** An online table's settings as its runner runs it (OnlineRunner.settingsOf). */
  onlineOf: (table: LiveTable) => OnlineSettings | null = () => null,
): FastifyPluginAsyncTypebox {
  // Codes guessed from one address are slowed down (a found code takes a seat at a stranger's
  // table): each is counted before it is looked up, and forgotten when it was a table's.
  return async (app) => {
    app.get(
      "/api/tables/:id/seats",
      {
        config: { access: "host" },
        schema: {
          ...doc("phones", "The join code and which seats have a phone"),
          params: TableParams,
          response: { 200: SeatsAnswer },
        },
      },
      async (request) => {
        const table = await tables.get(request.params.id);
        if (!table) throw noTable();
        const code = await tables.joinCode(table.id);
        const phones = new Map((await store.listSeatTokens(table.id)).map((t) => [t.seat, t.createdAt]));
        const people = new Map((await store.listTableSeats(table.id)).map((p) => [p.seat, p.personId]));
        const answer: SeatsAnswer = {
          code,
          online: table.online ? onlineOf(table) : null,
          seats: viewFor(table.state, "spectator").seats.map((s) => ({
            seat: s.seat,
            name: s.name,
            phone: phones.has(s.seat),
            joinedAt: phones.get(s.seat) ?? null,
            person: people.get(s.seat) ?? null,
          })),
        };
        return answer;
      },
    );

    app.delete(
      "/api/tables/:id/seats/:seat",
      {
        config: { access: "host" },
        schema: {
          ...doc("phones", "Frees a seat: its token stops working"),
          params: SeatParams,
          response: { 204: NoContent("The seat is free") },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const seat = Number(request.params.seat);
        // Under the table's lock: no phone command or subscription slips past the freeing.
        await tables.with(id, async (table) => {
          if (!table) throw noTable();
          if (table.online) throw heldSeat();
          await store.deleteSeatToken(id, seat);
          hub.freeSeat(id, seat);
        });
        return reply.code(204).send();
      },
    );

    /** The table a join code names, its guess counted (and forgotten when it was a table's). */
    const tableOfCode = async (ip: string, given: string, reply: FastifyReply): Promise<LiveTable> => {
      const guess = `join:${ip}`;
      const counted = await counts.take(guess, JOIN_LIMIT, Date.now());
      if (counted.waitMs > 0) throw tooManyAttempts(counted.waitMs, reply, "too many unknown codes");
      const tableId = await store.findTableByCode(given.toUpperCase());
      const table = tableId ? await tables.get(tableId) : null;
      if (!table || phaseOf(table.state).kind === "closed") {
        throw new HttpError(404, "not_found", "no table has this code");
      }
      await counts.forget(guess, counted.id);
      return table;
    };

    // The join page lists the seats by their players' names before anyone is seated: public names
    // from the spectator's view (anyone may follow the table there), never a card or a token.
    app.get(
      "/api/join/:code",
      {
        schema: {
          ...doc("phones", "The seats a phone may join with this code, by their players' names"),
          params: JoinCodeParams,
          response: { 200: JoinSeatsAnswer },
        },
      },
      async (request, reply) => {
        const table = await tableOfCode(request.ip, request.params.code, reply);
        const answer: JoinSeatsAnswer = {
          seats: viewFor(table.state, "spectator").seats.map((s) => ({ seat: s.seat, name: s.name })),
        };
        return answer;
      },
    );

    app.post(
      "/api/join",
      {
        schema: {
          ...doc("phones", "A phone joins a seat with the table's code"),
          body: JoinBody,
          response: { 201: JoinAnswer },
        },
      },
      async (request, reply) => {
        const { seat } = request.body;
        const table = await tableOfCode(request.ip, request.body.code, reply);
        const humans = table.online ? (onlineOf(table)?.humanSeats ?? SEATS) : SEATS;
        if (seat > humans) throw botSeat(seat, humans);
        const token = newToken(SEAT_TOKEN_BYTES);
        const row = { tokenHash: tokenHash(token), tableId: table.id, seat, createdAt: Date.now() };
        // An online table admits phones only during its deal: when it ends, bots take the seats
        // still empty (online.ts), and from then on each seat stays its holder's.
        let stored: boolean;
        try {
          stored = await store.createSeatToken(row, table.online ? "deal" : undefined);
        } catch (error) {
          if (error instanceof StoreConflict) throw seatTaken(seat, table.online);
          throw error;
        }
        if (!stored) throw started(table.id);
        const answer: JoinAnswer = { table: table.id, seat, token };
        return reply.code(201).send(answer);
      },
    );

    app.get(
      "/api/seat",
      {
        schema: {
          ...doc("phones", "A phone's seat and its view (Bearer seat token)"),
          response: { 200: SeatAnswer },
        },
      },
      async (request) => {
        const header = request.headers.authorization ?? "";
        const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header);
        const row = match?.[1] ? await store.getSeatToken(tokenHash(match[1])) : null;
        if (!row) throw new HttpError(401, "bad_token", "this seat token is not valid (unknown or freed)");
        const table = await tables.get(row.tableId);
        if (!table) throw noTable();
        const json = table.seatTexts[row.seat - 1]?.json;
        // A token's seat is one of the table's twelve (the store refuses any other).
        if (json === undefined) throw noTable();
        const answer: SeatAnswer = {
          table: table.id,
          seat: row.seat,
          name: viewFor(table.state, "spectator").seats[row.seat - 1]?.name ?? "",
          seq: table.seatSeqs[row.seat - 1] ?? 0,
          view: JSON.parse(json),
          online: table.online ? onlineOf(table) : null,
        };
        return answer;
      },
    );
  };
}
