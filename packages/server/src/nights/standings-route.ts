// The evening's standings (docs/club-nights.md "Standings"): every player seated in the night's
// dealt rounds, scored by the tournaments' scoring module with its defaults, live from the stored
// result rows.

import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { IdParams, NightStandings } from "@misto/protocol";
import { doc } from "../openapi.js";
import { DEFAULT_SCORING } from "../scoring/settings.js";
import type { Store } from "../store/index.js";
import { nightStandings } from "../tournaments/standings.js";
import { standingRows } from "../tournaments/view.js";
import { findNight } from "./routes.js";

export function nightStandingsRoute(store: Store): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/api/nights/:id/standings",
      {
        config: { access: "account" },
        schema: {
          ...doc("nights", "The evening's standings by the default scoring, live as each game ends"),
          params: IdParams,
          response: { 200: NightStandings },
        },
      },
      async (request) => {
        const night = await findNight(store, request.params.id);
        return { scoring: DEFAULT_SCORING, standings: standingRows(await nightStandings(store, night)) };
      },
    );
  };
}
