// The HTTP API's bodies, as TypeBox schemas: one definition gives the server its validation
// and every client its types. Routes and their meaning are listed in docs/api.md.

import type { CommandStampSchema, CommandBody as EngineCommand } from "@misto/engine";
import { type Static, Type } from "typebox";

/**
 * What no text takes: control characters (C0, DEL, C1), which PostgreSQL cannot store (NUL) or no
 * screen shows, and lone surrogates, which no UTF-8 database keeps as sent. Both Ajv and TypeBox
 * read patterns with the u flag, so a surrogate here is one no pair took. The server answers a
 * text refused by it, or by LINES_PATTERN, with 422 `bad_text` (errors.ts).
 */
export const TEXT_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\ud800-\\udfff]*$";
/** The same for a text of several lines (a complaint, a reason): line breaks and tabs pass. */
export const LINES_PATTERN =
  "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\ud800-\\udfff]*$";

/** A one-line text of 1 to `max` characters (a name, a title). */
export const Text = (max: number, min = 1) =>
  Type.String({ minLength: min, maxLength: max, pattern: TEXT_PATTERN });
/** A text of several lines, of 1 to `max` characters (a complaint, a reason). */
export const Lines = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: LINES_PATTERN });

/**
 * An id of a table, a person, a season, a complaint (the server makes UUIDs). A path with a
 * malformed one names nothing: the server answers 404 (errors.ts).
 */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" });
/** A route's path with an `:id`. */
export const IdParams = Type.Object({ id: Id });

export const Login = Type.String({ minLength: 3, maxLength: 40, pattern: "^[A-Za-z0-9_.-]+$" });
/**
 * Not a Text: a password is never stored or shown (only its scrypt hash is), and refusing a
 * character now could lock out an account whose password holds one.
 */
export const Password = Type.String({ minLength: 8, maxLength: 200 });

