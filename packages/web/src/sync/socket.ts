// The realtime channel as the host console uses it: subscribe to a table as its host and hear of
// changes made from another device (./realtime.ts: the one client, its back-off and checks); the
// store decides whether to refetch.

import type { OutChatMessage } from "@misto/protocol";
import { openChannel } from "./realtime.js";

export interface TableWatch {
  close(): void;
}

/**
 * Calls `onSeq` with the table's sequence number on every push, `onOpen` on each (re)connection, and
 * `onOutChat` with each out-chat push (the host reads the chat of the players out of the game).
 */
export function watchTable(
  table: string,
  onSeq: (seq: number) => void,
  onOpen: () => void,
  onOutChat: (push: OutChatMessage) => void = () => {},
): TableWatch {
  return openChannel({
    hello: () => [{ type: "subscribe", table, as: "host" }],
    onConnected: (up) => up && onOpen(),
    onMessage: (message) => {
      // The host is sent whole views; a patch (@misto/protocol, patch.ts) would name the seq as well.
      if ((message.type === "view" || message.type === "patch") && message.table === table)
        onSeq(message.seq);
      else if (message.type === "outChat" && message.table === table) onOutChat(message);
    },
  });
}
