// The display's connection (../sync/realtime.ts: the one client): subscribes to a table as a
// spectator and keeps the last view pushed (whole on subscribe, then patches of it: @misto/protocol
// patch.ts). At an online table it also holds who is played by a bot (`away`: phone/away.ts). At a
// table with a spectator delay the server sends whole views, each as it was that long ago.

import type { View } from "@misto/engine";
import type { ClockMessage } from "@misto/protocol";
import { type HeldView, patched } from "@misto/protocol/patch";
import { useEffect, useState } from "preact/hooks";
import { type Away, awayAfter, NOBODY_AWAY } from "../phone/away.js";
import { openChannel } from "../sync/realtime.js";

/** The host's clock as last told (docs/api.md "The clock"), and when this display received it. */
export interface HostClock {
  readonly message: ClockMessage;
  readonly at: number;
}

export function useSpectatorView(tableId: string): {
  view: View | null;
  connected: boolean;
  away: Away;
  clock: HostClock | null;
} {
  const [view, setView] = useState<View | null>(null);
  const [away, setAway] = useState<Away>(NOBODY_AWAY);
  const [connected, setConnected] = useState(false);
  const [clock, setClock] = useState<HostClock | null>(null);
  useEffect(() => {
    /** The last whole view and its seq, which a patch must start from. */
    let held: HeldView | null = null;
    const channel = openChannel({
      hello: () => {
        held = null;
        return [{ type: "subscribe", table: tableId, as: "spectator" }];
      },
      onConnected: setConnected,
      onMessage: (message) => {
        if (message.type === "view" && message.table === tableId) {
          held = { seq: message.seq, view: message.view };
          setView(message.view);
        } else if (message.type === "patch" && message.table === tableId) {
          held = patched(held, message);
          // A patch from a view this display does not hold: the whole view again.
          if (held) setView(held.view);
          else channel.hello();
        } else if (message.type === "clock" && message.table === tableId) {
          setClock({ message, at: Date.now() });
        } else if (message.type === "away") setAway((away) => awayAfter(away, message, tableId));
      },
    });
    return () => channel.close();
  }, [tableId]);
  return { view, connected, away, clock };
}
