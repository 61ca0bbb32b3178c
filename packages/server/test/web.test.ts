// The web app is served from its built folder with index.html for every page; when it is not
// built, a page says how to build it. /api and /ws never fall back to it.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, harness } from "./helpers/api.js";
import { sqlite } from "./helpers/backends.js";

describe("the built web app", () => {
  let h: Harness;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "misto-web-"));
    mkdirSync(join(root, "assets"));
    writeFileSync(join(root, "index.html"), "<!doctype html><title>Misto app</title>");
    writeFileSync(join(root, "assets", "app.js"), "console.log('misto')");
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
