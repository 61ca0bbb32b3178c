// The lobby (docs/api.md "Lobby"): the online tables a signed-in member may join or follow, with
// public facts only (no seat's holder, no token, nothing of the game beyond whether it has begun).

import { type Static, Type } from "typebox";
import { IdParams } from "./http.js";
import { OnlineSettingsJson } from "./tables.js";

/** One online table as the lobby lists it. */
export const LobbyTable = Type.Object({
  id: Type.String(),
  title: Type.String(),
  createdAt: Type.Number(),
  /** The language its bots speak (its settings' `language`). */
  language: Type.Union([Type.Literal("ru"), Type.Literal("uk"), Type.Literal("en")]),
  /** Human seats still without a phone; 0 once the deal has ended (bots took the rest). */
  seatsFree: Type.Integer({ minimum: 0, maximum: 12 }),
  /** Whether its deal still admits phones: one tap takes a free seat. Otherwise it can be followed. */
  open: Type.Boolean(),
  /** Whether its deal has ended: the game is under way. */
  started: Type.Boolean(),
  settings: OnlineSettingsJson,
});
export type LobbyTable = Static<typeof LobbyTable>;

/** GET /api/lobby: the open tables first, then the ones under way, newest first in each. */
export const LobbyAnswer = Type.Object({ tables: Type.Array(LobbyTable) });
export type LobbyAnswer = Static<typeof LobbyAnswer>;

export const LobbyParams = IdParams;
