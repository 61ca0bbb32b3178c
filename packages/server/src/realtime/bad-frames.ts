// A client's bad WebSocket frames (malformed messages, and frames the ws library itself refuses:
// bad UTF-8, a wrong opcode, an unmasked frame) are logged once per connection, as a warning
// without a stack: they are the client's fault, and a noisy client must not flood the log.

import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";

/** The connections whose bad frame is already in the log. */
const logged = new WeakSet<WebSocket>();

/** Logs the connection's first bad frame, and none after it. */
export function badFrame(request: FastifyRequest, socket: WebSocket, reason: string): void {
  if (logged.has(socket)) return;
  logged.add(socket);
  request.log.warn({ reason }, "bad WebSocket frame (only a connection's first is logged)");
}

/**
 * @fastify/websocket's error handler: a frame ws refused (its errors' codes start WS_ERR_) is a
 * bad frame; anything else is the server's failure, logged whole. Either way the socket is dropped.
 */
export function socketError(error: Error & { code?: unknown }, socket: WebSocket, request: FastifyRequest) {
  if (typeof error.code === "string" && error.code.startsWith("WS_ERR_")) {
    badFrame(request, socket, error.message);
  } else {
    request.log.error({ err: error }, "WebSocket failed");
  }
  socket.terminate();
}
