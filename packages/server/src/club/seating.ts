// Who sits at a new table (docs/club.md): a seat names a person from the directory, or a guest by
// name (the unmerged guest of that name, made on first use). A banned person is refused (CLUB-3);
// the administration's seats carry the engine's `admin` flag (RATE-7).

import { randomUUID } from "node:crypto";
import type { SeatSetup } from "@misto/engine";
import { HttpError } from "../errors.js";
import { type PersonRow, type SeatPerson, type Store, StoreConflict } from "../store/index.js";

/** A seat as the new-table body gives it. */
export interface SeatRequest {
  readonly name: string;
  readonly person?: string;
}

/** The engine's seats and who sat in each, for the table's first event and its row. */
export interface Seating {
  readonly seats: SeatSetup[];
  readonly people: SeatPerson[];
}

/**
 * Checks every seat first (unknown person, one person in two seats, a ban in force at `at`), and
 * only then makes the new guests: a refused seating changes nothing.
 */
export async function seatPeople(
  store: Store,
  requests: readonly SeatRequest[],
  at: number,
): Promise<Seating> {
  const found: (PersonRow | null)[] = [];
  const taken = new Map<string, number>();
  for (const [i, request] of requests.entries()) {
    const seat = i + 1;
    const name = request.name.trim();
    if (!request.person && name === "") {
      throw new HttpError(422, "bad_setup", `seat ${seat}: a name is 1 to 60 characters`, {
        rule: "SETUP-1",
      });
    }
    // null: a guest by a name not seen before, made below.
    const person = request.person ? await store.resolvePerson(request.person) : await store.findGuest(name);
    if (!person && request.person) {
      throw new HttpError(422, "unknown_person", `seat ${seat}: there is no person ${request.person}`, {
        seat,
      });
    }
    const key = person?.id ?? `guest:${name}`;
    const other = taken.get(key);
    if (other !== undefined) {
      throw new HttpError(
        422,
        "seated_twice",
        `${person?.name ?? name} is seated twice: seats ${other} and ${seat}`,
        {
          seat,
          rule: "SETUP-1",
        },
      );
    }
    taken.set(key, seat);
    if (person) await refuseBanned(store, person, seat, at);
    found.push(person);
  }
  const seats: SeatSetup[] = [];
  const people: SeatPerson[] = [];
  for (const [i, request] of requests.entries()) {
    const person = found[i] ?? (await guestNamed(store, request.name.trim(), at));
    const account = person.kind === "member" ? await store.findHostByPerson(person.id) : null;
    seats.push(account?.role === "admin" ? { name: request.name, admin: true } : { name: request.name });
    people.push({ seat: i + 1, personId: person.id });
  }
  return { seats, people };
}

/** CLUB-3: a person banned at `at` does not sit down; the refusal names the seat, the ban's end and reason. */
async function refuseBanned(store: Store, person: PersonRow, seat: number, at: number): Promise<void> {
  const ban = await store.activeBan(person.id, at);
  if (!ban) return;
  const until = ban.until ?? at;
  throw new HttpError(
    422,
    "banned",
    `seat ${seat}: ${person.name} is banned from playing until ${new Date(until).toISOString()}: ${ban.reason}`,
    { rule: "CLUB-3", seat, person: { id: person.id, name: person.name }, until, reason: ban.reason },
  );
}

/** The unmerged guest with this name, made when there is none (another request may make it first). */
export async function guestNamed(store: Store, name: string, at: number): Promise<PersonRow> {
  const known = await store.findGuest(name);
  if (known) return known;
  const guest: PersonRow = {
    id: randomUUID(),
    name,
    kind: "guest",
    council: false,
    mergedInto: null,
    createdAt: at,
  };
  try {
    await store.createPerson(guest);
    return guest;
  } catch (error) {
    const made = error instanceof StoreConflict ? await store.findGuest(name) : null;
    if (made) return made;
    throw error;
  }
}
