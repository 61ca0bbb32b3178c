// The seating optimiser (docs/club-nights.md "Fair seating"): every round seats each player once,
// each table's seats 1–12 once each; pairs kept apart never meet, pairs kept together always do;
// sitting out goes round; earlier rounds and hosts count; tables balance by skill when asked.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DrawInput, type DrawnRound, drawRounds } from "../../src/nights/draw.js";

const people = (n: number, prefix = "p") => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

function drawn(input: DrawInput): readonly DrawnRound[] {
  const result = drawRounds(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.rounds;
}

/** Each round: every seated player once, 12 seats a table, the rest listed as out. */
function expectWellFormed(input: DrawInput, rounds: readonly DrawnRound[]): void {
  expect(rounds).toHaveLength(input.rounds);
  for (const round of rounds) {
    expect(round.tables).toHaveLength(input.tables);
    const seated = round.tables.flatMap((t) => t.seats);
    for (const table of round.tables) expect(table.seats).toHaveLength(12);
    expect(new Set(seated).size).toBe(seated.length);
    expect([...seated, ...round.out].sort()).toEqual([...input.players].sort());
    expect(round.out).toHaveLength(input.players.length - input.tables * 12);
  }
}

const tableOf = (round: DrawnRound, id: string) => round.tables.findIndex((t) => t.seats.includes(id));

describe("drawing rounds", () => {
  it("seats every player once a round, seats 1–12 once a table", () => {
    const input = { players: people(36), tables: 3, rounds: 6, seed: "a" };
    expectWellFormed(input, drawn(input));
  });

  it("draws the same rounds from the same seed, others from another", () => {
    const input = { players: people(24), tables: 2, rounds: 3, seed: "same" };
    expect(drawn(input)).toEqual(drawn(input));
    expect(drawn({ ...input, seed: "other" })).not.toEqual(drawn(input));
  });

  it("never seats a pair kept apart at one table", () => {
    const apart = [
      ["p1", "p2"],
      ["p3", "p4"],
      ["p1", "p5"],
    ] as const;
    const rounds = drawn({ players: people(24), tables: 2, rounds: 10, seed: "apart", apart });
    for (const round of rounds) {
      for (const [a, b] of apart) expect(tableOf(round, a)).not.toBe(tableOf(round, b));
    }
  });

  it("always seats a pair kept together at one table", () => {
    const together = [
      ["p1", "p2"],
      ["p2", "p3"],
      ["p10", "p20"],
    ] as const;
    const rounds = drawn({ players: people(36), tables: 3, rounds: 8, seed: "together", together });
    for (const round of rounds) {
      for (const [a, b] of together) expect(tableOf(round, a)).toBe(tableOf(round, b));
    }
  });

  it("lets everyone sit out in turn when there are more players than seats", () => {
    const input = { players: people(30), tables: 2, rounds: 5, seed: "out" };
    const rounds = drawn(input);
    expectWellFormed(input, rounds);
    // 24 seats × 5 rounds over 30 players: four games each, nobody five, nobody three.
    for (const id of input.players) {
      expect(rounds.filter((r) => tableOf(r, id) >= 0)).toHaveLength(4);
    }
  });

  it("counts earlier rounds: the next round mixes the last round's tables", () => {
    const players = people(48);
    const first = drawn({ players, tables: 4, rounds: 1, seed: "one" });
    const [next] = drawn({ players, tables: 4, rounds: 1, seed: "two", history: first });
    const last = first[0] as DrawnRound;
    // From 4 tables into 4: at best 3 of any earlier table meet again at one table.
    for (const table of next?.tables ?? []) {
      for (const before of last.tables) {
        expect(table.seats.filter((id) => before.seats.includes(id)).length).toBeLessThanOrEqual(3);
      }
    }
  });

  it("gives the hosts turns: with more hosts than tables nobody meets a host twice", () => {
    const hosts = ["h1", "h2", "h3", "h4"];
    const rounds = drawn({ players: people(24), tables: 2, rounds: 2, seed: "hosts", hosts });
    const met = new Set<string>();
    for (const round of rounds) {
      for (const table of round.tables) {
        expect(hosts).toContain(table.host);
        for (const id of table.seats) {
          expect(met.has(`${table.host} ${id}`)).toBe(false);
          met.add(`${table.host} ${id}`);
        }
      }
    }
    expect(new Set(rounds.flatMap((r) => r.tables.map((t) => t.host))).size).toBe(4);
  });

  it("spreads seat numbers: over 12 rounds nobody sits in one seat thrice, every mean near 6.5", () => {
    const rounds = drawn({ players: people(24), tables: 2, rounds: 12, seed: "seats" });
    for (const id of people(24)) {
      const seats = rounds.map(
        (r) => r.tables.flatMap((t) => t.seats.indexOf(id) + 1).find((s) => s > 0) ?? 0,
      );
      for (const seat of seats) expect(seats.filter((s) => s === seat).length).toBeLessThanOrEqual(2);
      const mean = seats.reduce((sum, s) => sum + s, 0) / seats.length;
      expect(Math.abs(mean - 6.5)).toBeLessThanOrEqual(1.5);
    }
  });

  it("meets pairs evenly: 60 players over 10 rounds, no pair more than one above the mean", () => {
    // The bench's hardest size (npm run bench:seating): the mean is 110 meetings / 59 = 1.86.
    const players = people(60);
    const hosts = people(5, "h");
    const rounds = drawn({ players, tables: 5, rounds: 10, seed: "bench 60", hosts });
    const met = new Map<string, number>();
    for (const table of rounds.flatMap((r) => r.tables)) {
      for (const a of table.seats)
        for (const b of table.seats) if (a < b) met.set(`${a} ${b}`, (met.get(`${a} ${b}`) ?? 0) + 1);
    }
    const mean = [...met.values()].reduce((s, x) => s + x, 0) / ((60 * 59) / 2);
    expect(Math.max(...met.values())).toBeLessThanOrEqual(Math.ceil(mean) + 1);
  });

  it("balances the tables by skill when estimates are given", () => {
    const players = people(48);
    const skill = Object.fromEntries(players.map((id, i) => [id, i * 1.5]));
    const gap = (round: DrawnRound) => {
      const means = round.tables.map((t) => t.seats.reduce((s, id) => s + (skill[id] ?? 0), 0) / 12);
      return Math.max(...means) - Math.min(...means);
    };
    const balanced = drawn({ players, tables: 4, rounds: 4, seed: "skill", skill });
    const plain = drawn({ players, tables: 4, rounds: 4, seed: "skill" });
    // The skills' spread is 1.5 × 48 / √12 ≈ 20.8; a random table's mean strays by ≈ 6.
    const worst = (rounds: readonly DrawnRound[]) => Math.max(...rounds.map(gap));
    expect(worst(balanced)).toBeLessThan(worst(plain) / 2);
  });

  it("refuses what cannot be drawn, with a code", () => {
    const base = { players: people(24), tables: 2, rounds: 1, seed: "x" };
    const code = (input: DrawInput) => {
      const result = drawRounds(input);
      return result.ok ? "ok" : result.error.code;
    };
    expect(code({ ...base, players: people(23) })).toBe("too_few_players");
    expect(code({ ...base, hosts: ["h1"] })).toBe("too_few_hosts");
    expect(code({ ...base, tables: 0 })).toBe("bad_draw");
    expect(code({ ...base, players: [...people(24), "p1"] })).toBe("bad_draw");
    expect(code({ ...base, apart: [["p1", "nobody"]] })).toBe("policy_conflict");
    expect(code({ ...base, apart: [["p1", "p2"]], together: [["p1", "p2"]] })).toBe("policy_conflict");
    const chain = people(13)
      .slice(1)
      .map((id) => ["p1", id] as const);
    expect(code({ ...base, together: chain })).toBe("policy_conflict");
    // Three players kept apart from each other cannot sit at two tables.
    const many = people(3).flatMap((a, i) =>
      people(3)
        .slice(i + 1)
        .map((b) => [a, b] as const),
    );
    expect(code({ ...base, apart: many })).toBe("policy_conflict");
  });

  it("holds for any size: tables, players beyond the seats, rounds and pairs kept apart", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 4 }),
        fc.uniqueArray(fc.nat({ max: 23 }), { maxLength: 8 }),
        fc.string(),
        (tables, extra, rounds, chosen, seed) => {
          const players = people(tables * 12 + extra);
          // Disjoint pairs, so that two tables can always keep them apart.
          const apart: [string, string][] = [];
          for (let i = 0; i + 1 < chosen.length; i += 2) {
            apart.push([`p${(chosen[i] as number) + 1}`, `p${(chosen[i + 1] as number) + 1}`]);
          }
          const input = { players, tables, rounds, seed, apart: tables > 1 ? apart : [] };
          const result = drawRounds(input);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expectWellFormed(input, result.rounds);
          for (const round of result.rounds) {
            for (const [a, b] of input.apart) {
              const ta = tableOf(round, a);
              if (ta >= 0) expect(tableOf(round, b)).not.toBe(ta);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
