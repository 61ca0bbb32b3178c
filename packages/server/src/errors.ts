// One error shape for every 4xx and 5xx answer: { error, message, rule? } (docs/api.md).

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { StoreUnavailable } from "./store/types.js";

export interface ErrorAnswer {
  readonly error: string;
  readonly message: string;
  readonly rule?: string;
  readonly [extra: string]: unknown;
}

/** An answer to refuse a request with; thrown from a handler, sent by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): ErrorAnswer {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

/** Seconds a client is told to wait (Retry-After) before sending again a request the database missed. */
const RETRY_AFTER_S = 1;

/**
 * The answer a failure is refused with when it is one the client can act on: an HttpError as it
 * is, the database away (StoreUnavailable) as a 503 "unavailable"; null for anything else (a 500).
 */
export function refusalOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof StoreUnavailable) return new HttpError(503, "unavailable", error.message);
  return null;
}

/** Fastify's own refusals, by status, when they carry no code of ours. */
const CODES: Record<number, string> = {
  400: "invalid",
  401: "signed_out",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  406: "not_acceptable",
  409: "conflict",
  413: "too_large",
  415: "unsupported_media_type",
  422: "unprocessable",
  426: "upgrade_required",
  429: "too_many_requests",
};

function send(reply: FastifyReply, status: number, body: ErrorAnswer): FastifyReply {
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

/** Installs the error handler that turns every failure into the contract's error shape. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = refusalOf(thrown);
    if (refusal) {
      if (refusal.status === 503) reply.header("retry-after", String(RETRY_AFTER_S));
      return send(reply, refusal.status, refusal.body());
    }
    const error = thrown as FastifyError;
    if (error.validation) {
      return send(reply, 400, { error: "invalid", message: error.message });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        return send(reply, 413, {
          error: "too_large",
          message: "the body is too large: 64 KiB at most (32 MiB for an import)",
        });
      }
      return send(reply, status, { error: CODES[status] ?? "bad_request", message: error.message });
    }
    request.log.error({ err: error }, "request failed");
    return send(reply, 500, { error: "internal", message: "something went wrong on the server" });
  });
}

/** Under /api and /ws an unknown route is a JSON 404, never the web app. */
export function notFoundAnswer(method: string, url: string): ErrorAnswer {
  return { error: "not_found", message: `no route ${method} ${url.split("?")[0]}` };
}
