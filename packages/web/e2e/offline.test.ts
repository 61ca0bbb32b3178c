// The host console plays on without a network: the engine runs in the page, each step is queued in
// localStorage, a reload offline comes back from the service worker's cache with the queue intact,
// and back online the queue drains until the server holds exactly the game the page holds. Then the
// same with the server killed (SIGKILL) mid-game and restarted on its database and port.

import { type GameEvent, replay, viewFor } from "@misto/engine";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { phaseTitle } from "../src/game/steps.js";
import { translate } from "../src/i18n/core.js";
import {
  clubFixture,
  freshContext,
  keptTable,
  newTableThroughApi,
  newTableThroughUi,
  phaseHeading,
  relay,
  serve,
  serverTable,
  serverTableFromNode,
  setNetwork,
  setUpClub,
  signIn,
  step,
  syncStatus,
  until,
} from "./club.js";

declare const navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };
declare const document: { querySelectorAll(selector: string): Iterable<{ src: string }> };
declare const caches: {
  keys(): Promise<string[]>;
  open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
};

/** The heading the console should show for these events (the engine's host view, in English). */
function expectedHeading(events: readonly unknown[]): string {
  const view = viewFor(replay(events as GameEvent[]), "host");
  const title = phaseTitle(view);
  return translate("en", title.key, title.params);
}

async function syncClass(page: Page): Promise<string> {
  return (await syncStatus(page).getAttribute("class")) ?? "";
}

/**
 * Waits for every step to be acknowledged, at most `ms`: the kept queue is empty (it is written the
 * moment a step is made, before the screen re-renders) and the sync status says synced.
 */
async function waitSynced(page: Page, id: string, ms: number): Promise<void> {
  await until(
    "the queue to drain and the sync status to show synced",
    async () =>
      (await keptTable(page, id))?.queue.length === 0 && (await syncClass(page)).includes("sync-synced"),
    ms,
  );
}

/**
 * Makes `n` commands (closing the commissar's check is a tap, not a command), checking after each
 * that the page counts one more step not sent. Answers the number not sent at the end.
 */
async function offlineSteps(page: Page, n: number, pendingBefore: number, taps: string[]): Promise<number> {
  let pending = pendingBefore;
  for (let made = 0; made < n; ) {
    const tap = await step(page);
    taps.push(tap);
    if (tap === "closed the check") continue;
    made += 1;
    pending += 1;
    const want = pending;
    await until(`${want} steps shown as not sent (after ${tap})`, async () =>
      ((await syncStatus(page).textContent()) ?? "").includes(`${want} not sent`),
    );
  }
  return pending;
}

/** After a sync: the server's events are the page's events, and the page shows the server's game. */
async function expectSameGame(page: Page, context: BrowserContext, base: string, id: string): Promise<void> {
  const server = await serverTable(page, id);
  const kept = await keptTable(page, id);
  expect(kept?.queue).toEqual([]);
  expect(JSON.stringify(server.events)).toBe(JSON.stringify(kept?.events));
  expect(server.seq).toBe(server.events.length);
  expect(await phaseHeading(page).textContent()).toBe(expectedHeading(server.events));
  // The same from outside the page (Node with the session cookie): nothing the page could fake.
  const fromNode = await serverTableFromNode(context, base, id);
  expect(fromNode.events).toEqual(server.events);
}

