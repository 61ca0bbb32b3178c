// GET /metrics: the Prometheus text (./metrics.ts), for a scraper holding the metrics token. Counts
// moving at night would tell a player polling them that someone woke, so the figures are never
// public: without a configured token the route answers 404, with one it wants `Authorization:
// Bearer <token>` (Prometheus's `authorization: { credentials }`), compared in constant time.
// It is the operator's, not the API's: kept out of the OpenAPI document.

import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { HttpError, refusalOf } from "../errors.js";
import type { Metrics } from "./metrics.js";

const digest = (text: string) => createHash("sha256").update(text).digest();

export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const wanted = token ? digest(token) : null;
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!wanted)
      throw new HttpError(404, "not_found", "metrics are off: start the server with --metrics-token");
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!given || !timingSafeEqual(digest(given), wanted))
      throw new HttpError(401, "bad_token", "metrics need the header Authorization: Bearer <metrics token>");
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}

/** The outcome label of a command's answer: "accepted", or its refusal's code ("internal" when unknown). */
export function outcomeOf(refusal: unknown): { outcome: string; rule?: string } {
  if (refusal === null) return { outcome: "accepted" };
  const known = refusalOf(refusal);
  if (!known) return { outcome: "internal" };
  const rule = known.code === "rule" ? known.extra.rule : undefined;
  return typeof rule === "string" ? { outcome: known.code, rule } : { outcome: known.code };
}
