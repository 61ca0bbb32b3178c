// The phone's chat, in Chromium, against the built `misto serve`: two phones (seats 1 and 9) join a
// table the host runs over the API. In the discussion both write in the city and read each other;
// the host removes seat 9, whose city input closes with the reason and whose out-chat tab opens; his
// out-chat line reaches neither seat 1's screen nor a byte of seat 1's WebSocket frames. In the
// accusations seat 1 is told he has the floor, with the timer, and seat 9 that he may not speak.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clubFixture, freshContext, newTableThroughApi, serverTable, setUpClub } from "./club.js";
import { wholeViews } from "./views.js";

const STEP_MS = 10_000;
const OUT_LINE = "OUT-LINE only the fallen read this";

const club = clubFixture();

interface Phone {
  seat: number;
  page: Page;
  frames: string[];
  errors: string[];
}

describe("the phone's chat", () => {
  it("city lines reach every phone; the out chat opens for the removed seat only; the floor is shown", async () => {
    const { served, browser, contexts } = club;
    if (!served.setupLink) throw new Error("the server printed no setup link");
    const base = served.url;
    const hostContext = await freshContext(browser);
    contexts.push(hostContext);
    const host = await hostContext.newPage();
    host.setDefaultTimeout(STEP_MS);
    await setUpClub(host, served.setupLink);
    const tableId = await newTableThroughApi(host, "chat-e2e");
    const { code } = await host.evaluate(async (id) => {
      const response = await fetch(`/api/tables/${encodeURIComponent(id)}/seats`);
      return (await response.json()) as { code: string };
    }, tableId);
    const hostDoes = async (command: Record<string, unknown>) => {
      const { seq } = await serverTable(host, tableId);
      const status = await host.evaluate(
        async ({ id, body }) => {
          const response = await fetch(`/api/tables/${encodeURIComponent(id)}/commands`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          return response.status;
        },
        { id: tableId, body: { id: `chat-${seq}-${String(command.type)}`, seq, command } },
      );
      expect(status, String(command.type)).toBe(200);
    };

    const phones: Phone[] = [];
    for (const seat of [1, 9]) {
      const context = await browser.newContext({
        locale: "en-US",
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_MS);
      const phone: Phone = { seat, page, frames: [], errors: [] };
      page.on("pageerror", (e) => phone.errors.push(String(e)));
      page.on("websocket", (ws) => {
        const whole = wholeViews();
        ws.on("framereceived", (f) => phone.frames.push(whole(String(f.payload))));
      });
      await page.goto(`${base}/join/${code}`);
      await page.getByRole("button", { name: new RegExp(`^${seat}\\b`) }).click();
      await page.getByRole("button", { name: `Take seat ${seat}` }).click();
      await page.getByText(`Your seat: ${seat}`).waitFor();
      phones.push(phone);
    }
    const [one, nine] = phones as [Phone, Phone];
    const chat = (p: Phone) => p.page.getByRole("region", { name: "Chat" });
    const input = (p: Phone) => chat(p).getByLabel("Your message");
    const lines = (p: Phone) => chat(p).locator(".chat-line").allTextContents();
    const write = async (p: Phone, text: string) => {
      await expect.poll(() => input(p).isEnabled()).toBe(true);
      await input(p).fill(text);
      await chat(p).getByRole("button", { name: "Send" }).click();
    };

    // The deal: nobody speaks; the reason is shown.
    await expect.poll(() => chat(one).textContent()).toContain("Nobody speaks during the deal.");
    expect(await input(one).isDisabled()).toBe(true);

    // The discussion: everyone living writes in the city and reads the others.
    await hostDoes({ type: "advance" });
    await expect.poll(() => chat(one).textContent()).toContain("Open discussion");
    await write(one, "Good evening, city");
    await write(nine, "I am a civilian");
    for (const p of phones) {
      await expect
        .poll(() => lines(p))
        .toEqual(["1 · Olena: Good evening, city", "9 · Sofiia: I am a civilian"]);
    }

    // Seat 9 is removed: the city is closed to him, the out chat opens, and seat 1 sees none of it.
    await hostDoes({ type: "disqualify", seat: 9 });
    await expect
      .poll(() => chat(nine).textContent())
      .toContain("You are out of the game: you do not speak in the city.");
    expect(await input(nine).isDisabled()).toBe(true);
    await chat(nine).getByRole("tab", { name: "Out of the game" }).click();
    await write(nine, OUT_LINE);
    await expect.poll(() => lines(nine)).toEqual([`9 · Sofiia: ${OUT_LINE}`]);
    expect(await chat(one).getByRole("tab").count()).toBe(0);
    // The host's console holds the out chat too, folded under the game.
    await host.goto(`${base}/tables/${encodeURIComponent(tableId)}`);
    await host.locator(".out-chat-log summary").click();
    await expect
      .poll(() => host.locator(".out-chat-lines li").allTextContents())
      .toEqual([`9 · Sofiia: ${OUT_LINE}`]);

    // The accusations: seat 1 has the floor, with the timer; seat 9 is told whose speech it is.
    await hostDoes({ type: "advance" });
    await expect.poll(() => chat(one).locator(".chat-floor").textContent()).toContain("You have the floor.");
    await expect.poll(() => chat(one).getByRole("timer").textContent()).toMatch(/^00:\d\d$/);
    await chat(nine).getByRole("tab", { name: "City" }).click();
    await expect
      .poll(() => chat(nine).locator(".chat-floor").textContent())
      .toContain("Seat 1 has the floor.");
    await write(one, "I accuse seat 5");
    await expect.poll(() => lines(nine)).toContain("1 · Olena: I accuse seat 5");

    expect(one.frames.length).toBeGreaterThan(3);
    expect(one.frames.filter((f) => f.includes("OUT-LINE"))).toEqual([]);
    expect(await one.page.locator("body").textContent()).not.toContain("OUT-LINE");
    expect(nine.frames.some((f) => f.includes("OUT-LINE"))).toBe(true);
    for (const p of phones) expect(p.errors).toEqual([]);
  }, 90_000);
});
