// The printed documents' routes (docs/api.md "Printing"): a finished game's protocol, a night's or
// a tournament's round's seating sheet and their standings as PDFs, for any signed-in account.

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { IdParams, PdfFile, PrintQuery, type RoundInfo, RoundParams } from "@misto/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import { signedIn } from "../auth/access.js";
import { HttpError } from "../errors.js";
import { recordOf } from "../games/archive.js";
import { findNight } from "../nights/routes.js";
import { nightPage } from "../nights/view.js";
import { doc } from "../openapi.js";
import type { Store } from "../store/index.js";
import { findTournament } from "../tournaments/routes.js";
import { nightStandings, tournamentStandings } from "../tournaments/standings.js";
import { standingRows, tournamentPage } from "../tournaments/view.js";
import { renderPdf, tablePdf } from "./pdf.js";
import { protocolDocument } from "./protocol.js";
import { type SeatingEvent, seatingDocument } from "./seating.js";
import { standingsSheet } from "./standings.js";
import { PRINT_LANGUAGES, type PrintLanguage } from "./strings.js";

/** The language asked for, else the first of Accept-Language the sheets speak, else Russian. */
export function printLanguage(query: PrintQuery, request: FastifyRequest): PrintLanguage {
  if (query.lang) return query.lang;
  const accepted = (request.headers["accept-language"] ?? "")
    .split(",")
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return PRINT_LANGUAGES.find((lang) => accepted.includes(lang)) ?? "ru";
}

function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .type("application/pdf")
    .header("content-disposition", `inline; filename="${filename}"`)
    .send(pdf);
}

/** Round `n`'s seating sheet of a night or a tournament, from the rounds its page shows. */
async function sendSeating(
  reply: FastifyReply,
  lang: PrintLanguage,
  n: number,
  event: SeatingEvent,
  rounds: readonly RoundInfo[],
  of: { readonly kind: "night" | "tournament"; readonly id: string },
): Promise<FastifyReply> {
  const round = rounds.find((r) => r.n === n);
  if (!round) throw new HttpError(404, "not_found", `the ${of.kind} has no round ${n}`);
  const pdf = await renderPdf(seatingDocument(event, round, lang));
  return sendPdf(reply, `misto-${of.kind}-${of.id}-round-${n}-${lang}.pdf`, pdf);
}

export function printRoutes(store: Store): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/api/games/:id/protocol.pdf",
      {
        config: { access: "account" },
        schema: {
          ...doc("archive", "A finished game's protocol as a PDF (A4), in the language asked for"),
          params: IdParams,
          querystring: PrintQuery,
          response: { 200: PdfFile("the game's protocol") },
        },
      },
      async (request, reply) => {
        // Only a finished game is kept as one: a result not yet announced is no game's to print.
        const game = await store.getGame(request.params.id);
        if (!game) throw new HttpError(404, "not_found", "there is no such finished game");
        const [record, host, club, people] = await Promise.all([
          recordOf(store, game),
          store.getHost(game.hostId),
          store.getClub(),
          Promise.all(game.seats.map((s) => store.getPerson(s.playerId))),
        ]);
        const corrections = await store.listCorrections(game.id);
        const lang = printLanguage(request.query, request);
        const document = protocolDocument(
          {
            record,
            title: game.title,
            host: host?.name ?? "",
            club: club?.name ?? null,
            endedAt: game.endedAt,
            seats: game.seats.map((s, i) => ({
              name: people[i]?.name ?? "",
              points: s.points,
              corrected: corrections.some((c) => c.seat === s.seat),
            })),
          },
          lang,
        );
        return sendPdf(reply, `misto-${game.id}-${lang}.pdf`, await renderPdf(document));
      },
    );

    app.get(
      "/api/nights/:id/rounds/:n/seating.pdf",
      {
        config: { access: "account" },
        schema: {
          ...doc("nights", "A night's round's seating sheet as a PDF (A4): each table's host and seats"),
          params: RoundParams,
          querystring: PrintQuery,
          response: { 200: PdfFile("the round's seating") },
        },
      },
      async (request, reply) => {
        const account = signedIn(request);
        const night = await findNight(store, request.params.id);
        const page = await nightPage(store, night, account);
        const [lang, n] = [printLanguage(request.query, request), Number(request.params.n)];
        return sendSeating(reply, lang, n, page.night, page.rounds, { kind: "night", id: night.id });
      },
    );

    app.get(
      "/api/tournaments/:id/rounds/:n/seating.pdf",
      {
        config: { access: "account" },
        schema: {
          ...doc("tournaments", "A tournament's round's (or the final's) seating sheet as a PDF (A4)"),
          params: RoundParams,
          querystring: PrintQuery,
          response: { 200: PdfFile("the round's seating") },
        },
      },
      async (request, reply) => {
        const account = signedIn(request);
        const page = await tournamentPage(store, await findTournament(store, request.params.id), account);
        const rounds = [...page.rounds, ...(page.final ? [page.final] : [])];
        const [lang, n] = [printLanguage(request.query, request), Number(request.params.n)];
        return sendSeating(reply, lang, n, page.tournament, rounds, {
          kind: "tournament",
          id: page.tournament.id,
        });
      },
    );

    app.get(
      "/api/tournaments/:id/standings.pdf",
      {
        config: { access: "account" },
        schema: {
          ...doc("tournaments", "A tournament's live standings as a PDF (A4), in the JSON standings' order"),
          params: IdParams,
          querystring: PrintQuery,
          response: { 200: PdfFile("the tournament's standings") },
        },
      },
      async (request, reply) => {
        const t = await findTournament(store, request.params.id);
        const lang = printLanguage(request.query, request);
        const { sheet, table } = standingsSheet(t, standingRows(await tournamentStandings(store, t)), lang);
        return sendPdf(reply, `misto-tournament-${t.id}-${lang}.pdf`, await tablePdf(sheet, table));
      },
    );

    app.get(
      "/api/nights/:id/standings.pdf",
      {
        config: { access: "account" },
        schema: {
          ...doc("nights", "The evening's standings as a PDF (A4), in the JSON standings' order"),
          params: IdParams,
          querystring: PrintQuery,
          response: { 200: PdfFile("the evening's standings") },
        },
      },
      async (request, reply) => {
        const night = await findNight(store, request.params.id);
        const lang = printLanguage(request.query, request);
        const { sheet, table } = standingsSheet(
          night,
          standingRows(await nightStandings(store, night)),
          lang,
        );
        return sendPdf(reply, `misto-night-${night.id}-standings-${lang}.pdf`, await tablePdf(sheet, table));
      },
    );
  };
}
