// The recompute job's worker thread (node:worker_threads): the OpenSkill replay off the event loop
// that plays the live tables. Messages: start (the seasons and the administration), fold (the next
// games in order; answered with their seats' skill), finish (answered with the totals).

import { parentPort } from "node:worker_threads";
import { Replay } from "./replay.js";
import type { ScopeBounds, TallyGame } from "./tally.js";

export type ToReplay =
  | { readonly kind: "start"; readonly seasons: ScopeBounds[]; readonly excluded: string[] }
  | { readonly kind: "fold"; readonly games: TallyGame[] }
  | { readonly kind: "finish" };

let replay: Replay | null = null;

parentPort?.on("message", (message: ToReplay) => {
  if (message.kind === "start") {
    replay = new Replay(message.seasons, new Set(message.excluded));
    parentPort?.postMessage({ kind: "started" });
  } else if (message.kind === "fold") {
    parentPort?.postMessage({ kind: "folded", seats: (replay as Replay).fold(message.games) });
  } else {
    parentPort?.postMessage({ kind: "totals", ...(replay as Replay).totals() });
  }
});
