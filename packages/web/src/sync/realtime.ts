// The one realtime client of the web app (docs/api.md "Realtime"): the host console, the phone and
// the display each open a channel to /ws with it. It says who it is on every (re)connection (the
// subscription), pings, reconnects with the same back-off everywhere (doubling from 1 s to 30 s,
// jittered), and checks every message received against the protocol's schemas
// (checkServerMessage): a malformed one is dropped and counted, never handed on.

import { type ClientMessage, checkServerMessage, type ServerMessage } from "@misto/protocol";

/** The first reconnect waits about this long; each next one twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/** A ping this often keeps proxies from closing a quiet connection. */
export const PING_MS = 25_000;

/** The wait before reconnect attempt `attempt` (0 first): doubling, capped, ±20% jitter. */
export function backoffMs(attempt: number, jitter: number = Math.random()): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * jitter));
}

/** What the channel needs of a WebSocket (the browser's; a test's fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  send(text: string): void;
  close(): void;
}

export interface ChannelOptions {
  /** What to send on each (re)connection: the subscription (the server forgets it with the socket). */
  readonly hello: () => readonly ClientMessage[];
  /** Each well-formed message received. */
  readonly onMessage: (message: ServerMessage) => void;
  /** The connection came up (true) or went down (false). */
  readonly onConnected?: (connected: boolean) => void;
  /** A message received was dropped as malformed (not JSON, or no server message's schema). */
  readonly onMalformed?: (count: number) => void;
  /** Opens a socket (default: the browser's WebSocket to this page's /ws). */
  readonly open?: () => SocketLike;
  /** The jitter source of the back-off (default Math.random). */
  readonly random?: () => number;
}

export interface Channel {
  /** Sends a message now; false when the socket is not open (nothing is queued). */
  send(message: ClientMessage): boolean;
  /** Subscribes again on the open socket (the hello), e.g. after a patch from a view not held. */
  hello(): void;
  /** Drops the socket and connects again at once, the back-off started over. */
  reconnect(): void;
  /** Closes for good: no more reconnecting. */
  close(): void;
  /** How many received messages were dropped as malformed. */
  readonly malformed: number;
  readonly connected: boolean;
}

const OPEN = 1;

function browserSocket(): SocketLike {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  // The channel's own small socket shape over the browser's (a test passes a fake one).
  const socket: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    onopen: null,
    onmessage: null,
    onclose: null,
    send: (text) => ws.send(text),
    close: () => ws.close(),
  };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onmessage = (event) => socket.onmessage?.(event);
  ws.onclose = (event) => socket.onclose?.(event);
  return socket;
}

/** Parses and checks one frame: the message, or null when it is malformed. */
export function readServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  return checkServerMessage(message) ? message : null;
}

export function openChannel(options: ChannelOptions): Channel {
  const open = options.open ?? browserSocket;
  const random = options.random ?? Math.random;
  let socket: SocketLike | null = null;
  let closed = false;
  let connected = false;
  let attempt = 0;
  let malformed = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let ping: ReturnType<typeof setInterval> | null = null;

  const raw = (ws: SocketLike, message: ClientMessage) => ws.send(JSON.stringify(message));
  const setConnected = (now: boolean) => {
    if (now === connected) return;
    connected = now;
    options.onConnected?.(now);
  };
  const stopPing = () => {
    if (ping) clearInterval(ping);
    ping = null;
  };
  const greet = (ws: SocketLike) => {
    for (const message of options.hello()) raw(ws, message);
  };

  function connect(): void {
    if (closed) return;
    if (retry) clearTimeout(retry);
    retry = null;
    const ws = open();
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setConnected(true);
      greet(ws);
      stopPing();
      ping = setInterval(() => ws.readyState === OPEN && raw(ws, { type: "ping" }), PING_MS);
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      const message = readServerMessage(event.data);
      if (message) options.onMessage(message);
      else options.onMalformed?.(++malformed);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      stopPing();
      setConnected(false);
      if (!closed) retry = setTimeout(connect, backoffMs(attempt++, random()));
    };
  }

  /** Forgets the socket without its close scheduling a retry. */
  function drop(): void {
    const ws = socket;
    socket = null;
    stopPing();
    if (retry) clearTimeout(retry);
    retry = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
    }
    setConnected(false);
  }

  connect();
  return {
    send(message) {
      if (!socket || socket.readyState !== OPEN) return false;
      raw(socket, message);
      return true;
    },
    hello() {
      if (socket && socket.readyState === OPEN) greet(socket);
    },
    reconnect() {
      if (closed) return;
      drop();
      attempt = 0;
      connect();
    },
    close() {
      closed = true;
      drop();
    },
    get malformed() {
      return malformed;
    },
    get connected() {
      return connected;
    },
  };
}
