// A waiting new version is applied only on the host's tap and never while a game runs on the
// console (src/app/update.ts; the browser side is e2e/update.test.ts).

import { describe, expect, it } from "vitest";
import { applyUpdate, setPlaying, updateReady } from "../src/app/update.js";

describe("a new version waiting", () => {
  it("is refused while a game runs, applied between games, and not before it is ready", async () => {
    let applied = 0;
    expect(await applyUpdate()).toBe(false);
    updateReady(async () => {
      applied += 1;
    });
    setPlaying(true);
    expect(await applyUpdate()).toBe(false);
    expect(applied).toBe(0);
    setPlaying(false);
    expect(await applyUpdate()).toBe(true);
    expect(applied).toBe(1);
  });
});
