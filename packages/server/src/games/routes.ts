// The archive's routes (docs/api.md "Rating and archive"): finished games with filters, a game's
// page and record, the hosts' point corrections, import, and the exports (CSV and the records).

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  ArchiveFile,
  CsvFile,
  GameAnswer,
  GamesAnswer,
  GamesQuery,
  Id,
  ImportAnswer,
  PointsAnswer,
  PointsBody,
  RecordFile,
  SeasonQuery,
} from "@misto/protocol";
import { recap, recordJson } from "@misto/record";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import { signedIn } from "../auth/access.js";
import { HttpError } from "../errors.js";
import { correctSeat } from "../rating/correct.js";
import { csv } from "../rating/csv.js";
import { type Ledger, loadLedger } from "../rating/ledger.js";
import { isDate, periodBounds } from "../rating/played.js";
import { findSeason, seasonRating } from "../rating/routes.js";
import type { Store } from "../store/index.js";
import { checkImport, exportClubArchive, importGames, recordOf } from "./archive.js";
import { pageLimit, readCursor, writeCursor } from "./cursor.js";
import { Recaps } from "./recaps.js";

/** An import may carry a club's every record: far more than the API's usual 64 KiB. */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

const GameParams = Type.Object({ id: Id });

/** Games per page of the archive unless the query asks for another length. */
export const ARCHIVE_PAGE = 50;

/** `{ [name]: value }`, or nothing when the value is undefined (exactOptionalPropertyTypes). */
const optional = <K extends string, V>(name: K, value: V | undefined) =>
  (value === undefined ? {} : { [name]: value }) as { [P in K]?: V };

function noGame(): HttpError {
  return new HttpError(404, "not_found", "there is no such finished game");
}

const hostOf = (ledger: Ledger, id: string) => ({ id, name: ledger.accounts.get(id)?.name ?? "" });

/** The accounts' names, each asked once: a lookup giving `{ id, name }` ("" when gone). */
async function accountNames(store: Store, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const hosts = await Promise.all(unique.map((id) => store.getHost(id)));
  const byId = new Map(unique.map((id, i) => [id, hosts[i]?.name ?? ""]));
  return (id: string) => ({ id, name: byId.get(id) ?? "" });
}

function download(reply: FastifyReply, type: string, filename: string, body: string): FastifyReply {
  return reply.type(type).header("content-disposition", `attachment; filename="${filename}"`).send(body);
}

