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
  RatingAnswer,
  SeasonInfo,
  SeasonQuery,
  SeasonsAnswer,
} from "@misto/protocol";
import { Type } from "typebox";
import { requireAccount, requireAdmin } from "../auth/sessions.js";
import { HttpError } from "../errors.js";
import type { SeasonRow, Store } from "../store/index.js";
import { loadLedger } from "./ledger.js";
import { endsIn, isDate, overlaps, periodBounds } from "./played.js";
import { skillRatings } from "./skill.js";
import { clubStats, playerStats } from "./stats.js";
import { type RatingRow, ratingTable } from "./table.js";

const IdParams = Type.Object({ id: Id });

export const seasonOf = (s: SeasonRow) => ({ id: s.id, name: s.name, from: s.from, until: s.until });

/** The season a query names (404 when unknown), or null for all time. */
export async function findSeason(store: Store, id: string | undefined): Promise<SeasonRow | null> {
  if (id === undefined) return null;
  const season = (await store.listSeasons()).find((s) => s.id === id);
  if (!season) throw new HttpError(404, "not_found", "there is no such season");
  return season;
}

/** The rating table of a season (null: all time), skill counted from every game up to its end. */
export async function seasonRating(store: Store, season: SeasonRow | null): Promise<RatingRow[]> {
  const ledger = await loadLedger(store);
  const end = season ? periodBounds(season).end : Number.POSITIVE_INFINITY;
  const skill = skillRatings(
    ledger.games.filter((g) => g.endedAt < end),
    ledger.excluded,
  );
  const games = season ? ledger.games.filter((g) => endsIn(g, season)) : ledger.games;
  return ratingTable(games, ledger.excluded, skill.now);
}

export function ratingRoutes(store: Store): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/api/seasons",
      {
        schema: { summary: "The seasons, newest first", tags: ["rating"], response: { 200: SeasonsAnswer } },
      },
      async (request) => {
        await requireAccount(store, request);
        return { seasons: (await store.listSeasons()).map(seasonOf) };
      },
    );

    app.post(
      "/api/seasons",
      {
        schema: {
          summary: "A new season (admin)",
          tags: ["rating"],
          body: NewSeasonBody,
          response: { 201: SeasonInfo },
        },
      },
      async (request, reply) => {
        await requireAdmin(store, request);
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
        schema: {
          summary: "Deletes a season (admin)",
          tags: ["rating"],
          params: IdParams,
          response: { 204: NoContent("The season is deleted") },
        },
      },
      async (request, reply) => {
        await requireAdmin(store, request);
        if (!(await store.deleteSeason(request.params.id))) {
          throw new HttpError(404, "not_found", "there is no such season");
        }
        return reply.code(204).send();
      },
    );

    app.get(
      "/api/rating",
      {
        schema: {
          summary: "The rating table of a season or all time",
          tags: ["rating"],
          querystring: SeasonQuery,
          response: { 200: RatingAnswer },
        },
      },
      async (request) => {
        await requireAccount(store, request);
        const season = await findSeason(store, request.query.season);
        return { season: season ? seasonOf(season) : null, rows: await seasonRating(store, season) };
      },
    );

    app.get(
      "/api/people/:id/stats",
      {
        schema: {
          summary: "A player's games, wins, cards and skill history",
          tags: ["rating"],
          params: IdParams,
          response: { 200: PlayerStatsAnswer },
        },
      },
      async (request) => {
        await requireAccount(store, request);
        const ledger = await loadLedger(store);
        const person = ledger.person(request.params.id);
        const row = person ? await store.getPerson(person.id) : null;
        if (!person || !row) throw new HttpError(404, "not_found", "there is no such person");
        const account = await store.findHostByPerson(person.id);
        const skill = skillRatings(ledger.games, ledger.excluded).history.get(person.id) ?? [];
        return {
          person: {
            id: person.id,
            name: person.name,
            kind: person.kind,
            council: person.council,
            role: account?.role ?? null,
          },
          ...playerStats(person.id, ledger.games, skill),
        };
      },
    );

    app.get(
      "/api/club/stats",
      {
        schema: {
          summary: "The club's win rates by season, game length, eliminations, the note",
          tags: ["rating"],
          response: { 200: ClubStatsAnswer },
        },
      },
      async (request) => {
        await requireAccount(store, request);
        const [ledger, seasons] = await Promise.all([loadLedger(store), store.listSeasons()]);
        const stats = clubStats(ledger.games, seasons);
        return {
          ...stats,
          seasons: stats.seasons.map((s) => ({ ...s, season: s.season ? seasonOf(s.season) : null })),
        };
      },
    );
  };
}
