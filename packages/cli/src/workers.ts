// `misto simulate --workers K`: splits the games into K runs, plays each in a worker thread
// (dist/simulate-worker.js) and sums their tallies.

import { Worker } from "node:worker_threads";
import type { Batch } from "./games.js";
import { mergeTallies, type Tally } from "./tally.js";

export type WorkerMessage = { kind: "progress"; done: number } | { kind: "done"; tally: Tally };

/**
 * The compiled worker script. Under vitest this module runs from src/*.ts, where no .js worker
 * exists, so it falls back to the build in dist/.
 */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith(".ts")
    ? new URL("../dist/simulate-worker.js", here)
    : new URL("./simulate-worker.js", here);
}

/** Splits games `from`..`to - 1` into at most `parts` contiguous runs of near-equal length. */
export function splitRange(from: number, to: number, parts: number): [number, number][] {
  const total = to - from;
  const count = Math.max(1, Math.min(parts, total));
  const runs: [number, number][] = [];
  let start = from;
  for (let i = 0; i < count; i++) {
    const size = Math.floor(total / count) + (i < total % count ? 1 : 0);
    runs.push([start, start + size]);
    start += size;
  }
  return runs;
}

/** Plays the batches, one worker each; `onProgress` gets the games done over all workers. */
export async function playInWorkers(
  batches: readonly Batch[],
  onProgress: (done: number) => void,
): Promise<Tally> {
  const done = batches.map(() => 0);
  const workers: Worker[] = [];
  try {
    const tallies = await Promise.all(
      batches.map(
        (batch, i) =>
          new Promise<Tally>((resolve, reject) => {
            const worker = new Worker(workerUrl(), { workerData: batch });
            workers.push(worker);
            let result: Tally | null = null;
            worker.on("message", (message: WorkerMessage) => {
              if (message.kind === "progress") {
                done[i] = message.done;
                onProgress(done.reduce((a, b) => a + b, 0));
              } else {
                result = message.tally;
                done[i] = batch.to - batch.from;
                onProgress(done.reduce((a, b) => a + b, 0));
              }
            });
            worker.on("error", reject);
            worker.on("exit", (code) => {
              if (result) resolve(result);
              else reject(new Error(`a simulation worker stopped (exit code ${code}) before it finished`));
            });
          }),
      ),
    );
    return mergeTallies(tallies);
  } finally {
    // After a failure the other workers are still playing: stop them rather than wait.
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
