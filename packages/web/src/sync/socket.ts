// The realtime channel as the host console uses it: subscribe to a table as its host and hear of
// changes made from another device. Reconnects with backoff; the store decides whether to refetch.

import type { ClientMessage, OutChatMessage, ServerMessage } from "@misto/protocol";

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
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ping: ReturnType<typeof setInterval> | null = null;

  const send = (message: ClientMessage) =>
    socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));

  function connect(): void {
    if (closed) return;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      send({ type: "subscribe", table, as: "host" });
      ping = setInterval(() => send({ type: "ping" }), 25_000);
      onOpen();
    };
    ws.onmessage = (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      // The host is sent whole views; a patch (@misto/protocol, patch.ts) would name the seq as well.
      if ((message.type === "view" || message.type === "patch") && message.table === table)
        onSeq(message.seq);
      else if (message.type === "outChat" && message.table === table) onOutChat(message);
    };
    ws.onclose = () => {
      if (ping) clearInterval(ping);
      ping = null;
      socket = null;
      if (closed) return;
      const delay = Math.min(30_000, 1000 * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(connect, delay);
    };
  }

  connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (ping) clearInterval(ping);
      socket?.close();
    },
  };
}
