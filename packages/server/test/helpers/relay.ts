// A TCP relay for the outage tests: it passes bytes between a client (Misto) and a server (Redis,
// PostgreSQL), and on demand drops every connection through it, and refuses new ones until mended.

import { createServer, type Server, Socket } from "node:net";

export class TcpRelay {
  private readonly sockets = new Set<Socket>();
  private refusing = false;
  private readonly server: Server;
  /** The port it listens on, at 127.0.0.1 (once listening). */
  port = 0;
  /** How many client connections it has dropped in all. */
  dropped = 0;

  constructor(host: string, port: number) {
    this.server = createServer((inbound) => {
      if (this.refusing) {
        inbound.destroy();
        return;
      }
      const outbound = new Socket();
      outbound.connect(port, host);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {
          inbound.destroy();
          outbound.destroy();
        });
      }
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    return this;
  }

  /** The server is gone: every connection through the relay drops, and new ones are refused. */
  cut(): void {
    this.refusing = true;
    // Half of the set is the server side of each pair: a client connection is one of two.
    this.dropped += this.sockets.size / 2;
    for (const s of this.sockets) s.destroy();
  }

  /** The server is back. */
  mend(): void {
    this.refusing = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
