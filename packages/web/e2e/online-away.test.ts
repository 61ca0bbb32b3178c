// Nobody stalls an online table, in Chromium at a 390×844 phone viewport: the creator makes an
// online table from the form with one seat for people and short deadlines (no names asked); one
// phone takes seat 1 and then does nothing. When he has missed his deadline a bot plays his seat:
// his phone and the table's page both say so, his phone says how to take it back and offers the
// button; he presses it, and both say he is back. The form, the phone and the page are axe clean.

import { type RunningServer, startServer } from "@misto/server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "./axe.js";
import { launch, tempDb } from "./club.js";
import { createOnlineTable, openOnlineForm, Phones, takeSeat } from "./online-table.js";

/** The runner's pace; the deadlines are the table's own, typed in the form. */
const ONLINE = { pauseMs: 100, botDelayMs: [50, 200] as const, stepMs: () => 300 };
const STEP_MS = 20_000;

let server: RunningServer | undefined;
let db: { file: string; dispose: () => void } | undefined;
let browser: Browser | undefined;
const phones = new Phones(() => browser as Browser, STEP_MS);
const page = () => phones.page();

beforeAll(async () => {
  db = tempDb();
  server = await startServer({ port: 0, db: db.file, log: false, online: ONLINE });
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await phones.closeAll();
  await browser?.close().catch(() => undefined);
  await server?.close();
  db?.dispose();
}, 30_000);

describe("an absent player at an online table made from the form", () => {
  it("a bot takes the seat of a player who misses his deadline; everyone is told; he takes it back", async () => {
    if (!server || !browser) throw new Error("the server or the browser did not start");
    const base = server.url;
    const errors: string[] = [];

    // --- The form: online, one seat for people, short deadlines, no names ----------------------------
    const host = await page();
    host.on("pageerror", (e) => errors.push(`host: ${String(e)}`));
    await openOnlineForm(host, base, server.setupLink as string, "Away e2e");
    // Online, nobody is named: the seats are the people's who join by the code, and the bots'.
    expect(await host.locator("#seat-1").count()).toBe(0);
    // The defaults are the protocol's; a value out of range is refused before anything is sent.
    expect(await host.inputValue("#online-humanSeats")).toBe("12");
    await host.fill("#online-humanSeats", "13");
    await host.getByRole("button", { name: "Create the table" }).click();
    await host.getByText("From 1 to 12.").waitFor();
    expect(new URL(host.url()).pathname).toBe("/tables/new");
    expect(await audit(host, "new online table form")).toEqual([]);
    const { tableId, code } = await createOnlineTable(host, {
      humanSeats: 1,
      startMs: "6",
      nightMs: "1.5",
      voteMs: "1.5",
      missedDeadlines: "1",
    });
    await host.getByText("Seats for people").waitFor();

    // --- One phone takes seat 1; a later seat is the bots' ---------------------------------------------
    const phone = await page();
    phone.on("pageerror", (e) => errors.push(`phone: ${String(e)}`));
    const frames: string[] = [];
    phone.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
    await phone.goto(`${base}/join/${code}`);
    await phone.getByRole("button", { name: /^2\b/ }).click();
    await phone.getByRole("button", { name: "Take seat 2" }).click();
    await phone.getByText("Seat 2 at this table is a bot's: pick a seat for people.").waitFor();
    await takeSeat(phone, base, code, 1, tableId);

    // --- He does nothing: his first missed deadline hands his seat to a bot ------------------------------
    const taken = /^Seat 1 is played by a bot: missed deadlines$/;
    await phone.locator(".away-notice").filter({ hasText: taken }).waitFor({ timeout: 90_000 });
    await host.locator(".away-notice").filter({ hasText: taken }).waitFor();
    await host.getByText("Bots play seats: 1").waitFor();
    await phone
      .getByText(
        "A bot plays your seat. Take it back at any moment: your phone reconnects with your seat token.",
      )
      .waitFor();
    // Only the player whose seat it is is offered it back: the table's page has no button.
    expect(await host.getByRole("button", { name: "Take my seat back" }).count()).toBe(0);
    expect(await audit(phone, "phone: a bot plays the seat")).toEqual([]);
    expect(await audit(host, "online table: a bot plays seat 1")).toEqual([]);

    // --- He takes it back -----------------------------------------------------------------------------
    const sockets = frames.length;
    await phone.getByRole("button", { name: "Take my seat back" }).click();
    const back = host.locator(".away-notice").filter({ hasText: /^Seat 1 is back$/ });
    await Promise.all([
      phone
        .locator(".away-notice")
        .filter({ hasText: /^Seat 1 is back$/ })
        .waitFor(),
      back.waitFor(),
    ]);
    // The reconnect brought the whole view again.
    expect(frames.slice(sockets).some((f) => f.includes('"type":"view"'))).toBe(true);
    expect(frames.slice(sockets).some((f) => f.includes('"away":false'))).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);
});
