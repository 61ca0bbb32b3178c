// Against guessing (wrong passwords are throttled per address and per login, unknown join codes per
// address) and the session cookie's flags on plain http, over https, and behind a proxy that is or
// is not trusted.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/app.js";
import { prepareSetup } from "../src/auth/setup.js";
import { JOIN_LIMIT, SIGN_IN_LIMITS, Throttle } from "../src/auth/throttle.js";
import { type Harness, harness, newTable, PASSWORD, setUpClub } from "./helpers/api.js";
import { BACKENDS, sqlite } from "./helpers/backends.js";
import { snapshot } from "./helpers/snapshot.js";

describe("Throttle", () => {
  it("lets a key fail `failures` times in the window, then makes it wait until the oldest expires", () => {
    let now = 1_000_000;
    const throttle = new Throttle({ failures: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.wait("a")).toBe(0);
      throttle.fail("a");
      now += 1000;
    }
    // Failures at 0 s, 1 s and 2 s; now is 3 s: the first expires at 60 s.
    expect(throttle.wait("a")).toBe(57_000);
    expect(throttle.wait("b")).toBe(0);
    now += 57_000;
    expect(throttle.wait("a")).toBe(0);
    throttle.fail("a");
    expect(throttle.wait("a")).toBeGreaterThan(0);
    now += 60_000;
    expect(throttle.wait("a")).toBe(0);
  });
});

