// The rating's routes (docs/api.md "Rating and archive"): seasons, the rating table, a player's
// statistics and the club's. Every signed-in account reads them; the admin sets the seasons.

import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  ClubStatsAnswer,
  Id,
  NewSeasonBody,
  NoContent,
  PlayerStatsAnswer,
  PlayerStatsQuery,
  RatingAnswer,
  RecomputeAnswer,
  SeasonInfo,
  SeasonQuery,
  SeasonsAnswer,
} from "@misto/protocol";
import { Type } from "typebox";
import { HttpError } from "../errors.js";
import { pageLimit, readCursor, writeCursor } from "../games/cursor.js";
import type { SeasonRow, Store } from "../store/index.js";
import { clubPage, playerPage, ratingRows } from "./pages.js";
import { isDate, overlaps } from "./played.js";
import type { RatingRow } from "./table.js";

/** A player's games per page unless the query asks for another length. */
export const PLAYER_PAGE = 100;

const IdParams = Type.Object({ id: Id });

export const seasonOf = (s: SeasonRow) => ({ id: s.id, name: s.name, from: s.from, until: s.until });

/** The season a query names (404 when unknown), or null for all time. */
export async function findSeason(store: Store, id: string | undefined): Promise<SeasonRow | null> {
  if (id === undefined) return null;
  const season = (await store.listSeasons()).find((s) => s.id === id);
  if (!season) throw new HttpError(404, "not_found", "there is no such season");
  return season;
}

/**
 * The rating table of a season (null: all time) from its totals, kept as games are stored: each
 * row's skill is the person's after his last game in it (every game up to then counted).
 */
export async function seasonRating(store: Store, season: SeasonRow | null): Promise<RatingRow[]> {
  await store.archive.settled();
  return ratingRows(await store.archive.totals(season ? season.id : "all"));
}

export function ratingRoutes(store: Store): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/api/seasons",
      {
        config: { access: "account" },
        schema: { summary: "The seasons, newest first", tags: ["rating"], response: { 200: SeasonsAnswer } },
      },
      async (_request) => {
        return { seasons: (await store.listSeasons()).map(seasonOf) };
      },
    );

    app.post(
      "/api/seasons",
      {
        config: { access: "admin" },
        schema: {
          summary: "A new season (admin)",
          tags: ["rating"],
          body: NewSeasonBody,
          response: { 201: SeasonInfo },
        },
      },
      async (request, reply) => {
        const { from, until } = request.body;
        const name = request.body.name.trim();
        for (const [field, value] of [
          ["from", from],
          ["until", until],
        ] as const) {
          if (!isDate(value))
            throw new HttpError(400, "invalid", `${field}: ${value} is not a day of the calendar`);
        }
        if (name === "") throw new HttpError(400, "invalid", "name: a season needs a name");
        if (from > until)
          throw new HttpError(400, "invalid", `the season starts (${from}) after it ends (${until})`);
        const clash = (await store.listSeasons()).find((s) => overlaps(s, { from, until }));
        if (clash) {
          throw new HttpError(
            409,
            "overlap",
            `the season overlaps ${clash.name} (${clash.from} – ${clash.until})`,
            {
              season: clash.id,
            },
          );
        }
        const season: SeasonRow = { id: randomUUID(), name, from, until, createdAt: Date.now() };
        await store.createSeason(season);
        return reply.code(201).send(seasonOf(season));
      },
    );

    app.delete(
      "/api/seasons/:id",
      {
        config: { access: "admin" },
        schema: {
          summary: "Deletes a season (admin)",
          tags: ["rating"],
          params: IdParams,
          response: { 204: NoContent("The season is deleted") },
        },
      },
      async (request, reply) => {
        if (!(await store.deleteSeason(request.params.id))) {
          throw new HttpError(404, "not_found", "there is no such season");
        }
        return reply.code(204).send();
      },
    );

    app.get(
      "/api/rating",
      {
        config: { access: "account" },
        schema: {
          summary: "The rating table of a season or all time",
          tags: ["rating"],
          querystring: SeasonQuery,
          response: { 200: RatingAnswer },
        },
      },
      async (request) => {
        const season = await findSeason(store, request.query.season);
        return { season: season ? seasonOf(season) : null, rows: await seasonRating(store, season) };
      },
    );

    app.get(
      "/api/people/:id/stats",
      {
        config: { access: "account" },
        schema: {
          summary: "A player's games, wins, cards and skill history",
          tags: ["rating"],
          params: IdParams,
          querystring: PlayerStatsQuery,
          response: { 200: PlayerStatsAnswer },
        },
      },
      async (request) => {
        const person = await store.resolvePerson(request.params.id);
        if (!person) throw new HttpError(404, "not_found", "there is no such person");
        await store.archive.settled();
        const [account, groups, page] = await Promise.all([
          store.findHostByPerson(person.id),
          store.archive.playerGroups(person.id),
          store.archive.playerGames(
            person.id,
            readCursor(request.query.before),
            pageLimit(request.query.limit, PLAYER_PAGE),
          ),
        ]);
        return {
          before: writeCursor(page.next),
          person: {
            id: person.id,
            name: person.name,
            kind: person.kind,
            council: person.council,
            role: account?.role ?? null,
          },
          ...playerPage(groups, page.games),
        };
      },
    );

    app.get(
      "/api/club/stats",
      {
        config: { access: "account" },
        schema: {
          summary: "The club's win rates by season, game length, eliminations, the note",
          tags: ["rating"],
          response: { 200: ClubStatsAnswer },
        },
      },
      async (_request) => {
        await store.archive.settled();
        const [totals, seasons] = await Promise.all([store.archive.clubTotals(), store.listSeasons()]);
        const stats = clubPage(totals, seasons);
        return {
          ...stats,
          seasons: stats.seasons.map((s) => ({ ...s, season: s.season ? seasonOf(s.season) : null })),
        };
      },
    );

    app.get(
      "/api/rating/recompute",
      {
        config: { access: "account" },
        schema: {
          summary: "The recompute job's progress (the archive's totals and skill, in the background)",
          tags: ["rating"],
          response: { 200: RecomputeAnswer },
        },
      },
      async (_request) => {
        return store.archive.progress();
      },
    );

    app.post(
      "/api/rating/recompute",
      {
        config: { access: "admin" },
        schema: {
          summary: "Starts the recompute job (admin); answers at once with its progress",
          tags: ["rating"],
          response: { 202: RecomputeAnswer },
        },
      },
      async (_request, reply) => {
        store.archive.recompute("admin");
        return reply.code(202).send(store.archive.progress());
      },
    );
  };
}
