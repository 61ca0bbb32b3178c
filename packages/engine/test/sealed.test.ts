// Sealed: outside the engine a game is an opaque Game. The package's entry exports no GameState
// (nor the state's inner records), and no package's source but the engine's reads the testing entry.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as Engine from "@misto/engine";
import * as engine from "@misto/engine";
import { describe, expect, it } from "vitest";

const packages = fileURLToPath(new URL("../../", import.meta.url));

/** Every file under `dir` whose name ends with one of `ends`. */
function files(dir: string, ends: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, ends));
    else if (ends.some((end) => name.endsWith(end))) out.push(path);
  }
  return out;
}

// A type-level check as well: `tsc -p tsconfig.tests.json` fails here the day the entry exports it.
// @ts-expect-error GameState is the engine's own: not exported from @misto/engine.
type Leaked = Engine.GameState;
// @ts-expect-error the state's records (a seat's hidden card, the undo log) stay inside too.
type LeakedSeat = Engine.SeatState;

describe("sealed: the engine is the only reader of a game's state", () => {
  it("the package's built entry exports no GameState, SeatState, Phase or LogNode", () => {
    const dts = readFileSync(join(packages, "engine/dist/index.d.ts"), "utf8");
    for (const name of ["GameState", "SeatState", "DayStep", "NightStep", "LogNode", "Phase,"])
      expect(dts, name).not.toMatch(new RegExp(`\\b${name}`));
    expect(dts).toMatch(/\btype Game\b/);
  });

  it("the entry's functions take a Game and give one back, never the state", () => {
    const created = engine.createGame({
      seats: Array.from({ length: 12 }, (_, i) => ({ name: `P${i + 1}` })),
      deal: { seed: "sealed" },
      at: 0,
    });
    if (!created.ok) throw new Error(created.error.message);
    const game: Engine.Game = created.state;
    expect(engine.viewFor(game, "host").seats).toHaveLength(12);
    expect(engine.phaseOf(game)).toEqual({ kind: "deal", n: null, step: null });
  });

  it("no package's source imports the engine's testing entry or its source files", () => {
    const offenders: string[] = [];
    for (const pkg of readdirSync(packages)) {
      if (pkg === "engine") continue;
      let sources: string[];
      try {
        sources = files(join(packages, pkg, "src"), [".ts", ".tsx"]);
      } catch {
        continue;
      }
      for (const file of sources) {
        const text = readFileSync(file, "utf8");
        if (/@misto\/engine\/testing|engine\/src\/|\bGameState\b/.test(text)) offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });
});

export type { Leaked, LeakedSeat };
