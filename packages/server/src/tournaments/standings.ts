// A tournament's and a club night's standings, live: computed on each read from the stored
// result rows of the tables their rounds dealt, by the one scoring module (scoring/). The PDF
// protocols call `tournamentStandings` for the standings sheet.

import type { Scoring } from "@misto/protocol";
import { DEFAULT_SCORING, scoringWith } from "../scoring/settings.js";
import { type Contender, type Standing, standings } from "../scoring/standings.js";
import type { Store } from "../store/index.js";
import type { NightRow, RoundRow } from "../store/night-queries.js";
import type { TournamentRow } from "../store/tournament-queries.js";
import { type Finished, finishedGames, scoredGames } from "./scored-games.js";

/** The tables the rounds dealt, each with whether it is a final's. */
function dealtTables(rounds: readonly (RoundRow & { final?: boolean })[]) {
  return rounds.flatMap((r) =>
    r.seating.tables.flatMap((t) => (t.table === null ? [] : [{ id: t.table, final: r.final === true }])),
  );
}

/** The finished games of every table the rounds dealt, in one read. */
export function roundsGames(store: Store, rounds: readonly RoundRow[]): Promise<Finished> {
  return finishedGames(
    store,
    dealtTables(rounds).map((t) => t.id),
  );
}

/** People by id as contenders, each resolved through merges (the result rows count merged people). */
async function contenders(
  store: Store,
  people: readonly { id: string; dropped?: boolean }[],
): Promise<Contender[]> {
  const seen = new Set<string>();
  const out: Contender[] = [];
  for (const p of people) {
    const person = (await store.resolvePerson(p.id)) ?? (await store.getPerson(p.id));
    const id = person?.id ?? p.id;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ id, name: person?.name ?? "", dropped: p.dropped === true });
  }
  return out;
}

/** The tournament's scoring: its organiser's settings over the defaults. */
export const scoringOf = (t: TournamentRow): Scoring => scoringWith(t.scoring);

/** The tournament's standings: every player (dropped ones too, marked), by its scoring; `games`
 * when the caller already read its rounds' games (roundsGames). */
export async function tournamentStandings(
  store: Store,
  t: TournamentRow,
  games?: Finished,
): Promise<Standing[]> {
  const players = await store.tournaments.listPlayers(t.id);
  const rounds = await store.tournaments.listRounds(t.id);
  const people = await contenders(
    store,
    players.map((p) => ({ id: p.personId, dropped: p.droppedAt !== null })),
  );
  const tables = dealtTables(rounds);
  return standings(
    people,
    await scoredGames(store, tables, games ?? (await roundsGames(store, rounds))),
    scoringOf(t),
  );
}

/** The evening's standings: everyone seated in its dealt rounds, by the default scoring; `games`
 * when the caller already read its rounds' games (roundsGames). */
export async function nightStandings(store: Store, night: NightRow, games?: Finished): Promise<Standing[]> {
  const rounds = await store.nights.listRounds(night.id);
  const seated = rounds.flatMap((r) => (r.dealtAt === null ? [] : r.seating.tables.flatMap((t) => t.seats)));
  const people = await contenders(
    store,
    seated.map((id) => ({ id })),
  );
  const tables = dealtTables(rounds);
  return standings(
    people,
    await scoredGames(store, tables, games ?? (await roundsGames(store, rounds))),
    DEFAULT_SCORING,
  );
}