/** POST /api/setup: the one-time setup link's token creates the club and its admin. */
export const SetupBody = Type.Object(
  {
    token: Text(200),
    club: Type.Object({ name: Text(80) }, { additionalProperties: false }),
    admin: Type.Object({ name: Text(60), login: Login, password: Password }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type SetupBody = Static<typeof SetupBody>;

/** POST /api/session: a host signs in. */
export const SignInBody = Type.Object({ login: Login, password: Password }, { additionalProperties: false });
export type SignInBody = Static<typeof SignInBody>;

/** POST /api/hosts: the admin adds a host. */
export const NewHostBody = Type.Object(
  { name: Text(60), login: Login, password: Password },
  { additionalProperties: false },
);
export type NewHostBody = Static<typeof NewHostBody>;

/** An account's role (docs/club.md): the administration, a host, or a member. */
export const Role = Type.Union([Type.Literal("admin"), Type.Literal("host"), Type.Literal("member")]);
export type Role = Static<typeof Role>;

export const HostInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  login: Type.String(),
  role: Role,
  /** The account's person in the club's directory (docs/club.md). */
  person: Type.Union([Type.String(), Type.Null()]),
});
export type HostInfo = Static<typeof HostInfo>;

/** POST /api/setup, POST /api/session, GET /api/me, POST /api/hosts: the account. */
export const HostAnswer = Type.Object({ host: HostInfo });
export type HostAnswer = Static<typeof HostAnswer>;

/** GET /api/setup: whether the club still needs its one-time setup. */
export const SetupState = Type.Object({ needed: Type.Boolean() });
export type SetupState = Static<typeof SetupState>;

/** GET /api/health. */
export const Health = Type.Object({ ok: Type.Literal(true) });
export type Health = Static<typeof Health>;

/** A person's id in the club's directory (GET /api/people). */
export const PersonId = Id;

/**
 * A seat: the player's name, and the person from the directory; without `person` the seat is a
 * guest by that name (docs/club.md).
 */
const SeatName = Type.Object(
  { name: Text(60), person: Type.Optional(PersonId) },
  { additionalProperties: false },
);

/** POST /api/tables: seat 12 players, pick the settings, deal (a seed, the cards, or a fresh random seed). */
export const NewTableBody = Type.Object(
  {
    title: Type.Optional(Text(80, 0)),
    settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    seats: Type.Array(SeatName, { minItems: 12, maxItems: 12 }),
    deal: Type.Union([
      Type.Object({ seed: Text(200) }, { additionalProperties: false }),
      Type.Object(
        { cards: Type.Array(Text(20, 0), { minItems: 12, maxItems: 12 }) },
        { additionalProperties: false },
      ),
      Type.Object({ random: Type.Literal(true) }, { additionalProperties: false }),
    ]),
    /** An online table: the server is the host and bots take the seats without a phone. */
    online: Type.Optional(Type.Boolean()),
    /** An online table's own settings (docs/settings.md "Online tables"), checked by the server (422 bad_setting). */
    onlineSettings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type NewTableBody = Static<typeof NewTableBody>;

/**
 * A game command as a client sends it: its TypeScript type is the engine's (commands.ts, one schema
 * per command), its actor and time optional (the server fills them in). Only its `type` is
 * checked here: the engine checks the rest and names the rule a wrong field breaks (a 422 with the
 * rule's ID, `COMMAND` for a type it does not know), which a schema's 400 could not.
 */
export const GameCommand = Type.Unsafe<EngineCommand & Partial<Static<typeof CommandStampSchema>>>(
  Type.Object(
    { type: Text(40, 0) },
    { additionalProperties: true, description: 'a game command (docs/engine.md "Commands")' },
  ),
);
export type GameCommand = Static<typeof GameCommand>;

/**
 * POST /api/tables/:id/commands. `id` makes a retry safe (a repeated id is answered as before and
 * applied once); `seq` is the table's sequence number the command was made against.
 */
export const CommandBody = Type.Object(
  {
    id: Type.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
    seq: Type.Integer({ minimum: 0 }),
    command: GameCommand,
  },
  { additionalProperties: false },
);
export type CommandBody = Static<typeof CommandBody>;

/** POST /api/join: a phone takes a seat with the table's join code. */
export const JoinBody = Type.Object(
  {
    code: Type.String({ minLength: 6, maxLength: 6, pattern: "^[A-Za-z0-9]+$" }),
    seat: Type.Integer({ minimum: 1, maximum: 12 }),
  },
  { additionalProperties: false },
);
export type JoinBody = Static<typeof JoinBody>;

/** GET /api/join/:code: the code of the join page's link (6 letters and digits, any case). */
export const JoinCodeParams = Type.Object({
  code: Type.String({ minLength: 6, maxLength: 6, pattern: "^[A-Za-z0-9]+$" }),
});
export type JoinCodeParams = Static<typeof JoinCodeParams>;

/** The seats a joiner picks from: each seat's player by his public name (the spectator's view). */
export const JoinSeatsAnswer = Type.Object({
  seats: Type.Array(
    Type.Object({
      seat: Type.Integer({ minimum: 1, maximum: 12 }),
      name: Type.String(),
    }),
  ),
});
export type JoinSeatsAnswer = Static<typeof JoinSeatsAnswer>;

/** The join answer: keep the token, it is the phone's identity for this seat. */
export const JoinAnswer = Type.Object({
  table: Type.String(),
  seat: Type.Integer({ minimum: 1, maximum: 12 }),
  token: Type.String(),
});
export type JoinAnswer = Static<typeof JoinAnswer>;

/**
 * Every 4xx and 5xx answer: a machine code and a sentence for a person, the rule's ID when a rule
 * refused it, and some codes' own fields (`seq`, `view` and `events` for `stale`, `problems` for
 * `invalid_record`, `retryAfter` for `too_many_attempts`, `seat` for a seating refusal: docs/api.md).
 */
export const ErrorBody = Type.Object(
  {
    error: Type.String({
      description: "a machine code: invalid, signed_out, forbidden, not_found, stale, rule, …",
    }),
    message: Type.String({ description: "the reason, a sentence for a person" }),
    rule: Type.Optional(Type.String({ description: "the ID of the rule that refused it (RULES.md)" })),
  },
  {
    additionalProperties: true,
    description: "The request was refused (4xx) or failed (5xx); nothing changed.",
  },
);
export type ErrorBody = Static<typeof ErrorBody>;
