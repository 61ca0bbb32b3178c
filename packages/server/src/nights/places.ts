// Who is going and who waits (docs/club-nights.md "Sign-up"): the first `capacity` sign-ups in the
// order they came are going, the rest wait in that order; a host's guests at the door are going
// whatever the capacity. Nothing of it is stored, so a cancellation moves the next one up by itself.

import type { EntryRow } from "../store/night-queries.js";

export interface Place {
  readonly entry: EntryRow;
  readonly status: "going" | "waiting";
  /** The place on the waiting list (1 is next in), or null when going. */
  readonly waiting: number | null;
}

/** Each entry's place, in the order of `entries` (as listEntries gives them: the order they came). */
export function places(entries: readonly EntryRow[], capacity: number): Place[] {
  let going = 0;
  let waiting = 0;
  return entries.map((entry) => {
    if (entry.door) return { entry, status: "going", waiting: null };
    if (going < capacity) {
      going += 1;
      return { entry, status: "going", waiting: null };
    }
    waiting += 1;
    return { entry, status: "waiting", waiting };
  });
}
