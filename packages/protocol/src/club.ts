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

/** POST /api/complaints/:id/answer (admin). */
export const AnswerBody = Type.Object({ text: Lines(2000) }, { additionalProperties: false });
export type AnswerBody = Static<typeof AnswerBody>;

/** A person as the directory shows them. */
export interface PersonInfo {
  readonly id: string;
  readonly name: string;
  readonly kind: "member" | "guest";
  readonly council: boolean;
  /** The person's account, if any (`login` shown to the administration only). */
  readonly account: { readonly id: string; readonly role: Role; readonly login?: string } | null;
  /** A ban in force now (CLUB-3), or null. */
  readonly ban: { readonly until: number; readonly reason: string } | null;
}

/** A game a person played (GET /api/people/:id), a merged guest's included. */
export interface PersonGame {
  readonly table: string;
  readonly title: string;
  readonly seat: number;
  readonly phase: string;
  readonly winner: string | null;
  readonly createdAt: number;
}

export interface SanctionInfo {
  readonly id: string;
  readonly person: string;
  readonly kind: "warning" | "ban";
  readonly reason: string;
  readonly from: number | null;
  readonly until: number | null;
  readonly by: { readonly id: string; readonly name: string };
  readonly at: number;
}

export interface ComplaintInfo {
  readonly id: string;
  readonly table: string;
  readonly about: "game" | "host";
  readonly text: string;
  readonly by: { readonly id: string; readonly name: string };
  readonly at: number;
  readonly answer: {
    readonly text: string;
    readonly by: { readonly id: string; readonly name: string };
    readonly at: number;
  } | null;
}
