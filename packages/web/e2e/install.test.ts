// The app is installable (issue 3): Chromium's own installability check (over the DevTools protocol,
// in a profile of its own: an incognito context is never installable) finds nothing wrong, the
// manifest parses without errors with the fields an install needs, and the service worker, the
// icon and the manifest are served with their types. (A reload offline is offline.test.ts's.)

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { expect, it } from "vitest";
import { CHROMIUM, serve, tempDb } from "./club.js";

declare const navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };

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