describe("the host console offline", () => {
  const club = clubFixture();

  it("keeps playing offline, survives a reload offline, and syncs the same game", async () => {
    const { served, browser } = club;
    const context = await freshContext(browser);
    const page = await context.newPage();
    const taps: string[] = [];
    // The page reaches the server through a relay this test can cut: a real outage.
    const front = await relay(served.url);
    const offline = async (down: boolean) => {
      if (down) await setNetwork(context, false);
      front.cut(down);
      if (!down) await setNetwork(context, true);
    };
    try {
      expect(served.setupLink).toBeTruthy();
      await setUpClub(page, (served.setupLink as string).replace(served.url, front.url));
      const id = await newTableThroughUi(page, "e2e-offline-1");

      // The service worker (production build) keeps the app shell: index.html and its assets.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await until("the service worker to control the page", () =>
        page.evaluate(() => navigator.serviceWorker.controller !== null),
      );
      const cached = await page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys())
          for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
        return paths;
      });
      expect(cached).toContain("/index.html");
      const scripts = await page.evaluate(() =>
        [...document.querySelectorAll("script[src]")].map((s) => new URL(s.src).pathname),
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(cached).toContain(script);

      // Online: three steps, acknowledged.
      for (let i = 0; i < 3; i++) taps.push(await step(page));
      await waitSynced(page, id, 15_000);
      const before = await serverTableFromNode(context, served.url, id);

      // Offline: the console keeps working, the status says so, and the steps wait in localStorage.
      await offline(true);
      await until("the sync status to show offline", async () =>
        (await syncClass(page)).includes("sync-offline"),
      );
      expect(await syncStatus(page).textContent()).toContain("offline");
      // Through the rest of the accusations and into the vote.
      await offlineSteps(page, 14, 0, taps);
      const heading = await phaseHeading(page).textContent();
      const kept = await keptTable(page, id);
      expect(kept?.queue.length).toBe(14);
      expect(heading).toBe("Day 1 · voting");
      expect(heading).toBe(
        expectedHeading([...(kept?.events ?? []), ...(kept?.queue.flatMap((s) => s.events) ?? [])]),
      );
      // Nothing reached the server.
      expect((await serverTableFromNode(context, served.url, id)).seq).toBe(before.seq);

      // A reload while offline: the service worker answers with the kept shell, the queue is intact.
      const reloaded = await page.reload({ waitUntil: "load", timeout: 20_000 });
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await phaseHeading(page).waitFor({ timeout: 15_000 });
      expect(await phaseHeading(page).textContent()).toBe(heading);
      expect(await syncStatus(page).textContent()).toContain("14 not sent");
      expect((await keptTable(page, id))?.queue.length).toBe(14);
      expect((await serverTableFromNode(context, served.url, id)).seq).toBe(before.seq);

      // After the reload, still offline: the rest of the vote, its count, the last word, a whole night
      // and its end (HOST-4), the morning.
      const pending = await offlineSteps(page, 19, 14, taps);
      expect(pending).toBe(33);
      expect(await phaseHeading(page).textContent()).toMatch(/^Day 2 · /);
      const offlineEvents = await keptTable(page, id);
      const local = [
        ...(offlineEvents?.events ?? []),
        ...(offlineEvents?.queue.flatMap((s) => s.events) ?? []),
      ];

      // Opened offline, the shell could not ask who is signed in: no sign-out button yet.
      expect(await page.getByRole("button", { name: "Sign out" }).count()).toBe(0);

      // Back online: the queue drains, in order, and the server holds exactly the page's game.
      await offline(false);
      await waitSynced(page, id, 40_000);
      // The shell asks again once the network is back: the host is signed in.
      await page.getByRole("button", { name: "Sign out" }).waitFor({ timeout: 10_000 });
      await expectSameGame(page, context, served.url, id);
      const after = await serverTable(page, id);
      expect(JSON.stringify(after.events)).toBe(JSON.stringify(local));
      expect(after.seq).toBeGreaterThanOrEqual(before.seq + 33);
      if (process.env.E2E_LOG) console.log(taps.join("\n"));
    } catch (error) {
      throw new Error(`${(error as Error).message}\ntaps: ${taps.join(" | ")}`, { cause: error });
    } finally {
      await context.close();
      await front.close();
    }
  }, 180_000);

  it("puts a step made offline on top of another host's steps made meanwhile", async () => {
    const { served, browser } = club;
    const contextA = await freshContext(browser);
    const contextB = await freshContext(browser);
    const taps: string[] = [];
    // B reaches the server through a relay this test can cut: a real outage.
    const front = await relay(served.url);
    try {
      const a = await contextA.newPage();
      const b = await contextB.newPage();
      await signIn(a, served.url);
      await signIn(b, front.url);
      const id = await newTableThroughApi(a, "e2e-two-hosts-1");
      const path = `${served.url}/tables/${encodeURIComponent(id)}`;
      await a.goto(path);
      await b.goto(path.replace(served.url, front.url));
      await phaseHeading(a).waitFor({ timeout: 15_000 });
      await phaseHeading(b).waitFor({ timeout: 15_000 });

      // A plays; B follows through the realtime push.
      for (let i = 0; i < 3; i++) taps.push(await step(a));
      await waitSynced(a, id, 15_000);
      const now = async (page: Page) => (await page.locator(".day-panel .now").textContent()) ?? "";
      await until("B to follow A", async () => (await now(b)) === (await now(a)) && (await now(a)) !== "");

      // B, offline, gives seat 5 a foul; meanwhile A calls two more speakers.
      await setNetwork(contextB, false);
      front.cut(true);
      await until("B to show offline", async () => (await syncClass(b)).includes("sync-offline"));
      await b.locator(".ring .seat").nth(4).click();
      await b.getByRole("button", { name: "speaking out of turn" }).click();
      await until("B's foul to wait", async () =>
        ((await syncStatus(b).textContent()) ?? "").includes("1 not sent"),
      );
      for (let i = 0; i < 2; i++) taps.push(await step(a));
      await waitSynced(a, id, 15_000);

      // B comes back: its foul goes on top of A's steps, and both consoles end with the server's game.
      front.cut(false);
      await setNetwork(contextB, true);
      await waitSynced(b, id, 40_000);
      const server = await serverTableFromNode(contextA, served.url, id);
      const types = (server.events as { type: string }[]).map((e) => e.type);
      expect(types.slice(-3)).toEqual(["advanced", "advanced", "fouled"]);
      expect(await b.locator(".sync-problem").count()).toBe(0);
      await expectSameGame(b, contextB, served.url, id);
      await until("A to take B's foul", async () => {
        const kept = await keptTable(a, id);
        return JSON.stringify(kept?.events) === JSON.stringify(server.events);
      });
      await expectSameGame(a, contextA, served.url, id);
      expect(await now(b)).toBe(await now(a));
      expect(await b.locator(".ring .seat").nth(4).locator(".seat-fouls").textContent()).toBe("●○○○○");
      expect(await a.locator(".ring .seat").nth(4).locator(".seat-fouls").textContent()).toBe("●○○○○");
    } catch (error) {
      throw new Error(`${(error as Error).message}\ntaps: ${taps.join(" | ")}`, { cause: error });
    } finally {
      await contextA.close();
      await contextB.close();
      await front.close();
    }
  }, 180_000);
});

