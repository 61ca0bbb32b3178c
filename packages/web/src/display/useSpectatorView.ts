// The display's connection: subscribes to a table as a spectator over /ws and keeps the last view
// pushed (whole on subscribe, then patches of it: @misto/protocol patch.ts); reconnects with backoff.

import type { View } from "@misto/engine";
import type { ClientMessage, ServerMessage } from "@misto/protocol";
import { type HeldView, patched } from "@misto/protocol/patch";
import { useEffect, useState } from "preact/hooks";
import { backoffMs } from "./backoff.js";

export function useSpectatorView(tableId: string): { view: View | null; connected: boolean } {
  const [view, setView] = useState<View | null>(null);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    let socket: WebSocket | null = null;
    let closed = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let ping: ReturnType<typeof setInterval> | null = null;
    const send = (ws: WebSocket, message: ClientMessage) => ws.send(JSON.stringify(message));
    /** The last whole view and its seq, which a patch must start from. */
    let held: HeldView | null = null;
    const connect = () => {
      if (closed) return;
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setConnected(true);
        held = null;
        send(ws, { type: "subscribe", table: tableId, as: "spectator" });
        ping = setInterval(() => send(ws, { type: "ping" }), 25_000);
      };
      ws.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as ServerMessage;
          if (message.type === "view" && message.table === tableId) {
            held = { seq: message.seq, view: message.view };
            setView(message.view);
          } else if (message.type === "patch" && message.table === tableId) {
            held = patched(held, message);
            // A patch from a view this display does not hold: the whole view again.
            if (held) setView(held.view);
            else send(ws, { type: "subscribe", table: tableId, as: "spectator" });
          }
        } catch {
          // Not JSON: ignore it, the next push brings the whole view again.
        }
      };
      ws.onclose = () => {
        setConnected(false);
        if (ping) clearInterval(ping);
        ping = null;
        if (!closed) retry = setTimeout(connect, backoffMs(attempt++));
      };
    };
    connect();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      if (ping) clearInterval(ping);
      socket?.close();
    };
  }, [tableId]);
  return { view, connected };
}
