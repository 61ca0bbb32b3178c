// The server under `npm run bench:server` (./load.ts starts it as its own process): `misto serve`
// with the online tables' timers taken from flags, so bench games move in seconds, not minutes.
//
//   node packages/server/dist/bench/server.js --db FILE [--port 0] [--start-ms 8000] [--night-ms 5000]
//     [--vote-ms 5000] [--pause-ms 500] [--step-ms-per-second 50]
//     [--bot-ms MAX] (a bot thinks 0–MAX ms; default 1–4 s)
//     [--redis URL --redis-prefix P --lease-ms 10000]   (several processes on one postgres:// --db)
//     [--trust-proxy ADDR] [--metrics-token T]          (as `misto serve` takes them)
//
// Prints the setup link while the club has none, then "Misto is running at URL" (what its starter
// waits for: a second process on a PostgreSQL club already set up prints no link); stops on SIGTERM/SIGINT.
// On SIGUSR2 it prints "loop delay P50 P99 MAX" (ms, its event loop's delay since the last SIGUSR2);
// with --profile DIR the first SIGUSR2 starts a CPU profile and the second writes it to DIR, so the
// profile covers the measured window only (open it in Chrome's DevTools, Performance tab).

import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startServer } from "../serve.js";
import { watchLoop } from "./latency.js";

const { values } = parseArgs({
  strict: true,
  options: {
    db: { type: "string" },
    port: { type: "string", default: "0" },
    "start-ms": { type: "string", default: "8000" },
    "night-ms": { type: "string", default: "5000" },
    "vote-ms": { type: "string", default: "5000" },
    "pause-ms": { type: "string", default: "500" },
    "step-ms-per-second": { type: "string", default: "50" },
    profile: { type: "string" },
    redis: { type: "string" },
    "redis-prefix": { type: "string" },
    "lease-ms": { type: "string" },
    "bot-ms": { type: "string" },
    "trust-proxy": { type: "string" },
    "metrics-token": { type: "string" },
  },
});

function whole(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not ${text}`);
  return n;
}

if (!values.db) throw new Error("--db FILE is required");
const perSecond = whole("step-ms-per-second", values["step-ms-per-second"]);
const server = await startServer({
  port: whole("port", values.port),
  db: values.db,
  log: { level: "warn" },
  online: {
    startMs: whole("start-ms", values["start-ms"]),
    nightMs: whole("night-ms", values["night-ms"]),
    voteMs: whole("vote-ms", values["vote-ms"]),
    pauseMs: whole("pause-ms", values["pause-ms"]),
    stepMs: (seconds) => seconds * perSecond,
    ...(values["bot-ms"] ? { botDelayMs: [0, whole("bot-ms", values["bot-ms"])] as const } : {}),
  },
  ...(values.redis
    ? {
        redis: {
          url: values.redis,
          ...(values["redis-prefix"] ? { prefix: values["redis-prefix"] } : {}),
          ...(values["lease-ms"] ? { leaseMs: whole("lease-ms", values["lease-ms"]) } : {}),
        },
      }
    : {}),
  ...(values["trust-proxy"] ? { trustProxy: values["trust-proxy"] } : {}),
  ...(values["metrics-token"] ? { metricsToken: values["metrics-token"] } : {}),
});
if (server.setupLink)
  process.stdout.write(`Open this link once to create the club and its admin: ${server.setupLink}\n`);
process.stdout.write(`Misto is running at ${server.url}\n`);

const stop = () => {
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  void server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

const loop = watchLoop();
let profiler: Session | null = null;
process.on("SIGUSR2", () => {
  const { p50, p99, max } = loop.read();
  process.stdout.write(`loop delay ${p50.toFixed(1)} ${p99.toFixed(1)} ${max.toFixed(1)}\n`);
  loop.reset();
  if (values.profile) void toggleProfile(values.profile);
});

async function toggleProfile(dir: string): Promise<void> {
  if (profiler === null) {
    profiler = new Session();
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
    return;
  }
  const session = profiler;
  profiler = null;
  const { profile } = await session.post("Profiler.stop");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `server-${process.pid}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  process.stdout.write(`profile ${file}\n`);
}
