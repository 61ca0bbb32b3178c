// The board's and the broadcast's routes (docs/api.md "The board and the broadcast") as typed calls.

import type { BoardAnswer, BroadcastAnswer } from "@misto/protocol";
import { createCaller, type Fetch, type Result } from "../api/client.js";

export interface StreamApi {
  board(night: string): Promise<Result<BoardAnswer>>;
  broadcast(table: string): Promise<Result<BroadcastAnswer>>;
}

export function createStreamApi(fetcher?: Fetch): StreamApi {
  const call = createCaller(fetcher);
  return {
    board: (night) => call("GET", `/api/nights/${encodeURIComponent(night)}/board`),
    broadcast: (table) => call("GET", `/api/tables/${encodeURIComponent(table)}/broadcast`),
  };
}

export const streamApi = createStreamApi();
