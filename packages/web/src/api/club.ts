// The club's API (seasons, rating, statistics, the archive, a game's page, import and export) as
// typed calls over the same Result as the tables' client. Dates are "YYYY-MM-DD", times epoch ms.

import type {
  ClubStatsAnswer,
  GameAnswer,
  GamesAnswer,
  GamesQuery,
  ImportAnswer,
  NewSeasonBody,
  PeopleAnswer,
  PlayerStatsAnswer,
  PointsAnswer,
  PointsBody,
  RatingAnswer,
  SeasonInfo,
  SeasonsAnswer,
} from "@misto/protocol";
import { createCaller, type Fetch, type Result } from "./client.js";

// The club routes' answers are the protocol's schemas (the server's response schemas); the pages
// use these names for their parts.
export type Season = SeasonInfo;
export type Rating = RatingAnswer;
export type RatingRow = RatingAnswer["rows"][number];
export type PersonRef = RatingRow["person"] | GamesAnswer["games"][number]["host"];
/** A skill estimate (mean and uncertainty); `ordinal` is the number ranked by. */
export type Skill = RatingRow["skill"];
export type PersonStats = PlayerStatsAnswer;
export type PlayedGame = PlayerStatsAnswer["games"][number];
export type Team = PlayedGame["team"];
export type GameResult = PlayedGame["result"];
export type OutCause = NonNullable<PlayedGame["out"]>["cause"];
export type ClubStats = ClubStatsAnswer;
export type SeasonResults = ClubStatsAnswer["seasons"][number];
export type ArchivedGame = GamesAnswer["games"][number];
/** GET /api/games: a page of games, the next page's cursor (null: the last), every host of the archive. */
export type ArchivePage = GamesAnswer;
/** The archive's filters as the query string takes them (all optional). */
export type GameFilters = GamesQuery;
export type GamePage = GameAnswer;
export type Correction = GameAnswer["corrections"][number];
/** PUT /api/games/:id/points: the correction as recorded. */
export type CorrectionAnswer = PointsAnswer;
export type PersonFound = PeopleAnswer["people"][number];

export interface ClubApi {
  seasons(): Promise<Result<SeasonsAnswer>>;
  createSeason(body: NewSeasonBody): Promise<Result<Season>>;
  deleteSeason(id: string): Promise<Result<null>>;
  rating(season: string | null): Promise<Result<Rating>>;
  /** `before`: the page of his games before that cursor (PersonStats.before). */
  person(id: string, before?: string): Promise<Result<PersonStats>>;
  clubStats(): Promise<Result<ClubStats>>;
  /** A page of the archive, newest first; `after` is the `next` of the page before. */
  games(filters: GameFilters, after?: string): Promise<Result<ArchivePage>>;
  game(id: string): Promise<Result<GamePage>>;
  correctPoints(id: string, body: PointsBody): Promise<Result<CorrectionAnswer>>;
  /** One record, or an archive { format: "misto-archive", version: 1, records }. */
  importRecords(body: unknown): Promise<Result<ImportAnswer>>;
  searchPeople(q: string): Promise<Result<PeopleAnswer>>;
}

/** A query string from named values, the empty ones left out ("" when nothing is left). */
export function query(values: Readonly<Record<string, string | null | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** The addresses the browser downloads by a plain link. */
export const clubLinks = {
  ratingCsv: (season: string | null) => `/api/export/rating.csv${query({ season })}`,
  gamesCsv: () => "/api/export/games.csv",
  records: () => "/api/export/records",
  record: (id: string) => `${at("/api/games", id)}/record`,
};

export function createClubApi(fetcher?: Fetch): ClubApi {
  const call = createCaller(fetcher);
  return {
    seasons: () => call("GET", "/api/seasons"),
    createSeason: (body) => call("POST", "/api/seasons", body),
    deleteSeason: (id) => call("DELETE", at("/api/seasons", id)),
    rating: (season) => call("GET", `/api/rating${query({ season })}`),
    person: (id, before) => call("GET", `${at("/api/people", id)}/stats${query({ before })}`),
    clubStats: () => call("GET", "/api/club/stats"),
    games: (filters, after) => call("GET", `/api/games${query({ ...filters, after })}`),
    game: (id) => call("GET", at("/api/games", id)),
    correctPoints: (id, body) => call("PUT", `${at("/api/games", id)}/points`, body),
    importRecords: (body) => call("POST", "/api/games/import", body),
    searchPeople: (q) => call("GET", `/api/people${query({ q })}`),
  };
}