export function gameRoutes(store: Store): FastifyPluginAsyncTypebox {
  const recaps = new Recaps();
  return async (app) => {
    app.get(
      "/api/games",
      {
        config: { access: "account" },
        schema: {
          summary: "The archive: finished games, newest first, with filters",
          tags: ["archive"],
          querystring: GamesQuery,
          response: { 200: GamesAnswer },
        },
      },
      async (request) => {
        const q = request.query;
        for (const [field, value] of [
          ["from", q.from],
          ["until", q.until],
        ] as const) {
          if (value !== undefined && !isDate(value))
            throw new HttpError(400, "invalid", `${field}: ${value} is not a day`);
        }
        const bounds = (day: string | undefined, end: boolean) =>
          day === undefined ? undefined : periodBounds({ from: day, until: day })[end ? "end" : "start"];
        const player =
          q.player === undefined ? undefined : ((await store.resolvePerson(q.player))?.id ?? q.player);
        await store.archive.settled();
        const [page, hosts] = await Promise.all([
          store.archive.page(
            {
              ...optional("from", bounds(q.from, false)),
              ...optional("until", bounds(q.until, true)),
              ...optional("hostId", q.host),
              ...optional("playerId", player),
              ...optional("winner", q.winner),
            },
            readCursor(q.after),
            pageLimit(q.limit, ARCHIVE_PAGE),
          ),
          store.archive.archiveHosts(),
        ]);
        return {
          games: page.games.map((g) => ({
            id: g.id,
            title: g.title,
            endedAt: g.endedAt,
            host: g.host,
            winner: g.winner,
            online: g.online,
            players: g.players,
          })),
          next: writeCursor(page.next),
          hosts,
        };
      },
    );

    app.get(
      "/api/games/:id",
      {
        config: { access: "account" },
        schema: {
          summary: "A finished game: players, points, recap, corrections",
          tags: ["archive"],
          params: GameParams,
          response: { 200: GameAnswer },
        },
      },
      async (request) => {
        const game = await store.getGame(request.params.id);
        if (!game) throw noGame();
        const [corrections, entries, people] = await Promise.all([
          store.listCorrections(game.id),
          recaps.of(game.id, async () => recap(await recordOf(store, game))),
          Promise.all(game.seats.map((s) => store.getPerson(s.playerId))),
        ]);
        const names = await accountNames(store, [game.hostId, ...corrections.map((c) => c.byHostId)]);
        return {
          id: game.id,
          title: game.title,
          endedAt: game.endedAt,
          host: names(game.hostId),
          winner: game.winner,
          players: game.seats.map((s, i) => ({
            seat: s.seat,
            person: { id: s.playerId, name: people[i]?.name ?? "" },
            card: s.card,
            points: s.points,
            corrected: corrections.some((c) => c.seat === s.seat),
          })),
          recap: entries,
          corrections: corrections.map((c) => ({
            seat: c.seat,
            from: c.from,
            to: c.to,
            by: names(c.byHostId),
            at: c.at,
            reason: c.reason,
          })),
        };
      },
    );

    app.get(
      "/api/games/:id/record",
      {
        config: { access: "account" },
        schema: {
          summary: "A finished game's record (misto-record v2), as a download",
          tags: ["archive"],
          params: GameParams,
          response: { 200: RecordFile },
        },
      },
      async (request, reply) => {
        const game = await store.getGame(request.params.id);
        if (!game) throw noGame();
        const record = await recordOf(store, game);
        return download(
          reply,
          "application/json; charset=utf-8",
          `misto-${game.id}.json`,
          recordJson(record),
        );
      },
    );

    app.put(
      "/api/games/:id/points",
      {
        config: { access: "host" },
        schema: {
          summary: "A host corrects a seat's points (recorded with who and when)",
          tags: ["archive"],
          params: GameParams,
          body: PointsBody,
          response: { 200: PointsAnswer },
        },
      },
      async (request) => {
        const host = signedIn(request);
        const game = await store.getGame(request.params.id);
        if (!game) throw noGame();
        return correctSeat(store, host, game, request.body);
      },
    );

    app.post(
      "/api/games/import",
      {
        // Only the admin may send a body this large: the session is checked before it is read.
        config: { access: "admin", accessBeforeBody: true },
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          summary:
            "Imports one record or a misto-archive (admin); nothing is imported when any record is invalid",
          tags: ["archive"],
          body: Type.Unknown({
            description:
              "a misto-record (v2, or v1 migrated on read), or { format: 'misto-archive', version: 1, records }",
          }),
          response: { 201: ImportAnswer },
        },
      },
      async (request, reply) => {
        const admin = signedIn(request);
        const checked = await checkImport(request.body, (keys) => store.archive.knownKeys(keys));
        if (!checked.ok) {
          throw new HttpError(
            400,
            "invalid_record",
            `nothing was imported: ${checked.problems.length} problem(s), the first: ${checked.problems[0]}`,
            { problems: checked.problems },
          );
        }
        return reply.code(201).send({ imported: await importGames(store, admin, checked.games) });
      },
    );

    app.get(
      "/api/export/rating.csv",
      {
        config: { access: "account" },
        schema: {
          summary: "The rating table as CSV",
          tags: ["exports"],
          querystring: SeasonQuery,
          response: {
            200: CsvFile("place, name, council, points, games, average, wins, mu, sigma, ordinal"),
          },
        },
      },
      async (request, reply) => {
        const season = await findSeason(store, request.query.season);
        const rows = await seasonRating(store, season);
        const text = csv(
          ["place", "name", "council", "points", "games", "average", "wins", "mu", "sigma", "ordinal"],
          rows.map((r) => [
            r.place,
            r.person.name,
            r.person.council ? "yes" : "no",
            r.points,
            r.games,
            r.average,
            r.wins,
            round(r.skill.mu),
            round(r.skill.sigma),
            round(r.skill.ordinal),
          ]),
        );
        return download(
          reply,
          "text/csv; charset=utf-8",
          `misto-rating${season ? `-${season.id}` : ""}.csv`,
          text,
        );
      },
    );

    app.get(
      "/api/export/games.csv",
      {
        config: { access: "account" },
        schema: {
          summary: "Every finished game as CSV, one row per game",
          tags: ["exports"],
          response: {
            200: CsvFile("id, ended, title, host, winner, days, nights, then each seat's name, card, points"),
          },
        },
      },
      async (_request, reply) => {
        const ledger = await loadLedger(store);
        const seatColumns = Array.from({ length: 12 }, (_, i) => [
          `seat${i + 1}_name`,
          `seat${i + 1}_card`,
          `seat${i + 1}_points`,
        ]).flat();
        const text = csv(
          ["id", "ended", "title", "host", "winner", "days", "nights", ...seatColumns],
          ledger.games.map((g) => [
            g.id,
            new Date(g.endedAt).toISOString(),
            g.title,
            hostOf(ledger, g.hostId).name,
            g.winner,
            g.days,
            g.nights,
            ...g.seats.flatMap((s) => [s.person.name, s.card, s.points]),
          ]),
        );
        return download(reply, "text/csv; charset=utf-8", "misto-games.csv", text);
      },
    );

    app.get(
      "/api/export/records",
      {
        config: { access: "account" },
        schema: {
          summary: "Every finished game's record in one misto-archive, as a download",
          tags: ["exports"],
          response: { 200: ArchiveFile },
        },
      },
      async (_request, reply) => {
        const archive = await exportClubArchive(store);
        return download(
          reply,
          "application/json; charset=utf-8",
          "misto-records.json",
          JSON.stringify(archive),
        );
      },
    );
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
