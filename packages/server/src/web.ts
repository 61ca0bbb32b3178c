// The web app: files from its built folder, and index.html for every other page (it routes itself).
// Paths under /api and /ws are never the web app: there an unknown route is a JSON 404. The hashed
// files under assets/ never change, so a browser keeps them a year; everything else (index.html,
// sw.js, the manifest) is asked again each time, so a new build reaches every device at once.

import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFoundAnswer } from "./errors.js";
import { mayBeFramed } from "./headers.js";

/** packages/web/dist, found from this file (src/ under vitest, dist/ once built). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL("../../web/dist", import.meta.url));

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Misto</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<h1>Misto is running</h1>
<p>The server is up, but the web app is not built yet.</p>
<p>Build it from the repository's root with <code>npm run build -w @misto/web</code>, then reload this page.</p>
</body></html>
`;

/** Files whose names carry their content's hash (Vite's build): cached as immutable. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Every other file: kept, but checked again (ETag) before each use. */
export const REVALIDATE = "no-cache";

/** The table display and the overlay, /display/<id> and /overlay/<id>: the pages another site may frame (a stream's). */
function isDisplay(url: string): boolean {
  return /^\/(display|overlay)\/[^/?]+\/?(\?|$)/.test(url);
}

function isApi(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return path === "/api" || path.startsWith("/api/") || path === "/ws" || path.startsWith("/ws/");
}

export async function webApp(app: FastifyInstance, root: string): Promise<void> {
  const built = existsSync(join(root, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ["index.html"],
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = path.startsWith(join(root, "assets") + sep);
        reply.header("cache-control", hashed ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const page = (request.method === "GET" || request.method === "HEAD") && !isApi(request.url);
    if (!page) return reply.code(404).send(notFoundAnswer(request.method, request.url));
    if (isDisplay(request.url)) mayBeFramed(reply);
    reply.header("cache-control", REVALIDATE);
    if (built) return reply.type("text/html; charset=utf-8").sendFile("index.html");
    return reply.type("text/html; charset=utf-8").send(NOT_BUILT);
  });
}
