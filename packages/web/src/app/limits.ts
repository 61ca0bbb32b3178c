// The forms' text limits, read from the protocol's schemas (the bodies the server validates), so a
// form never allows what the server refuses nor refuses what it takes: no number is typed twice.

import { Login, NewTableBody, Password, SetupBody } from "@misto/protocol";

/** A schema's numeric keyword; a schema without it is a programming error, found at load. */
function keyword(schema: object, key: "minLength" | "maxLength"): number {
  const value = (schema as Record<string, unknown>)[key];
  if (typeof value !== "number") throw new TypeError(`the schema has no ${key}`);
  return value;
}

/** A schema's pattern, as the server's validator reads it (with the u flag). */
function pattern(schema: object): RegExp {
  const value = (schema as Record<string, unknown>).pattern;
  if (typeof value !== "string") throw new TypeError("the schema has no pattern");
  return new RegExp(value, "u");
}

const seedDeal = NewTableBody.properties.deal.anyOf[0];
const loginPattern = pattern(Login);

export const LIMITS = {
  clubName: keyword(SetupBody.properties.club.properties.name, "maxLength"),
  personName: keyword(SetupBody.properties.admin.properties.name, "maxLength"),
  tableTitle: keyword(NewTableBody.properties.title, "maxLength"),
  seatName: keyword(NewTableBody.properties.seats.items.properties.name, "maxLength"),
  seed: keyword(seedDeal.properties.seed, "maxLength"),
  login: { min: keyword(Login, "minLength"), max: keyword(Login, "maxLength") },
  passwordMin: keyword(Password, "minLength"),
} as const;

/** A login the server takes (its pattern and length, the protocol's `Login`). */
export function loginOk(login: string): boolean {
  return login.length >= LIMITS.login.min && login.length <= LIMITS.login.max && loginPattern.test(login);
}
