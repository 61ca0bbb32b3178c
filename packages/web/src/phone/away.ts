// Online tables: who is played by a bot for an absent player (the server's `away` message, docs/api.md
// "Absence"), checked against the protocol's schema on receipt; a malformed one is ignored.

import { type AwayMessage, type AwaySeat, isAwayMessage } from "@misto/protocol";
import type { Key } from "../i18n/types.js";

export interface Away {
  /** The seats a bot plays now. */
  readonly seats: readonly AwaySeat[];
  /** The last announcement: a seat taken over by a bot, or taken back (null: none since subscribing). */
  readonly change: AwayMessage["change"];
}

export const NOBODY_AWAY: Away = { seats: [], change: null };

/**
 * What a received message makes of `held`: the new state for a well-formed `away` message of this
 * table, `held` for anything else. A list on subscribe (`change: null`) keeps the last announcement
 * while it still holds (a reconnect does not forget that seat 7 was taken over).
 */
export function awayAfter(held: Away, message: unknown, table: string): Away {
  if (!isAwayMessage(message) || message.table !== table) return held;
  return { seats: message.seats, change: message.change ?? held.change };
}

/** The announcement's text key and its parameters. */
export function awayNotice(change: NonNullable<AwayMessage["change"]>): {
  key: Key;
  params: { n: number };
} {
  const key: Key = change.away ? `away.bot.${change.reason}` : "away.back";
  return { key, params: { n: change.seat } };
}

/** Whether a bot plays this seat now. */
export function isAway(away: Away, seat: number): boolean {
  return away.seats.some((s) => s.seat === seat);
}
