// The club's people (docs/club.md): the directory, accounts, sanctions (CLUB-3) and complaints
// (CLUB-2), as TypeBox schemas for the bodies and the answers' types. Routes: docs/api.md "People".

import { type Static, Type } from "typebox";
import { Lines, Login, Password, PersonId, Role, Text } from "./http.js";

/** GET /api/people?q=&limit=: search as you type. */
export const PeopleQuery = Type.Object(
  {
    q: Type.Optional(Text(60, 0)),
    limit: Type.Optional(Type.String({ pattern: "^(?:[1-9]|[1-4][0-9]|50)$" })),
  },
  { additionalProperties: false },
);
export type PeopleQuery = Static<typeof PeopleQuery>;

/** POST /api/people (admin): a new member, optionally with an account to sign in with. */
export const NewPersonBody = Type.Object(
  {
    name: Text(60),
    council: Type.Optional(Type.Boolean()),
    account: Type.Optional(
      Type.Object({ login: Login, password: Password, role: Role }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type NewPersonBody = Static<typeof NewPersonBody>;

/** PATCH /api/people/:id (admin): the council, and the account's role. */
export const PersonPatchBody = Type.Object(
  { council: Type.Optional(Type.Boolean()), role: Type.Optional(Role) },
  { additionalProperties: false, minProperties: 1 },
);
export type PersonPatchBody = Static<typeof PersonPatchBody>;

/** POST /api/people/:id/merge (admin): the guest :id becomes the member `into`. */
export const MergeBody = Type.Object({ into: PersonId }, { additionalProperties: false });
export type MergeBody = Static<typeof MergeBody>;

/** POST /api/people/:id/password (admin): the member's new password. */
export const PasswordBody = Type.Object({ password: Password }, { additionalProperties: false });
export type PasswordBody = Static<typeof PasswordBody>;

/** POST /api/people/:id/sanctions (admin, CLUB-3). A ban's `until` is required; `from` defaults to now. */
export const SanctionBody = Type.Object(
  {
    kind: Type.Union([Type.Literal("warning"), Type.Literal("ban")]),
    reason: Lines(500),
    from: Type.Optional(Type.Integer({ minimum: 0 })),
    until: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type SanctionBody = Static<typeof SanctionBody>;

/** POST /api/tables/:id/complaints (CLUB-2), once the game is over. */
export const ComplaintBody = Type.Object(
  { about: Type.Union([Type.Literal("game"), Type.Literal("host")]), text: Lines(2000) },
  { additionalProperties: false },
);
export type ComplaintBody = Static<typeof ComplaintBody>;

/** A decision on an objection (a CLUB-2 complaint): upheld or rejected. */
export const Decision = Type.Union([Type.Literal("upheld"), Type.Literal("rejected")]);
export type Decision = Static<typeof Decision>;

/** POST /api/complaints/:id/answer (admin): the answer's words and, on an objection, its decision. */
export const AnswerBody = Type.Object(
  { text: Lines(2000), decision: Type.Optional(Decision) },
  { additionalProperties: false },
);
export type AnswerBody = Static<typeof AnswerBody>;

// ── Answers (also the OpenAPI document's response schemas: Fastify serialises each answer by
// them, so a field missing here is dropped from the answer) ──

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
/** Epoch milliseconds. */
const Moment = Type.Integer({ minimum: 0 });
/** Who did it: an account's id and name. */
const AccountRef = Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false });

/** A person as the directory shows them. */
export const PersonInfo = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: Type.Union([Type.Literal("member"), Type.Literal("guest")]),
    council: Type.Boolean(),
    /** The person's account, if any (`login` shown to the administration only). */
    account: Nullable(
      Type.Object(
        { id: Type.String(), role: Role, login: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    /** A ban in force now (CLUB-3), or null. */
    ban: Nullable(Type.Object({ until: Moment, reason: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type PersonInfo = Static<typeof PersonInfo>;

/** A game a person played (GET /api/people/:id), a merged guest's included. */
export const PersonGame = Type.Object(
  {
    table: Type.String(),
    title: Type.String(),
    seat: Type.Integer({ minimum: 1, maximum: 12 }),
    phase: Type.String(),
    winner: Nullable(Type.String()),
    createdAt: Moment,
  },
  { additionalProperties: false },
);
export type PersonGame = Static<typeof PersonGame>;

export const SanctionInfo = Type.Object(
  {
    id: Type.String(),
    person: Type.String(),
    kind: SanctionBody.properties.kind,
    reason: Type.String(),
    /** A ban's period; a warning has none. */
    from: Nullable(Moment),
    until: Nullable(Moment),
    by: AccountRef,
    at: Moment,
  },
  { additionalProperties: false },
);
export type SanctionInfo = Static<typeof SanctionInfo>;

export const ComplaintInfo = Type.Object(
  {
    id: Type.String(),
    table: Type.String(),
    about: ComplaintBody.properties.about,
    text: Type.String(),
    by: AccountRef,
    at: Moment,
    answer: Nullable(
      Type.Object(
        // `decision`: upheld or rejected (null: an answer that decides nothing).
        { text: Type.String(), by: AccountRef, at: Moment, decision: Nullable(Decision) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ComplaintInfo = Static<typeof ComplaintInfo>;

/** GET /api/people. */
export const PeopleAnswer = Type.Object({ people: Type.Array(PersonInfo) }, { additionalProperties: false });
export type PeopleAnswer = Static<typeof PeopleAnswer>;

/** POST /api/people, PATCH /api/people/:id, POST /api/people/:id/merge: the person as now. */
export const PersonAnswer = Type.Object({ person: PersonInfo }, { additionalProperties: false });
export type PersonAnswer = Static<typeof PersonAnswer>;

/** GET /api/people/:id: the person, their sanctions (to the admin and themselves) and latest games. */
export const PersonPage = Type.Object(
  { person: PersonInfo, sanctions: Type.Array(SanctionInfo), games: Type.Array(PersonGame) },
  { additionalProperties: false },
);
export type PersonPage = Static<typeof PersonPage>;

/** DELETE /api/people/:id/sessions, DELETE /api/sessions: how many sessions ended. */
export const EndedAnswer = Type.Object(
  { ended: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type EndedAnswer = Static<typeof EndedAnswer>;

/** GET /api/people/:id/sanctions. */
export const SanctionsAnswer = Type.Object(
  { sanctions: Type.Array(SanctionInfo) },
  { additionalProperties: false },
);
export type SanctionsAnswer = Static<typeof SanctionsAnswer>;

/** POST /api/people/:id/sanctions. */
export const SanctionAnswer = Type.Object({ sanction: SanctionInfo }, { additionalProperties: false });
export type SanctionAnswer = Static<typeof SanctionAnswer>;

/** POST /api/tables/:id/complaints, POST /api/complaints/:id/answer. */
export const ComplaintAnswer = Type.Object({ complaint: ComplaintInfo }, { additionalProperties: false });
export type ComplaintAnswer = Static<typeof ComplaintAnswer>;

/** GET /api/complaints: the open ones. */
export const ComplaintsAnswer = Type.Object(
  { complaints: Type.Array(ComplaintInfo) },
  { additionalProperties: false },
);
export type ComplaintsAnswer = Static<typeof ComplaintsAnswer>;

/** GET /api/tables/:id/complaints: the table, and the complaints the viewer may read. */
export const TableComplaints = Type.Object(
  {
    table: Type.Object(
      { id: Type.String(), title: Type.String(), over: Type.Boolean() },
      { additionalProperties: false },
    ),
    complaints: Type.Array(ComplaintInfo),
  },
  { additionalProperties: false },
);
export type TableComplaints = Static<typeof TableComplaints>;
