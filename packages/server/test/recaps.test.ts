// A finished game's recap is computed once and kept (games/recaps.ts): the most recently read
// games' recaps, a failed computation not kept.

import type { RecapEntry } from "@misto/record";
import { describe, expect, it } from "vitest";
import { Recaps } from "../src/games/recaps.js";

describe("the recaps kept", () => {
  const computed: string[] = [];
  const compute = (id: string) => async () => {
    computed.push(id);
    return [{ kind: "note", id }] as unknown as RecapEntry[];
  };

  it("computes a game's recap once, and again only after it was dropped as the least recently read", async () => {
    const recaps = new Recaps(2);
    expect(await recaps.of("a", compute("a"))).toEqual([{ kind: "note", id: "a" }]);
    await recaps.of("b", compute("b"));
    await recaps.of("a", compute("a"));
    // Three games, two kept: "b" was read longest ago.
    await recaps.of("c", compute("c"));
    await recaps.of("a", compute("a"));
    await recaps.of("b", compute("b"));
    expect(computed).toEqual(["a", "b", "c", "b"]);
  });

  it("does not keep a failed computation: the next read computes again", async () => {
    const recaps = new Recaps(2);
    await expect(recaps.of("x", () => Promise.reject(new Error("gone")))).rejects.toThrow("gone");
    expect(await recaps.of("x", async () => [])).toEqual([]);
  });
});
