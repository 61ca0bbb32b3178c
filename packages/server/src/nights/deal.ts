// A drawn round's deal, for a club night and a tournament alike: one table per drawn table, made
// by the table service as "New table" makes one (seats named by person, a digital deal), its
// host the table's. One caller deals (the claim is part of an update); a failure gives the round
// back with the tables made so far recorded, so dealing again makes only the rest.

import { HttpError } from "../errors.js";
import type { HostRow, Store } from "../store/index.js";
import type { RoundSeating } from "../store/night-queries.js";
import type { TableService } from "../tables/service.js";

export interface RoundDeal {
  readonly n: number;
  readonly seating: RoundSeating;
  /** Table t's title (t from 0). */
  title(t: number): string;
  /** Marks the round dealt if it was not: true for the one caller that deals. */
  claim(at: number): Promise<boolean>;
  /** Stores the seating with its tables; `dealt: false` gives the round back. */
  finish(seating: RoundSeating, dealt: boolean): Promise<void>;
}

export const dealtAlready = (n: number) =>
  new HttpError(409, "dealt", `round ${n} is dealt: its tables are made, its seating is final`);

export async function dealRound(store: Store, tables: TableService, round: RoundDeal): Promise<RoundSeating> {
  if (!(await round.claim(Date.now()))) throw dealtAlready(round.n);
  const seating = structuredClone(round.seating);
  try {
    for (const [t, table] of seating.tables.entries()) {
      if (table.table !== null) continue;
      const host = await hostFor(store, table.host);
      const seats = await Promise.all(
        table.seats.map(async (person) => ({ name: (await store.getPerson(person))?.name ?? "?", person })),
      );
      const made = await tables.create(host, {
        title: round.title(t).slice(0, 80),
        seats,
        deal: { random: true },
      });
      table.table = made.id;
    }
  } catch (error) {
    await round.finish(seating, false);
    throw error;
  }
  await round.finish(seating, true);
  return seating;
}

async function hostFor(store: Store, id: string | null): Promise<HostRow> {
  const host = id === null ? null : await store.getHost(id);
  if (!host) throw new HttpError(422, "unknown_host", "the table's host has no account");
  return host;
}
