// What a browser is told with every answer (docs/api.md "Security"): a Content-Security-Policy
// that allows the app's own files only (no inline script or style, nothing from elsewhere, no
// framing but the display's), helmet's other headers, and gzip or brotli when the client asks.

import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyReply } from "fastify";
import helmet, { contentSecurityPolicy } from "helmet";

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

/**
 * Our CSP with these frame-ancestors, and only ours: helmet's defaults would add
 * upgrade-insecure-requests, which breaks a club served over plain http on its LAN.
 */
const policy = (frameAncestors: readonly string[]) => ({
  useDefaults: false,
  directives: { ...CSP_DIRECTIVES, frameAncestors },
});

/**
 * Helmet's headers with our CSP; frame-ancestors says what X-Frame-Options would (and, unlike it,
 * can allow the display anywhere). Built once: @fastify/helmet built a middleware for every
 * request (4% of a request's CPU when its answer is small).
 */
const everyAnswer = helmet({
  contentSecurityPolicy: policy(CSP_DIRECTIVES.frameAncestors),
  frameguard: false,
});
/** The display's CSP alone, over the one every answer was given. */
const framedPolicy = contentSecurityPolicy(policy(["*"]));

export async function browserHeaders(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", (request, reply, done) =>
    everyAnswer(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
  await app.register(fastifyCompress, { encodings: ["br", "gzip"] });
}

/** This answer's page may be framed by any site: the table display, shown in a stream's overlay. */
export function mayBeFramed(reply: FastifyReply): void {
  framedPolicy(reply.request.raw, reply.raw, () => undefined);
}
