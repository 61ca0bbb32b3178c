// The lobby's HTTP calls (docs/api.md "Lobby"): the open online tables, and one tap to take a seat.

import type { JoinAnswer, LobbyAnswer } from "@misto/protocol";
import { createCaller, type Result } from "../api/client.js";

const call = createCaller();

export const lobbyApi = {
  list: (): Promise<Result<LobbyAnswer>> => call("GET", "/api/lobby"),
  join: (id: string): Promise<Result<JoinAnswer>> =>
    call("POST", `/api/lobby/${encodeURIComponent(id)}/join`),
};
