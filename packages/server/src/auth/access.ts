// Who may call a route, declared on the route (`config: { access }`) and checked by one hook that
// app.ts installs, so no handler repeats it: the hook loads the session's account and puts it on
// the request, where the handler reads it with signedIn(request). A route declaring no access is
// anyone's (a check that depends on the resource, a table's own host, stays in its handler).
//
// The check runs as the route's first preHandler: after the body, path and query are validated, as
// it ran when each handler called it first, so a malformed request is still a 400 (or a 404)
// before a 401. A route taking a large body (the import) asks for it before the body is read.

import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import { HttpError } from "../errors.js";
import type { HostRow, Store } from "../store/index.js";
import { runsTables, SESSION_COOKIE, sessionHost } from "./sessions.js";

/** A signed-in account of any role; a host or the admin; the admin. */
export type Access = "account" | "host" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; none: anyone (docs/api.md "Who may call a route"). */
    access?: Access;
    /** The access is checked before the body is read (onRequest), not after it is validated. */
    accessBeforeBody?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in account, on a route declaring its access; null elsewhere. */
    account: HostRow | null;
  }
}

/** The account of a request, or a refusal by its route's access (401 before 403). */
async function admitted(store: Store, request: FastifyRequest, access: Access): Promise<HostRow> {
  const account = await sessionHost(store, request.cookies[SESSION_COOKIE]);
  if (!account) {
    throw new HttpError(401, "signed_out", access === "host" ? "sign in as a host first" : "sign in first");
  }
  if (access === "host" && !runsTables(account))
    throw new HttpError(403, "forbidden", "only a host or the administration runs tables");
  if (access === "admin" && account.role !== "admin")
    throw new HttpError(403, "forbidden", "only the club's administration may do this");
  return account;
}

/** Where a route's own hooks of one stage are: none, one, or several. */
function withFirst(
  first: onRequestHookHandler,
  own: RouteOptions["preHandler"] | RouteOptions["onRequest"],
): onRequestHookHandler[] {
  return [first, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])] as onRequestHookHandler[];
}

/**
 * Installs the access check on every route registered after it that declares its access, and the
 * request's `account`. Called once, before any route.
 */
export function installAccess(app: FastifyInstance, store: Store): void {
  app.decorateRequest("account", null);
  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (!access) return;
    const check: onRequestHookHandler = async (request) => {
      request.account = await admitted(store, request, access);
    };
    if (route.config?.accessBeforeBody) route.onRequest = withFirst(check, route.onRequest);
    else route.preHandler = withFirst(check, route.preHandler);
  });
}

/** The account the access hook admitted; a route that declares no access has none to read. */
export function signedIn(request: FastifyRequest): HostRow {
  if (!request.account) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads its account but declares no access`);
  }
  return request.account;
}
