import { replay } from "@misto/engine/testing";
import { describe, expect, it } from "vitest";
import { playGame } from "../src/play.js";

describe("playGame", () => {
  it("TEAM-1 random games always end with a winner or a draw (200 seeds)", () => {
    for (let i = 0; i < 200; i++) {
      const s = playGame({ seed: `end-${i}`, bots: "random" });
      expect(["red", "black", "draw"]).toContain(s.winner);
      expect(s.days).toBeGreaterThanOrEqual(1);
      expect(s.commands).toBeGreaterThan(0);
      const out = Object.values(s.eliminations).reduce((a, b) => a + b, 0);
      expect(out).toBeGreaterThan(0);
      expect(out).toBeLessThanOrEqual(12);
    }
  }, 60_000);

  it("SETUP-3 the same seed gives the same summary and the same events", () => {
    for (const bots of ["random", "heuristic"] as const) {
      const a = playGame({ seed: "same", bots, record: true });
      const b = playGame({ seed: "same", bots, record: true });
      expect(b).toEqual(a);
      expect(playGame({ seed: "same", bots })).toEqual({ ...a, events: undefined });
    }
  });

  it("a recorded game replays to its summary with the engine itself", () => {
    const s = playGame({ seed: "replayed", bots: "heuristic", record: true });
    const events = s.events ?? [];
    expect(events[0]?.type).toBe("created");
    // One event per command, after the created event.
    expect(events.length).toBe(s.commands + 1);
    const state = replay(events);
    expect(state.phase.kind).toBe("closed");
    expect(state.result?.winner).toBe(s.winner);
    expect(state.seats.filter((x) => x.out?.cause === "vote").length).toBe(s.eliminations.vote);
    expect(events.filter((e) => e.at !== 0).map((e) => e.at)).toEqual(
      Array.from({ length: s.commands }, (_, i) => i + 1),
    );
  });

  it("honours the settings it is given (FLOW-1 firstPhase night, DAY-6 tieRule allTied)", () => {
    for (let i = 0; i < 50; i++) {
      const s = playGame({
        seed: `night-${i}`,
        bots: i % 2 ? "random" : "heuristic",
        settings: { firstPhase: "night", tieRule: "allTied", drawAfterQuietPhases: 4 },
        record: true,
      });
      expect(s.nights).toBeGreaterThanOrEqual(1);
      expect(s.events?.[0]?.type === "created" && s.events[0].settings.firstPhase).toBe("night");
    }
  }, 60_000);
});
