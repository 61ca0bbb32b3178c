// A finished game's recap (GET /api/games/:id): replaying its events through the engine's host
// view costs about 10 ms of the event loop for a club game, on every read of its page. A finished
// game's events never change (corrections are kept beside them), so each recap is computed once
// and kept: the most recently read games', a few hundred of them.

import type { RecapEntry } from "@misto/record";

/** Recaps kept: a game's is a few dozen KB, so a few MB in all. */
export const RECAPS_KEPT = 200;

export class Recaps {
  /** In the order they were last read: the first is the one to drop. */
  private readonly kept = new Map<string, Promise<RecapEntry[]>>();

  constructor(private readonly size = RECAPS_KEPT) {}

  /** The game's recap, computed by `compute` the first time (and again once dropped). */
  of(gameId: string, compute: () => Promise<RecapEntry[]>): Promise<RecapEntry[]> {
    let entries = this.kept.get(gameId);
    if (entries) this.kept.delete(gameId);
    else {
      entries = compute();
      // A failed computation is not kept: the next read tries again.
      entries.catch(() => this.kept.delete(gameId));
    }
    this.kept.set(gameId, entries);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.size) break;
      this.kept.delete(oldest);
    }
    return entries;
  }
}
