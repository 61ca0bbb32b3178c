// Setup, sign-in and hosts: the routes of docs/api.md "Setup and sign-in".

import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HostAnswer, NewHostBody, NoContent, SetupBody, SetupState, SignInBody } from "@misto/protocol";
import { HttpError } from "../errors.js";
import { doc } from "../openapi.js";
import { type HostRow, type PersonRow, type Store, StoreConflict } from "../store/index.js";
import { KeyedMutex } from "../tables/mutex.js";
import { signedIn } from "./access.js";
import { decoyHash, hashPassword, verifyPassword } from "./password.js";
import { sameHash, tokenHash } from "./secrets.js";
import { endSession, hostInfo, SESSION_COOKIE, startSession } from "./sessions.js";
import { SignInThrottle } from "./sign-in-throttle.js";
import type { AttemptCounts } from "./throttle.js";

/** Logins are compared without case: "Anna" and "anna" are one host. */
export function loginKey(login: string): string {
  return login.toLowerCase();
}

/** A new member of the club's directory (every account is one). */
export function newMember(name: string, at: number): PersonRow {
  return { id: randomUUID(), name, kind: "member", council: false, mergedInto: null, createdAt: at };
}

/**
 * `counts` is where wrong sign-ins are counted; `onSignOut` hears the hash of each session that
 * ends, to close that host's live connections.
 */
export function authRoutes(
  store: Store,
  counts: AttemptCounts,
  onSignOut: (sessionHash: string) => void = () => {},
): FastifyPluginAsyncTypebox {
  // Two setup requests at once must not both create a club.
  const setupLock = new KeyedMutex();
  // Wrong passwords slow a guesser down: per address, and per login from that address.
  const throttle = new SignInThrottle(counts);

  return async (app) => {
    app.get(
      "/api/setup",
      {
        schema: { ...doc("setup", "Whether the club still needs its setup"), response: { 200: SetupState } },
      },
      async () => ({
        needed: (await store.getClub()) === null,
      }),
    );

    app.post(
      "/api/setup",
      {
        schema: {
          ...doc("setup", "Creates the club and its admin with the one-time token"),
          body: SetupBody,
          response: { 201: HostAnswer },
        },
      },
      (request, reply) =>
        setupLock.run("setup", async () => {
          const body = request.body;
          if (await store.getClub()) throw new HttpError(409, "already_set_up", "the club is already set up");
          const expected = await store.getSetupToken();
          if (!expected || !sameHash(tokenHash(body.token), expected)) {
            throw new HttpError(
              403,
              "bad_token",
              "this setup link is not valid: use the one `misto serve` printed",
            );
          }
          const at = Date.now();
          const person = newMember(body.admin.name, at);
          const admin: HostRow = {
            id: randomUUID(),
            name: body.admin.name,
            login: loginKey(body.admin.login),
            role: "admin",
            passwordHash: await hashPassword(body.admin.password),
            createdAt: at,
            personId: person.id,
          };
          await store.createClub({ id: randomUUID(), name: body.club.name }, admin, person);
          await store.setSetupToken(null);
          await startSession(store, admin, request, reply);
          return reply.code(201).send({ host: hostInfo(admin) });
        }),
    );

    app.post(
      "/api/session",
      {
        schema: {
          ...doc("setup", "Signs in: the session cookie"),
          body: SignInBody,
          response: { 200: HostAnswer },
        },
      },
      async (request, reply) => {
        const login = loginKey(request.body.login);
        // Looked up first: should the database fail, no attempt was counted (nor a host locked out).
        const host = await store.findHostByLogin(login);
        const attempt = await throttle.admit(login, request.ip, reply);
        const ok = await verifyPassword(request.body.password, host?.passwordHash ?? (await decoyHash()));
        if (!host || !ok) throw new HttpError(401, "bad_credentials", "the login or the password is wrong");
        await attempt.right();
        await startSession(store, host, request, reply);
        return { host: hostInfo(host) };
      },
    );

    app.delete(
      "/api/session",
      {
        config: { access: "account" },
        schema: { ...doc("setup", "Signs out"), response: { 204: NoContent("Signed out: no body") } },
      },
      async (request, reply) => {
        const cookie = request.cookies[SESSION_COOKIE];
        await endSession(store, request, reply);
        if (cookie) onSignOut(tokenHash(cookie));
        return reply.code(204).send();
      },
    );

    app.get(
      "/api/me",
      {
        config: { access: "account" },
        schema: { ...doc("setup", "The signed-in account"), response: { 200: HostAnswer } },
      },
      async (request) => ({
        host: hostInfo(signedIn(request)),
      }),
    );

    app.post(
      "/api/hosts",
      {
        config: { access: "host" },
        schema: {
          ...doc("setup", "The admin adds a host"),
          body: NewHostBody,
          response: { 201: HostAnswer },
        },
      },
      async (request, reply) => {
        const me = signedIn(request);
        if (me.role !== "admin") throw new HttpError(403, "forbidden", "only the club's admin may add hosts");
        const login = loginKey(request.body.login);
        const taken = () => new HttpError(409, "login_taken", `the login "${login}" is taken`);
        if (await store.findHostByLogin(login)) throw taken();
        const at = Date.now();
        const person = newMember(request.body.name, at);
        const host: HostRow = {
          id: randomUUID(),
          name: request.body.name,
          login,
          role: "host",
          passwordHash: await hashPassword(request.body.password),
          createdAt: at,
          personId: person.id,
        };
        try {
          await store.createHost(host, person);
        } catch (error) {
          if (error instanceof StoreConflict) throw taken();
          throw error;
        }
        return reply.code(201).send({ host: hostInfo(host) });
      },
    );
  };
}
