// What the routes beside a table's own say of it (the tables list, a person's games, the
// complaints): its phase, winner, event count and whether the game is over, built from the
// viewer's view (viewFor), as the realtime channel's messages are. Until the host announces the
// result (DAY-8) a view names no winner, and a game that a night ended is still that night; the
// event count moves as roles wake at night, so whoever could be a player is told instead how often
// the public view changed.

import { viewFor } from "@misto/engine";
import { runsTables } from "../auth/sessions.js";
import type { HostRow, TableRow } from "../store/index.js";
import type { TableService } from "./service.js";

export interface TableStatus {
  readonly phase: string;
  readonly winner: string | null;
  readonly seq: number;
  /** The viewer knows the game's result: a complaint may be raised (CLUB-2). */
  readonly over: boolean;
}

/** The phases in which the result is announced: the row's status is then anyone's to read. */
const ANNOUNCED: ReadonlySet<string> = new Set(["rating", "closed"]);
/** The phases in which the game's result is known to its host. */
const OVER: ReadonlySet<string> = new Set(["ended", ...ANNOUNCED]);

/**
 * Whose view of the table an account reads: the host's for a club table when it runs tables (any
 * host may run any of the club's tables and reads its events), else the city's. Nobody is an
 * online table's host: the server is, and its creator may sit at it with a phone.
 */
export function viewerOf(account: HostRow | null, row: TableRow): "host" | "spectator" {
  return account !== null && runsTables(account) && !row.online ? "host" : "spectator";
}

/** The table's status as `viewer` may know it. */
export async function statusOf(
  tables: TableService,
  row: TableRow,
  viewer: "host" | "spectator",
): Promise<TableStatus> {
  // The row's status is the host's view's (the service stores it from the state); once the result
  // is announced it is public, and a finished game need not be replayed to say so.
  if (viewer === "host" || ANNOUNCED.has(row.phase)) {
    return { phase: row.phase, winner: row.winner, seq: row.seq, over: OVER.has(row.phase) };
  }
  const table = await tables.get(row.id);
  // The row without its events (not seen in practice): nothing of the game is told.
  if (!table) return { phase: "deal", winner: null, seq: 0, over: false };
  const view = viewFor(table.state, viewer);
  return {
    phase: view.phase.kind,
    winner: view.result?.winner ?? null,
    seq: table.publicSeq,
    over: view.result !== null,
  };
}
