import { describe, expect, it } from "vitest";
import { DON, MANIAC, Table } from "./scenario.js";

describe("the scenario helpers", () => {
  it("DAY-5 play a first day to the night with everyone voting for seat 7", () => {
    const t = new Table();
    t.advance(); // deal → day 1 discussion
    expect(t.step).toBe("discussion");
    t.toVoting();
    expect(t.current).toBe(2);
    t.vote((voter) => (voter === MANIAC ? 8 : MANIAC));
    expect(t.step).toBe("lastWords");
    expect(t.seat(MANIAC).out?.cause).toBe("vote");
    t.endSpeeches("lastWords");
    expect(t.state.phase.kind).toBe("night");
    t.night({ mafia: 9 });
    expect(t.seat(9).out?.cause).toBe("night");
    expect(t.seat(DON).out).toBeNull();
  });
});
