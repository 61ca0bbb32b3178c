// Players' phones, in Chromium, against the built `misto serve`: the host (tablet) sets the club up,
// creates a table with a physical deal, opens the Phones sheet and reads the join code; three phones
// (separate contexts, portrait, touch) join seats 2, 8 and 11 with /join/<code> and land on
// /seat/<table>. Each holds "see your card" and sees its own card only while holding. Every
// WebSocket frame each phone receives and its page text at several points are checked: no card of
// another seat still in the game, never the host's view. The host plays day 1 to the vote; the
// phones cast their own votes on their turns and the host's console shows them; at night every phone
// shows the same screen, the doctor (seat 8) learns from his held card that he is called and heals
// from his phone, a civilian taps through the same screen and sends nothing, and the script moves on.

import type { Card } from "@misto/engine";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit, LANDMARKS } from "./axe.js";
import {
  CARD_NAMES,
  PHYSICAL_CARDS as CARDS,
  clubFixture,
  freshContext,
  heldCardText,
  PHYSICAL_NAMES as NAMES,
} from "./club.js";
import { wholeViews } from "./views.js";

const HOST = { club: "Misto e2e phones", name: "Roksolana", login: "roksolana", password: "night-city-12" };
const PHONE_SEATS = [2, 8, 11] as const;
const STEP_MS = 10_000;

const club = clubFixture();

interface Phone {
  seat: number;
  card: Card;
  page: Page;
  frames: string[];
  /** Every frame this phone sent. */
  sent: string[];
  errors: string[];
  /** Page texts taken at the checkpoints. */
  texts: { at: string; text: string }[];
}

interface SeatViewLike {
  seat: number;
  card: Card | null;
  out: unknown;
}
interface ViewLike {
  viewer: unknown;
  host: unknown;
  seats: SeatViewLike[];
  you: { seat: number; card: Card; partners: { seat: number; card: Card }[] } | null;
}

/** Every problem in one frame a phone received: another seat's hidden card, the host's view. */
function frameProblems(phone: Phone, payload: string): string[] {
  let message: { type?: string; view?: ViewLike };
  try {
    message = JSON.parse(payload) as typeof message;
  } catch {
    return [`not JSON: ${payload.slice(0, 80)}`];
  }
  if (message.type !== "view" || !message.view) return [];
  const view = message.view;
  const problems: string[] = [];
  if (view.viewer !== phone.seat) problems.push(`viewer ${String(view.viewer)}`);
  if (view.host !== null) problems.push("a host view");
  if (view.you?.seat !== phone.seat || view.you.card !== phone.card)
    problems.push(`you: ${JSON.stringify(view.you)}`);
  // Civilians and the doctor have no partners (FLOW-4 is for the black team).
  if ((view.you?.partners.length ?? 0) > 0) problems.push(`partners ${JSON.stringify(view.you?.partners)}`);
  for (const s of view.seats) {
    if (s.seat === phone.seat) continue;
    if (s.card !== null && s.out === null) problems.push(`seat ${s.seat}'s card ${s.card} while in the game`);
  }
  // And textually: no other card's value anywhere in the frame, except the cards of seats out.
  const outCards = new Set(view.seats.filter((s) => s.out !== null && s.card !== null).map((s) => s.card));
  for (const card of Object.keys(CARD_NAMES) as Card[]) {
    if (card === phone.card || outCards.has(card)) continue;
    if (payload.includes(`"${card}"`)) problems.push(`the word "${card}" in a frame`);
  }
  return problems;
}

/** Every problem in a phone's page text: another card's name (the phone shows no other card). */
function textProblems(phone: Phone, text: string): string[] {
  const problems: string[] = [];
  for (const [card, name] of Object.entries(CARD_NAMES)) {
    if (card === phone.card) continue;
    if (new RegExp(`\\b${name}\\b`).test(text)) problems.push(`"${name}" on the page`);
  }
  return problems;
}

