// RandomBot: a uniform choice among the legal actions. It never builds a view (the fast path).

import type { Action, Random } from "@misto/engine";
import { type Bot, pickOrNull, type Seen } from "./bot.js";

export class RandomBot implements Bot {
  readonly kind = "random" as const;
  readonly talks = false;

  constructor(private readonly random: Random) {}

  act(seen: Seen): Action | null {
    return pickOrNull(seen.actions, this.random);
  }
}
