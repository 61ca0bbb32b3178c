// A tournament as an account sees it (docs/tournaments.md): its settings and referees, its
// players, the rounds' seating, the final, the live standings, and, to the referee only (the
// chief referee or the administration), the objections to its games.

import type { Objection, StandingRow, TournamentPage, TournamentSummary } from "@misto/protocol";
import { Names, roundInfo } from "../nights/view.js";
import type { Standing } from "../scoring/standings.js";
import type { HostRow, Store } from "../store/index.js";
import type { TournamentRoundRow, TournamentRow } from "../store/tournament-queries.js";
import { roundsGames, scoringOf, tournamentStandings } from "./standings.js";

/** May `account` run and referee the tournament: its chief referee, or the administration. */
export const referees = (t: TournamentRow, account: HostRow) =>
  account.role === "admin" || account.id === t.chiefId;

/** The standing rows as the API sends them. */
export const standingRows = (rows: readonly Standing[]): StandingRow[] =>
  rows.map((r) => ({
    place: r.place,
    person: { id: r.person, name: r.name },
    score: r.score,
    games: r.games,
    wins: r.wins,
    ratingPoints: r.ratingPoints,
    penalties: r.penalties,
    final: r.final,
    dropped: r.dropped,
  }));

async function summary(store: Store, names: Names, t: TournamentRow): Promise<TournamentSummary> {
  const players = await store.tournaments.listPlayers(t.id);
  return {
    id: t.id,
    title: t.title,
    startsAt: t.startsAt,
    rounds: t.rounds,
    tables: t.tables,
    final: t.final,
    chief: await names.account(t.chiefId),
    hosts: await Promise.all(t.hosts.map((id) => names.account(id))),
    players: players.filter((p) => p.droppedAt === null).length,
  };
}

/** The tables the rounds dealt. */
export const tablesOf = (rounds: readonly TournamentRoundRow[]) =>
  rounds.flatMap((r) => r.seating.tables.flatMap((t) => (t.table === null ? [] : [t.table])));

async function objections(store: Store, names: Names, tables: readonly string[]): Promise<Objection[]> {
  const out: Objection[] = [];
  for (const table of tables) {
    for (const c of await store.listComplaints({ tableId: table })) {
      out.push({
        id: c.id,
        table: c.tableId,
        about: c.about,
        text: c.text,
        by: await names.account(c.byHostId),
        at: c.createdAt,
        decision: c.answer
          ? {
              decision: c.answer.decision ?? null,
              reason: c.answer.text,
              by: await names.account(c.answer.byHostId),
              at: c.answer.at,
            }
          : null,
      });
    }
  }
  return out;
}

export async function tournamentPage(
  store: Store,
  t: TournamentRow,
  account: HostRow,
): Promise<TournamentPage> {
  const names = new Names(store);
  const players = await store.tournaments.listPlayers(t.id);
  const rounds = await store.tournaments.listRounds(t.id);
  const referee = referees(t, account);
  const final = rounds.find((r) => r.final);
  const games = await roundsGames(store, rounds);
  return {
    tournament: await summary(store, names, t),
    scoring: scoringOf(t),
    referee,
    players: await Promise.all(
      players.map(async (p) => ({
        person: await names.person(p.personId),
        dropped: p.droppedAt !== null,
        replacedBy: p.replacedBy === null ? null : await names.person(p.replacedBy),
      })),
    ),
    rounds: await Promise.all(rounds.filter((r) => !r.final).map((r) => roundInfo(names, r, games))),
    final: final ? await roundInfo(names, final, games) : null,
    standings: standingRows(await tournamentStandings(store, t, games)),
    objections: referee ? await objections(store, names, tablesOf(rounds)) : [],
  };
}

/** Every tournament's summary, soonest start first. */
export async function tournamentList(store: Store): Promise<TournamentSummary[]> {
  const names = new Names(store);
  const out: TournamentSummary[] = [];
  for (const t of await store.tournaments.listTournaments()) out.push(await summary(store, names, t));
  return out;
}
