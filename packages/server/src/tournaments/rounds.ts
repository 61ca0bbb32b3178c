// A tournament's rounds (docs/tournaments.md): every qualifying round drawn at once by the
// nights' optimiser (again, until one is dealt), a round dealt through the nights' deal, the
// final (the best 12 by standings, or a fixed table) seated with the rounds before it counted,
// and a player who drops out replaced in the rounds not dealt yet, nobody else moved.

import { randomBytes } from "node:crypto";
import { HttpError } from "../errors.js";
import { dealRound } from "../nights/deal.js";
import { type DrawInput, drawRounds } from "../nights/draw.js";
import type { Store } from "../store/index.js";
import type { RoundSeating } from "../store/night-queries.js";
import type { TournamentRoundRow, TournamentRow } from "../store/tournament-queries.js";
import { StoreConflict } from "../store/types.js";
import type { TableService } from "../tables/service.js";
import { finishedGames } from "./scored-games.js";
import { tournamentStandings } from "./standings.js";

/** The players still in (not dropped), in the order they joined. */
async function activePlayers(store: Store, t: TournamentRow): Promise<string[]> {
  return (await store.tournaments.listPlayers(t.id))
    .filter((p) => p.droppedAt === null)
    .map((p) => p.personId);
}

function draw(input: Omit<DrawInput, "seed">) {
  const drawn = drawRounds({ ...input, seed: randomBytes(16).toString("base64url") });
  if (!drawn.ok) throw new HttpError(422, drawn.error.code, drawn.error.message);
  return drawn.rounds.map(
    (round): RoundSeating => ({
      tables: round.tables.map((table) => ({ host: table.host, seats: [...table.seats], table: null })),
      out: [...round.out],
    }),
  );
}

/** Draws every qualifying round at once (the optimiser spreads pairs, seats and hosts over all). */
export async function drawQualifying(store: Store, t: TournamentRow): Promise<void> {
  const players = await activePlayers(store, t);
  if (players.length < t.tables * 12) {
    throw new HttpError(
      422,
      "too_few_players",
      `${t.tables} tables a round need ${t.tables * 12} players; ${players.length} play`,
      {
        players: players.length,
      },
    );
  }
  const seatings = draw({ players, tables: t.tables, rounds: t.rounds, hosts: t.hosts });
  const now = Date.now();
  const rows = seatings.map(
    (seating, i): TournamentRoundRow => ({
      n: i + 1,
      final: false,
      seating,
      drawnAt: now,
      dealtAt: null,
    }),
  );
  if (!(await store.tournaments.setQualifying(t.id, rows))) {
    throw new HttpError(409, "dealt", "a round is dealt: the draw is final");
  }
}

async function roundOf(store: Store, t: TournamentRow, n: number): Promise<TournamentRoundRow> {
  const round = (await store.tournaments.listRounds(t.id)).find((r) => r.n === n);
  if (!round) throw new HttpError(404, "not_found", `the tournament has no round ${n}`);
  return round;
}

/** Makes the round's tables through the nights' deal (the table service, seats by person). */
export async function dealTournamentRound(
  store: Store,
  tables: TableService,
  t: TournamentRow,
  n: number,
): Promise<void> {
  const round = await roundOf(store, t, n);
  await dealRound(store, tables, {
    n,
    seating: round.seating,
    title: (i) => (round.final ? `${t.title} · final` : `${t.title} · ${n}.${i + 1}`),
    claim: (at) => store.tournaments.claimDeal(t.id, n, at),
    finish: (seating, dealt) => store.tournaments.finishDeal(t.id, n, seating, dealt),
  });
}

/** Every qualifying round dealt and each of its games finished (its result stored). */
async function qualifyingOver(store: Store, rounds: readonly TournamentRoundRow[], t: TournamentRow) {
  const qualifying = rounds.filter((r) => !r.final);
  if (qualifying.length < t.rounds || qualifying.some((r) => r.dealtAt === null)) return false;
  const tables = qualifying.flatMap((r) => r.seating.tables.map((table) => table.table));
  if (tables.some((id) => id === null)) return false;
  const games = await finishedGames(store, tables as string[]);
  return tables.every((id) => games.has(id as string));
}

/** Seats the final: the best 12 still in by the standings, or the 12 named for a fixed final. */
export async function drawFinal(store: Store, t: TournamentRow, named: readonly string[] | undefined) {
  if (t.final === "none") throw new HttpError(422, "no_final", "this tournament has no final");
  const rounds = await store.tournaments.listRounds(t.id);
  if (!(await qualifyingOver(store, rounds, t))) {
    throw new HttpError(409, "rounds_not_over", "the final is drawn once every qualifying game is over");
  }
  const active = await activePlayers(store, t);
  let players: string[];
  if (t.final === "fixed") {
    if (!named) throw new HttpError(422, "final_players", "a fixed final names its 12 players");
    const stranger = named.find((id) => !active.includes(id));
    if (stranger) throw new HttpError(422, "not_a_player", `${stranger} plays no more in this tournament`);
    players = [...named];
  } else {
    if (named) throw new HttpError(422, "final_players", "the best 12 by the standings play this final");
    const standing = await tournamentStandings(store, t);
    const still = new Set(
      await Promise.all(active.map(async (id) => (await store.resolvePerson(id))?.id ?? id)),
    );
    players = standing
      .filter((s) => still.has(s.person))
      .slice(0, 12)
      .map((s) => s.person);
  }
  const [seating] = draw({
    players,
    tables: 1,
    rounds: 1,
    hosts: [t.chiefId],
    history: rounds.map((r) => r.seating),
  });
  try {
    await store.tournaments.addRound(t.id, {
      n: t.rounds + 1,
      final: true,
      seating: seating as RoundSeating,
      drawnAt: Date.now(),
      dealtAt: null,
    });
  } catch (error) {
    if (error instanceof StoreConflict) throw new HttpError(409, "final_drawn", "the final is drawn already");
    throw error;
  }
}

/** `seating` with `from` replaced by `to` wherever he sits (or sits out). */
function substitute(seating: RoundSeating, from: string, to: string): RoundSeating {
  const swap = (id: string) => (id === from ? to : id);
  return {
    tables: seating.tables.map((table) => ({ ...table, seats: table.seats.map(swap) })),
    out: seating.out.map(swap),
  };
}

/** `person` drops out: `replacement` takes his place in every round not dealt yet. */
export async function replacePlayer(store: Store, t: TournamentRow, person: string, replacement: string) {
  if (person === replacement)
    throw new HttpError(422, "bad_replacement", "a player does not replace himself");
  const players = await store.tournaments.listPlayers(t.id);
  if (players.some((p) => p.personId === replacement)) {
    throw new HttpError(409, "already_playing", "the replacement plays in this tournament already");
  }
  const undealt = (await store.tournaments.listRounds(t.id)).filter((r) => r.dealtAt === null);
  const seatings = undealt.map((r) => ({ n: r.n, seating: substitute(r.seating, person, replacement) }));
  let replaced: boolean;
  try {
    replaced = await store.tournaments.replacePlayer(t.id, person, replacement, Date.now(), seatings);
  } catch (error) {
    if (error instanceof StoreConflict)
      throw new HttpError(409, "already_playing", "the replacement plays already");
    throw error;
  }
  if (!replaced)
    throw new HttpError(404, "not_a_player", "that person plays in this tournament no more (or never did)");
}
