// Tournaments' API (docs/api.md "Tournaments") as typed calls over the tables' client's Result.

import type {
  DecisionBody,
  NewTournamentBody,
  NightStandings,
  RefereePointsBody,
  TournamentPage,
  TournamentsAnswer,
} from "@misto/protocol";
import { createCaller, type Fetch, type Result } from "../api/client.js";

export interface TournamentsApi {
  list(): Promise<Result<TournamentsAnswer>>;
  create(body: NewTournamentBody): Promise<Result<TournamentPage>>;
  tournament(id: string): Promise<Result<TournamentPage>>;
  draw(id: string): Promise<Result<TournamentPage>>;
  deal(id: string, round: number): Promise<Result<TournamentPage>>;
  final(id: string): Promise<Result<TournamentPage>>;
  correct(id: string, table: string, body: RefereePointsBody): Promise<Result<TournamentPage>>;
  decide(id: string, complaint: string, body: DecisionBody): Promise<Result<TournamentPage>>;
  nightStandings(night: string): Promise<Result<NightStandings>>;
}

export function createTournamentsApi(fetcher?: Fetch): TournamentsApi {
  const call = createCaller(fetcher);
  const at = (id: string) => `/api/tournaments/${encodeURIComponent(id)}`;
  return {
    list: () => call("GET", "/api/tournaments"),
    create: (body) => call("POST", "/api/tournaments", body),
    tournament: (id) => call("GET", at(id)),
    draw: (id) => call("POST", `${at(id)}/draw`),
    deal: (id, round) => call("POST", `${at(id)}/rounds/${round}/tables`),
    final: (id) => call("POST", `${at(id)}/final`, {}),
    correct: (id, table, body) => call("PUT", `${at(id)}/games/${encodeURIComponent(table)}/points`, body),
    decide: (id, complaint, body) =>
      call("POST", `${at(id)}/objections/${encodeURIComponent(complaint)}`, body),
    nightStandings: (night) => call("GET", `/api/nights/${encodeURIComponent(night)}/standings`),
  };
}

export const tournamentsApi = createTournamentsApi();
