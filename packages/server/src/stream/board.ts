// The night's board for a TV (docs/club-nights.md "On a TV and on stream"): the evening, the round
// being played (its tables, each followed live as a spectator over /ws by the page), the next
// round's seating once drawn, and the standings. Names, seats and stored results only: no card,
// no game fact that the spectators' own view does not already show.

import type { BoardAnswer } from "@misto/protocol";
import { Names, roundInfo } from "../nights/view.js";
import type { Store } from "../store/index.js";
import type { NightRow } from "../store/night-queries.js";
import { nightStandings, roundsGames } from "../tournaments/standings.js";
import { standingRows } from "../tournaments/view.js";

export async function boardOf(store: Store, night: NightRow): Promise<BoardAnswer> {
  const names = new Names(store);
  const rounds = await store.nights.listRounds(night.id);
  const dealt = rounds.filter((r) => r.dealtAt !== null);
  const current = dealt.at(-1) ?? null;
  const undealt = rounds.find((r) => r.dealtAt === null) ?? null;
  const games = await roundsGames(store, rounds);
  return {
    night: { id: night.id, title: night.title, startsAt: night.startsAt, place: night.place },
    current: current ? await roundInfo(names, current, games) : null,
    next: undealt ? await roundInfo(names, undealt, games) : null,
    standings: standingRows(await nightStandings(store, night, games)),
  };
}
