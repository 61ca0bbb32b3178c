// Against guessing (each sign-in counted before its password is checked, per address and per login
// and address with back-off, shared by several processes through Redis; unknown join codes per
// address) and the session cookie's flags on plain http, over https, and behind a proxy that is or
// is not trusted.

import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/app.js";
import { MemoryCounts } from "../src/auth/memory-counts.js";
import { RedisCounts } from "../src/auth/redis-counts.js";
import { prepareSetup } from "../src/auth/setup.js";
import { type AttemptCounts, JOIN_LIMIT, lockMs, SIGN_IN_LIMITS } from "../src/auth/throttle.js";
import type { RedisClient } from "../src/realtime/redis.js";
import { type Harness, harness, newTable, PASSWORD, setUpClub } from "./helpers/api.js";
import { BACKENDS, sqlite } from "./helpers/backends.js";
import { cheapPasswords } from "./helpers/passwords.js";
import {
  dropPrefix,
  freshPostgres,
  type Process,
  REDIS_URL,
  RedisRelay,
  serverOn,
  testPrefix,
} from "./helpers/redis.js";
import { snapshot } from "./helpers/snapshot.js";

/** A sign-in from `remoteAddress` through `inject`. */
function signInOn(app: Harness["app"], login: string, password: string, remoteAddress: string) {
  return app.inject({ method: "POST", url: "/api/session", remoteAddress, payload: { login, password } });
}

/** How many of the answers had each status: { 401: 10, 429: 50 }. */
function statuses(answers: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
}

const COUNTS: { name: string; open(): Promise<{ counts: AttemptCounts; close(): Promise<void> }> }[] = [
  { name: "memory", open: async () => ({ counts: new MemoryCounts(), close: async () => {} }) },
  {
    name: "Redis",
    async open() {
      const client = createClient({ url: REDIS_URL }) as RedisClient;
      await client.connect();
      const prefix = testPrefix();
      return {
        counts: new RedisCounts(client, prefix),
        async close() {
          await dropPrefix(prefix);
          await client.close();
        },
      };
    },
  },
];

describe.each(COUNTS)("attempt counts in $name", (kind) => {
  let counts: AttemptCounts;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ counts, close } = await kind.open());
  });
  afterAll(() => close());

  it("a window counts `attempts`, then makes the key wait until the oldest expires; a forgotten one is free again", async () => {
    const limit = { attempts: 3, windowMs: 60_000 };
    let now = 1_000_000;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const counted = await counts.take("a", limit, now);
      expect(counted.waitMs).toBe(0);
      ids.push(counted.id);
      now += 1000;
    }
    // Attempts at 0 s, 1 s and 2 s; now is 3 s: the first expires at 60 s.
    expect((await counts.take("a", limit, now)).waitMs).toBe(57_000);
    expect((await counts.take("b", limit, now)).waitMs).toBe(0);
    await counts.forget("a", ids[1] as string);
    expect((await counts.take("a", limit, now)).waitMs).toBe(0);
    expect((await counts.take("a", limit, now)).waitMs).toBe(57_000);
    now += 57_000;
    expect((await counts.take("a", limit, now)).waitMs).toBe(0);
  });

  it("parallel attempts on one key: exactly `attempts` are counted", async () => {
    const limit = { attempts: 10, windowMs: 60_000 };
    const all = await Promise.all(Array.from({ length: 60 }, () => counts.take("burst", limit, 5_000_000)));
    expect(all.filter((c) => c.waitMs === 0)).toHaveLength(10);
  });

  it("a lock-out lets `free` tries, then locks for 1, 2, 4 … min; unlock clears it", async () => {
    const b = SIGN_IN_LIMITS.pair;
    let now = 10_000_000;
    for (let i = 0; i < b.free; i++) expect(await counts.tryLocked("p", b, now)).toBe(0);
    expect(await counts.tryLocked("p", b, now)).toBe(b.firstMs);
    for (const minutes of [1, 2, 4, 8]) {
      now += minutes * 60_000;
      expect(await counts.tryLocked("p", b, now), `after ${minutes} min`).toBe(0);
      expect(await counts.tryLocked("p", b, now)).toBe(minutes * 2 * 60_000);
    }
    expect(lockMs(1000, b)).toBe(b.maxMs);
    expect(await counts.tryLocked("q", b, now)).toBe(0);
    await counts.unlock("p");
    for (let i = 0; i < b.free; i++) expect(await counts.tryLocked("p", b, now)).toBe(0);
  });
});

