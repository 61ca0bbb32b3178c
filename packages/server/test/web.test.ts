// The web app is served from its built folder with index.html for every page; when it is not
// built, a page says how to build it. /api and /ws never fall back to it. Every answer carries a
// Content-Security-Policy (no inline script, no framing but the display's), the bundle goes gzip or
// brotli when asked, hashed assets are cached a year and index.html and sw.js never.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, harness } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";

/** A bundle as Vite names it (its hash in the name), about the size of the console's. */
const BUNDLE = "index-B5dGNf-P.js";
const BUNDLE_TEXT = Array.from({ length: 6000 }, (_, i) => `export const line${i} = "seat ${i % 12}";`).join(
  "\n",
);

/** A Content-Security-Policy header as directive → its sources. */
function csp(header: unknown): Map<string, string[]> {
  expect(typeof header, "content-security-policy").toBe("string");
  const directives = (header as string).split(";").map((d) => d.trim().split(/\s+/));
  return new Map(directives.filter((d) => d[0]).map(([name, ...sources]) => [name as string, sources]));
}

describe("the built web app", () => {
  let h: Harness;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "misto-web-"));
    mkdirSync(join(root, "assets"));
    writeFileSync(join(root, "index.html"), "<!doctype html><title>Misto app</title>");
    writeFileSync(join(root, "assets", "app.js"), "console.log('misto')");
    writeFileSync(join(root, "assets", BUNDLE), BUNDLE_TEXT);
    writeFileSync(join(root, "sw.js"), "self.addEventListener('fetch', () => {})");
    h = await harness(sqlite, root);
  });
  afterAll(async () => {
    await h.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("serves its files", async () => {
    const index = await h.app.inject({ method: "GET", url: "/" });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain("Misto app");
    const js = await h.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(js.statusCode).toBe(200);
    expect(js.headers["content-type"]).toMatch(/javascript/);
  });

  it("answers every other page with index.html (the app routes itself)", async () => {
    for (const url of ["/setup", "/tables/abc/host", "/club/players?x=1"]) {
      const res = await h.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain("Misto app");
    }
  });

  it("never answers /api or /ws paths or other methods with the app", async () => {
    for (const [method, url] of [
      ["GET", "/api/unknown"],
      ["GET", "/ws/extra"],
      ["POST", "/tables"],
      ["GET", "/api/tables/x/y/z"],
    ] as const) {
      const res = await h.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: "not_found", message: expect.any(String) });
    }
  });

  it("sends the bundle brotli or gzip when the browser asks, plain when it does not", async () => {
    const url = `/assets/${BUNDLE}`;
    const br = await h.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE_TEXT);
    expect(br.rawPayload.length).toBeLessThan(BUNDLE_TEXT.length / 3);
    const gzip = await h.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE_TEXT);
    const plain = await h.app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BUNDLE_TEXT);
  });

  it("caches hashed assets for a year as immutable; index.html, sw.js and the pages never", async () => {
    for (const url of [`/assets/${BUNDLE}`, "/assets/app.js"]) {
      const res = await h.app.inject({ method: "GET", url });
      expect(res.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
    }
    for (const url of ["/", "/index.html", "/sw.js", "/setup", "/display/abc"]) {
      const res = await h.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("sends a Content-Security-Policy: the app's own scripts and styles only, nothing inline, never framed", async () => {
    for (const url of [
      "/",
      "/setup",
      "/tables/abc/host",
      "/join",
      `/assets/${BUNDLE}`,
      "/api/health",
      "/api/x",
    ]) {
      const policy = csp((await h.app.inject({ method: "GET", url })).headers["content-security-policy"]);
      expect(policy.get("default-src"), url).toEqual(["'self'"]);
      expect(policy.get("script-src"), url).toEqual(["'self'"]);
      expect(policy.get("script-src-attr"), url).toEqual(["'none'"]);
      expect(policy.get("style-src"), url).toEqual(["'self'"]);
      expect(policy.get("object-src"), url).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors"), url).toEqual(["'none'"]);
      // Plain http on the club's LAN must keep working.
      expect(policy.has("upgrade-insecure-requests"), url).toBe(false);
      expect([...policy.values()].flat(), url).not.toContain("'unsafe-inline'");
    }
  });

  it("lets any site frame the table display and the overlay (a stream's), and nothing else", async () => {
    for (const url of ["/display/abc", "/display/abc?theme=dark", "/overlay/abc"]) {
      const res = await h.app.inject({ method: "GET", url });
      const policy = csp(res.headers["content-security-policy"]);
      expect(policy.get("frame-ancestors"), url).toEqual(["*"]);
      expect(policy.get("script-src"), url).toEqual(["'self'"]);
      expect(res.headers["x-frame-options"], url).toBeUndefined();
    }
    for (const url of [
      "/display",
      "/display/abc/host",
      "/tables/display/abc",
      "/broadcast/abc",
      "/board/abc",
    ]) {
      const policy = csp((await h.app.inject({ method: "GET", url })).headers["content-security-policy"]);
      expect(policy.get("frame-ancestors"), url).toEqual(["'none'"]);
    }
  });

  it("refuses a path out of its folder", async () => {
    const res = await h.app.inject({ method: "GET", url: "/../../../etc/passwd" });
    expect(res.body).not.toContain("root:");
  });
});

describe("the web app not built yet", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(sqlite, join(tmpdir(), "misto-no-such-web-folder"));
  });
  afterAll(() => h.close());

  it("says so, and how to build it, on every page", async () => {
    for (const url of ["/", "/setup"]) {
      const res = await h.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain("not built");
      expect(res.body).toContain("npm run build");
    }
    expect((await h.app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ ok: true });
  });
});
