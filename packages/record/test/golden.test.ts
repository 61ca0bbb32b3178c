// The golden games: each stored record is read, validated, replayed and checked against its
// hand-written expectations; the scripts must still produce the stored records exactly.
// UPDATE_GOLDEN=1 rewrites the stored files from the scripts first.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type GameState, stateOf } from "@misto/engine/testing";
import { readRecordJson, recap, recapText, recordJson, replayRecord } from "@misto/record";
import { beforeAll, describe, expect, it } from "vitest";
import { GOLDEN_GAMES } from "./golden-games.js";

const dir = new URL("./golden/", import.meta.url);
const fileOf = (name: string) => new URL(`${name}.json`, dir);

function outsOf(state: GameState): Record<number, string> {
  const outs: Record<number, string> = {};
  for (const s of state.seats) {
    if (!s.out) continue;
    outs[s.seat] =
      s.out.cause === "night" ? `night ${s.out.when.n}` : `${s.out.cause} ${s.out.when.kind} ${s.out.when.n}`;
  }
  return outs;
}

beforeAll(() => {
  if (process.env.UPDATE_GOLDEN !== "1") return;
  mkdirSync(dir, { recursive: true });
  for (const game of GOLDEN_GAMES) writeFileSync(fileOf(game.name), recordJson(game.play()));
});

describe("golden games", () => {
  it("there are at least five, each with its own file name", () => {
    expect(GOLDEN_GAMES.length).toBeGreaterThanOrEqual(5);
    expect(new Set(GOLDEN_GAMES.map((g) => g.name)).size).toBe(GOLDEN_GAMES.length);
  });

  for (const game of GOLDEN_GAMES) {
    describe(`${game.name}: ${game.title}`, () => {
      const text = () => readFileSync(fileOf(game.name), "utf8");

      it("the stored record is valid and replays to the expected end", () => {
        const parsed = readRecordJson(text());
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
        const state = stateOf(replayRecord(parsed.record));
        expect(state.result?.winner).toBe(game.expect.winner);
        expect(outsOf(state)).toEqual(game.expect.outs);
        expect(state.undos).toBe(game.expect.undos);
      });

      it("the recap tells the tricky part and the winner", () => {
        const parsed = readRecordJson(text());
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
        const lines = recapText(recap(parsed.record)).join("\n");
        for (const phrase of game.expect.recap) expect(lines).toContain(phrase);
      });

      it("the script still produces the stored record (else: UPDATE_GOLDEN=1 after checking why)", () => {
        // Compared as JSON values: the stored files are kept formatted by Biome.
        expect(JSON.parse(recordJson(game.play()))).toEqual(JSON.parse(text()));
      });
    });
  }
});
