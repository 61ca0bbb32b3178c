// Reads what the rating needs from the store: the finished games with each seat's person resolved
// through merges, and who the administration is (RATE-7: never listed, never rated).

import type { HostRow, PersonRow, Store } from "../store/index.js";
import type { Person, PlayedGame } from "./played.js";

export interface Ledger {
  /** Every finished game, oldest end first. */
  readonly games: readonly PlayedGame[];
  /** The person an id stands for now (a merged guest's id gives the member), or null. */
  person(id: string): Person | null;
  /** The administration's people (accounts with role admin). */
  readonly excluded: ReadonlySet<string>;
  /** Every account, by id. */
  readonly accounts: ReadonlyMap<string, HostRow>;
}

const personOf = (p: PersonRow): Person => ({ id: p.id, name: p.name, kind: p.kind, council: p.council });

export async function loadLedger(store: Store): Promise<Ledger> {
  const [games, people, hosts] = await Promise.all([
    store.listGames(),
    store.listAllPeople(),
    store.listHosts(),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const person = (id: string): Person | null => {
    let p = byId.get(id) ?? null;
    // Only a guest is merged, only into an unmerged member: a step or two, a few for safety.
    for (let step = 0; p?.mergedInto && step < 8; step++) p = byId.get(p.mergedInto) ?? null;
    return p ? personOf(p) : null;
  };
  const excluded = new Set(
    hosts.filter((h) => h.role === "admin" && h.personId).map((h) => person(h.personId as string)?.id ?? ""),
  );
  const unknown: Person = { id: "", name: "", kind: "guest", council: false };
  return {
    games: games.map((g) => ({
      ...g,
      seats: g.seats.map((s) => ({ ...s, person: person(s.personId) ?? { ...unknown, id: s.personId } })),
    })),
    person,
    excluded,
    accounts: new Map(hosts.map((h) => [h.id, h])),
  };
}
