// What a browser is told with every answer (docs/api.md "Security"): a Content-Security-Policy
// that allows the app's own files only (no inline script or style, nothing from elsewhere, no
// framing but the display's), helmet's other headers, and gzip or brotli when the client asks.

import fastifyCompress from "@fastify/compress";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * The web app loads its own scripts, styles, icon and manifest, talks to its own /api and /ws
 * ('self' covers ws: on the same host and port), and draws the join QR code as inline SVG markup.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export async function browserHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    // Only ours: helmet's defaults would add upgrade-insecure-requests, which breaks a club served
    // over plain http on its LAN.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // frame-ancestors says it, per page (X-Frame-Options cannot allow the display anywhere).
    frameguard: false,
  });
  await app.register(fastifyCompress, { encodings: ["br", "gzip"] });
}

/** This answer's page may be framed by any site: the table display, shown in a stream's overlay. */
export function mayBeFramed(reply: FastifyReply): void {
  reply.helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES, frameAncestors: ["*"] } },
    frameguard: false,
  });
}
