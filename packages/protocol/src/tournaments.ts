// Tournaments (docs/tournaments.md): players, rounds drawn by the nights' optimiser, a final, the
// referees, the scoring's settings and the standings. Routes: docs/api.md "Tournaments".

import { type Static, Type } from "typebox";
import { Decision } from "./club.js";
import { Id, Lines, Text } from "./http.js";
import { RoundInfo } from "./nights.js";

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Moment = Type.Integer({ minimum: 0 });
const Start = Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 });
const Ref = Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false });
/** A score: a quarter of a point is the finest step. */
const Score = (maximum: number) => Type.Number({ minimum: 0, maximum, multipleOf: 0.25 });

/** The standings' tie-breaks, in the order they are applied after the score (docs/tournaments.md). */
export const TieBreak = Type.Union([
  Type.Literal("wins"),
  Type.Literal("ratingPoints"),
  Type.Literal("final"),
  Type.Literal("penalties"),
]);
export type TieBreak = Static<typeof TieBreak>;

/** The scoring's settings; every one has a documented default (docs/tournaments.md "Scoring"). */
export const Scoring = Type.Object(
  {
    /** Points for a game the player's team won. */
    win: Score(10),
    /** Points for a drawn game. */
    draw: Score(10),
    /** Add the game's rating points (RATE-1…7, the host's corrections applied). */
    ratingPoints: Type.Boolean(),
    /** Subtracted for a game the player was removed from by fouls. */
    foulRemoval: Score(10),
    /** Subtracted for a game the player was disqualified from. */
    disqualification: Score(10),
    /** A final game's score is multiplied by this. */
    finalMultiplier: Type.Number({ minimum: 1, maximum: 5, multipleOf: 0.25 }),
    /** Applied in order when the scores are equal; the last resort is the name, then the id. */
    tieBreaks: Type.Array(TieBreak, { maxItems: 4, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type Scoring = Static<typeof Scoring>;

/** The defaults: a win 1, a draw 0, the rating points added, fouls −0.5, disqualification −1, final ×1.5. */
export const SCORING_DEFAULTS: Scoring = Object.freeze({
  win: 1,
  draw: 0,
  ratingPoints: true,
  foulRemoval: 0.5,
  disqualification: 1,
  finalMultiplier: 1.5,
  tieBreaks: Object.freeze(["wins", "final", "ratingPoints", "penalties"]) as Scoring["tieBreaks"],
}) as Scoring;

/** How the final's table is made: the best 12 by standings, a fixed table named later, or none. */
export const FinalKind = Type.Union([Type.Literal("best"), Type.Literal("fixed"), Type.Literal("none")]);
export type FinalKind = Static<typeof FinalKind>;

/** POST /api/tournaments (a host): the tournament; `scoring` names only what differs from the defaults. */
export const NewTournamentBody = Type.Object(
  {
    title: Text(80),
    startsAt: Start,
    /** The qualifying rounds (the final is one more). */
    rounds: Type.Integer({ minimum: 1, maximum: 20 }),
    /** Tables a qualifying round (12 players each). */
    tables: Type.Integer({ minimum: 1, maximum: 20 }),
    final: FinalKind,
    /** The chief referee: an account that hosts or administers. */
    chief: Id,
    /** The tables' hosts (referees of a table), in turn. */
    hosts: Type.Array(Id, { minItems: 1, maxItems: 20, uniqueItems: true }),
    scoring: Type.Partial(Scoring),
  },
  { additionalProperties: false },
);
export type NewTournamentBody = Static<typeof NewTournamentBody>;

/** POST /api/tournaments/:id/players, …/players/:person/replace: a person, or a guest by name. */
export const PlayerBody = Type.Union([
  Type.Object({ person: Id }, { additionalProperties: false }),
  Type.Object({ name: Text(60) }, { additionalProperties: false }),
]);
export type PlayerBody = Static<typeof PlayerBody>;

/** POST /api/tournaments/:id/final: a fixed final names its 12 players; the best 12 names none. */
export const FinalBody = Type.Object(
  { players: Type.Optional(Type.Array(Id, { minItems: 12, maxItems: 12, uniqueItems: true })) },
  { additionalProperties: false },
);
export type FinalBody = Static<typeof FinalBody>;

/** PUT /api/tournaments/:id/games/:table/points (the chief referee): a seat's points corrected. */
export const RefereePointsBody = Type.Object(
  {
    seat: Type.Integer({ minimum: 1, maximum: 12 }),
    points: Type.Integer({ minimum: 0, maximum: 5 }),
    reason: Lines(500),
  },
  { additionalProperties: false },
);
export type RefereePointsBody = Static<typeof RefereePointsBody>;

/** POST /api/tournaments/:id/objections/:complaint (the chief referee): the decision and its reason. */
export const DecisionBody = Type.Object(
  { decision: Decision, reason: Lines(2000) },
  { additionalProperties: false },
);
export type DecisionBody = Static<typeof DecisionBody>;

export const TournamentPlayerParams = Type.Object({ id: Id, person: Id });
export const TournamentGameParams = Type.Object({ id: Id, table: Id });
export const ObjectionParams = Type.Object({ id: Id, complaint: Id });

/** One line of the standings (docs/tournaments.md "Standings"). */
export const StandingRow = Type.Object(
  {
    place: Type.Integer({ minimum: 1 }),
    person: Ref,
    score: Type.Number(),
    games: Type.Integer({ minimum: 0 }),
    wins: Type.Integer({ minimum: 0 }),
    ratingPoints: Type.Integer({ minimum: 0 }),
    penalties: Type.Number({ minimum: 0 }),
    /** The score of the final's game (0 without one). */
    final: Type.Number(),
    /** Dropped out (replaced for the remaining rounds). */
    dropped: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type StandingRow = Static<typeof StandingRow>;

export const TournamentPlayer = Type.Object(
  { person: Ref, dropped: Type.Boolean(), replacedBy: Nullable(Ref) },
  { additionalProperties: false },
);
export type TournamentPlayer = Static<typeof TournamentPlayer>;

/** An objection to a tournament game (a CLUB-2 complaint), to the referees. */
export const Objection = Type.Object(
  {
    id: Type.String(),
    table: Type.String(),
    about: Type.Union([Type.Literal("game"), Type.Literal("host")]),
    text: Type.String(),
    by: Ref,
    at: Moment,
    decision: Nullable(
      Type.Object(
        { decision: Nullable(Decision), reason: Type.String(), by: Ref, at: Moment },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Objection = Static<typeof Objection>;

export const TournamentSummary = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    startsAt: Moment,
    rounds: Type.Integer({ minimum: 1 }),
    tables: Type.Integer({ minimum: 1 }),
    final: FinalKind,
    chief: Ref,
    hosts: Type.Array(Ref),
    players: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type TournamentSummary = Static<typeof TournamentSummary>;

/** GET /api/tournaments/:id and every change's answer. */
export const TournamentPage = Type.Object(
  {
    tournament: TournamentSummary,
    scoring: Scoring,
    /** May the viewer run and referee it (the chief referee or the administration). */
    referee: Type.Boolean(),
    players: Type.Array(TournamentPlayer),
    /** The qualifying rounds, then the final (its `n` is rounds + 1). */
    rounds: Type.Array(RoundInfo),
    final: Nullable(RoundInfo),
    standings: Type.Array(StandingRow),
    /** The objections to its games, to the referee only. */
    objections: Type.Array(Objection),
  },
  { additionalProperties: false },
);
export type TournamentPage = Static<typeof TournamentPage>;

export const TournamentsAnswer = Type.Object(
  { tournaments: Type.Array(TournamentSummary) },
  { additionalProperties: false },
);
export type TournamentsAnswer = Static<typeof TournamentsAnswer>;

/** GET /api/nights/:id/standings: the evening's standings by the default scoring. */
export const NightStandings = Type.Object(
  { scoring: Scoring, standings: Type.Array(StandingRow) },
  { additionalProperties: false },
);
export type NightStandings = Static<typeof NightStandings>;
