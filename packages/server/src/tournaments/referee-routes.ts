// The chief referee's routes (docs/tournaments.md "Referees"): a game's result corrected (recorded
// with who, when and why, as the archive's corrections are) and an objection decided (a CLUB-2
// complaint about one of the tournament's games, upheld or rejected, with the reason). Each
// answers the tournament's page, its standings as they now stand.

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  DecisionBody,
  ObjectionParams,
  RefereePointsBody,
  TournamentGameParams,
  TournamentPage,
} from "@misto/protocol";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import { correctSeat } from "../rating/correct.js";
import type { Store } from "../store/index.js";
import { requireReferee } from "./routes.js";
import { tablesOf, tournamentPage } from "./view.js";

export function refereeRoutes(store: Store): FastifyPluginAsyncTypebox {
  /** The tournament's tables, for checking that a game or complaint is one of its own. */
  const tablesOfTournament = async (id: string) => new Set(tablesOf(await store.tournaments.listRounds(id)));

  return async (app) => {
    app.put(
      "/api/tournaments/:id/games/:table/points",
      {
        config: { access: "host" },
        schema: {
          ...doc(
            "tournaments",
            "The chief referee corrects a seat's points in one of its games (who, when, why)",
          ),
          params: TournamentGameParams,
          body: RefereePointsBody,
          response: { 200: TournamentPage },
        },
      },
      async (request) => {
        const { account, t } = await requireReferee(store, request, request.params.id);
        const game = (await tablesOfTournament(t.id)).has(request.params.table)
          ? await store.getGame(request.params.table)
          : null;
        if (!game) throw new HttpError(404, "not_found", "the tournament has no such finished game");
        await correctSeat(store, account, game, request.body);
        return tournamentPage(store, t, account);
      },
    );

    app.post(
      "/api/tournaments/:id/objections/:complaint",
      {
        config: { access: "host" },
        schema: {
          ...doc("tournaments", "The chief referee decides an objection to one of its games (CLUB-2)"),
          params: ObjectionParams,
          body: DecisionBody,
          response: { 200: TournamentPage },
        },
      },
      async (request) => {
        const { account, t } = await requireReferee(store, request, request.params.id);
        const complaint = await store.getComplaint(request.params.complaint);
        if (!complaint || !(await tablesOfTournament(t.id)).has(complaint.tableId)) {
          throw new HttpError(404, "not_found", "there is no such objection to this tournament's games");
        }
        const answer = {
          text: request.body.reason.trim(),
          byHostId: account.id,
          at: Date.now(),
          decision: request.body.decision,
        };
        if (answer.text === "") throw new HttpError(400, "invalid", "reason: say why");
        if (!(await store.answerComplaint(complaint.id, answer))) {
          throw new HttpError(409, "answered", "this objection is decided already", { rule: "CLUB-2" });
        }
        return tournamentPage(store, t, account);
      },
    );
  };
}
