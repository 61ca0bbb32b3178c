// The phone's connection: subscribes over /ws as its seat with the seat's token, keeps the last view
// pushed (on every reconnect the server sends the whole view again; between, patches of it: @misto/protocol patch.ts), and sends the player's
// commands with a random id and the last seq received; each answer (ack or rejected) is kept by id.
// A seat out of the game also holds the out chat (pushed as `outChat`) and writes in it with `say`.
// The socket is the one realtime client's (../sync/realtime.ts: its back-off, its checks on receipt).
// At an online table it holds who is played by a bot (`away`, ./away.ts); `reconnect` takes the
// seat back from its bot (a new subscription with the seat token).

import type { CommandBody, View } from "@misto/engine";
import type { Say, SeatCommand } from "@misto/protocol";
import { type HeldView, patched } from "@misto/protocol/patch";
import { useEffect, useRef, useState } from "preact/hooks";
import { type Channel, openChannel } from "../sync/realtime.js";
import { type Away, awayAfter, NOBODY_AWAY } from "./away.js";
import { mergeOutChat, type OutLine } from "./chat.js";

export type Answer =
  | { readonly state: "sent" }
  | { readonly state: "ack" }
  | { readonly state: "rejected"; readonly message: string; readonly rule?: string };

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
  /** Who is played by a bot at an online table, and the last announcement of it. */
  readonly away: Away;
  /** Closes the socket and subscribes again at once: a seat a bot plays is its player's again. */
  reconnect(): void;
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
  const channel = useRef<Channel | null>(null);
  const seq = useRef(0);
  const [away, setAway] = useState<Away>(NOBODY_AWAY);

  useEffect(() => {
    /** The last whole view and its seq, which a patch must start from. */
    let held: HeldView | null = null;
    const link = openChannel({
      hello: () => {
        held = null;
        // Each subscription sends the whole out chat again (when there is any).
        setOutChat([]);
        return [{ type: "subscribe", table, as: "seat", token }];
      },
      onConnected: setConnected,
      onMessage: (message) => {
        if (message.type === "away") {
          setAway((away) => awayAfter(away, message, table));
        } else if (message.type === "view" && message.table === table) {
          held = { seq: message.seq, view: message.view };
          seq.current = message.seq;
          setRefused(null);
          setView(message.view);
        } else if (message.type === "patch" && message.table === table) {
          const next = patched(held, message);
          // A patch from a view this phone does not hold: the whole view again.
          if (!next) return link.hello();
          held = next;
          seq.current = next.seq;
          setView(next.view);
        } else if (message.type === "outChat" && message.table === table) {
          setOutChat((lines) => mergeOutChat(lines, message));
        } else if (message.type === "ack") {
          seq.current = Math.max(seq.current, message.seq);
          setAnswers((a) => ({ ...a, [message.id]: { state: "ack" } }));
        } else if (message.type === "rejected") {
          seq.current = Math.max(seq.current, message.seq);
          const answer: Answer = message.rule
            ? { state: "rejected", message: message.message, rule: message.rule }
            : { state: "rejected", message: message.message };
          setAnswers((a) => ({ ...a, [message.id]: answer }));
        } else if (message.type === "error") {
          setRefused(message.message);
          // A freed seat or a token the table refuses will not work on a retry either.
          if (message.error === "seat_freed" || message.error === "forbidden") link.close();
        }
      },
    });
    channel.current = link;
    return () => {
      channel.current = null;
      link.close();
    };
  }, [table, token]);

  /** Sends a command or a line under a new id: the id, or null when the socket is down. */
  const post = (message: SeatCommand | Say): string | null => {
    if (!channel.current?.send(message)) return null;
    setAnswers((a) => ({ ...a, [message.id]: { state: "sent" } }));
    return message.id;
  };
  const send = (command: CommandBody) =>
    post({ type: "command", table, token, id: randomId(), seq: seq.current, command });
  const say = (text: string) => post({ type: "say", table, token, id: randomId(), text });

  // A reconnect asked for: the old socket is closed without a retry, a new one opens now.
  const reconnect = () => channel.current?.reconnect();

  return { view, connected, refused, answers, send, outChat, say, away, reconnect };
}
