// The HTTP envelope: one error shape, body limits, JSON only, unknown routes under /api.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../src/auth/password.js";
import { type Harness, harness, setUpClub } from "./helpers/api.js";
import { BACKENDS } from "./helpers/backends.js";

describe.each(BACKENDS)("HTTP envelope on $name", (backend) => {
  let h: Harness;
  let cookie: string;
  beforeAll(async () => {
    h = await harness(backend);
    cookie = await setUpClub(h);
  });
  afterAll(() => h.close());

  it("refuses a body over 64 KiB with 413 too_large", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ login: "admin", password: "x".repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "too_large", message: expect.any(String) });
  });

  it("refuses malformed JSON with 400 invalid", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "application/json" },
      payload: '{"login": "admin",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "invalid", message: expect.any(String) });
  });

  it("refuses a body that is not JSON with 415", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/session",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "login=admin&password=whatever1",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: "unsupported_media_type", message: expect.any(String) });
  });

  it("answers an unknown route under /api with a JSON 404", async () => {
    for (const [method, url] of [
      ["GET", "/api/nothing"],
      ["POST", "/api/nothing"],
      ["DELETE", "/api/tables"],
      ["GET", "/api"],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: { cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: "not_found", message: expect.any(String) });
    }
  });

  it("sends nosniff on every answer", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("passwords", () => {
  it("hash with a fresh salt each time and verify only the right password", async () => {
    const a = await hashPassword("a long password");
    const b = await hashPassword("a long password");
    expect(a).not.toBe(b);
    expect(await verifyPassword("a long password", a)).toBe(true);
    expect(await verifyPassword("a long passworD", a)).toBe(false);
    expect(await verifyPassword("a long password", "plain")).toBe(false);
    expect(await verifyPassword("a long password", a.replace("$32768$", "$1073741824$"))).toBe(false);
  });
});
