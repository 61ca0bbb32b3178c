// The rating's, archive's and exports' bodies and queries (docs/api.md "Rating and archive").

import type { RecapEntry } from "@misto/record";
import { type Static, Type } from "typebox";
import { Id, Lines, Text } from "./http.js";
import { RecordFile } from "./tables.js";

/** A day of the calendar, YYYY-MM-DD: `format: date` (RFC 3339's full-date) refuses 9995-35-20. */
export const IsoDate = Type.String({
  pattern: "^\\d{4}-\\d{2}-\\d{2}$",
  format: "date",
  description: "YYYY-MM-DD, a day that exists",
});

/** POST /api/seasons (admin): a named range of dates, both included (UTC). */
export const NewSeasonBody = Type.Object(
  { name: Text(80), from: IsoDate, until: IsoDate },
  { additionalProperties: false },
);
export type NewSeasonBody = Static<typeof NewSeasonBody>;

/** PUT /api/games/:id/points (host): a seat's corrected points, RATE-4's cap of 5, and why. */
export const PointsBody = Type.Object(
  {
    seat: Type.Integer({ minimum: 1, maximum: 12 }),
    points: Type.Integer({ minimum: 0, maximum: 5 }),
    reason: Lines(500),
  },
  { additionalProperties: false },
);
export type PointsBody = Static<typeof PointsBody>;

/** GET /api/rating, GET /api/export/rating.csv: a season's id; none for all time. */
export const SeasonQuery = Type.Object({ season: Type.Optional(Id) }, { additionalProperties: false });
export type SeasonQuery = Static<typeof SeasonQuery>;

/**
 * Where a page ends (the answer's `next`): the next page starts after it. Opaque to clients; it
 * names the last game's place in the club's order (end, start, key).
 */
export const Cursor = Type.String({
  pattern: "^\\d{1,16}\\.\\d{1,16}\\.[0-9a-f]{64}$",
  description: "the `next` of the page before",
});

/** A page's length: 1 to 100 games. */
export const PageLimit = Type.String({ pattern: "^(?:[1-9]|[1-9][0-9]|100)$", description: "1 to 100" });

/** GET /api/people/:id/stats: the page of the player's games (the newest first; `before`: earlier ones). */
export const PlayerStatsQuery = Type.Object(
  { before: Type.Optional(Cursor), limit: Type.Optional(PageLimit) },
  { additionalProperties: false },
);
export type PlayerStatsQuery = Static<typeof PlayerStatsQuery>;

/** GET /api/games: the archive's filters, each optional, and the page (`after`: the `next` of the one before). */
export const GamesQuery = Type.Object(
  {
    after: Type.Optional(Cursor),
    limit: Type.Optional(PageLimit),
    from: Type.Optional(IsoDate),
    until: Type.Optional(IsoDate),
    host: Type.Optional(Id),
    player: Type.Optional(Id),
    winner: Type.Optional(Type.Union([Type.Literal("red"), Type.Literal("black"), Type.Literal("draw")])),
  },
  { additionalProperties: false },
);
export type GamesQuery = Static<typeof GamesQuery>;

/** The archive of every finished game's record, as exported and imported. */
export const ARCHIVE_FORMAT = "misto-archive";
export const ARCHIVE_VERSION = 1;

// ── Answers (also the OpenAPI document's response schemas) ──

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Winner = Type.Union([Type.Literal("red"), Type.Literal("black"), Type.Literal("draw")]);
const Team = Type.Union([Type.Literal("red"), Type.Literal("black")]);
const Result = Type.Union([Type.Literal("won"), Type.Literal("lost"), Type.Literal("draw")]);
const PersonRef = Type.Object({ id: Type.String(), name: Type.String() });

export const SeasonInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  from: IsoDate,
  until: IsoDate,
});
export type SeasonInfo = Static<typeof SeasonInfo>;

export const SeasonsAnswer = Type.Object({ seasons: Type.Array(SeasonInfo) });
export type SeasonsAnswer = Static<typeof SeasonsAnswer>;

/** OpenSkill's rating: mu, sigma, and the ordinal mu − 3σ. */
export const SkillInfo = Type.Object({ mu: Type.Number(), sigma: Type.Number(), ordinal: Type.Number() });

export const RatingAnswer = Type.Object({
  season: Nullable(SeasonInfo),
  rows: Type.Array(
    Type.Object({
      place: Type.Integer(),
      person: Type.Object({ id: Type.String(), name: Type.String(), council: Type.Boolean() }),
      points: Type.Integer(),
      games: Type.Integer(),
      average: Type.Number(),
      wins: Type.Integer(),
      skill: SkillInfo,
    }),
  ),
});
export type RatingAnswer = Static<typeof RatingAnswer>;

const Count = Type.Object({ games: Type.Integer(), wins: Type.Integer() });
const SeatOut = Type.Object({
  cause: Type.Union([
    Type.Literal("voted"),
    Type.Literal("night"),
    Type.Literal("grave"),
    Type.Literal("removed"),
  ]),
  when: Type.Union([Type.Literal("day"), Type.Literal("night")]),
  n: Type.Integer(),
});

