// Sessions: a random token in an HTTP-only, SameSite=Strict cookie; the store keeps its hash only.

import type { FastifyReply, FastifyRequest } from "fastify";
import type { HostRow, Role, Store } from "../store/index.js";
import { newToken, tokenHash } from "./secrets.js";

export const SESSION_COOKIE = "misto_session";
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export interface HostInfo {
  readonly id: string;
  readonly name: string;
  readonly login: string;
  readonly role: Role;
  readonly person: string | null;
}

/** What a client may see of an account: never the password hash. */
export function hostInfo(host: HostRow): HostInfo {
  return { id: host.id, name: host.name, login: host.login, role: host.role, person: host.personId };
}

/** Starts a session for the host and sets its cookie (Secure when the request came over HTTPS). */
export async function startSession(
  store: Store,
  host: HostRow,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const token = newToken(32);
  const now = Date.now();
  await store.createSession({
    tokenHash: tokenHash(token),
    hostId: host.id,
    createdAt: now,
    expiresAt: now + SESSION_MS,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    maxAge: SESSION_MS / 1000,
  });
}

/** The signed-in host of a request's cookie, or null (an expired session is removed on the way). */
export async function sessionHost(store: Store, cookie: string | undefined): Promise<HostRow | null> {
  if (!cookie || cookie.length > 100) return null;
  const hash = tokenHash(cookie);
  const session = await store.getSession(hash);
  if (!session) return null;
  if (session.expiresAt <= Date.now()) {
    await store.deleteSession(hash);
    return null;
  }
  return (await store.getHost(session.hostId)) ?? null;
}

/** Hosts and the administration create and run tables; a member only signs in. */
export function runsTables(account: HostRow): boolean {
  return account.role === "admin" || account.role === "host";
}

/** Ends the request's session and clears its cookie. */
export async function endSession(store: Store, request: FastifyRequest, reply: FastifyReply) {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) await store.deleteSession(tokenHash(cookie));
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
  });
}
