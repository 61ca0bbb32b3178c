// The night's board for a TV and a table's broadcast view (docs/club-nights.md "On a TV and on
// stream", docs/api.md "The board and the broadcast"). The board's live tables and a table's public
// overlay come over the spectator channel (/ws); these are the answers of their HTTP routes.

import type { Card } from "@misto/engine";
import { type Static, Type } from "typebox";
import { RoundInfo } from "./nights.js";
import { ViewJson } from "./tables.js";
import { StandingRow } from "./tournaments.js";

/** GET /api/nights/:id/board: the evening for a TV, no sign-in (public facts only). */
export const BoardAnswer = Type.Object(
  {
    night: Type.Object(
      { id: Type.String(), title: Type.String(), startsAt: Type.Integer(), place: Type.String() },
      { additionalProperties: false },
    ),
    /** The last round dealt: its tables are the ones playing (each followed live over /ws). */
    current: Type.Union([RoundInfo, Type.Null()]),
    /** A round drawn and not dealt yet: the next round's seating. */
    next: Type.Union([RoundInfo, Type.Null()]),
    /** The evening's standings, as GET /api/nights/:id/standings (the default scoring). */
    standings: Type.Array(StandingRow),
  },
  { additionalProperties: false },
);
export type BoardAnswer = Static<typeof BoardAnswer>;

/**
 * GET /api/tables/:id/broadcast (a signed-in host or the administration): the table as it stood
 * `delay` seconds ago, the spectators' view of it with every seat's card beside it. Nothing newer
 * leaves the server: the delay is the server's, not the page's.
 */
export const BroadcastAnswer = Type.Object(
  {
    table: Type.String(),
    /** The delay, in seconds (the server's setting: `misto serve --broadcast-delay`). */
    delay: Type.Integer({ minimum: 0 }),
    /** The time of the last event shown (epoch ms), or null while even the deal is newer than the delay. */
    shownAt: Type.Union([Type.Integer(), Type.Null()]),
    /** The spectators' view of the game as it stood then, or null (nothing to show yet). */
    view: Type.Union([ViewJson, Type.Null()]),
    /** Each seat's card then, seat 1 to 12 (empty with no view). */
    cards: Type.Unsafe<Card[]>(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
export type BroadcastAnswer = Static<typeof BroadcastAnswer>;
