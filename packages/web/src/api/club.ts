// The club's API (seasons, rating, statistics, the archive, a game's page, import and export) as
// typed calls over the same Result as the tables' client. Dates are "YYYY-MM-DD", times epoch ms.

import type { Card, Winner } from "@misto/engine";
import type { RecapEntry } from "@misto/record";
import { createCaller, type Fetch, type Result } from "./client.js";

export interface Season {
  readonly id: string;
  readonly name: string;
  readonly from: string;
  readonly until: string;
}

export interface PersonRef {
  readonly id: string;
  readonly name: string;
}

/** A skill estimate (mean and uncertainty); `ordinal` is the number ranked by. */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
  readonly ordinal: number;
}

export interface RatingRow {
  readonly place: number;
  readonly person: PersonRef & { readonly council: boolean };
  readonly points: number;
  readonly games: number;
  readonly average: number;
  readonly wins: number;
  readonly skill: Skill;
}

export interface Rating {
  readonly season: Season | null;
  readonly rows: readonly RatingRow[];
}

export type Team = "red" | "black";
export type GameResult = "won" | "lost" | "draw";
export type OutCause = "voted" | "night" | "grave" | "removed";

export interface PlayedGame {
  readonly table: string;
  readonly title: string;
  readonly endedAt: number;
  readonly card: Card;
  readonly team: Team;
  readonly result: GameResult;
  readonly points: number;
  readonly out: null | { readonly cause: OutCause; readonly when: "day" | "night"; readonly n: number };
}

export interface GamesWon {
  readonly games: number;
  readonly wins: number;
}

export interface PersonStats {
  readonly person: {
    readonly id: string;
    readonly name: string;
    readonly kind: "member" | "guest";
    readonly council: boolean;
    readonly role: "admin" | "host" | "member" | null;
  };
  /** His latest games (a page), oldest first; `before` asks for the page of earlier ones. */
  readonly games: readonly PlayedGame[];
  /** The cursor of the page of earlier games; null when these are his first. */
  readonly before: string | null;
  readonly totals: {
    readonly games: number;
    readonly wins: number;
    readonly points: number;
    readonly average: number;
  };
  readonly byTeam: Readonly<Record<Team, GamesWon>>;
  readonly byCard: Readonly<Partial<Record<Card, GamesWon>>>;
  readonly votedOut: number;
  readonly shotAtNight: number;
  readonly skill: readonly ({ readonly table: string; readonly endedAt: number } & Skill)[];
}

export interface SeasonResults {
  /** null: all time. */
  readonly season: Season | null;
  readonly games: number;
  readonly red: number;
  readonly black: number;
  readonly draw: number;
}

export interface ClubStats {
  readonly seasons: readonly SeasonResults[];
  readonly length: {
    readonly games: number;
    readonly meanDays: number;
    readonly meanNights: number;
    readonly meanMinutes: number;
  };
  readonly eliminations: Readonly<Record<OutCause, number>>;
  readonly note: { readonly games: number; readonly read: number };
}

export interface ArchivedGame {
  readonly id: string;
  readonly title: string;
  readonly endedAt: number;
  readonly host: PersonRef;
  readonly winner: Winner;
  readonly online: boolean;
  readonly players: readonly { readonly seat: number; readonly person: PersonRef }[];
}

/** GET /api/games: a page of games, the next page's cursor (null: the last), every host of the archive. */
export interface ArchivePage {
  readonly games: readonly ArchivedGame[];
  readonly next: string | null;
  readonly hosts: readonly PersonRef[];
}

/** The archive's filters as the query string takes them (all optional). */
export interface GameFilters {
  readonly from?: string;
  readonly until?: string;
  readonly host?: string;
  readonly player?: string;
  readonly winner?: Winner;
}

export interface Correction {
  readonly seat: number;
  readonly from: number;
  readonly to: number;
  readonly by: PersonRef;
  readonly at: number;
  readonly reason: string;
}

/** PUT /api/games/:id/points: the correction as recorded. */
export interface CorrectionAnswer {
  readonly seat: number;
  readonly from: number;
  readonly points: number;
  readonly by: PersonRef;
  readonly at: number;
  readonly reason: string;
}

export interface GamePage {
  readonly id: string;
  readonly title: string;
  readonly endedAt: number;
  readonly host: PersonRef;
  readonly winner: Winner;
  readonly players: readonly {
    readonly seat: number;
    readonly person: PersonRef;
    readonly card: Card;
    readonly points: number;
    readonly corrected: boolean;
  }[];
  readonly recap: readonly RecapEntry[];
  readonly corrections: readonly Correction[];
}

export interface PersonFound {
  readonly id: string;
  readonly name: string;
  readonly kind: "member" | "guest";
  readonly council: boolean;
}

export interface ClubApi {
  seasons(): Promise<Result<{ seasons: Season[] }>>;
  createSeason(body: { name: string; from: string; until: string }): Promise<Result<Season>>;
  deleteSeason(id: string): Promise<Result<null>>;
  rating(season: string | null): Promise<Result<Rating>>;
  /** `before`: the page of his games before that cursor (PersonStats.before). */
  person(id: string, before?: string): Promise<Result<PersonStats>>;
  clubStats(): Promise<Result<ClubStats>>;
  /** A page of the archive, newest first; `after` is the `next` of the page before. */
  games(filters: GameFilters, after?: string): Promise<Result<ArchivePage>>;
  game(id: string): Promise<Result<GamePage>>;
  correctPoints(
    id: string,
    body: { seat: number; points: number; reason: string },
  ): Promise<Result<CorrectionAnswer>>;
  /** One record, or an archive { format: "misto-archive", version: 1, records }. */
  importRecords(body: unknown): Promise<Result<{ imported: string[] }>>;
  searchPeople(q: string): Promise<Result<{ people: PersonFound[] }>>;
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
