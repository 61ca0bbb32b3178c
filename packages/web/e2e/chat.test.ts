// The phone's chat, in Chromium, against the built `misto serve`: the chat is an online table's (a
// live club table's phone has none: e2e/phones.test.ts). Two phones (seats 1 and 9) join an online
// table made over the API; during the deal the input is closed with the reason; in the discussion
// both write in the city and read each other (the bots, which take the other seats, may speak too).
// The out chat's rules are the server's (packages/server/test/out-chat.test.ts, the leak test) and
// phone/chat.ts's (test/phone-chat.test.ts).

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clubFixture, freshContext, NAMES, setUpClub } from "./club.js";
import { PHONE, takeSeat } from "./online-table.js";
import { wholeViews } from "./views.js";

const STEP_MS = 10_000;

const club = clubFixture();

interface Phone {
  seat: number;
  page: Page;
  frames: string[];
  errors: string[];
}

describe("the phone's chat", () => {
  it("city lines reach every phone at an online table; the input says why it is closed", async () => {
    const { served, browser, contexts } = club;
    if (!served.setupLink) throw new Error("the server printed no setup link");
    const base = served.url;
    const hostContext = await freshContext(browser);
    contexts.push(hostContext);
    const host = await hostContext.newPage();
    host.setDefaultTimeout(STEP_MS);
    await setUpClub(host, served.setupLink);
    // Day first; the deal waits 10 s for the phones.
    const tableId = await host.evaluate(
      async (seats) => {
        const response = await fetch("/api/tables", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            title: "Chat e2e",
            seats,
            deal: { random: true },
            online: true,
            settings: { firstPhase: "day" },
            onlineSettings: { startMs: 10_000, language: "en" },
          }),
        });
        return ((await response.json()) as { id: string }).id;
      },
      NAMES.map((name) => ({ name })),
    );
    const { code } = await host.evaluate(async (id) => {
      const response = await fetch(`/api/tables/${encodeURIComponent(id)}/seats`);
      return (await response.json()) as { code: string };
    }, tableId);

    const phones: Phone[] = [];
    for (const seat of [1, 9]) {
      const context = await browser.newContext(PHONE);
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_MS);
      const phone: Phone = { seat, page, frames: [], errors: [] };
      page.on("pageerror", (e) => phone.errors.push(String(e)));
      page.on("websocket", (ws) => {
        const whole = wholeViews();
        ws.on("framereceived", (f) => phone.frames.push(whole(String(f.payload))));
      });
      await takeSeat(page, base, code, seat, tableId);
      phones.push(phone);
    }
    const [one, nine] = phones as [Phone, Phone];
    const chat = (p: Phone) => p.page.getByRole("region", { name: "Chat" });
    const input = (p: Phone) => chat(p).getByLabel("Your message");
    /** The people's lines (the bots may speak between them). */
    const lines = async (p: Phone) =>
      (await chat(p).locator(".chat-line").allTextContents()).filter((l) => /^(1|9) · /.test(l));
    const write = async (p: Phone, text: string) => {
      await expect.poll(() => input(p).isEnabled(), { timeout: 20_000 }).toBe(true);
      await input(p).fill(text);
      await chat(p).getByRole("button", { name: "Send" }).click();
    };

    // The deal: nobody speaks; the reason is shown.
    await expect.poll(() => chat(one).textContent()).toContain("Nobody speaks during the deal.");
    expect(await input(one).isDisabled()).toBe(true);

    // The discussion: everyone living writes in the city and reads the others.
    await expect.poll(() => chat(one).textContent(), { timeout: 20_000 }).toContain("Open discussion");
    await write(one, "Good evening, city");
    await write(nine, "I am a civilian");
    for (const p of phones) {
      await expect
        .poll(() => lines(p))
        .toEqual(["1 · Olena: Good evening, city", "9 · Sofiia: I am a civilian"]);
    }

    expect(one.frames.length).toBeGreaterThan(3);
    for (const p of phones) expect(p.errors).toEqual([]);
  }, 90_000);
});
