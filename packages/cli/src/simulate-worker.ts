// One worker thread of `misto simulate --workers K`: plays its batch and posts back only its
// tally (and a throttled count of games done), never one object per game.

import { parentPort, workerData } from "node:worker_threads";
import { type Batch, playBatch } from "./games.js";
import type { WorkerMessage } from "./workers.js";

/** How often a worker reports progress; the bar itself redraws at most ten times a second. */
const PROGRESS_MS = 50;

const port = parentPort;
if (!port) throw new Error("simulate-worker.js runs only as a worker thread of misto simulate");

const batch = workerData as Batch;
let last = performance.now();
const tally = playBatch(batch, (done) => {
  const now = performance.now();
  if (now - last < PROGRESS_MS) return;
  last = now;
  port.postMessage({ kind: "progress", done } satisfies WorkerMessage);
});
port.postMessage({ kind: "done", tally } satisfies WorkerMessage);
