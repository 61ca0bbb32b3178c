// `npm run bench:silence`: how long an online table of twelve bots plays, and its longest silence
// in the day (the longest time between two things said or done while the city is awake), with the
// runner's default timings run K times faster and the figures scaled back to real time.
//
//   node packages/server/dist/bench/silence.js [--games 3] [--speed 50] [--from DIR]
//
// --from DIR takes buildServer and the store from another build's packages/server/dist (e.g. the
// main branch's), so the same games can be measured before and after a change.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { typingMs } from "@misto/bots";
import { evolve, type Game, type GameEvent, phaseOf } from "@misto/engine";
import type { FastifyInstance } from "fastify";
import type { ServerOptions } from "../app.js";
import type { Store } from "../store/index.js";

const { values } = parseArgs({
  strict: true,
  options: {
    games: { type: "string", default: "3" },
    speed: { type: "string", default: "50" },
    from: { type: "string" },
  },
});
const games = Number(values.games);
const K = Number(values.speed);
const dist = values.from ? resolve(values.from) : resolve(import.meta.dirname, "..");
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(dist, path)).href)) as T;
const { buildServer } = await load<{ buildServer: (o: ServerOptions) => Promise<FastifyInstance> }>("app.js");
const { openStore } = await load<{ openStore: (url: string) => Promise<Store> }>("store/index.js");
const { prepareSetup } = await load<{ prepareSetup: (s: Store) => Promise<string | null> }>("auth/setup.js");

const SEATS = Array.from({ length: 12 }, (_, i) => ({ name: `Bot ${i + 1}` }));
const PASSWORD = "bench-password-1";

/** The runner's defaults (docs/api.md "Online tables"), K times faster; the deal starts at once. */
const online = {
  startMs: 0,
  nightMs: 30_000 / K,
  voteMs: 20_000 / K,
  pauseMs: 3_000 / K,
  botDelayMs: [1_000 / K, 4_000 / K] as const,
  stepMs: (seconds: number) => (seconds * 1000) / K,
  typingMs: (text: string) => typingMs(text) / K,
  passMs: 1_000 / K,
};

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers["set-cookie"]).split(";")[0] ?? "";

const dir = mkdtempSync(join(tmpdir(), "misto-silence-"));
const store = await openStore(join(dir, "bench.sqlite"));
const app = await buildServer({ store, log: false, online } as ServerOptions);
try {
  const token = await prepareSetup(store);
  const setup = await app.inject({
    method: "POST",
    url: "/api/setup",
    payload: { token, club: { name: "Bench" }, admin: { name: "Anna", login: "admin", password: PASSWORD } },
  });
  const cookie = cookieOf(setup);
  const lengths: number[] = [];
  const silences: number[] = [];
  for (let g = 0; g < games; g++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/tables",
      headers: { cookie },
      payload: { title: `Bench ${g}`, seats: SEATS, deal: { random: true }, online: true },
    });
    const { id } = res.json() as { id: string };
    let events: GameEvent[] = [];
    for (;;) {
      events = (await store.readEvents(id)).map((e) => e.event);
      if (events.some((e) => e.type === "ratingClosed" || e.type === "resultAnnounced")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const { length, silence, where } = measure(events);
    lengths.push(length * K);
    silences.push(silence * K);
    console.log(
      `game ${g + 1}: ${minutes(length * K)} long, longest day silence ${seconds(silence * K)} (${where})`,
    );
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `${games} games at ${K}× speed: mean length ${minutes(mean(lengths))}, longest day silence ${seconds(Math.max(...silences))} (mean of each game's ${seconds(mean(silences))})`,
  );
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The game's length (deal to result) and its longest day silence: the longest gap between two
 * events while the city is awake (a day, between its events: nights are silent by rule).
 */
function measure(events: readonly GameEvent[]): { length: number; silence: number; where: string } {
  const first = events[0]?.at ?? 0;
  const end = events.find((e) => e.type === "resultAnnounced")?.at ?? events.at(-1)?.at ?? first;
  let silence = 0;
  let where = "";
  let state: Game | null = null;
  let last = first;
  for (const e of events) {
    if (e.at > end) break;
    const phase = state === null ? null : phaseOf(state);
    if (phase?.kind === "day" && e.at - last > silence) {
      silence = e.at - last;
      where = `day ${phase.n}, ${phase.step}`;
    }
    state = evolve(state, e);
    last = e.at;
  }
  return { length: end - first, silence, where };
}

function minutes(ms: number): string {
  return `${(ms / 60_000).toFixed(1)} min`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
