// Club nights (docs/club-nights.md): an evening's event, its sign-ups and waiting list, check-in,
// and the rounds' seating drawn by the optimiser. Routes: docs/api.md "Club nights".

import { type Static, Type } from "typebox";
import { Id, Text } from "./http.js";

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
/** Epoch milliseconds. */
const Moment = Type.Integer({ minimum: 0 });
/** A night's start: epoch milliseconds up to the end of year 9999 (a calendar's and a Date's range). */
const Start = Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 });
const Seat = Type.Integer({ minimum: 1, maximum: 12 });
const Ref = Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false });

/** POST /api/nights (a host): the evening. `hosts` are accounts that host or administer. */
export const NewNightBody = Type.Object(
  {
    title: Text(80),
    startsAt: Start,
    place: Text(120),
    /** How many sign up before the waiting list starts. */
    capacity: Type.Integer({ minimum: 1, maximum: 240 }),
    /** The tables planned (12 players each). */
    tables: Type.Integer({ minimum: 1, maximum: 20 }),
    hosts: Type.Array(Id, { minItems: 1, maxItems: 20, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type NewNightBody = Static<typeof NewNightBody>;

/** POST /api/nights/:id/guests (a host): a person from the directory, or a guest by name, at the door. */
export const DoorBody = Type.Union([
  Type.Object({ person: Id }, { additionalProperties: false }),
  Type.Object({ name: Text(60) }, { additionalProperties: false }),
]);
export type DoorBody = Static<typeof DoorBody>;

/** POST /api/nights/:id/checkin (a host): the person came (or, `present: false`, did not). */
export const CheckInBody = Type.Object(
  { person: Id, present: Type.Boolean() },
  { additionalProperties: false },
);
export type CheckInBody = Static<typeof CheckInBody>;

/** POST /api/nights/:id/rounds (a host): `balance` balances the tables by skill (OpenSkill). */
export const DrawBody = Type.Object({ balance: Type.Boolean() }, { additionalProperties: false });
export type DrawBody = Static<typeof DrawBody>;

/** POST /api/nights/:id/rounds/:n/swap (a host, before the deal): two players trade places. */
export const SwapBody = Type.Object({ a: Id, b: Id }, { additionalProperties: false });
export type SwapBody = Static<typeof SwapBody>;

/** POST /api/nights/:id/pairs (a host): two people kept apart (a couple, a family) or together. */
export const PairBody = Type.Object(
  { a: Id, b: Id, kind: Type.Union([Type.Literal("apart"), Type.Literal("together")]) },
  { additionalProperties: false },
);
export type PairBody = Static<typeof PairBody>;

/** DELETE /api/nights/:id/pairs/:a/:b (a host): the pair's policy ends. */
export const PairParams = Type.Object({ id: Id, a: Id, b: Id });

export const RoundParams = Type.Object({ id: Id, n: Type.String({ pattern: "^[1-9][0-9]{0,2}$" }) });
export type RoundParams = Static<typeof RoundParams>;

/** Where one stands: going (within the capacity, or added at the door), or waiting (1 = next in). */
export const EntryStatus = Type.Union([Type.Literal("going"), Type.Literal("waiting")]);

/** A sign-up as the night's hosts see it. */
export const NightEntry = Type.Object(
  {
    person: Ref,
    status: EntryStatus,
    /** On the waiting list: the place in it (1 is next); going: null. */
    waiting: Nullable(Type.Integer({ minimum: 1 })),
    /** Added by a host at the door (not counted against the capacity). */
    door: Type.Boolean(),
    checkedIn: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type NightEntry = Static<typeof NightEntry>;

export const RoundTable = Type.Object(
  {
    /** 1, 2, …: "table 2". */
    n: Type.Integer({ minimum: 1 }),
    host: Nullable(Ref),
    seats: Type.Array(Type.Object({ seat: Seat, person: Ref }, { additionalProperties: false })),
    /** The table made for it once the round is dealt, else null. */
    table: Nullable(Type.String()),
    /** Its game is over and kept: the game's page and its protocol (PDF) exist. */
    over: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RoundTable = Static<typeof RoundTable>;

export const RoundInfo = Type.Object(
  {
    n: Type.Integer({ minimum: 1 }),
    /** The tables are made: the seating is final. */
    dealt: Type.Boolean(),
    tables: Type.Array(RoundTable),
    out: Type.Array(Ref),
  },
  { additionalProperties: false },
);
export type RoundInfo = Static<typeof RoundInfo>;

/** The viewer's own place: sign-up, and the latest round's seat ("table 2, seat 7"). */
export const MyPlace = Type.Object(
  {
    status: Nullable(EntryStatus),
    waiting: Nullable(Type.Integer({ minimum: 1 })),
    checkedIn: Type.Boolean(),
    seat: Nullable(
      Type.Object(
        {
          round: Type.Integer({ minimum: 1 }),
          table: Type.Integer({ minimum: 1 }),
          seat: Seat,
          id: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type MyPlace = Static<typeof MyPlace>;

export const NightSummary = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    startsAt: Moment,
    place: Type.String(),
    capacity: Type.Integer({ minimum: 1 }),
    tables: Type.Integer({ minimum: 1 }),
    hosts: Type.Array(Ref),
    going: Type.Integer({ minimum: 0 }),
    waiting: Type.Integer({ minimum: 0 }),
    me: MyPlace,
  },
  { additionalProperties: false },
);
export type NightSummary = Static<typeof NightSummary>;

/** GET /api/nights/:id and every change's answer: the night; `entries` only to a host. */
export const NightPage = Type.Object(
  {
    night: NightSummary,
    /** May the viewer run it (a host or the administration). */
    runs: Type.Boolean(),
    entries: Type.Array(NightEntry),
    /** The pairs kept apart or together at the draws (to a host only). */
    pairs: Type.Array(
      Type.Object({ a: Ref, b: Ref, kind: PairBody.properties.kind }, { additionalProperties: false }),
    ),
    rounds: Type.Array(RoundInfo),
  },
  { additionalProperties: false },
);
export type NightPage = Static<typeof NightPage>;

/** GET /api/nights: upcoming first (soonest first), then past ones (latest first). */
export const NightsAnswer = Type.Object(
  { nights: Type.Array(NightSummary) },
  { additionalProperties: false },
);
export type NightsAnswer = Static<typeof NightsAnswer>;
