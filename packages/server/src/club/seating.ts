// Who sits at a new table (docs/club.md): a seat names a person from the directory, or a guest by
// name (the unmerged guest of that name, made on first use). The administration's seats carry the
// engine's `admin` flag (RATE-7).

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

export async function seatPeople(
  store: Store,
  requests: readonly SeatRequest[],
  at: number,
): Promise<Seating> {
  const seats: SeatSetup[] = [];
  const people: SeatPerson[] = [];
  const taken = new Map<string, number>();
  for (const [i, request] of requests.entries()) {
    const seat = i + 1;
    if (!request.person && request.name.trim() === "") {
      throw new HttpError(422, "bad_setup", `seat ${seat}: a name is 1 to 60 characters`, {
        rule: "SETUP-1",
      });
    }
    const person = request.person
      ? await store.resolvePerson(request.person)
      : await guestNamed(store, request.name.trim(), at);
    if (!person) {
      throw new HttpError(422, "unknown_person", `seat ${seat}: there is no person ${request.person}`, {
        seat,
      });
    }
    const other = taken.get(person.id);
    if (other !== undefined) {
      throw new HttpError(422, "seated_twice", `${person.name} is seated twice: seats ${other} and ${seat}`, {
        seat,
        rule: "SETUP-1",
      });
    }
    taken.set(person.id, seat);
    const account = person.kind === "member" ? await store.findHostByPerson(person.id) : null;
    seats.push(account?.role === "admin" ? { name: request.name, admin: true } : { name: request.name });
    people.push({ seat, personId: person.id });
  }
  return { seats, people };
}

/** The unmerged guest with this name, made when there is none (another request may make it first). */
async function guestNamed(store: Store, name: string, at: number): Promise<PersonRow | null> {
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
    if (error instanceof StoreConflict) return store.findGuest(name);
    throw error;
  }
}
