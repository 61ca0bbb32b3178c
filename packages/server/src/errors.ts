// One error shape for every 4xx and 5xx answer: { error, message, rule? } (docs/api.md).

import { LINES_PATTERN, TEXT_PATTERN } from "@misto/protocol";
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
    const known = refusalOf(thrown);
    if (known) {
      if (known.status === 503) reply.header("retry-after", String(RETRY_AFTER_S));
      return send(reply, known.status, known.body());
    }
    const error = thrown as FastifyError;
    if (error.validation) return send(reply, ...schemaRefusal(error));
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

/**
 * A request its schema refused: a path naming nothing (a malformed id) is 404, a text holding a
 * control character or a lone surrogate is 422, anything else 400.
 */
function schemaRefusal(error: FastifyError): [number, ErrorAnswer] {
  if (error.validationContext === "params") {
    return [404, { error: "not_found", message: `nothing at this path: ${error.message}` }];
  }
  const first = error.validation?.[0];
  const pattern = (first?.params as { pattern?: unknown } | undefined)?.pattern;
  if (first?.keyword === "pattern" && (pattern === TEXT_PATTERN || pattern === LINES_PATTERN)) {
    const field = first.instancePath.replace(/^\//, "").replaceAll("/", ".") || "the text";
    return [
      422,
      { error: "bad_text", message: `${field}: a text may hold no control characters or lone surrogates` },
    ];
  }
  return [400, { error: "invalid", message: error.message }];
}

/** Under /api and /ws an unknown route is a JSON 404, never the web app. */
export function notFoundAnswer(method: string, url: string): ErrorAnswer {
  return { error: "not_found", message: `no route ${method} ${url.split("?")[0]}` };
}
