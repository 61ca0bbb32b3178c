// `npm run bench:views`: what a live table's views cost the server per stored event, apart from the
// sockets and the store. Heuristic bots play whole games; each game's events are then applied one
// by one to a live table as the table service does (afterEvents: the spectators' and twelve seats'
// views, as text) and each changed view's patch is cut as the hub does for a watching phone
// (seatPatchJson). It measures and prints; it never fails on a slow figure.
//
//   node packages/server/dist/bench/views.js [--games 200] [--quick]

import { parseArgs } from "node:util";
import { playGame } from "@misto/bots";
import { evolve, type GameEvent } from "@misto/engine";
import { seatPatchJson } from "../realtime/hub.js";
import { afterEvents, type LiveTable, openTable } from "../tables/service.js";

const { values } = parseArgs({
  strict: true,
  options: { games: { type: "string", default: "200" }, quick: { type: "boolean" } },
});
const GAMES = values.quick ? 10 : Number(values.games);
if (!Number.isSafeInteger(GAMES) || GAMES < 1)
  throw new Error(`--games must be a whole number, not ${values.games}`);
/** Each game is replayed this many times: the first warms the JIT; the fastest of the rest is told. */
const ROUNDS = 5;

const games: GameEvent[][] = [];
for (let i = 0; i < GAMES; i++) {
  const played = playGame({ seed: `views-${i}`, bots: "heuristic", record: true });
  if (played.events) games.push([...played.events]);
}
const events = games.reduce((n, g) => n + g.length, 0);

const ROW = { title: "Bench", online: true, onlineSettings: null };

interface Round {
  viewsUs: number;
  patchesUs: number;
  patches: number;
  bytes: number;
}

/** Replays every game once; the microseconds spent on views and on patches (one thread, wall clock). */
function round(n: number): Round {
  const out: Round = { viewsUs: 0, patchesUs: 0, patches: 0, bytes: 0 };
  games.forEach((game, g) => {
    const [first, ...rest] = game as [GameEvent, ...GameEvent[]];
    let table: LiveTable = openTable({ ...ROW, id: `bench-${n}-${g}` }, evolve(null, first), 1);
    for (const event of rest) {
      const before = table;
      const at = performance.now();
      const { next, changedSeats } = afterEvents(table, [event], table.seq + 1);
      const built = performance.now();
      for (const seat of changedSeats) {
        const patch = seatPatchJson(next, before, seat);
        out.patches++;
        out.bytes += patch.length;
      }
      out.viewsUs += (built - at) * 1000;
      out.patchesUs += (performance.now() - built) * 1000;
      table = next;
    }
  });
  return out;
}

round(0);
const rounds = Array.from({ length: ROUNDS - 1 }, (_, r) => round(r + 1));
const measured = rounds.reduce((best, r) =>
  r.viewsUs + r.patchesUs < best.viewsUs + best.patchesUs ? r : best,
);
const stored = events - games.length;
const us = (total: number) => (total / stored).toFixed(1);
process.stdout.write(
  [
    `Views: ${GAMES} heuristic-bot games, ${stored.toLocaleString("en-US")} events applied one at a time (the fastest of ${ROUNDS - 1} rounds)`,
    `views per event              ${us(measured.viewsUs)} µs (spectators' and 12 seats', as text)`,
    `patches per event            ${us(measured.patchesUs)} µs (${(measured.patches / stored).toFixed(1)} changed seats an event)`,
    `bytes per seat's patch       ${Math.round(measured.bytes / Math.max(1, measured.patches))}`,
    "",
  ].join("\n"),
);
