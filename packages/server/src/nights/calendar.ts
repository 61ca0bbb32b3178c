// The club's nights as an iCalendar feed (docs/club-nights.md "Calendar"), made with
// ical-generator: a phone's calendar subscribes to GET /api/nights.ics and follows the changes.

import ical from "ical-generator";
import type { NightRow } from "../store/night-queries.js";

/** A night has a start only; the feed gives each one this length. */
export const NIGHT_HOURS = 4;

/** The feed of these nights (every night the club has announced), named after the club. */
export function nightsCalendar(club: string, nights: readonly NightRow[]): string {
  const calendar = ical({
    name: `${club}: club nights`,
    prodId: { company: "Misto", product: "club nights", language: "EN" },
    // Calendar apps poll a subscription; an hour keeps a change of plan from going unseen long.
    ttl: 60 * 60,
  });
  for (const night of nights) {
    calendar.createEvent({
      id: `${night.id}@misto`,
      start: new Date(night.startsAt),
      end: new Date(night.startsAt + NIGHT_HOURS * 60 * 60 * 1000),
      stamp: new Date(night.createdAt),
      summary: night.title,
      location: night.place,
      description: `${night.tables} × 12, ${night.capacity}`,
    });
  }
  return calendar.toString();
}
