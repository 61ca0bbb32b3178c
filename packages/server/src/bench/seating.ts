// `npm run bench:seating`: how fairly the seating optimiser (nights/draw.ts) seats 24, 36, 60 and
// 120 players over a tournament's rounds, against a random draw. It measures and prints; it never
// fails on a figure. Goal (issue 13): the largest pair count at most one above the mean (rounded
// up), every player's mean seat within 6.5 ± 1.5, each size in under 10 s.

import { parseArgs } from "node:util";
import { seededRandom, shuffled } from "@misto/engine";
import { type DrawnRound, drawRounds } from "../nights/draw.js";

const { values } = parseArgs({ options: { rounds: { type: "string" } } });
/** Rounds of the bench's tournament: ten, a long club tournament (two days of five rounds). */
const ROUNDS = Number(values.rounds ?? 10);
const SIZES = [24, 36, 60, 120];

interface Figures {
  maxPair: number;
  meanPair: number;
  seatMin: number;
  seatMax: number;
  sameSeat: number;
  hostMax: number;
  ms: number;
}

function measure(players: readonly string[], rounds: readonly DrawnRound[], ms: number): Figures {
  const pairs = new Map<string, number>();
  const seats = new Map<string, number[]>();
  const hosts = new Map<string, number>();
  for (const round of rounds) {
    for (const table of round.tables) {
      for (const [i, a] of table.seats.entries()) {
        seats.set(a, [...(seats.get(a) ?? []), i + 1]);
        const hostKey = `${table.host}\n${a}`;
        hosts.set(hostKey, (hosts.get(hostKey) ?? 0) + 1);
        for (const b of table.seats) if (a < b) pairs.set(`${a}\n${b}`, (pairs.get(`${a}\n${b}`) ?? 0) + 1);
      }
    }
  }
  const n = players.length;
  const allPairs = (n * (n - 1)) / 2;
  const total = [...pairs.values()].reduce((s, x) => s + x, 0);
  const means = players.map((p) => {
    const list = seats.get(p) ?? [];
    return list.reduce((s, x) => s + x, 0) / Math.max(list.length, 1);
  });
  const sameSeat = Math.max(
    ...players.map((p) => {
      const counts = new Map<number, number>();
      for (const s of seats.get(p) ?? []) counts.set(s, (counts.get(s) ?? 0) + 1);
      return Math.max(...counts.values());
    }),
  );
  return {
    maxPair: Math.max(...pairs.values()),
    meanPair: total / allPairs,
    seatMin: Math.min(...means),
    seatMax: Math.max(...means),
    sameSeat,
    hostMax: Math.max(...hosts.values()),
    ms,
  };
}

function randomDraw(players: readonly string[], hosts: readonly string[], seed: string): DrawnRound[] {
  const random = seededRandom(seed);
  const tables = players.length / 12;
  return Array.from({ length: ROUNDS }, () => {
    const order = shuffled(players, random);
    const hostOrder = shuffled(hosts, random);
    return {
      tables: Array.from({ length: tables }, (_, t) => ({
        host: hostOrder[t] ?? null,
        seats: order.slice(t * 12, t * 12 + 12),
      })),
      out: [],
    };
  });
}

const f2 = (x: number) => x.toFixed(2);
const row = (label: string, f: Figures) =>
  `  ${label.padEnd(10)}pair max ${String(f.maxPair).padStart(2)}  mean ${f2(f.meanPair)}  ` +
  `goal ≤ ${Math.ceil(f.meanPair) + 1}  mean seat ${f2(f.seatMin)}…${f2(f.seatMax)}  ` +
  `same seat ≤ ${f.sameSeat}  same host ≤ ${f.hostMax}  ${f.ms.toFixed(0)} ms`;

console.log(`seating: ${ROUNDS} rounds, 12 a table, one host a table (as many hosts as tables)`);
for (const size of SIZES) {
  const players = Array.from({ length: size }, (_, i) => `p${String(i + 1).padStart(3, "0")}`);
  const hosts = Array.from({ length: size / 12 }, (_, i) => `h${i + 1}`);
  const started = performance.now();
  const drawn = drawRounds({ players, tables: size / 12, rounds: ROUNDS, seed: `bench ${size}`, hosts });
  const ms = performance.now() - started;
  if (!drawn.ok) throw new Error(drawn.error.message);
  const optimised = measure(players, drawn.rounds, ms);
  const random = measure(players, randomDraw(players, hosts, `random ${size}`), 0);
  const met =
    optimised.maxPair <= Math.ceil(optimised.meanPair) + 1 &&
    optimised.seatMin >= 5 &&
    optimised.seatMax <= 8 &&
    ms < 10_000;
  console.log(`${size} players, ${size / 12} tables: goal ${met ? "met" : "NOT met"}`);
  console.log(row("optimiser", optimised));
  console.log(row("random", random));
}
