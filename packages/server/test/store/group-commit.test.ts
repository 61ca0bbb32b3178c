// Group commit (src/store/group-commit.ts): what arrives in one turn is committed in one batch,
// each caller gets its own item's outcome, and nobody is answered before the batch's commit.

import { describe, expect, it } from "vitest";
import { GroupCommit, type Outcome } from "../../src/store/group-commit.js";
import { exclusive } from "../../src/store/lock.js";

const lock = <T>(work: () => Promise<T>) => exclusive("group-commit-test", work);

describe("GroupCommit", () => {
  it("commits the items of one turn in one batch, in order, and answers each its own outcome", async () => {
    const batches: number[][] = [];
    const group = new GroupCommit<number, number>(async (items) => {
      batches.push([...items]);
      return items.map(
        (n): Outcome<number> =>
          n < 0 ? { ok: false, error: new Error(`bad ${n}`) } : { ok: true, value: n * 10 },
      );
    }, lock);
    const answers = await Promise.allSettled([1, 2, -3, 4].map((n) => group.run(n)));
    expect(batches).toEqual([[1, 2, -3, 4]]);
    expect(answers.map((a) => (a.status === "fulfilled" ? a.value : String(a.reason)))).toEqual([
      10,
      20,
      "Error: bad -3",
      40,
    ]);
  });

  it("takes what arrived while the lock was held into the next batch, and answers only after its commit", async () => {
    const batches: number[][] = [];
    const committed: number[] = [];
    let release = () => {};
    const held = lock(() => new Promise<void>((resolve) => (release = resolve)));
    const group = new GroupCommit<number, number>(async (items) => {
      batches.push([...items]);
      committed.push(...items);
      return items.map((n) => ({ ok: true, value: n }));
    }, lock);
    const first = group.run(1);
    await new Promise((r) => setImmediate(r));
    const second = group.run(2); // arrives while the first batch waits for the lock
    const order: string[] = [];
    void first.then(() => order.push(`answered 1 after ${committed.join(",")}`));
    release();
    await held;
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
    expect(order).toEqual(["answered 1 after 1,2"]);
  });

  it("fails every item of a batch whose commit failed", async () => {
    const group = new GroupCommit<number, number>(async () => {
      throw new Error("disk full");
    }, lock);
    const answers = await Promise.allSettled([group.run(1), group.run(2)]);
    expect(answers.map((a) => (a.status === "rejected" ? String(a.reason) : "ok"))).toEqual([
      "Error: disk full",
      "Error: disk full",
    ]);
  });
});
