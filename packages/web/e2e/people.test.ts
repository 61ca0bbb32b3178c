// The club's people in the browser: the new-table page seats a member picked from the directory
// as the host types (search as you type), shows a banned person with the ban's reason, and the
// server's refusal of a banned guest (CLUB-3); the admin records a ban on the person's page.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  freshContext,
  launch,
  NAMES,
  playToTheEnd,
  type Served,
  serve,
  sessionCookie,
  setUpClub,
  tempDb,
} from "./club.js";

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
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, url, body },
  );
}

describe("the club's people in the browser", () => {
  let browser: Browser;
  let served: Served;
  let page: Page;
  const db = tempDb();
  let svitlana = "";

  beforeAll(async () => {
    browser = await launch();
    served = await serve(db.file);
    page = await (await freshContext(browser)).newPage();
    page.setDefaultTimeout(15_000);
    await setUpClub(page, served.setupLink as string);
    const added = await apiCall(page, "POST", "/api/people", { name: "Svitlana Bondar" });
    expect(added.status).toBe(201);
    svitlana = (added.body as { person: { id: string } }).person.id;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    db.dispose();
  }, 30_000);

  it("CLUB-3 the admin bans a member on the person's page; the ban is listed and in force", async () => {
    await page.goto(`${served.url}/people`);
    await page.getByLabel("Search by name").fill("bondar");
    await page.getByRole("link", { name: "Svitlana Bondar" }).click();
    await page.getByRole("heading", { name: "Svitlana Bondar" }).waitFor();
    await page.getByLabel("Kind").selectOption("ban");
    await page.getByLabel("Reason").fill("spoke after being killed at night");
    const nextYear = `${new Date().getFullYear() + 1}-01-15`;
    await page.getByLabel("Banned until (date)").fill(nextYear);
    await page.getByRole("button", { name: "Record the sanction" }).click();
    await page
      .locator(".sanction-list li")
      .filter({ hasText: "spoke after being killed at night" })
      .waitFor();
    const person = await apiCall(page, "GET", `/api/people/${svitlana}`);
    expect((person.body as { person: { ban: { reason: string } } }).person.ban.reason).toBe(
      "spoke after being killed at night",
    );
  }, 60_000);

  it("CLUB-1 seating picks a member from the directory as the host types; a banned one cannot be picked", async () => {
    const taras = await apiCall(page, "POST", "/api/people", { name: "Taras Shevchuk" });
    const tarasId = (taras.body as { person: { id: string } }).person.id;
    await page.goto(`${served.url}/tables/new`);
    await page.getByRole("heading", { name: "New table" }).waitFor();
    const seat1 = page.locator("#seat-1");
    await seat1.pressSequentially("shev");
    const option = page.getByRole("option", { name: /Taras Shevchuk/ });
    await option.waitFor();
    await option.click();
    expect(await seat1.inputValue()).toBe("Taras Shevchuk");
    expect(await page.locator("#seat-1-who").textContent()).toBe("member");

    // The banned member is offered with the ban's reason, and picking does nothing.
    const seat2 = page.locator("#seat-2");
    await seat2.pressSequentially("svit");
    const banned = page.getByRole("option", { name: /Svitlana Bondar/ });
    await banned.waitFor();
    expect(await banned.getAttribute("aria-disabled")).toBe("true");
    expect(await banned.textContent()).toContain("spoke after being killed at night");
    await banned.click({ force: true });
    expect(await page.locator("#seat-2-who").textContent()).toBe("guest by name");

    for (const [i, name] of NAMES.entries()) if (i > 0) await page.fill(`#seat-${i + 1}`, name);
    await page.getByLabel("From a seed").check();
    await page.fill("#deal-seed", "people-1");
    await page.getByRole("button", { name: "Create the table" }).click();
    await page.waitForURL((url) => /^\/tables\/[^/]+$/.test(url.pathname) && url.pathname !== "/tables/new");
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    const seats = await apiCall(page, "GET", `/api/tables/${id}/seats`);
    const list = (seats.body as { seats: { name: string; person: string }[] }).seats;
    expect(list[0]).toMatchObject({ name: "Taras Shevchuk", person: tarasId });
    expect(list[1]?.person).not.toBe(svitlana);
  }, 60_000);

  it("CLUB-3 a banned guest typed by name is refused by the server with the ban's reason; nothing is made", async () => {
    // A guest made by an earlier table, then banned.
    const seats = NAMES.map((name) => ({ name: `${name} Guest` }));
    const first = await apiCall(page, "POST", "/api/tables", { seats, deal: { seed: "g" } });
    const seated = await apiCall(page, "GET", `/api/tables/${(first.body as { id: string }).id}/seats`);
    const guest = (seated.body as { seats: { person: string }[] }).seats[0]?.person as string;
    const until = Date.now() + 7 * 24 * 60 * 60 * 1000;
    const ban = await apiCall(page, "POST", `/api/people/${guest}/sanctions`, {
      kind: "ban",
      reason: "hid that he saw a card",
      until,
    });
    expect(ban.status).toBe(201);
    const before = (await apiCall(page, "GET", "/api/tables")).body as { tables: unknown[] };

    await page.goto(`${served.url}/tables/new`);
    for (const [i, name] of NAMES.entries()) {
      await page.fill(`#seat-${i + 1}`, i === 4 ? `${NAMES[0]} Guest` : `${name} Again`);
    }
    await page.getByLabel("From a seed").check();
    await page.fill("#deal-seed", "people-2");
    await page.getByRole("button", { name: "Create the table" }).click();
    const refusal = page.locator(".banner.problem");
    await refusal.waitFor();
    const text = (await refusal.textContent()) ?? "";
    expect(text).toContain("seat 5");
    expect(text).toContain("hid that he saw a card");
    expect(new URL(page.url()).pathname).toBe("/tables/new");
    const after = (await apiCall(page, "GET", "/api/tables")).body as { tables: unknown[] };
    expect(after.tables.length).toBe(before.tables.length);
  }, 60_000);

  it("the add-member form starts afresh after each add, says a refused field's problem beside it, and its button covers no field", async () => {
    const phone = await (
      await browser.newContext({
        locale: "en-US",
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      })
    ).newPage();
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`${served.url}/people`);
    const form = phone.locator("form", { has: phone.locator("#add-member") });
    await phone.fill("#member-name", "Roman Host");
    await form.getByLabel("With an account to sign in").check();
    await phone.fill("#member-login", "romanh");
    await phone.fill("#member-password", ADMIN.password);
    await phone.locator("#member-role").selectOption("host");
    // The primary button never lies over a field the host moves to.
    for (const field of ["#member-name", "#member-login", "#member-password", "#member-role"]) {
      await phone.locator(field).focus();
      const box = await phone.locator(field).boundingBox();
      const covered = await phone.evaluate(
        ([x, y]) =>
          (
            document as unknown as { elementFromPoint(x: number, y: number): { id: string } | null }
          ).elementFromPoint(x ?? 0, y ?? 0)?.id,
        [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) - 4],
      );
      expect(covered, `${field} is not under the form's button`).toBe(field.slice(1));
    }
    await form.getByRole("button", { name: "Add" }).click();
    await phone.getByText("Roman Host is added.").waitFor();
    // The next member starts with no account and the member role.
    expect(await form.getByLabel("With an account to sign in").isChecked()).toBe(false);
    await form.getByLabel("With an account to sign in").check();
    expect(await phone.locator("#member-role").inputValue()).toBe("member");

    // A login too short: said beside the login, in words, and the field is brought to the host.
    await phone.fill("#member-name", "Short Login");
    await phone.fill("#member-login", "ab");
    await phone.fill("#member-password", ADMIN.password);
    await phone.evaluate(() =>
      (window as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
    await form.getByRole("button", { name: "Add" }).click();
    const problem = phone.locator("#member-login-problem");
    await problem.waitFor();
    expect(await problem.textContent()).toBe("Login: 3–40 characters: Latin letters, digits, _ . -");
    // The focus moves in an effect after the problem is painted: waited for, not read at once (on a
    // fast server the read came first).
    await expect
      .poll(
        () =>
          phone.evaluate(() => (document as unknown as { activeElement: { id: string } }).activeElement.id),
        {
          timeout: 5_000,
        },
      )
      .toBe("member-login");
    expect(await phone.locator(".banner.problem").count()).toBe(0);
    await phone.context().close();
  }, 60_000);

  it("CLUB-1 a name typed in full that is exactly one person's seats that person; two of that name ask which", async () => {
    const one = await apiCall(page, "POST", "/api/people", { name: "Oksana Exact" });
    const oneId = (one.body as { person: { id: string } }).person.id;
    for (let i = 0; i < 2; i++) await apiCall(page, "POST", "/api/people", { name: "Petro Twin" });
    await page.goto(`${served.url}/tables/new`);
    await page.getByRole("heading", { name: "New table" }).waitFor();
    await page.fill("#seat-3", "oksana exact");
    await expect.poll(() => page.locator("#seat-3-who").textContent()).toBe("member");
    expect(await page.locator("#seat-3").inputValue()).toBe("Oksana Exact");
    await page.fill("#seat-4", "Petro Twin");
    await expect
      .poll(() => page.locator("#seat-4-who").textContent())
      .toBe("several people have this name: pick one from the list");
    expect(oneId).toBeTruthy();
  }, 60_000);

  it("CLUB-2 after the game a player files a complaint from their page; the administration answers it", async () => {
    const dana = await apiCall(page, "POST", "/api/people", {
      name: "Dana Complains",
      account: { login: "dana", password: ADMIN.password, role: "member" },
    });
    const danaId = (dana.body as { person: { id: string } }).person.id;
    const seats = NAMES.map((name, i) =>
      i === 3 ? { name: "Dana", person: danaId } : { name: `${name} C` },
    );
    const made = await apiCall(page, "POST", "/api/tables", {
      title: "Complained game",
      seats,
      deal: { seed: "c" },
    });
    const id = (made.body as { id: string }).id;
    await playToTheEnd(await sessionCookie(page.context(), served.url), served.url, id);

    const player = await (await freshContext(browser)).newPage();
    await player.goto(`${served.url}/signin`);
    await player.fill("#signin-login", "dana");
    await player.fill("#signin-password", ADMIN.password);
    await player.click("form button[type=submit]");
    // A member lands on the members' pages, and reaches the game from their own page.
    await player.getByRole("link", { name: "My page" }).click();
    await player.getByRole("heading", { name: "Dana Complains" }).waitFor();
    await player.getByRole("link", { name: "Complaints" }).last().click();
    await player.getByRole("heading", { name: "Complaints about “Complained game”" }).waitFor();
    await player.getByLabel("The host").check();
    await player.getByLabel("Your complaint").fill("Seat 4 was not given the last word.");
    await player.getByRole("button", { name: "File the complaint" }).click();
    await player.getByText("Your complaint is filed.").waitFor();
    await player.getByText("Waiting for the administration's answer.").waitFor();

    await page.goto(`${served.url}/complaints`);
    await page.getByText("Seat 4 was not given the last word.").waitFor();
    await page.getByLabel("Answer").fill("The host is reminded of the rule.");
    await page.getByRole("button", { name: "Send the answer" }).click();
    await page.getByText("No complaints.").waitFor();
    await player.reload();
    await player.getByText(/The administration's answer .*The host is reminded of the rule\./).waitFor();
  }, 120_000);

  it("signs out everywhere from one's own page: this page and another browser both end signed out", async () => {
    const other = await (await freshContext(browser)).newPage();
    await other.goto(`${served.url}/signin`);
    await other.fill("#signin-login", ADMIN.login);
    await other.fill("#signin-password", ADMIN.password);
    await other.click("form button[type=submit]");
    await other.getByRole("heading", { name: "Tables" }).waitFor();
    expect((await apiCall(other, "GET", "/api/me")).status).toBe(200);

    await page.goto(served.url);
    await page.getByRole("link", { name: "My page" }).click();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "End my sessions on every device" }).click();
    await page.waitForURL((url) => url.pathname === "/signin");
    expect((await apiCall(page, "GET", "/api/me")).status).toBe(401);
    expect((await apiCall(other, "GET", "/api/me")).status).toBe(401);
  }, 60_000);
});
