// The contract between the app shell (src/app) and the game screens (src/game): one live table
// as the host console holds it. The shell implements it; the game screens only read and send.

import type { Action, Game, GameEvent, RuleError, View } from "@misto/engine";

export interface TableHandle {
  readonly id: string;
  readonly title: string;
  /** The game, replayed in the browser from the table's events: opaque, read through `view`. */
  readonly state: Game;
  /** viewFor(state, "host"). */
  readonly view: View;
  readonly events: readonly GameEvent[];
  /**
   * Runs a command in the browser's engine at once (the console keeps working offline) and queues
   * it for the server. Returns the rule error when it is illegal (nothing is queued then).
   */
  send(action: Action): RuleError | null;
  /** The server is reachable and nothing is waiting to be sent. */
  readonly synced: boolean;
  /** Steps made here that the server has not acknowledged yet. */
  readonly pending: number;
  readonly online: boolean;
}