export const PlayerStatsAnswer = Type.Object({
  /** The cursor of the page of earlier games (null: these are the first he played). */
  before: Nullable(Cursor),
  person: Type.Object({
    id: Type.String(),
    name: Type.String(),
    kind: Type.Union([Type.Literal("member"), Type.Literal("guest")]),
    council: Type.Boolean(),
    role: Nullable(Type.Union([Type.Literal("admin"), Type.Literal("host"), Type.Literal("member")])),
  }),
  games: Type.Array(
    Type.Object({
      table: Type.String(),
      title: Type.String(),
      endedAt: Type.Number(),
      card: Type.String(),
      team: Team,
      result: Result,
      points: Type.Integer(),
      out: Nullable(SeatOut),
    }),
  ),
  totals: Type.Object({
    games: Type.Integer(),
    wins: Type.Integer(),
    points: Type.Integer(),
    average: Type.Number(),
  }),
  byTeam: Type.Object({ red: Count, black: Count }),
  byCard: Type.Record(Type.String(), Count),
  votedOut: Type.Integer(),
  shotAtNight: Type.Integer(),
  skill: Type.Array(
    Type.Object({
      table: Type.String(),
      endedAt: Type.Number(),
      mu: Type.Number(),
      sigma: Type.Number(),
      ordinal: Type.Number(),
    }),
  ),
});
export type PlayerStatsAnswer = Static<typeof PlayerStatsAnswer>;

export const ClubStatsAnswer = Type.Object({
  seasons: Type.Array(
    Type.Object({
      season: Nullable(SeasonInfo),
      games: Type.Integer(),
      red: Type.Integer(),
      black: Type.Integer(),
      draw: Type.Integer(),
    }),
  ),
  length: Type.Object({
    games: Type.Integer(),
    meanDays: Type.Number(),
    meanNights: Type.Number(),
    meanMinutes: Type.Number(),
  }),
  eliminations: Type.Object({
    voted: Type.Integer(),
    night: Type.Integer(),
    grave: Type.Integer(),
    removed: Type.Integer(),
  }),
  note: Type.Object({ games: Type.Integer(), read: Type.Integer() }),
});
export type ClubStatsAnswer = Static<typeof ClubStatsAnswer>;

export const GamesAnswer = Type.Object({
  games: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      endedAt: Type.Number(),
      host: PersonRef,
      winner: Winner,
      online: Type.Boolean(),
      players: Type.Array(Type.Object({ seat: Type.Integer(), person: PersonRef })),
    }),
  ),
  /** The cursor of the next page (`after`); null on the last. */
  next: Nullable(Cursor),
  /** Every account that hosted a finished game (the host filter's choices). */
  hosts: Type.Array(PersonRef),
});
export type GamesAnswer = Static<typeof GamesAnswer>;

const CorrectionInfo = Type.Object({
  seat: Type.Integer(),
  from: Type.Integer(),
  to: Type.Integer(),
  by: PersonRef,
  at: Type.Number(),
  reason: Type.String(),
});

export const GameAnswer = Type.Object({
  id: Type.String(),
  title: Type.String(),
  endedAt: Type.Number(),
  host: PersonRef,
  winner: Winner,
  players: Type.Array(
    Type.Object({
      seat: Type.Integer(),
      person: PersonRef,
      card: Type.String(),
      points: Type.Integer(),
      corrected: Type.Boolean(),
    }),
  ),
  /** The record package's structured recap: `recap(record)`, its entries in order (docs/record.md). */
  recap: Type.Unsafe<RecapEntry[]>(Type.Array(Type.Unknown())),
  corrections: Type.Array(CorrectionInfo),
});
export type GameAnswer = Static<typeof GameAnswer>;

export const PointsAnswer = Type.Object({
  seat: Type.Integer(),
  from: Type.Integer(),
  points: Type.Integer(),
  by: PersonRef,
  at: Type.Number(),
  reason: Type.String(),
});
export type PointsAnswer = Static<typeof PointsAnswer>;

export const ImportAnswer = Type.Object({ imported: Type.Array(Type.String()) });
export type ImportAnswer = Static<typeof ImportAnswer>;

/** POST /api/games/import refused: every problem, "records/3/events/12: DAY-3 …"; nothing imported. */
export const ImportProblems = Type.Object({
  error: Type.Literal("invalid_record"),
  message: Type.String(),
  problems: Type.Array(Type.String()),
});

/** GET /api/export/records: every finished game's record in one misto-archive (sent as its own JSON text). */
export const ArchiveFile = Type.Object(
  {
    format: Type.Literal(ARCHIVE_FORMAT),
    version: Type.Literal(ARCHIVE_VERSION),
    records: Type.Array(RecordFile),
    /** The hosts' point corrections, described loosely (docs/api.md "Rating and archive"). */
    corrections: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
  },
  { additionalProperties: false },
);

/** The exports' CSV answers: text, never JSON (the OpenAPI document lists them as text/csv). */
export const CsvFile = (description: string) => ({
  content: { "text/csv": { schema: Type.String({ description }) } },
});

/** GET /api/rating/recompute, POST (admin): the recompute job's progress (docs/operations.md). */
export const RecomputeAnswer = Type.Object({
  state: Type.Union([Type.Literal("idle"), Type.Literal("running"), Type.Literal("failed")]),
  /** Why it runs or last ran: import, merge, role, admin, backlog. */
  reason: Nullable(Type.String()),
  done: Type.Integer(),
  total: Type.Integer(),
  startedAt: Nullable(Type.Number()),
  finishedAt: Nullable(Type.Number()),
  error: Nullable(Type.String()),
});
export type RecomputeAnswer = Static<typeof RecomputeAnswer>;
