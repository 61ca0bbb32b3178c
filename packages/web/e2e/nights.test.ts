// A club night in the browser (docs/club-nights.md): a host announces it, two members sign up from
// their own phones past the capacity (the second waits), the host adds guests at the door and
// checks people in, draws the round, creates the tables, and a member's page shows his seat.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "./axe.js";
import { freshContext, launch, type Served, serve, setUpClub, tempDb } from "./club.js";

const PASSWORD = "correct horse 42";

/** A call to the API with the page's session cookie: its status and body. */
async function apiCall(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, url, body },
  );
}

async function signInAs(page: Page, base: string, login: string): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.fill("#signin-login", login);
  await page.fill("#signin-password", PASSWORD);
  await page.click("form button[type=submit]");
  await page.waitForURL((url) => url.pathname !== "/signin");
}

describe("a club night in the browser", () => {
  let browser: Browser;
  let served: Served;
  let host: Page;
  const db = tempDb();

  beforeAll(async () => {
    browser = await launch();
    served = await serve(db.file);
    host = await (await freshContext(browser)).newPage();
    host.setDefaultTimeout(15_000);
    await setUpClub(host, served.setupLink as string);
    // A second host for the second table, and two members with accounts.
    const second = await apiCall(host, "POST", "/api/hosts", {
      name: "Oksana",
      login: "oksana",
      password: PASSWORD,
    });
    expect(second.status).toBe(201);
    for (const [name, login] of [
      ["Ada Lis", "ada"],
      ["Bohdan Kit", "bohdan"],
    ]) {
      const made = await apiCall(host, "POST", "/api/people", {
        name,
        account: { login, password: PASSWORD, role: "member" },
      });
      expect(made.status).toBe(201);
    }
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    db.dispose();
  }, 30_000);

  it("runs an evening: sign-up past capacity, check-in, the draw, the tables, a player's seat", async () => {
    // The host announces a night for one place and two tables, hosted by himself and Oksana.
    await host.goto(`${served.url}/nights`);
    await host.getByRole("heading", { name: "Club nights" }).waitFor();
    expect(await audit(host, "nights")).toEqual([]);
    await host.getByLabel("Title").fill("Friday night");
    await host.getByLabel("Starts").fill("2031-05-16T19:30");
    await host.getByLabel("Place", { exact: true }).fill("Club room");
    await host.getByLabel("Places", { exact: true }).fill("1");
    await host.getByLabel("Tables", { exact: true }).fill("2");
    await host.getByLabel("Oksana").check();
    await host.getByRole("button", { name: "Announce" }).click();
    await host.getByRole("heading", { name: "Friday night" }).waitFor();
    const nightUrl = host.url();

    // Two members sign up in one tap from their own phones; the second is past the capacity.
    const phones: Page[] = [];
    for (const login of ["ada", "bohdan"]) {
      const phone = await (
        await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } })
      ).newPage();
      phone.setDefaultTimeout(15_000);
      await signInAs(phone, served.url, login);
      await phone.goto(nightUrl);
      await phone.getByRole("button", { name: "Sign up" }).click();
      phones.push(phone);
    }
    const [ada, bohdan] = phones as [Page, Page];
    await ada.getByText("You are going.").waitFor();
    await bohdan.getByText("You are on the waiting list: number 1.").waitFor();

    // At the door: 22 guests; then both members are checked in (Bohdan came though he waited).
    await host.reload();
    for (let i = 1; i <= 22; i++) {
      await host.getByLabel("Guest at the door (name)").fill(`Guest ${i}`);
      await host.getByRole("button", { name: "Add", exact: true }).click();
      await host.getByText(`Checked in: ${i}`, { exact: true }).waitFor();
    }
    for (const [name, n] of [
      ["Ada Lis", 23],
      ["Bohdan Kit", 24],
    ] as const) {
      await host.locator(".night-entries li").filter({ hasText: name }).getByRole("checkbox").check();
      await host.getByText(`Checked in: ${n}`, { exact: true }).waitFor();
    }

    // Ada and Bohdan are a couple: kept apart at every draw.
    await host.getByLabel("Player", { exact: true }).selectOption({ label: "Ada Lis" });
    await host.getByLabel("and", { exact: true }).selectOption({ label: "Bohdan Kit" });
    await host.getByRole("button", { name: "Keep the pair" }).click();
    await host.getByText("Ada Lis and Bohdan Kit: at different tables").waitFor();

    // The draw: two tables of twelve with their hosts; then the tables are created.
    await host.getByRole("button", { name: "Draw the next round" }).click();
    await host.getByRole("heading", { name: "Round 1" }).waitFor();
    expect(await host.locator(".night-table li").count()).toBe(24);
    await host.getByRole("button", { name: "Create the tables" }).click();
    await host.getByRole("link", { name: "Open the table" }).first().waitFor();
    expect(await host.getByRole("link", { name: "Open the table" }).count()).toBe(2);
    expect(await audit(host, "a night, for its host")).toEqual([]);

    // Ada's page shows her table and seat, as the night's seating has them.
    const night = await apiCall(host, "GET", new URL(nightUrl).pathname.replace("/nights/", "/api/nights/"));
    const rounds = night.body.rounds as {
      tables: { n: number; seats: { seat: number; person: { name: string } }[] }[];
    }[];
    const table = rounds[0]?.tables.find((t) => t.seats.some((s) => s.person.name === "Ada Lis"));
    const seat = table?.seats.find((s) => s.person.name === "Ada Lis")?.seat;
    expect(table && seat).toBeTruthy();
    expect(table?.seats.some((s) => s.person.name === "Bohdan Kit")).toBe(false);
    await ada.reload();
    await ada.getByText(`Round 1: table ${table?.n}, seat ${seat}`).waitFor();
    expect(await audit(ada, "a night, for a player")).toEqual([]);
  }, 180_000);
});
