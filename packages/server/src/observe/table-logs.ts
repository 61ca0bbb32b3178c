// Every log line about a table carries its id as `table` (docs/operations.md "Logs"): a request to
// /api/tables/:id/… logs through a child logger bound to the id from its first line ("incoming
// request") to its last; the realtime channel and the online runner name the table in their own.

import type { FastifyServerOptions } from "fastify";

/** A table's path: its id is the segment after /api/tables/ (the same ids the routes accept). */
const TABLE_PATH = /^\/api\/tables\/([A-Za-z0-9_-]{1,64})(?:[/?]|$)/;

/** Fastify's childLoggerFactory: the request's logger, bound to the table its path names. */
export const tableChildLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (
  logger,
  bindings,
  options,
  raw,
) => {
  const table = TABLE_PATH.exec(raw.url ?? "")?.[1];
  return logger.child(table === undefined ? bindings : { ...bindings, table }, options);
};