describe.each(BACKENDS)("sign-in throttle on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(backend);
    await setUpClub(h);
    for (const login of ["boris", "vera", "gleb"]) {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/hosts",
        headers: { cookie: await setUpCookie() },
        payload: { name: login, login, password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
    }
    // The accounts signed in below, a hundred times, verify at scrypt's lowest cost.
    await cheapPasswords(h.store, ["admin", "boris", "vera", "gleb"], PASSWORD);
  });
  afterAll(() => h.close());

  /** The admin's cookie, signed in from an address of its own (so the test's addresses stay clean). */
  async function setUpCookie(): Promise<string> {
    const res = await signIn("admin", PASSWORD, "10.9.9.9");
    expect(res.statusCode).toBe(200);
    return `misto_session=${res.cookies.find((c) => c.name === "misto_session")?.value}`;
  }

  const signIn = (login: string, password: string, remoteAddress: string) =>
    signInOn(h.app, login, password, remoteAddress);

  it("refuses an address after ten wrong passwords (429 too_many_attempts, Retry-After), the right one too; others go on", async () => {
    const address = "10.0.0.1";
    for (let i = 0; i < SIGN_IN_LIMITS.address.attempts; i++) {
      const res = await signIn(i % 2 ? "boris" : "nobody", "wrong password", address);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const before = h.url ? await snapshot(h.url) : null;
    const refused = await signIn("gleb", PASSWORD, address);
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
    expect((await signIn("gleb", PASSWORD, "10.0.0.2")).statusCode).toBe(200);
  });

  it("60 parallel wrong passwords from one address: 10 are checked (401), 50 refused (429) before any check", async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(`guess-${i}`, "wrong password", "10.4.0.1")),
    );
    expect(statuses(burst)).toEqual({
      401: SIGN_IN_LIMITS.address.attempts,
      429: 60 - SIGN_IN_LIMITS.address.attempts,
    });
    // On one login, its lock-out stops the burst sooner: after five.
    const onOne = await Promise.all(
      Array.from({ length: 60 }, () => signIn("boris", "wrong password", "10.4.0.2")),
    );
    expect(statuses(onOne)).toEqual({ 401: SIGN_IN_LIMITS.pair.free, 429: 60 - SIGN_IN_LIMITS.pair.free });
  });

  it("locks a login out from the guessing address only, for a minute after five wrong passwords", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.pair.free; i++) {
      expect((await signIn("vera", "wrong password", "10.5.0.1")).statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await signIn("VERA", PASSWORD, "10.5.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "too_many_attempts" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(SIGN_IN_LIMITS.pair.firstMs / 1000);
    // The host herself, elsewhere; another login from the guessing address.
    expect((await signIn("vera", PASSWORD, "10.5.0.2")).statusCode).toBe(200);
    expect((await signIn("gleb", PASSWORD, "10.5.0.1")).statusCode).toBe(200);
  });

  it("a stranger guessing from many addresses cannot lock the admin out of her own", {
    timeout: 60_000,
  }, async () => {
    // Four per address (below the lock-out), from ten addresses: forty wrong passwords.
    for (let i = 0; i < 40; i++) {
      const res = await signIn("admin", "wrong password", `10.6.0.${Math.floor(i / 4)}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await signIn("admin", PASSWORD, "10.9.9.9")).statusCode).toBe(200);
  });

  it("a right password is no guess: signing in again and again never uses the address's count up", async () => {
    for (let i = 0; i < 2 * SIGN_IN_LIMITS.address.attempts; i++) {
      expect((await signIn("gleb", PASSWORD, "10.7.0.1")).statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    expect((await signIn("gleb", "wrong password", "10.7.0.1")).statusCode).toBe(401);
  });
});

describe("the sign-in throttle with two processes on Redis", () => {
  let pg: Awaited<ReturnType<typeof freshPostgres>>;
  let prefix: string;
  let a: Process;
  let b: Process;
  beforeAll(async () => {
    pg = await freshPostgres();
    prefix = testPrefix();
    a = await serverOn(pg.url, { url: REDIS_URL, prefix });
    b = await serverOn(pg.url, { url: REDIS_URL, prefix });
    await setUpClub(a);
    await cheapPasswords(a.store, ["admin"], PASSWORD);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropPrefix(prefix);
    await pg?.dispose();
  });

  it("shares the address's count: a burst of 30 on each process checks 10 in all", async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signInOn(i % 2 ? a.app : b.app, `guess-${i}`, "wrong password", "10.8.0.1"),
      ),
    );
    expect(statuses(burst)).toEqual({
      401: SIGN_IN_LIMITS.address.attempts,
      429: 60 - SIGN_IN_LIMITS.address.attempts,
    });
  });

  it("shares the lock-out: five wrong on A lock the login out on B, from that address only", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.pair.free; i++) {
      expect((await signInOn(a.app, "admin", "wrong password", "10.8.0.2")).statusCode).toBe(401);
    }
    expect((await signInOn(b.app, "admin", PASSWORD, "10.8.0.2")).statusCode).toBe(429);
    expect((await signInOn(b.app, "admin", PASSWORD, "10.8.0.3")).statusCode).toBe(200);
  });

  it("while Redis is away, a process counts on its own: sign-ins go on and the limit holds", async () => {
    const relay = await RedisRelay.open();
    const c = await serverOn(pg.url, { url: relay.url, prefix });
    try {
      relay.cut();
      expect((await signInOn(c.app, "admin", PASSWORD, "10.8.1.1")).statusCode).toBe(200);
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signInOn(c.app, `guess-${i}`, "wrong password", "10.8.1.2")),
      );
      expect(statuses(burst)).toEqual({
        401: SIGN_IN_LIMITS.address.attempts,
        429: 20 - SIGN_IN_LIMITS.address.attempts,
      });
    } finally {
      relay.mend();
      await c.close();
      await relay.close();
    }
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
    for (let i = 0; sent < JOIN_LIMIT.attempts; i++) {
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
  it("100 parallel unknown codes from one address: 60 are looked up (404), 40 refused (429)", async () => {
    const guesses = Array.from(
      { length: 100 },
      (_, i) =>
        `Q${String(2 + (i % 8))}${"ABCDEFGHJK"[Math.floor(i / 8) % 10]}${"MNPQRSTUVW"[Math.floor(i / 80) % 10]}XY`,
    );
    const burst = await Promise.all(guesses.filter((g) => g !== code).map((g) => join(g, 2, "10.3.1.1")));
    expect(statuses(burst)).toEqual({ 404: JOIN_LIMIT.attempts, 429: burst.length - JOIN_LIMIT.attempts });
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
      for (let i = 0; i < SIGN_IN_LIMITS.pair.free; i++) {
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
