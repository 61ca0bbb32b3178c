// A WebSocket client for the realtime tests: collects messages and waits for the next one.

import type { ServerMessage } from "@misto/protocol";
import { type HeldView, patched } from "@misto/protocol";
import WebSocket from "ws";

export class Client {
  readonly messages: ServerMessage[] = [];
  /** Every message as sent, patches as patches. */
  readonly raw: ServerMessage[] = [];
  private readonly listeners: ((message: ServerMessage) => void)[] = [];
  /** Per table: the view this client holds and its seq. */
  private readonly held = new Map<string, HeldView>();
  private read = 0;
  private wake: (() => void) | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = this.whole(JSON.parse(String(data)) as ServerMessage);
      this.messages.push(message);
      for (const listener of this.listeners) listener(message);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", (code, reason) => {
        resolve({ code, reason: String(reason) });
        this.wake?.();
      });
    });
  }

  /**
   * A patch becomes the view it makes, as the web client applies it (protocol/src/patch.ts), so the
   * tests read whole views; `raw` keeps what was sent. A patch from a seq this client does not hold
   * fails the test: the server must send the whole view then.
   */
  private whole(message: ServerMessage): ServerMessage {
    this.raw.push(message);
    if (message.type === "view") this.held.set(message.table, { seq: message.seq, view: message.view });
    if (message.type !== "patch") return message;
    const next = patched(this.held.get(message.table) ?? null, message);
    if (!next) throw new Error(`a patch from seq ${message.base}, but this client holds another`);
    this.held.set(message.table, next);
    return { type: "view", table: message.table, seq: next.seq, view: next.view };
  }

  /** Runs `listener` on each message as it arrives (a patch as the whole view it makes). */
  onMessage(listener: (message: ServerMessage) => void): void {
    this.listeners.push(listener);
  }

  static open(baseUrl: string, headers: Record<string, string> = {}): Promise<Client> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`, { headers });
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new Client(socket)));
      socket.once("error", reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next message not yet read (fails after `ms`). */
  async next(ms = 10_000): Promise<ServerMessage> {
    const deadline = Date.now() + ms;
    while (this.read >= this.messages.length) {
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`no message within ${ms} ms (read ${this.read})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return this.messages[this.read++] as ServerMessage;
  }

  /** Messages still unread after waiting `ms`: to check that nothing was sent. */
  async quiet(ms = 150): Promise<ServerMessage[]> {
    await new Promise((r) => setTimeout(r, ms));
    const rest = this.messages.slice(this.read);
    this.read = this.messages.length;
    return rest;
  }

  close(): void {
    this.socket.close();
  }
}

/** The sockets a test file opens, closed together when it is done. */
export class Clients {
  private readonly opened: Client[] = [];

  async open(baseUrl: string, headers: Record<string, string> = {}): Promise<Client> {
    const c = await Client.open(baseUrl, headers);
    this.opened.push(c);
    return c;
  }

  closeAll(): void {
    for (const c of this.opened.splice(0)) c.close();
  }
}
