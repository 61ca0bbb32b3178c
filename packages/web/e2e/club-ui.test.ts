// The club pages in Chromium, their API answered from the contract's fixtures (club-contract.ts):
// the season picker and the filters go into the address, the forms send the contract's bodies,
// the charts have their tables, a correction and an import show the server's answer, and the
// pages fit a phone's width. (club-pages.test.ts plays the same pages against the real server.)

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, type Served, serve, setUpClub, tempDb } from "./club.js";
import { type Asked, answerClubRoutes } from "./club-contract.js";

declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

describe("the club pages (against the contract's fixtures)", () => {
  let browser: Browser;
  let served: Served;
  let context: BrowserContext;
  let page: Page;
  let asked: Asked[];
  const db = tempDb();

  beforeAll(async () => {
    browser = await launch();
    served = await serve(db.file);
    // No service worker: the fixtures answer at the context's router, which a worker would bypass.
    context = await browser.newContext({
      locale: "en-US",
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    asked = await answerClubRoutes(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await setUpClub(page, served.setupLink as string);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    db.dispose();
  }, 30_000);

  const last = (method: string, prefix: string) =>
    asked.filter((a) => a.method === method && a.path.startsWith(prefix)).pop();

  it("the rating: the season in the address, the table with skill apart, the CSV, the admin's seasons", async () => {
    await page.getByRole("link", { name: "Rating" }).click();
    const rows = page.locator(".rating-table tbody tr");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(11);
    expect(await page.getByRole("link", { name: "Rating" }).getAttribute("aria-current")).toBe("page");
    expect(await page.locator(".rating-table tbody th").allTextContents()).not.toContain("Mykola");
    expect(await page.locator(".rating-table .badge.council").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/export/rating.csv",
    );

    await page.selectOption("#season", "s1");
    await page.waitForURL((url) => url.pathname === "/rating" && url.searchParams.get("season") === "s1");
    await page.locator(".rating-table caption", { hasText: "Summer 2026" }).waitFor({ state: "attached" });
    expect(last("GET", "/api/rating")?.path).toBe("/api/rating?season=s1");
    expect(await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/export/rating.csv?season=s1",
    );
    // Opened from its address, the picker shows the season once the seasons arrive.
    await page.reload();
    await page.locator(".rating-table caption", { hasText: "Summer 2026" }).waitFor({ state: "attached" });
    await expect.poll(() => page.locator("#season").inputValue()).toBe("s1");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/rating" && url.search === "");
    expect(await page.locator("#season").inputValue()).toBe("");

    // The administration's seasons: a refused form names its problems; a good one is sent as is.
    await page.getByRole("button", { name: "Create the season" }).click();
    expect(await page.locator(".season-form .problem").allTextContents()).toEqual([
      "Name the season (up to 60 characters).",
      "Give the first day.",
      "Give the last day.",
    ]);
    await page.fill("#season-name", " Winter 2027 ");
    await page.fill("#season-from", "2026-12-01");
    await page.fill("#season-until", "2027-02-28");
    await page.getByRole("button", { name: "Create the season" }).click();
    await expect
      .poll(() => last("POST", "/api/seasons")?.body)
      .toEqual({
        name: "Winter 2027",
        from: "2026-12-01",
        until: "2027-02-28",
      });
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete the season “Summer 2026”" }).click();
    await expect.poll(() => last("DELETE", "/api/seasons")?.path).toBe("/api/seasons/s1");
  }, 60_000);

  it("a player's page: totals, both charts with their tables, the games newest first", async () => {
    await page.getByRole("link", { name: "Iryna" }).click();
    await page.getByRole("heading", { name: /Iryna/ }).waitFor();
    expect(page.url()).toBe(`${served.url}/players/p3`);
    const totals = await page.locator(".total").allTextContents();
    expect(totals).toEqual(
      expect.arrayContaining(["Games3", "Wins1 (33%)", "Points4", "Average1.33", "Voted out1"]),
    );
    for (const id of ["points-chart", "skill-chart"]) {
      const figure = page.locator(`figure[aria-labelledby="${id}-title"]`);
      expect(await figure.locator("[role=img]").getAttribute("aria-label")).toMatch(/3 games/);
      await figure.getByText("As a table").click();
      expect(await figure.locator("tbody tr").count()).toBe(3);
      expect(await figure.locator("svg path.chart-line").count()).toBeGreaterThan(0);
    }
    const games = page.locator("#person-games").locator("xpath=..").locator("tbody tr");
    expect(await games.first().getByRole("link").textContent()).toBe("Friday final");
    expect(await games.last().textContent()).toContain("Untitled game");
    expect(await games.last().textContent()).toContain("Shot (night 1)");
    expect(await games.first().textContent()).toContain("Voted out (day 2)");
    expect(await page.locator("#by-card").locator("xpath=..").locator("tbody th").allTextContents()).toEqual([
      "Don",
      "Commissar",
      "Civilian",
    ]);
  }, 60_000);

  it("the club's page: three charts, each with its summary and table", async () => {
    await page.getByRole("link", { name: "Club", exact: true }).click();
    await page.locator("#wins-chart-title").waitFor();
    expect(await page.locator("figure.chart").count()).toBe(3);
    const wins = page.locator('figure[aria-labelledby="wins-chart-title"] [role=img]');
    expect(await wins.getAttribute("aria-label")).toContain(
      "All time: 30 games, red 57%, black 37%, draws 7%",
    );
    // Oldest season first, all time last.
    expect(await page.locator(".season-bars-name").allTextContents()).toEqual([
      "Summer 2026 · 12 games",
      "Autumn 2026 · 18 games",
      "All time · 30 games",
    ]);
    const note = page.locator('figure[aria-labelledby="note-chart-title"] [role=img]');
    expect(await note.getAttribute("aria-label")).toBe(
      "The commissar's note was read in 12 of 30 games (40%).",
    );
    expect(await page.locator(".totals dd").allTextContents()).toEqual(["30", "3.4", "3.1", "74"]);
  }, 60_000);

  it("the archive: filters in the address, a player found by name, rows to the game page", async () => {
    await page.getByRole("link", { name: "Archive" }).click();
    const rows = page.locator(".archive-table tbody tr");
    await rows.first().waitFor();
    // A page at a time: "More games" asks for the page after the last one shown.
    expect(await rows.count()).toBe(2);
    await page.getByRole("button", { name: "More games" }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(last("GET", "/api/games?")?.path).toBe("/api/games?after=2");
    expect(await page.getByRole("button", { name: "More games" }).count()).toBe(0);
    // The host list is every host of the archive (the answer names them).
    await expect
      .poll(() => page.locator("#filter-host option").allTextContents())
      .toEqual(["Any host", "Oksana", "Roksolana"]);

    await page.selectOption("#filter-winner", "black");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.search === "?winner=black");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Thursday");

    await page.getByRole("button", { name: "Reset" }).click();
    await page.waitForURL((url) => url.pathname === "/games" && url.search === "");
    await page.fill("#filter-player", "iry");
    await page.getByRole("button", { name: "Iryna" }).click();
    await page.fill("#filter-from", "2026-11-01");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.search === "?from=2026-11-01&player=p3");
    // The address changes before the page asks: wait for the request.
    await expect.poll(() => last("GET", "/api/games?")?.path).toBe("/api/games?from=2026-11-01&player=p3");
    await expect.poll(() => rows.count()).toBe(1);

    // Dates in the wrong order are refused before asking.
    await page.fill("#filter-until", "2026-10-01");
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByText("The last day is before the first.").waitFor();
    expect(new URL(page.url()).search).toBe("?from=2026-11-01&player=p3");

    // Opened from a link, the address's filters fill the form.
    await page.goto(`${served.url}/games?winner=draw&host=p5`);
    await rows.first().waitFor();
    expect(await page.locator("#filter-winner").inputValue()).toBe("draw");
    await expect.poll(() => page.locator("#filter-host").inputValue()).toBe("p5");
    expect(await rows.first().textContent()).toContain("Untitled game");
    await page.goto(`${served.url}/games`);
    await page.getByRole("link", { name: "Friday final" }).click();
    await page.waitForURL(`${served.url}/games/g1`);
  }, 60_000);

  it("a game's page: cards, points, the recap, a correction with its reason", async () => {
    await page.getByRole("heading", { name: "Friday final" }).waitFor();
    expect(await page.locator(".game-players tbody tr").count()).toBe(12);
    expect(await page.locator(".club-recap .recap-entry").count()).toBeGreaterThan(10);
    expect(await page.getByRole("link", { name: "Download the record" }).getAttribute("href")).toBe(
      "/api/games/g1/record",
    );
    await page.getByText("Correct the points").click();
    await page.selectOption("#correct-seat", "4");
    await page.fill("#correct-points", "7");
    await page.fill("#correct-reason", "Contest");
    await page.getByRole("button", { name: "Correct", exact: true }).click();
    await page.getByText("A whole number from 0 to 5.").waitFor();
    await page.fill("#correct-points", "2");
    await page.getByRole("button", { name: "Correct", exact: true }).click();
    await page.locator(".corrections li").waitFor();
    expect(last("PUT", "/api/games/g1/points")?.body).toEqual({ seat: 4, points: 2, reason: "Contest" });
    expect(await page.locator(".corrections li").textContent()).toMatch(
      /^Seat 4: \d → 2\. Mykola, .+: “Contest”$/,
    );
    expect(await page.locator(".game-players tbody tr").nth(3).textContent()).toContain("2corrected");
  }, 60_000);

  it("the import: an archive's problems listed, a record's game linked", async () => {
    await page.goto(`${served.url}/games/import`);
    await page.getByRole("heading", { name: "Import games" }).waitFor();
    const archive = { format: "misto-archive", version: 1, records: [{}, {}, {}] };
    await page.setInputFiles("#import-file", {
      name: "archive.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(archive)),
    });
    await page.getByText("An archive of 3 records.").waitFor();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("heading", { name: "Nothing imported; problems: 2" }).waitFor();
    expect(await page.locator(".problem-list li").first().textContent()).toBe(
      "records/1/events/12: DAY-3 a seat votes once",
    );
    await page.setInputFiles("#import-file", {
      name: "bad.json",
      mimeType: "application/json",
      buffer: Buffer.from("{oops"),
    });
    await page.getByText("This is not JSON.").waitFor();
    expect(await page.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
    await page.setInputFiles("#import-file", {
      name: "game.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify({ format: "misto-record", version: 1, events: [] })),
    });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("heading", { name: "Games imported: 1" }).waitFor();
    expect(await page.locator(".club-section .plain-list a").getAttribute("href")).toBe("/games/g1");
  }, 60_000);

  it("fits a phone's width: no page scrolls sideways (wide tables scroll in their own box)", async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    try {
      for (const [path, ready] of [
        ["/rating", ".rating-table"],
        ["/players/p3", "#points-chart-title"],
        ["/club", "#wins-chart-title"],
        ["/games", ".archive-table"],
        ["/games/g1", ".game-players"],
      ] as const) {
        await phone.goto(`${served.url}${path}`);
        await phone.locator(ready).waitFor();
        const overflow = await phone.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    } finally {
      await phone.close();
    }
  }, 60_000);
});