describe.each(BACKENDS)("sign-in throttle on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(backend);
    await setUpClub(h);
    for (const login of ["boris", "vera"]) {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/hosts",
        headers: { cookie: await setUpCookie() },
        payload: { name: login, login, password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => h.close());

  /** The admin's cookie, signed in from an address of its own (so the test's addresses stay clean). */
  async function setUpCookie(): Promise<string> {
    const res = await signIn("admin", PASSWORD, "10.9.9.9");
    expect(res.statusCode).toBe(200);
    return `misto_session=${res.cookies.find((c) => c.name === "misto_session")?.value}`;
  }

  function signIn(login: string, password: string, remoteAddress: string) {
    return h.app.inject({ method: "POST", url: "/api/session", remoteAddress, payload: { login, password } });
  }

  it("refuses an address after ten wrong passwords (429 too_many_attempts, Retry-After), the right one too; others go on", async () => {
    const address = "10.0.0.1";
    for (let i = 0; i < SIGN_IN_LIMITS.address.failures; i++) {
      const res = await signIn(i % 2 ? "boris" : "nobody", "wrong password", address);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const before = h.url ? await snapshot(h.url) : null;
    const refused = await signIn("boris", PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    const body = refused.json() as { error: string; message: string; retryAfter: number };
    expect(body).toEqual({
      error: "too_many_attempts",
      message: expect.any(String),
      retryAfter: expect.any(Number),
    });
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.address.windowMs / 1000);
    expect(refused.headers["retry-after"]).toBe(String(body.retryAfter));
    expect(refused.cookies).toHaveLength(0);
    if (h.url) expect(await snapshot(h.url)).toEqual(before);
    // Another address signs the same host in.
    expect((await signIn("boris", PASSWORD, "10.0.0.2")).statusCode).toBe(200);
  });

  it("refuses a login after thirty wrong passwords from anywhere; other logins sign in", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.login.failures; i++) {
      // A fresh address each time: only the login's own count can stop this.
      const res = await signIn("vera", "wrong password", `10.1.${Math.floor(i / 200)}.${i % 200}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await signIn("VERA", PASSWORD, "10.2.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "too_many_attempts" });
    expect((await signIn("boris", PASSWORD, "10.2.0.1")).statusCode).toBe(200);
  });
});

describe.each(BACKENDS)("join code throttle on $name", (backend) => {
  let h: Harness;
  let code: string;
  beforeAll(async () => {
    h = await harness(backend);
    const admin = await setUpClub(h);
    const table = await newTable(h, admin);
    const seats = await h.app.inject({
      method: "GET",
      url: `/api/tables/${table.id}/seats`,
      headers: { cookie: admin },
    });
    code = (seats.json() as { code: string }).code;
  });
  afterAll(() => h.close());

  const join = (joinCode: string, seat: number, remoteAddress: string) =>
    h.app.inject({ method: "POST", url: "/api/join", remoteAddress, payload: { code: joinCode, seat } });

  it("refuses an address after sixty unknown codes (429 too_many_attempts), the right code too; others join", async () => {
    // Codes of the join alphabet that no table has (the table's own code is skipped).
    const wrong = (i: number) =>
      `ZZ${String(2 + (i % 8))}${"ABCDEFGHJK"[Math.floor(i / 8) % 10]}${"MNPQRSTUVW"[Math.floor(i / 80) % 10]}Y`;
    let sent = 0;
    for (let i = 0; sent < JOIN_LIMIT.failures; i++) {
      if (wrong(i) === code) continue;
      const res = await join(wrong(i), 1, "10.3.0.1");
      expect(res.statusCode, `guess ${sent + 1}`).toBe(404);
      sent += 1;
    }
    const refused = await join(code, 1, "10.3.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "too_many_attempts", retryAfter: expect.any(Number) });
    expect(refused.headers["retry-after"]).toBeDefined();
    // Nothing was joined by the refused attempt: seat 1 is still free for another address.
    expect((await join(code, 1, "10.3.0.2")).statusCode).toBe(201);
  });
});

describe("the session cookie's flags", () => {
  async function server(trustProxy?: string) {
    const { store, dispose } = await sqlite.open();
    const app = await buildServer({ store, webRoot: "/nonexistent", ...(trustProxy ? { trustProxy } : {}) });
    await app.ready();
    const token = (await prepareSetup(store)) as string;
    const setup = (headers: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/api/setup",
        headers,
        payload: {
          token,
          club: { name: "Club" },
          admin: { name: "Anna", login: "anna", password: PASSWORD },
        },
      });
    return {
      setup,
      signIn: (headers: Record<string, string>, password = PASSWORD) =>
        app.inject({ method: "POST", url: "/api/session", headers, payload: { login: "anna", password } }),
      async close() {
        await app.close();
        await dispose();
      },
    };
  }

  function flags(setCookie: string | string[] | undefined): string[] {
    const line = (Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? "";
    expect(line).toMatch(/^misto_session=[A-Za-z0-9_-]{40,}/);
    return line
      .split(/;\s*/)
      .slice(1)
      .map((f) => f.toLowerCase());
  }

  it("on plain http (127.0.0.1): HttpOnly, SameSite=Strict, Path=/, no Secure; a forwarded https is not believed", async () => {
    const s = await server();
    try {
      const setup = await s.setup({});
      expect(setup.statusCode).toBe(201);
      const plain = flags(setup.headers["set-cookie"]);
      expect(plain).toEqual(expect.arrayContaining(["httponly", "samesite=strict", "path=/"]));
      expect(plain.some((f) => f.startsWith("max-age="))).toBe(true);
      expect(plain).not.toContain("secure");
      // Without --trust-proxy anyone could send this header: it changes nothing.
      expect(flags((await s.signIn({ "x-forwarded-proto": "https" })).headers["set-cookie"])).not.toContain(
        "secure",
      );
    } finally {
      await s.close();
    }
  });

  it("behind a trusted proxy that says https: Secure, HttpOnly, SameSite=Strict", async () => {
    const s = await server("127.0.0.1");
    try {
      expect((await s.setup({})).statusCode).toBe(201);
      const forwarded = flags((await s.signIn({ "x-forwarded-proto": "https" })).headers["set-cookie"]);
      expect(forwarded).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=strict", "path=/"]));
      expect(flags((await s.signIn({ "x-forwarded-proto": "http" })).headers["set-cookie"])).not.toContain(
        "secure",
      );
    } finally {
      await s.close();
    }
  });

  it("behind a trusted proxy, the throttle counts the client's forwarded address, not the proxy's", async () => {
    const s = await server("127.0.0.1");
    try {
      expect((await s.setup({})).statusCode).toBe(201);
      for (let i = 0; i < SIGN_IN_LIMITS.address.failures; i++) {
        const res = await s.signIn({ "x-forwarded-for": "203.0.113.7" }, "wrong password");
        expect(res.statusCode).toBe(401);
      }
      expect((await s.signIn({ "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(429);
      // Another client behind the same proxy is not held up by the first one's guesses.
      expect((await s.signIn({ "x-forwarded-for": "203.0.113.8" })).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});
