// Version 1 records (before HOST-4) still read and replay: the golden games as they were stored in
// version 1 are migrated on read and come to the same game as their version 2 records.

import { readFileSync } from "node:fs";
import { type GameState, stateOf } from "@misto/engine/testing";
import { RECORD_VERSION, readRecordJson, replayRecord } from "@misto/record";
import { describe, expect, it } from "vitest";
import { GOLDEN_GAMES } from "./golden-games.js";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

/** The game itself, without when each step began (a migrated count takes its last ballot's time). */
function game(state: GameState) {
  const { seats, votings, nights, checks, result, rating, phase, quietPhases } = state;
  return JSON.stringify({ seats, votings, nights, checks, result, rating, phase, quietPhases });
}

describe("HOST-4 version 1 records are migrated on read", () => {
  it("RECORD the current version is 2", () => {
    expect(RECORD_VERSION).toBe(2);
  });

  for (const golden of GOLDEN_GAMES) {
    it(`HOST-4 ${golden.name}: the version 1 record reads as version 2 and replays to the same game`, () => {
      const text = read(`./golden/v1/${golden.name}.json`);
      expect(JSON.parse(text).version).toBe(1);
      const old = readRecordJson(text);
      if (!old.ok) throw new Error(JSON.stringify(old.problems));
      expect(old.record.version).toBe(2);
      const now = readRecordJson(read(`./golden/${golden.name}.json`));
      if (!now.ok) throw new Error(JSON.stringify(now.problems));
      const migrated = stateOf(replayRecord(old.record));
      expect(game(migrated)).toBe(game(stateOf(replayRecord(now.record))));
      expect(migrated.result?.winner).toBe(golden.expect.winner);
    });
  }
});