describe("players' phones at a table (join, the held card, a vote, a night choice)", () => {
  it("three phones join, see only their own cards, vote on their turns, and the doctor heals at night", async () => {
    const { served, browser, contexts } = club;
    const base = served.url;
    const setupLink = served.setupLink;
    expect(setupLink, "a fresh database prints a setup link").toMatch(/\/setup#token=/);
    const hostContext = await freshContext(browser);
    contexts.push(hostContext);
    const host = await hostContext.newPage();
    host.setDefaultTimeout(STEP_MS);
    const hostErrors: string[] = [];
    host.on("pageerror", (e) => hostErrors.push(String(e)));

    // --- The club and the table (physical cards) -------------------------------------------------
    await host.goto(setupLink as string);
    await host.getByLabel("Club name").fill(HOST.club);
    await host.getByLabel("Administrator's name").fill(HOST.name);
    await host.getByLabel("Login", { exact: true }).fill(HOST.login);
    await host.getByLabel("Password", { exact: true }).fill(HOST.password);
    await host.getByLabel("Password again").fill(HOST.password);
    await host.getByRole("button", { name: "Create the club" }).click();
    await host.getByRole("heading", { name: "Tables" }).waitFor();
    await host.getByRole("main").getByRole("link", { name: "New table" }).click();
    await host.getByRole("heading", { name: "New table" }).waitFor();
    for (const [i, name] of NAMES.entries())
      await host.getByLabel(`Seat ${i + 1}`, { exact: true }).fill(name);
    await host.getByRole("radio", { name: "Physical cards" }).check();
    for (const [i, card] of CARDS.entries()) {
      await host
        .getByLabel(`Card of seat ${i + 1} · ${NAMES[i]}`, { exact: true })
        .selectOption({ label: CARD_NAMES[card] });
    }
    await expect
      .poll(() => host.locator(".card-picker [role=status]").textContent())
      .toBe("The deal matches the deck.");
    await host.getByRole("button", { name: "Create the table" }).click();
    await host.waitForURL((url) => /^\/tables\/[^/]+$/.test(url.pathname) && url.pathname !== "/tables/new");
    const tableId = decodeURIComponent(new URL(host.url()).pathname.split("/").pop() ?? "");

    const phase = host.locator(".phase-bar h1");
    const panel = host.getByRole("region", { name: "Current step" });
    const expectPhase = (title: string) => expect.poll(() => phase.textContent()).toBe(title);
    const button = (name: string, within: Page | Locator = host) =>
      within.getByRole("button", { name, exact: true });
    const primary = async (name: string) => {
      const b = panel.locator(".primary-slot").getByRole("button", { name, exact: true });
      await expect.poll(() => b.isEnabled()).toBe(true);
      await b.click();
    };
    const now = panel.locator(".now");
    const expectNow = (text: string) => expect.poll(() => now.first().textContent()).toContain(text);
    const tallyRow = (seat: number) =>
      panel.locator("table.tally tbody tr").filter({ has: host.locator(`th:text-is("${seat}")`) });
    await expectPhase("The deal");

    // --- The Phones sheet: the join code ---------------------------------------------------------
    await host.locator(".phase-bar").getByRole("button", { name: "Phones" }).click();
    const sheet = host.getByRole("dialog", { name: "Players' phones" });
    await sheet.waitFor();
    const codeLine = sheet.locator(".phones-code");
    await expect.poll(() => codeLine.textContent()).toMatch(/^Table code: [A-HJ-NP-Z2-9]{6}$/);
    const code = ((await codeLine.textContent()) ?? "").replace("Table code: ", "");
    await expect.poll(() => sheet.getByText("No phone has joined yet.").count()).toBe(1);
    await expect.poll(() => sheet.textContent()).toContain(`${base}/join/${code}`);

    // --- The phones join ---------------------------------------------------------------------------
    const phones: Phone[] = [];
    for (const seat of PHONE_SEATS) {
      const context = await browser.newContext({
        locale: "en-US",
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_MS);
      const phone: Phone = {
        seat,
        card: CARDS[seat - 1] as Card,
        page,
        frames: [],
        sent: [],
        errors: [],
        texts: [],
      };
      page.on("pageerror", (e) => phone.errors.push(String(e)));
      page.on("websocket", (ws) => {
        const whole = wholeViews();
        ws.on("framereceived", (f) => phone.frames.push(whole(String(f.payload))));
        ws.on("framesent", (f) => phone.sent.push(String(f.payload)));
      });
      await page.goto(`${base}/join/${code.toLowerCase()}`);
      await page.getByRole("heading", { name: "Join a table" }).waitFor();
      expect(await page.getByLabel("Table code").inputValue()).toBe(code.toLowerCase());
      // Issue 14: the seats are listed with their players' public names (and nothing more).
      await expect
        .poll(() => page.locator(".phone-seats button").allTextContents())
        .toEqual(NAMES.map((name, i) => `${i + 1} ${name}`));
      if (seat === 2) expect(await audit(page, "join, the seats named", LANDMARKS)).toEqual([]);
      await page.getByRole("button", { name: new RegExp(`^${seat}\\b`) }).click();
      await page.getByRole("button", { name: `Take seat ${seat}: ${NAMES[seat - 1]}` }).click();
      await page.waitForURL((url) => url.pathname === `/seat/${encodeURIComponent(tableId)}`);
      await page.getByText(`Your seat: ${seat}`).waitFor();
      await expect.poll(() => page.locator(".phone-conn").textContent()).toBe("Connected");
      await expect.poll(() => page.locator(".phone-title").first().textContent()).toBe("The deal");
      if (seat === PHONE_SEATS[0]) {
        // Issue 14: the seat screen's own language switch changes its words, not just the join page's.
        const lang = page.locator(".phone-lang select");
        await lang.selectOption("ru");
        await page.getByText(`Ваше место: ${seat}`).waitFor();
        await expect.poll(() => page.locator(".phone-title").first().textContent()).toBe("Раздача");
        await lang.selectOption("uk");
        await page.getByText(`Ваше місце: ${seat}`).waitFor();
        await expect.poll(() => page.locator(".phone-title").first().textContent()).toBe("Роздача");
        await lang.selectOption("en");
        await page.getByText(`Your seat: ${seat}`).waitFor();
      }
      phones.push(phone);
    }
    const phoneOf = (seat: number) => phones.find((p) => p.seat === seat) as Phone;
    // The host's sheet lists the three (it reloads every 5 s).
    await expect
      .poll(() => sheet.locator(".phones-seats li").allTextContents(), { timeout: 12_000 })
      .toEqual([
        "Seat 2: phone joined · BorysFree seat 2",
        "Seat 8: phone joined · IvanFree seat 8",
        "Seat 11: phone joined · MartaFree seat 11",
      ]);
    // A taken seat is refused to another phone.
    const taken = await host.request.post(`${base}/api/join`, { data: { code, seat: 2 } });
    expect(taken.status()).toBe(409);
    await button("Close", sheet).click();
    await sheet.waitFor({ state: "detached" });

    /** Each phone's page text, kept and checked. */
    const checkpoint = async (at: string) => {
      for (const phone of phones) {
        const text = (await phone.page.locator("body").textContent()) ?? "";
        phone.texts.push({ at, text });
        expect(textProblems(phone, text), `seat ${phone.seat} at ${at}: ${text}`).toEqual([]);
      }
    };

    // --- The held card: own card while held, gone on release -------------------------------------
    for (const phone of phones) {
      const { page } = phone;
      const hold = page.getByRole("button", { name: "Hold to see your card" });
      const face = page.locator(".phone-card-face");
      expect(await face.textContent()).toBe("");
      await hold.scrollIntoViewIfNeeded();
      const box = await hold.boundingBox();
      if (!box) throw new Error("no hold button box");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await expect.poll(() => face.locator(".phone-card-name").textContent()).toBe(CARD_NAMES[phone.card]);
      expect(await face.isVisible()).toBe(true);
      const held = (await page.locator("body").textContent()) ?? "";
      phone.texts.push({ at: "holding", text: held });
      expect(textProblems(phone, held)).toEqual([]);
      await page.mouse.up();
      await expect.poll(() => face.textContent()).toBe("");
      const released = (await page.locator("body").textContent()) ?? "";
      expect(released).not.toContain(CARD_NAMES[phone.card]);
    }
    await checkpoint("deal");

    // --- Day 1 to the vote -------------------------------------------------------------------------
    await primary("Start the game");
    await expectPhase("Day 1 · discussion");
    await primary("End the discussion");
    await expectPhase("Day 1 · accusations");
    for (let i = 0; i < 11; i++) await primary("Next speaker");
    await primary("Start the vote");
    await expectPhase("Day 1 · voting");
    for (const phone of phones)
      await expect.poll(() => phone.page.locator(".phone-title").textContent()).toBe("Day 1 · voting");
    await checkpoint("day 1 vote");
    // A live club table's phone keeps its calm screen: no chat box, none of an online table's city.
    for (const phone of phones)
      expect(await phone.page.locator(".chat, textarea, .city-step, .city-log").count()).toBe(0);

    // The vote starts at seat 2 (DAY-5). Phones vote on their own turns; the host taps the others.
    const ballots: [number, number][] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1].map((v) => [
      v,
      v === 10 ? 12 : 10,
    ]);
    for (const [voter, target] of ballots) {
      await expectNow(`NOW voting: seat ${voter}`);
      if (PHONE_SEATS.includes(voter as (typeof PHONE_SEATS)[number])) {
        const phone = phoneOf(voter);
        const { page } = phone;
        await page.getByText("Your turn to vote.").waitFor();
        // The other phones are not asked.
        for (const other of phones.filter((p) => p !== phone))
          expect(await other.page.locator(".phone-options button").count()).toBe(0);
        await page.getByText("Your vote: against whom?").waitFor();
        await page
          .locator(".phone-options")
          .getByRole("button", { name: `Seat ${target}`, exact: true })
          .click();
        const confirm = page.getByRole("alertdialog", { name: `Vote against seat ${target}?` });
        await confirm.waitFor();
        await button("Confirm", confirm).click();
        await page.getByText("Accepted.").waitFor();
        // The host's console shows the ballot and moves on.
        await expect.poll(() => tallyRow(target).textContent()).toContain(String(voter));
      } else {
        await button(`Seat ${voter} votes for ${target}`, panel).click();
      }
    }
    await primary("Announce the count"); // HOST-4
    await expectPhase("Day 1 · last words");
    await expectNow("Last word: seat 10");
    // "Accepted." answered the vote; the last words are the next step, and it is gone.
    for (const phone of phones) await expect.poll(() => phone.page.getByText("Accepted.").count()).toBe(0);
    await checkpoint("day 1 last words");
    await primary("End the day: the city sleeps");

    // --- Night 1: the doctor (seat 8) heals from his phone ----------------------------------------
    await expectPhase("Night 1");
    const script = panel.locator("#script-title");
    await expect.poll(() => script.textContent()).toBe("The mafia's acquaintance");
    // The equal night screen: every living phone shows the same words and the same 13 buttons.
    const nightLine =
      "Night. Everyone picks a seat and confirms, all night long. Hold your card: it says whether your pick counts now.";
    for (const phone of phones)
      await expect
        .poll(() => phone.page.locator(".phone-body .phone-line").first().textContent())
        .toBe(nightLine);
    await checkpoint("night 1");
    await primary("End the acquaintance");
    await expect.poll(() => script.textContent()).toBe("The prostitute");
    await button("Seat 6 chooses 2", panel).click();
    await expect.poll(() => script.textContent()).toBe("The doctor");
    const doctor = phoneOf(8).page;
    // Called: the screen does not change; the held card says so, with the role's question.
    await expect
      .poll(() => heldCardText(doctor), { timeout: STEP_MS })
      .toContain("You are awake: your pick counts now.");
    expect(await heldCardText(doctor)).toContain("Whom do you heal?");
    expect(await heldCardText(phoneOf(2).page)).toContain(
      "You are not awake now: your pick changes nothing.",
    );
    const screenOf = (page: Page) =>
      page.locator(".phone-body").evaluate((body) => {
        const buttons = Array.from(body.querySelectorAll("button")).map(
          (b) => `${b.textContent}:${b.disabled}`,
        );
        return { text: body.textContent, buttons };
      });
    const doctorScreen = await screenOf(doctor);
    expect(doctorScreen.buttons).toHaveLength(13);
    for (const phone of phones.filter((p) => p.seat !== 8))
      expect(await screenOf(phone.page), `seat ${phone.seat}`).toEqual(doctorScreen);
    await checkpoint("night 1, the doctor called");
    // Seat 2 (not called) taps through the same screen: nothing is sent.
    const sentBefore = phoneOf(2).sent.length;
    for (const phone of [phoneOf(8), phoneOf(2)]) {
      const page = phone.page;
      await page.locator(".phone-options").getByRole("button", { name: "Seat 8", exact: true }).click();
      const pick = page.getByRole("alertdialog", { name: "Seat 8?" });
      await pick.waitFor();
      await button("Confirm", pick).click();
      await page.getByText("Picked.").waitFor();
    }
    expect(
      phoneOf(2)
        .sent.slice(sentBefore)
        .filter((f) => f.includes('"command"')),
    ).toEqual([]);
    await expect.poll(() => script.textContent()).toBe("The mafia");
    // The doctor's phone is still on the common night screen, now not called.
    await expect.poll(() => heldCardText(doctor), { timeout: STEP_MS }).toContain("You are not awake now");
    expect(await screenOf(doctor)).toEqual(await screenOf(phoneOf(2).page));
    await checkpoint("night 1, the mafia");

    // The server's record has the phones' own choices.
    const answer = await host.request.get(`${base}/api/tables/${encodeURIComponent(tableId)}`);
    const events = ((await answer.json()) as { events: Record<string, unknown>[] }).events;
    for (const seat of PHONE_SEATS) expect(JSON.stringify(events)).toContain(`"voter":${seat},"target":10`);
    expect(JSON.stringify(events)).toMatch(/"seat":8,"target":8/);

    // --- Every frame each phone received: its own view only ----------------------------------------
    for (const phone of phones) {
      const views = phone.frames.filter((f) => f.includes('"type":"view"'));
      expect(views.length, `seat ${phone.seat}'s views`).toBeGreaterThan(3);
      const problems = phone.frames.flatMap((f) => frameProblems(phone, f));
      expect(problems, `seat ${phone.seat}'s frames`).toEqual([]);
      expect(phone.errors, `seat ${phone.seat}'s page errors`).toEqual([]);
    }
    expect(hostErrors).toEqual([]);
    console.info(
      `phones e2e: frames ${phones.map((p) => `${p.seat}: ${p.frames.length}`).join(", ")}; checkpoints ${phones[0]?.texts.length}`,
    );
  }, 180_000);
});
