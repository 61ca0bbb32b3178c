// The access hook (auth/access.ts): where in a request's life it checks a route's declared access,
// and what a handler may read of it. Every route's own refusals are walked in openapi.test.ts.

import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installAccess, signedIn } from "../src/auth/access.js";
import { installErrorHandler } from "../src/errors.js";
import { addMember, type Harness, harness, SEATS, setUpClub } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";

describe("the access hook", () => {
  let h: Harness;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    h = await harness(sqlite);
    admin = await setUpClub(h);
    member = await addMember(h, admin, "Mila", "mila");
  });
  afterAll(() => h.close());

  const newTable = (cookie: string | null, payload: unknown) =>
    h.app.inject({
      method: "POST",
      url: "/api/tables",
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  it("checks after the request is validated: a malformed body is a 400 before a 401, then 401 before 403", async () => {
    const bad = await newTable(null, { seats: "twelve" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("invalid");
    const body = { seats: SEATS, deal: { seed: "access" } };
    const anonymous = await newTable(null, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: "signed_out", message: "sign in as a host first" });
    const refused = await newTable(member, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "forbidden",
      message: "only a host or the administration runs tables",
    });
    expect((await newTable(admin, body)).statusCode).toBe(201);
    // A GET route's HEAD twin declares the same access.
    expect((await h.app.inject({ method: "HEAD", url: "/api/me" })).statusCode).toBe(401);
    expect(
      (await h.app.inject({ method: "HEAD", url: "/api/me", headers: { cookie: member } })).statusCode,
    ).toBe(200);
  });

  it("checks the import's access before its body is read: a large or broken body from a non-admin is refused", async () => {
    const broken = `{"records": [${"1,".repeat(50 * 1024)}`;
    const send = (cookie: string | null) =>
      h.app.inject({
        method: "POST",
        url: "/api/games/import",
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        payload: broken,
      });
    const anonymous = await send(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: "signed_out", message: "sign in first" });
    const refused = await send(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "forbidden",
      message: "only the club's administration may do this",
    });
    // The admin's body is read: it is not JSON.
    expect((await send(admin)).json().error).toBe("invalid");
  });

  describe("on a route of its own", () => {
    let app: FastifyInstance;
    const seen: string[] = [];
    beforeAll(async () => {
      app = Fastify();
      installErrorHandler(app);
      installAccess(app, h.store);
      await app.register(fastifyCookie);
      app.get("/undeclared", async (request) => ({ id: signedIn(request).id }));
      app.get(
        "/declared",
        {
          config: { access: "account" },
          // The route's own hook runs after the check, with the account on the request.
          preHandler: async (request) => {
            seen.push(request.account?.login ?? "nobody");
          },
        },
        async (request) => ({ login: signedIn(request).login }),
      );
      await app.ready();
    });
    afterAll(() => app.close());

    it("gives a handler the admitted account, after the check and before the route's own hooks", async () => {
      const refused = await app.inject({ method: "GET", url: "/declared" });
      expect(refused.statusCode).toBe(401);
      expect(seen).toEqual([]);
      const admitted = await app.inject({ method: "GET", url: "/declared", headers: { cookie: member } });
      expect(admitted.json()).toEqual({ login: "mila" });
      expect(seen).toEqual(["mila"]);
    });

    it("refuses to read an account on a route that declares no access: a 500, never an anonymous account", async () => {
      const res = await app.inject({ method: "GET", url: "/undeclared", headers: { cookie: member } });
      expect(res.statusCode).toBe(500);
    });
  });
});
