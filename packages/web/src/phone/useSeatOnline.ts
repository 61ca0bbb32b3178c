// Whether the phone's table is an online one, and its deadlines (GET /api/seat with the seat token):
// undefined until the server has answered, null at a live club table. Asked again on each
// reconnect until it has answered (a phone may open offline).

import type { OnlineSettingsJson } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { phoneApi } from "./phoneApi.js";

export function useSeatOnline(token: string, connected: boolean): OnlineSettingsJson | null | undefined {
  const [online, setOnline] = useState<OnlineSettingsJson | null | undefined>(undefined);
  const known = online !== undefined;
  useEffect(() => {
    if (known || !connected) return;
    let live = true;
    void phoneApi.seat(token).then((answer) => {
      if (live && answer.ok) setOnline(answer.value.online ?? null);
    });
    return () => {
      live = false;
    };
  }, [token, connected, known]);
  return online;
}
