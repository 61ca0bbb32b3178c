// Setup, sign-in, sessions and hosts (docs/api.md "Setup and sign-in"), on every database.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHash } from "../src/auth/secrets.js";
import { prepareSetup } from "../src/auth/setup.js";
import { addHost, cookieOf, type Harness, harness, PASSWORD, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";

const setupBody = (token: string, login = "admin") => ({
  token,
  club: { name: "Misto Club" },
  admin: { name: "Anna", login, password: PASSWORD },
});

describe.each(BACKENDS)("auth on $name", (backend) => {
  describe("before setup", () => {
    let h: Harness;
    beforeAll(async () => {
      h = await harness(backend);
    });
    afterAll(() => h.close());

    it("GET /api/health answers ok", async () => {
      const res = await h.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    });

    it("GET /api/setup says setup is needed", async () => {
      const res = await h.app.inject({ method: "GET", url: "/api/setup" });
      expect(res.json()).toEqual({ needed: true });
    });

    it("POST /api/setup refuses a wrong token (403 bad_token) and a malformed body (400 invalid)", async () => {
      const token = await prepareSetup(h.store);
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      // Only the token's hash is stored.
      expect(await h.store.getSetupToken()).toBe(tokenHash(token as string));
      const wrong = await h.app.inject({
        method: "POST",
        url: "/api/setup",
        payload: setupBody("not-the-token"),
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: "bad_token" });
      const extra = await h.app.inject({
        method: "POST",
        url: "/api/setup",
        payload: { ...setupBody(token as string), role: "admin" },
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toMatchObject({ error: "invalid" });
      expect(extra.json().message).toMatch(/additional/);
      const shortPassword = await h.app.inject({
        method: "POST",
        url: "/api/setup",
        payload: { ...setupBody(token as string), admin: { name: "A", login: "admin", password: "short" } },
      });
      expect(shortPassword.statusCode).toBe(400);
      expect(shortPassword.json().message).toMatch(/password/);
      const wrongType = await h.app.inject({
        method: "POST",
        url: "/api/setup",
        payload: { ...setupBody(token as string), club: { name: 42 } },
      });
      expect(wrongType.statusCode).toBe(400);
      expect((await h.app.inject({ method: "GET", url: "/api/setup" })).json()).toEqual({ needed: true });
    });

    it("a token from an earlier start no longer works", async () => {
      const first = (await prepareSetup(h.store)) as string;
      await prepareSetup(h.store);
      const res = await h.app.inject({ method: "POST", url: "/api/setup", payload: setupBody(first) });
      expect(res.statusCode).toBe(403);
    });

    it("the right token creates the club and its admin once, signed in; reused, it is refused", async () => {
      const token = (await prepareSetup(h.store)) as string;
      const res = await h.app.inject({ method: "POST", url: "/api/setup", payload: setupBody(token) });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        host: {
          id: expect.any(String),
          name: "Anna",
          login: "admin",
          role: "admin",
          person: expect.any(String),
        },
      });
      const cookie = res.cookies.find((c) => c.name === "misto_session");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
      expect(cookie?.secure).toBeFalsy(); // plain HTTP here; Secure over HTTPS
      expect(cookie?.maxAge).toBe(30 * 24 * 3600);
      expect(JSON.stringify(res.json())).not.toMatch(/scrypt/);
      const me = await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookieOf(res) } });
      expect(me.json().host.role).toBe("admin");
      expect(await h.store.getSetupToken()).toBeNull();
      expect((await h.app.inject({ method: "GET", url: "/api/setup" })).json()).toEqual({ needed: false });
      const again = await h.app.inject({
        method: "POST",
        url: "/api/setup",
        payload: setupBody(token, "other"),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: "already_set_up" });
      expect(await prepareSetup(h.store)).toBeNull();
    });
  });

  describe("after setup", () => {
    let h: Harness;
    let admin: string;
    let host: string;
    beforeAll(async () => {
      h = await harness(backend);
      admin = await setUpClub(h);
      host = await addHost(h, admin);
    });
    afterAll(() => h.close());

    it("POST /api/session signs a host in with the right password only (401 bad_credentials)", async () => {
      const ok = await h.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { login: "admin", password: PASSWORD },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().host).toMatchObject({ login: "admin", role: "admin" });
      const upper = await h.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { login: "ADMIN", password: PASSWORD },
      });
      expect(upper.statusCode).toBe(200);
      for (const payload of [
        { login: "admin", password: "wrong password" },
        { login: "nobody", password: PASSWORD },
      ]) {
        const res = await h.app.inject({ method: "POST", url: "/api/session", payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: "bad_credentials", message: expect.any(String) });
        expect(res.cookies).toHaveLength(0);
      }
      const malformed = await h.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { login: "admin" },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ error: "invalid" });
      const badLogin = await h.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { login: "a b c", password: PASSWORD },
      });
      expect(badLogin.statusCode).toBe(400);
    });

    it("GET /api/me needs a live session (401 signed_out)", async () => {
      expect(
        (await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie: host } })).json().host,
      ).toMatchObject({
        login: "boris",
        role: "host",
      });
      for (const headers of [{}, { cookie: "misto_session=forged" }, { cookie: "other=1" }]) {
        const res = await h.app.inject({ method: "GET", url: "/api/me", headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: "signed_out", message: expect.any(String) });
      }
    });

    it("an expired session is refused and removed", async () => {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { login: "boris", password: PASSWORD },
      });
      const token = (res.cookies.find((c) => c.name === "misto_session") as { value: string }).value;
      const hash = tokenHash(token);
      const row = await h.store.getSession(hash);
      await h.store.deleteSession(hash);
      await h.store.createSession({
        tokenHash: hash,
        hostId: row?.hostId as string,
        createdAt: 0,
        expiresAt: Date.now() - 1,
      });
      const me = await h.app.inject({
        method: "GET",
        url: "/api/me",
        headers: { cookie: `misto_session=${token}` },
      });
      expect(me.statusCode).toBe(401);
      expect(await h.store.getSession(hash)).toBeNull();
    });

    it("DELETE /api/session ends the session (204), then it is refused", async () => {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/session",
        payload: { login: "boris", password: PASSWORD },
      });
      const cookie = cookieOf(res);
      const out = await h.app.inject({ method: "DELETE", url: "/api/session", headers: { cookie } });
      expect(out.statusCode).toBe(204);
      expect(out.cookies.find((c) => c.name === "misto_session")?.value).toBe("");
      expect((await h.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(
        401,
      );
      const again = await h.app.inject({ method: "DELETE", url: "/api/session", headers: { cookie } });
      expect(again.statusCode).toBe(401);
    });

    it("POST /api/hosts: the admin adds a host (201); a host may not (403); signed out (401)", async () => {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/hosts",
        headers: { cookie: admin },
        payload: { name: "Vera", login: "vera", password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        host: {
          id: expect.any(String),
          name: "Vera",
          login: "vera",
          role: "host",
          person: expect.any(String),
        },
      });
      const byHost = await h.app.inject({
        method: "POST",
        url: "/api/hosts",
        headers: { cookie: host },
        payload: { name: "Gleb", login: "gleb", password: PASSWORD },
      });
      expect(byHost.statusCode).toBe(403);
      expect(byHost.json()).toMatchObject({ error: "forbidden" });
      const signedOut = await h.app.inject({
        method: "POST",
        url: "/api/hosts",
        payload: { name: "Gleb", login: "gleb", password: PASSWORD },
      });
      expect(signedOut.statusCode).toBe(401);
      expect(await h.store.findHostByLogin("gleb")).toBeNull();
    });

    it("POST /api/hosts refuses a taken login (409 login_taken) and malformed bodies (400)", async () => {
      for (const login of ["boris", "Boris"]) {
        const res = await h.app.inject({
          method: "POST",
          url: "/api/hosts",
          headers: { cookie: admin },
          payload: { name: "B2", login, password: PASSWORD },
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ error: "login_taken" });
      }
      for (const payload of [
        { name: "X", login: "xx", password: PASSWORD },
        { name: "X", login: "xavier", password: 12345678 },
        { name: "X", login: "xavier", password: PASSWORD, role: "admin" },
        { name: "", login: "xavier", password: PASSWORD },
        [],
      ]) {
        const res = await h.app.inject({
          method: "POST",
          url: "/api/hosts",
          headers: { cookie: admin },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: "invalid", message: expect.any(String) });
      }
    });

    it("stores passwords as scrypt hashes that verify", async () => {
      const row = await h.store.findHostByLogin("boris");
      expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
      expect(row?.passwordHash).not.toContain(PASSWORD);
    });
  });
});
