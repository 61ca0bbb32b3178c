// Helpers for online-table tests: a new online table, and its state as stored (GET /api/tables/:id
// is refused on an online table until the result, so tests read the store).

import { type GameState, replay } from "@misto/engine/testing";
import { CARDS, type Harness, SEATS } from "./api.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function newOnlineTable(h: Harness, cookie: string, settings: Record<string, unknown> = {}) {
  const res = await h.app.inject({
    method: "POST",
    url: "/api/tables",
    headers: { cookie },
    payload: { title: "Online", settings, seats: SEATS, deal: { cards: CARDS }, online: true },
  });
  if (res.statusCode !== 201) throw new Error(`new table: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; code: string };
}

/** The table as stored: its events replayed, and its seq. */
export async function stored(
  h: Pick<Harness, "store">,
  table: string,
): Promise<{ state: GameState; seq: number }> {
  const events = await h.store.readEvents(table);
  return { state: replay(events.map((e) => e.event)), seq: events.at(-1)?.seq ?? 0 };
}

/** Waits (bounded by `ms`) until the stored state passes `done`. */
export async function waitFor(
  h: Pick<Harness, "store">,
  table: string,
  ms: number,
  done: (s: GameState) => boolean,
): Promise<GameState> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { state } = await stored(h, table);
    if (done(state)) return state;
    if (Date.now() > deadline) throw new Error(`not there in ${ms} ms: ${JSON.stringify(state.phase)}`);
    await sleep(50);
  }
}
