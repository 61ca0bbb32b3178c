// Accessibility: axe-core runs in every page the host and the room see (setup, sign-in, tables,
// new table, the game at a day step and a night step, the table display, the club's pages), and no
// serious or critical violation is allowed — colour contrast included.

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit, LANDMARKS } from "./axe.js";
import {
  ADMIN,
  freshContext,
  launch,
  NAMES,
  newTableThroughApi,
  phaseHeading,
  type Served,
  serve,
  setUpClub,
  signIn,
  step,
  tempDb,
  until,
} from "./club.js";
import { answerClubRoutes } from "./club-contract.js";

// One club, one host page, walked through in order; each page is its own test, so a report names
// the page that fails.
describe("accessibility (axe-core): no serious or critical violation", () => {
  let browser: Browser;
  let served: Served;
  let host: BrowserContext;
  let page: Page;
  let id = "";
  const db = tempDb();

  beforeAll(async () => {
    browser = await launch();
    served = await serve(db.file);
    host = await freshContext(browser);
    page = await host.newPage();
    page.setDefaultTimeout(15_000);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    db.dispose();
  }, 30_000);

  it("on the setup page, also with its problems shown", async () => {
    await page.goto(served.setupLink as string);
    await page.locator("#club").waitFor();
    const found = await audit(page, "setup");
    await page.fill("#club", "Club");
    await page.fill("#admin-name", "Admin");
    await page.fill("#login", "x");
    await page.fill("#password", "short");
    await page.fill("#password2", "other");
    await page.click("form button[type=submit]");
    await page.locator(".problem").first().waitFor();
    found.push(...(await audit(page, "setup with problems")));
    await setUpClub(page, served.setupLink as string);
    expect(found).toEqual([]);
  }, 60_000);

  it("on the tables page", async () => {
    id = await newTableThroughApi(page, "e2e-a11y-1", "Friday table");
    await page.reload();
    await page.locator(".table-list a").first().waitFor();
    // Each table names the account that made it.
    expect(await page.locator(".table-list .table-facts").first().textContent()).toContain(
      `Host: ${ADMIN.name}`,
    );
    expect(await audit(page, "tables")).toEqual([]);
  }, 60_000);

  it("on the new-table page: digital and physical deals, and a refused submit", async () => {
    await page.goto(`${served.url}/tables/new`);
    await page.locator("#seat-1").waitFor();
    const found = await audit(page, "new table");
    await page.getByLabel("Physical cards").check();
    await page.locator("#card-1").waitFor();
    await page.getByRole("button", { name: "Create the table" }).click();
    await page.locator(".problem").first().waitFor();
    found.push(...(await audit(page, "new table with problems")));
    expect(found).toEqual([]);
  }, 60_000);

  it("on an online table's follower page (public facts, the join code and its QR)", async () => {
    const created = await page.evaluate(
      async (seats) => {
        const response = await fetch("/api/tables", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title: "Online", seats, deal: { random: true }, online: true }),
        });
        return (await response.json()) as { id: string };
      },
      NAMES.map((name) => ({ name })),
    );
    await page.goto(`${served.url}/online/${encodeURIComponent(created.id)}`);
    await page.locator(".phones-qr svg").waitFor();
    await page.locator(".online-seats li").first().waitFor();
    expect(await audit(page, "online table")).toEqual([]);
  }, 60_000);

  it("on the club's pages: seat suggestions, members, a person with a ban, a game's complaints", async () => {
    await page.evaluate(async () => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const made = (await (await post("/api/people", { name: "Marta Audit" })).json()) as {
        person: { id: string };
      };
      await post(`/api/people/${made.person.id}/sanctions`, {
        kind: "ban",
        reason: "audit",
        until: Date.now() + 86_400_000,
      });
    });
    await page.goto(`${served.url}/tables/new`);
    await page.locator("#seat-1").pressSequentially("Marta");
    await page.getByRole("option", { name: /Marta Audit/ }).waitFor();
    const found = await audit(page, "new table: seat suggestions");
    await page.goto(`${served.url}/people`);
    await page.getByRole("link", { name: "Marta Audit" }).waitFor();
    found.push(...(await audit(page, "members")));
    await page.getByRole("link", { name: "Marta Audit" }).click();
    await page.locator(".sanction-list li").first().waitFor();
    found.push(...(await audit(page, "a person")));
    await page.goto(`${served.url}/tables/${encodeURIComponent(id)}/complaints`);
    // The game is still on: the page says a complaint comes after it.
    await page.getByText("A complaint is filed after the game.").waitFor();
    found.push(...(await audit(page, "a game's complaints")));
    expect(found).toEqual([]);
  }, 60_000);

  it("on the game at the deal and at day steps (accusations, a seat's menu, the vote)", async () => {
    await page.goto(`${served.url}/tables/${encodeURIComponent(id)}`);
    await phaseHeading(page).waitFor();
    const found = await audit(page, "game: deal");
    for (let i = 0; i < 3; i++) await step(page);
    expect(await phaseHeading(page).textContent()).toBe("Day 1 · accusations");
    found.push(...(await audit(page, "game: day (accusations)")));
    await page.locator(".ring .seat").nth(1).click();
    await page.locator("[role=dialog]").first().waitFor();
    found.push(...(await audit(page, "game: seat menu")));
    await page.keyboard.press("Escape");
    await until("the vote", async () => {
      if ((await phaseHeading(page).textContent()) === "Day 1 · voting") return true;
      await step(page);
      return false;
    });
    await step(page);
    found.push(...(await audit(page, "game: voting")));
    expect(found).toEqual([]);
  }, 90_000);

  it("on the game at night steps (acquaintance, a role waking, the choices shown)", async () => {
    await until("night", async () => {
      if (((await phaseHeading(page).textContent()) ?? "").startsWith("Night")) return true;
      await step(page);
      return false;
    });
    const found = await audit(page, "game: night (acquaintance)");
    await step(page);
    await page.locator("#script-title").waitFor();
    found.push(...(await audit(page, "game: night (a role wakes)")));
    await page.getByRole("button", { name: /Show tonight/ }).click();
    found.push(...(await audit(page, "game: night (choices shown)")));
    expect(found).toEqual([]);
  }, 90_000);

  it("on the game offline, with a step waiting to be sent", async () => {
    await host.setOffline(true);
    try {
      await until("the offline status", async () =>
        ((await page.locator(".phase-bar .sync").getAttribute("class")) ?? "").includes("sync-offline"),
      );
      await step(page);
      await page.locator(".phase-bar .sync", { hasText: "1 not sent" }).waitFor();
      expect(await audit(page, "game: offline")).toEqual([]);
    } finally {
      await host.setOffline(false);
    }
    await until("the step to be sent", async () =>
      ((await page.locator(".phase-bar .sync").getAttribute("class")) ?? "").includes("sync-synced"),
    );
  }, 60_000);

  it("on a table the server does not have (the sync problem shown)", async () => {
    const lost = await host.newPage();
    try {
      await lost.goto(`${served.url}/tables/no-such-table`);
      await lost.locator(".sync-problem").waitFor();
      expect(await audit(lost, "missing table")).toEqual([]);
    } finally {
      await lost.close();
    }
  }, 60_000);

  it("on the sign-in page, also refusing a sign-in", async () => {
    const signedOut = await freshContext(browser);
    try {
      const other = await signedOut.newPage();
      await other.goto(`${served.url}/signin`);
      await other.locator("#signin-login").waitFor();
      const found = await audit(other, "sign-in");
      await other.fill("#signin-login", "nobody");
      await other.fill("#signin-password", "wrong password");
      await other.click("form button[type=submit]");
      await other.locator(".problem").waitFor({ timeout: 15_000 });
      found.push(...(await audit(other, "sign-in refused")));
      await signIn(other, served.url);
      expect(found).toEqual([]);
    } finally {
      await signedOut.close();
    }
  }, 60_000);

  it("on the table display, at night and by day (a seat out, its card revealed)", async () => {
    const roomContext = await freshContext(browser);
    try {
      const room = await roomContext.newPage();
      await room.goto(`${served.url}/display/${encodeURIComponent(id)}`);
      await room.locator(".display-head h1").waitFor({ timeout: 15_000 });
      const found = await audit(room, "display", LANDMARKS);
      // The join page a player's phone opens, also with its language switched.
      const joining = await roomContext.newPage();
      await joining.goto(`${served.url}/join`);
      await joining.locator(".phone-title").waitFor();
      found.push(...(await audit(joining, "join", LANDMARKS)));
      await joining.getByRole("combobox", { name: "Language" }).selectOption("uk");
      await until(
        "the join page in Ukrainian",
        async () => ((await joining.locator(".phone-title").textContent()) ?? "") !== "Join a table",
      );
      found.push(...(await audit(joining, "join (uk)", LANDMARKS)));
      await joining.close();
      const waiting = await roomContext.newPage();
      await waiting.goto(`${served.url}/display/no-such-table`);
      await waiting.locator(".display-wait").waitFor();
      found.push(...(await audit(waiting, "display waiting", LANDMARKS)));
      await waiting.close();
      await until("the day after the night", async () => {
        if (!((await phaseHeading(page).textContent()) ?? "").startsWith("Night")) return true;
        await step(page);
        return false;
      });
      await until("the display to show the day", async () =>
        ((await room.locator(".display-head h1").textContent()) ?? "").startsWith("Day"),
      );
      expect(await room.locator(".display-seat-out").count()).toBeGreaterThan(0);
      found.push(...(await audit(room, "display (day)", LANDMARKS)));
      expect(found).toEqual([]);
    } finally {
      await roomContext.close();
    }
  }, 60_000);

  // The club's pages with their data from the contract's fixtures (club-contract.ts), in English and
  // in Ukrainian, with every chart's table opened and the forms' problems shown.
  it("on the club's pages: rating, a player, the club, the archive, a game, the import", async () => {
    const clubContext = await browser.newContext({
      locale: "en-US",
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    try {
      await answerClubRoutes(clubContext);
      const club = await clubContext.newPage();
      club.setDefaultTimeout(15_000);
      await signIn(club, served.url);
      const found: string[] = [];
      const visit = async (path: string, ready: string) => {
        await club.goto(`${served.url}${path}`);
        await club.locator(ready).first().waitFor();
        for (const summary of await club.locator("details > summary").all()) await summary.click();
      };
      await visit("/rating", ".rating-table");
      await club.getByRole("button", { name: "Create the season" }).click();
      await club.locator(".season-form .problem").first().waitFor();
      found.push(...(await audit(club, "rating (with the seasons' problems)")));
      await visit("/players/p3", "#points-chart-title");
      found.push(...(await audit(club, "a player")));
      await visit("/club", "#wins-chart-title");
      found.push(...(await audit(club, "the club")));
      await visit("/games", ".archive-table");
      await club.fill("#filter-player", "ol");
      await club.locator(".found button").first().waitFor();
      found.push(...(await audit(club, "the archive (a player being found)")));
      await visit("/games/g1", ".game-players");
      await club.getByRole("button", { name: "Correct", exact: true }).click();
      await club.locator(".correct-form .problem").first().waitFor();
      found.push(...(await audit(club, "a game (with the correction's problems)")));
      await visit("/games/import", "#import-file");
      await club.setInputFiles("#import-file", {
        name: "archive.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify({ format: "misto-archive", version: 1, records: [{}, {}] })),
      });
      await club.getByRole("button", { name: "Import", exact: true }).click();
      await club.locator(".problem-list").waitFor();
      found.push(...(await audit(club, "the import (its problems)")));
      await club.locator("select").first().selectOption("uk");
      await visit("/club", "#wins-chart-title");
      found.push(...(await audit(club, "the club (uk)")));
      expect(found).toEqual([]);
    } finally {
      await clubContext.close();
    }
  }, 90_000);
});
