import { type Action, seededRandom } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { RandomBot } from "../src/random.js";

const actions: Action[] = [1, 2, 3, 4].map((target) => ({ actor: 5, type: "vote", voter: 5, target }));
const blind = (list: readonly Action[]) => ({
  seat: 5,
  actions: list,
  view: () => {
    throw new Error("a random bot never builds a view");
  },
});

describe("RandomBot", () => {
  it("picks one of its actions, uniformly, without looking at the view", () => {
    const bot = new RandomBot(seededRandom("uniform"));
    const counts = new Map<Action, number>();
    for (let i = 0; i < 4000; i++) {
      const a = bot.act(blind(actions)) as Action;
      expect(actions).toContain(a);
      counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    for (const a of actions) expect(counts.get(a)).toBeGreaterThan(850);
  });

  it("answers null when it has nothing to do", () => {
    expect(new RandomBot(seededRandom("x")).act(blind([]))).toBeNull();
  });

  it("is deterministic given its generator", () => {
    const a = new RandomBot(seededRandom("same"));
    const b = new RandomBot(seededRandom("same"));
    for (let i = 0; i < 50; i++) expect(a.act(blind(actions))).toBe(b.act(blind(actions)));
  });
});
