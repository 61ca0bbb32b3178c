// A WebSocket client for the realtime tests: collects messages and waits for the next one.

import type { ServerMessage } from "@misto/protocol";
import WebSocket from "ws";

export class Client {
  readonly messages: ServerMessage[] = [];
  private read = 0;
  private wake: (() => void) | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.messages.push(JSON.parse(String(data)) as ServerMessage);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", (code, reason) => {
        resolve({ code, reason: String(reason) });
        this.wake?.();
      });
    });
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
