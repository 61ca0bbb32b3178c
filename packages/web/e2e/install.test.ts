// The app is installable (issue 3): Chromium's own installability check (over the DevTools protocol,
// in a profile of its own: an incognito context is never installable) finds nothing wrong, the
// manifest parses without errors with the fields an install needs, and the service worker, the
// icon and the manifest are served with their types. The service worker (Workbox, from
// vite-plugin-pwa) precaches every chunk of the build: each file under dist/assets (club pages, the
// QR code, each language) is in its cache under its hashed name. (A reload offline is
// offline.test.ts's; a new build announced, not applied mid-game, update.test.ts's.)

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { expect, it } from "vitest";
import { CHROMIUM, serve, tempDb, until } from "./club.js";

declare const navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };
declare const caches: {
  keys(): Promise<string[]>;
  open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
};

const ASSETS = fileURLToPath(new URL("../dist/assets", import.meta.url));

/** Every path in the page's caches (a precached file's query, Workbox's revision, dropped). */
function cachedPaths(): Promise<string[]> {
  return (async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
    return paths;
  })();
}

it("the manifest, the service worker and the icon make an installable app", async () => {
  const db = tempDb();
  const served = await serve(db.file);
  const profile = mkdtempSync(join(tmpdir(), "misto-e2e-profile-"));
  const context = await chromium.launchPersistentContext(profile, CHROMIUM);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${served.url}/signin`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

    for (const [path, type] of [
      ["/manifest.webmanifest", "application/manifest+json"],
      ["/sw.js", "javascript"],
      ["/icon.svg", "image/svg+xml"],
    ] as const) {
      const answer = await page.request.get(`${served.url}${path}`);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["content-type"], path).toContain(type);
    }

    // Every chunk of the build, each language's too, is kept on the device under its hashed name.
    const chunks = readdirSync(ASSETS).map((name) => `/assets/${name}`);
    expect(chunks.filter((path) => /\/assets\/(ru|uk|en)-[\w-]+\.js$/.test(path))).toHaveLength(3);
    let cached: string[] = [];
    await until("the service worker to precache every chunk", async () => {
      cached = await page.evaluate(cachedPaths);
      return chunks.every((path) => cached.includes(path));
    });
    expect(cached).toEqual(
      expect.arrayContaining([...chunks, "/index.html", "/manifest.webmanifest", "/icon.svg"]),
    );

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: unknown[];
      data?: string;
    };
    expect(manifest.url).toBe(`${served.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? "{}") as Record<string, unknown>;
    expect(data).toMatchObject({ short_name: "Misto", start_url: "/", scope: "/", display: "standalone" });
    expect(data.icons).toEqual(expect.arrayContaining([expect.objectContaining({ src: "/icon.svg" })]));

    const check = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
    expect(check.installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await served.stop();
    db.dispose();
    rmSync(profile, { recursive: true, force: true });
  }
}, 60_000);
