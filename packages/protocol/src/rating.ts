// The rating's, archive's and exports' bodies and queries (docs/api.md "Rating and archive").

import { type Static, Type } from "typebox";

/** An ISO date, YYYY-MM-DD (the server also checks that the day exists). */
export const IsoDate = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "YYYY-MM-DD" });

/** POST /api/seasons (admin): a named range of dates, both included (UTC). */
export const NewSeasonBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 80 }), from: IsoDate, until: IsoDate },
  { additionalProperties: false },
);
export type NewSeasonBody = Static<typeof NewSeasonBody>;

/** PUT /api/games/:id/points (host): a seat's corrected points, RATE-4's cap of 5, and why. */
export const PointsBody = Type.Object(
  {
    seat: Type.Integer({ minimum: 1, maximum: 12 }),
    points: Type.Integer({ minimum: 0, maximum: 5 }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type PointsBody = Static<typeof PointsBody>;

/** GET /api/rating, GET /api/export/rating.csv: a season's id; none for all time. */
export const SeasonQuery = Type.Object(
  { season: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
  { additionalProperties: false },
);
export type SeasonQuery = Static<typeof SeasonQuery>;

/** GET /api/games: the archive's filters, each optional. */
export const GamesQuery = Type.Object(
  {
    from: Type.Optional(IsoDate),
    until: Type.Optional(IsoDate),
    host: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    player: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    winner: Type.Optional(Type.Union([Type.Literal("red"), Type.Literal("black"), Type.Literal("draw")])),
  },
  { additionalProperties: false },
);
export type GamesQuery = Static<typeof GamesQuery>;

/** The archive of every finished game's record, as exported and imported. */
export const ARCHIVE_FORMAT = "misto-archive";
export const ARCHIVE_VERSION = 1;
