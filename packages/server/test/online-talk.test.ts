// Bots talk at an online table (docs/api.md "Online tables"): they speak in the discussion and
// their speeches after a typing time by the line's length, and a step only bots may speak in ends
// once they are done, so a table of bots never waits out a 150-second discussion in silence.

import { type GameEvent, replay } from "@misto/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHost, type Harness, harness, setUpClub } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";
import { newOnlineTable, waitFor } from "./helpers/online.js";

/** Real step lengths (150 s discussions, 30 s speeches); everything else fast; 2 ms of typing a character. */
const TALKING = {
  startMs: 0,
  nightMs: 300,
  voteMs: 40,
  pauseMs: 2,
  passMs: 2,
  botDelayMs: [1, 4] as const,
  stepMs: (seconds: number) => seconds * 1000,
  typingMs: (text: string) => 2 * text.length,
};

describe("bots talk at an online table", () => {
  let h: Harness;
  let host: string;

  beforeAll(async () => {
    h = await harness(sqlite, undefined, TALKING);
    host = await addHost(h, await setUpClub(h));
  });
  afterAll(async () => {
    await h.close();
  });

  it("DAY-1 DAY-2 12 bots speak, each line after its typing time, and pass the floor once done", async () => {
    const started = Date.now();
    const t = await newOnlineTable(h, host);
    // One day's discussion alone is 150 s: the game ends long before, as the bots pass when done.
    const state = await waitFor(h, t.id, 40_000, (s) => s.phase.kind === "closed");
    expect(Date.now() - started).toBeLessThan(40_000);
    const events: GameEvent[] = (await h.store.readEvents(t.id)).map((e) => e.event);
    expect(replay(events).phase.kind).toBe("closed");
    const spoken = events.flatMap((e, i) =>
      e.type === "spoke" ? [{ e, before: events[i - 1] as GameEvent }] : [],
    );
    expect(spoken.length).toBeGreaterThan(5);
    // Each line is sent at least about its typing time after the event before it (half of it: the
    // line before may itself have been stored a little after it was due).
    for (const { e, before } of spoken) {
      if (e.type !== "spoke") continue;
      expect(e.at - before.at).toBeGreaterThanOrEqual(e.text.length);
    }
    // The commissar claims in words and in the claim grammar, in the table's language.
    const commissar = state.seats.find((s) => s.card === "commissar")?.seat;
    const claims = spoken.filter(
      ({ e }) => e.type === "spoke" && e.seat === commissar && e.text.includes("CHECK"),
    );
    for (const { e } of claims) if (e.type === "spoke") expect(e.text).toMatch(/комиссар/i);
    // Some seat spoke twice in one day: a line in the discussion and its own speech.
    const perDay = new Map<string, number>();
    for (const { e } of spoken) {
      if (e.type !== "spoke") continue;
      const key = `${state.speeches.find((s) => s.at === e.at && s.seat === e.seat)?.when?.n}/${e.seat}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeGreaterThan(1);
  }, 60_000);
});