describe("the host console when the server is killed mid-game", () => {
  const club = clubFixture({ stopSignal: "SIGKILL" });

  it("queues while the server is down, then catches up with the restarted server", async () => {
    const { browser, db } = club;
    let { served } = club;
    const context = await freshContext(browser);
    const page = await context.newPage();
    const taps: string[] = [];
    try {
      await setUpClub(page, served.setupLink as string);
      const id = await newTableThroughApi(page, "e2e-kill-1");
      await page.goto(`${served.url}/tables/${encodeURIComponent(id)}`);
      await phaseHeading(page).waitFor({ timeout: 15_000 });

      for (let i = 0; i < 2; i++) taps.push(await step(page));
      await waitSynced(page, id, 15_000);
      // The room's display, on its own device, follows the table too.
      const roomContext = await freshContext(browser);
      const room = await roomContext.newPage();
      const roomHeading = async () => (await room.locator(".display-head h1").textContent()) ?? "";
      await room.goto(`${served.url}/display/${encodeURIComponent(id)}`);
      await until(
        "the display to show the table",
        async () => (await roomHeading()) === (await phaseHeading(page).textContent()),
      );

      // The page goes offline and queues; meanwhile the server is killed outright.
      await setNetwork(context, false);
      await offlineSteps(page, 4, 0, taps);
      const port = served.port;
      await served.stop("SIGKILL");
      await room.locator(".display-offline").waitFor({ timeout: 10_000 });

      // The page comes back online while the server is still down: it keeps queuing, says not synced.
      await setNetwork(context, true);
      await offlineSteps(page, 3, 4, taps);
      await page.waitForTimeout(1500);
      expect(await syncClass(page)).not.toContain("sync-synced");
      expect((await keptTable(page, id))?.queue.length).toBe(7);

      // The server comes back on the same database and port: the page catches up by itself.
      served = await serve(db.file, port);
      club.served = served; // the fixture stops the restarted server
      expect(served.port).toBe(port);
      expect(served.setupLink).toBeNull();
      await waitSynced(page, id, 60_000);
      await expectSameGame(page, context, served.url, id);
      // The display said it lost the server, reconnected by itself and shows where the game is now.
      const hostNow = /seat (\d+)/.exec((await page.locator(".day-panel .now").textContent()) ?? "")?.[1];
      expect(hostNow).toBeTruthy();
      await until(
        `the display to reconnect and name seat ${hostNow}`,
        async () =>
          (await room.locator(".display-offline").count()) === 0 &&
          (await roomHeading()) === (await phaseHeading(page).textContent()) &&
          ((await room.locator(".display-now").textContent()) ?? "").includes(`seat ${hostNow} `),
        45_000,
      );
      await roomContext.close();

      // And the console goes on as usual against the restarted server.
      taps.push(await step(page));
      await waitSynced(page, id, 15_000);
      await expectSameGame(page, context, served.url, id);

      // The worst moment: the server commits a step and is killed before its answer reaches the
      // page. The page must send it again without making it twice.
      await setNetwork(context, false);
      const queued = await offlineSteps(page, 10, 0, taps);
      let posts = 0;
      let live = false;
      let killed: Promise<void> | null = null;
      await page.route("**/api/tables/*/commands", async (route) => {
        // This route comes before the context's: while offline it must refuse, as the context would.
        if (!live) return route.abort("internetdisconnected");
        posts += 1;
        if (posts !== 3 || killed) return route.continue();
        const response = await route.fetch();
        expect(response.status()).toBe(200);
        killed = served.stop("SIGKILL");
        await killed;
        await route.abort("connectionreset");
      });
      const seqBefore = (await serverTableFromNode(context, served.url, id)).seq;
      const keptBefore = await keptTable(page, id);
      const planned = [...(keptBefore?.events ?? []), ...(keptBefore?.queue.flatMap((s) => s.events) ?? [])];
      live = true;
      await setNetwork(context, true);
      await until("the server to be killed after committing a step", () => killed !== null, 20_000);
      await killed;
      await page.waitForTimeout(500);
      expect(await syncClass(page)).not.toContain("sync-synced");
      served = await serve(db.file, port);
      club.served = served; // the fixture stops the restarted server
      // Two steps were answered, the third committed without an answer.
      expect((await serverTableFromNode(context, served.url, id)).seq).toBeGreaterThanOrEqual(seqBefore + 3);
      await waitSynced(page, id, 60_000);
      await page.unroute("**/api/tables/*/commands");
      await expectSameGame(page, context, served.url, id);
      // Exactly the game played offline: the step committed without an answer is there once.
      expect(JSON.stringify((await serverTable(page, id)).events)).toBe(JSON.stringify(planned));
      expect(queued).toBe(10);
    } catch (error) {
      throw new Error(`${(error as Error).message}\ntaps: ${taps.join(" | ")}`, { cause: error });
    } finally {
      await context.close();
    }
  }, 180_000);
});
