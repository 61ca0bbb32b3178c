// The phone's connection: subscribes over /ws as its seat with the seat's token, keeps the last view
// pushed (on every reconnect the server sends the whole view again; between, patches of it: @misto/protocol patch.ts), and sends the player's
// commands with a random id and the last seq received; each answer (ack or rejected) is kept by id.
// A seat out of the game also holds the out chat (pushed as `outChat`) and writes in it with `say`.

import type { CommandBody, View } from "@misto/engine";
import type { PatchMessage } from "@misto/protocol";
import { type HeldView, patched } from "@misto/protocol/patch";
import { useEffect, useRef, useState } from "preact/hooks";
import { backoffMs } from "../display/backoff.js";
import { mergeOutChat, type OutChatPush, type OutLine } from "./chat.js";

export type Answer =
  | { readonly state: "sent" }
  | { readonly state: "ack" }
  | { readonly state: "rejected"; readonly message: string; readonly rule?: string };

type Incoming =
  | { type: "view"; table: string; seq: number; view: View }
  | PatchMessage
  | { type: "ack"; id: string; seq: number }
  | { type: "rejected"; id: string; error: string; message: string; rule?: string; seq?: number }
  | { type: "error"; error: string; message: string }
  | ({ type: "outChat"; table: string } & OutChatPush)
  | { type: "pong" };

export interface PhoneSocket {
  readonly view: View | null;
  readonly connected: boolean;
  /** A refusal from the server (a freed seat, a wrong token: then no more reconnecting), or null. */
  readonly refused: string | null;
  readonly answers: Readonly<Record<string, Answer>>;
  /** Sends a command; answers its id, or null when the socket is down. */
  send(command: CommandBody): string | null;
  /** The out chat this seat may read (empty for a living seat until the result is announced). */
  readonly outChat: readonly OutLine[];
  /** Writes a line in the out chat; answers its id (its answer lands in `answers`), or null. */
  say(text: string): string | null;
}

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (n) => n.toString(16).padStart(2, "0")).join(
    "",
  );
}

export function usePhoneSocket(table: string, token: string): PhoneSocket {
  const [view, setView] = useState<View | null>(null);
  const [connected, setConnected] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [outChat, setOutChat] = useState<readonly OutLine[]>([]);
  const socket = useRef<WebSocket | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    let closed = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let ping: ReturnType<typeof setInterval> | null = null;
    /** The last whole view and its seq, which a patch must start from. */
    let held: HeldView | null = null;
    const subscribe = (ws: WebSocket) => {
      held = null;
      ws.send(JSON.stringify({ type: "subscribe", table, as: "seat", token }));
    };
    const connect = () => {
      if (closed) return;
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
      socket.current = ws;
      ws.onopen = () => {
        attempt = 0;
        setConnected(true);
        // Each subscription sends the whole out chat again (when there is any).
        setOutChat([]);
        subscribe(ws);
        ping = setInterval(() => ws.send(JSON.stringify({ type: "ping" })), 25_000);
      };
      ws.onmessage = (event) => {
        let message: Incoming;
        try {
          message = JSON.parse(String(event.data)) as Incoming;
        } catch {
          return;
        }
        if (message.type === "view" && message.table === table) {
          held = { seq: message.seq, view: message.view };
          seq.current = message.seq;
          setRefused(null);
          setView(message.view);
        } else if (message.type === "patch" && message.table === table) {
          const next = patched(held, message);
          // A patch from a view this phone does not hold: the whole view again.
          if (!next) return subscribe(ws);
          held = next;
          seq.current = next.seq;
          setView(next.view);
        } else if (message.type === "outChat" && message.table === table) {
          setOutChat((held) => mergeOutChat(held, message));
        } else if (message.type === "ack") {
          seq.current = Math.max(seq.current, message.seq);
          setAnswers((a) => ({ ...a, [message.id]: { state: "ack" } }));
        } else if (message.type === "rejected") {
          if (typeof message.seq === "number") seq.current = Math.max(seq.current, message.seq);
          const answer: Answer = message.rule
            ? { state: "rejected", message: message.message, rule: message.rule }
            : { state: "rejected", message: message.message };
          setAnswers((a) => ({ ...a, [message.id]: answer }));
        } else if (message.type === "error") {
          setRefused(message.message);
          // A freed seat or a token the table refuses will not work on a retry either.
          if (message.error === "seat_freed" || message.error === "forbidden") {
            closed = true;
            ws.close();
          }
        }
      };
      ws.onclose = () => {
        setConnected(false);
        if (ping) clearInterval(ping);
        ping = null;
        if (socket.current === ws) socket.current = null;
        if (!closed) retry = setTimeout(connect, backoffMs(attempt++));
      };
    };
    connect();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      if (ping) clearInterval(ping);
      socket.current?.close();
    };
  }, [table, token]);

  const post = (message: Record<string, unknown>): string | null => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return null;
    const id = randomId();
    ws.send(JSON.stringify({ ...message, table, token, id }));
    setAnswers((a) => ({ ...a, [id]: { state: "sent" } }));
    return id;
  };
  const send = (command: CommandBody) => post({ type: "command", seq: seq.current, command });
  const say = (text: string) => post({ type: "say", text });

  return { view, connected, refused, answers, send, outChat, say };
}
