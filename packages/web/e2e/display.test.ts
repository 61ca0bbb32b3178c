// The table display (/display/:id) in its own browser context: it follows the host live, and it
// shows public facts only. Every DOM state it went through and every WebSocket frame it received are
// scanned for the card of any seat not revealed, across a day, a vote, a night and the morning.

import { type Card, type GameEvent, replay } from "@misto/engine/testing";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit, LANDMARKS } from "./axe.js";
import {
  CARD_NAMES,
  clubFixture,
  freshContext,
  newTableThroughApi,
  phaseHeading,
  serverTable,
  setUpClub,
  step,
  until,
} from "./club.js";
import { wholeViews } from "./views.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Recorder {
  snapshots: string[];
}
declare const window: { __misto: Recorder };
declare const document: { documentElement: { outerHTML: string } };
declare const MutationObserver: new (
  callback: () => void,
) => { observe(target: unknown, options: Record<string, boolean>): void };

/** Records every DOM state of the display page (one snapshot per batch of mutations). */
function recordDom(): void {
  const recorder: Recorder = { snapshots: [] };
  window.__misto = recorder;
  const take = () => {
    const html = document.documentElement.outerHTML;
    if (recorder.snapshots.at(-1) !== html) recorder.snapshots.push(html);
  };
  new MutationObserver(take).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

async function text(page: Page, selector: string): Promise<string | null> {
  const found = page.locator(selector);
  return (await found.count()) > 0 ? ((await found.first().textContent()) ?? "").trim() : null;
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
declare const getComputedStyle: (el: unknown) => { fontSize: string };

/** Seats overlapping or off the screen, and type too small to read across a room, in words. */
async function layoutProblems(page: Page, width: number, height: number): Promise<string[]> {
  await page.waitForTimeout(200);
  const seats = await page.locator(".display-seat").evaluateAll((els) =>
    els.map((el) => {
      const r = (el as unknown as { getBoundingClientRect(): Rect }).getBoundingClientRect();
      const size = (selector: string) => {
        const part = (el as unknown as { querySelector(s: string): unknown }).querySelector(selector);
        return part ? Number.parseFloat(getComputedStyle(part).fontSize) : 0;
      };
      return {
        rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
        number: size(".display-seat-number"),
        name: size(".display-seat-name"),
      };
    }),
  );
  const out: string[] = [];
  const at = `${width}×${height}`;
  for (const [i, a] of seats.entries()) {
    const r = a.rect;
    if (r.left < 0 || r.top < 0 || r.right > width + 1 || r.bottom > height + 1)
      out.push(`${at}: seat ${i + 1} off the screen`);
    for (const [j, b] of seats.entries()) {
      const o = b.rect;
      if (j > i && r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom)
        out.push(`${at}: seats ${i + 1} and ${j + 1} overlap`);
    }
    if (a.number < 0.06 * height) out.push(`${at}: seat ${i + 1}'s number is ${a.number}px`);
    if (a.name < 0.035 * height) out.push(`${at}: seat ${i + 1}'s name is ${a.name}px`);
  }
  const clock = page.locator(".display-clock");
  if ((await clock.count()) > 0) {
    const px = await clock.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    if (px < 0.15 * height) out.push(`${at}: the clock is ${px}px`);
  }
  return out;
}

describe("the table display", () => {
  const club = clubFixture();

  it("follows the host live and shows only public facts, through a night", async () => {
    const { served, browser } = club;
    const hostContext = await freshContext(browser);
    const displayContext = await freshContext(browser);
    const host = await hostContext.newPage();
    const display = await displayContext.newPage();
    const taps: string[] = [];
    try {
      await setUpClub(host, served.setupLink as string);
      const id = await newTableThroughApi(host, "e2e-display-1");
      await host.goto(`${served.url}/tables/${encodeURIComponent(id)}`);
      await phaseHeading(host).waitFor({ timeout: 15_000 });

      // The display: its own context (no session), every frame and DOM state recorded.
      const frames: string[] = [];
      display.on("websocket", (ws) => {
        const whole = wholeViews();
        ws.on("framereceived", (frame) => {
          frames.push(
            whole(typeof frame.payload === "string" ? frame.payload : frame.payload.toString("utf8")),
          );
        });
      });
      await display.addInitScript(recordDom);
      await display.goto(`${served.url}/display/${encodeURIComponent(id)}`);
      await display.locator(".display-head h1").waitFor({ timeout: 15_000 });
      expect(await text(display, ".display-head h1")).toBe("The deal");
      // Issue 14: during the deal the room's screen shows the join code and its QR code.
      const seats = await host.request.get(`${served.url}/api/tables/${encodeURIComponent(id)}/seats`);
      const { code } = (await seats.json()) as { code: string };
      const join = display.getByRole("region", { name: "Join the table from your phone" });
      await join.getByRole("img", { name: "QR code of the join link" }).waitFor({ timeout: 10_000 });
      expect(await join.textContent()).toContain(code);
      expect(await join.textContent()).toContain(`${served.url}/join/${code}`);
      expect(await audit(display, "display, the deal", LANDMARKS)).toEqual([]);

      // The deal (the host may know it): at night the mafia shoots a civilian, the others pass,
      // so the morning reveals a victim (NIGHT-14) and the rest stays secret.
      const dealt = replay((await serverTable(host, id)).events as GameEvent[]).seats.map((s) => s.card);
      const nightStep = async (): Promise<string | null> => {
        const role = await text(host, "#script-title");
        if (role === "The mafia") {
          for (const button of await host.locator(".chooser .btn-seat").all()) {
            const target = Number((await button.textContent())?.trim());
            if (dealt[target - 1] === "civilian") {
              await button.click();
              return `mafia shoots ${target}`;
            }
          }
        }
        if (role === "The prostitute" || role === "The doctor" || role === "The maniac")
          return step(host, { nightSkip: true });
        return null;
      };

      const seen = new Set<string>();
      let nightSeen = false;
      let muted = false;
      // Day 1 (speeches, the vote, a last word), night 1 with every role acting, the morning, day 2.
      for (let i = 0; i < 45; i++) {
        const tap = (await nightStep()) ?? (await step(host));
        taps.push(tap);
        const want = ((await phaseHeading(host).textContent()) ?? "").trim();
        await until(
          `the display to show "${want}" after "${tap}"`,
          async () => (await text(display, ".display-head h1")) === want,
          10_000,
        );
        seen.add(want);
        if (want.startsWith("Night")) nightSeen = true;
        // After the deal no phone joins: the code is gone from the room's screen.
        if (want !== "The deal") expect(await join.count(), want).toBe(0);
        // FOUL-4: three fouls mute seat 2, and the room sees the mark.
        if (want === "Day 1 · discussion" && !muted) {
          muted = true;
          for (let f = 0; f < 3; f++) {
            await host.locator(".ring .seat").nth(1).click();
            const menu = host.getByRole("dialog", { name: /^Seat 2 · / });
            await menu.getByRole("button", { name: "arguing with the host", exact: true }).click();
            await menu.waitFor({ state: "detached" });
          }
          await until(
            "the display to mark seat 2 muted",
            async () =>
              (
                await display.locator(".display-seat").nth(1).locator(".display-seat-mark").allTextContents()
              ).includes("muted"),
            10_000,
          );
          // The host pauses his clock (space): the room's screen says so and its clock stands
          // still; space again runs both on.
          const paused = display.locator(".display-paused");
          await host.locator("body").click({ position: { x: 5, y: 5 } });
          // The host's own button says what a press did (the display may be a moment behind it):
          // the first press may have started a timer that was not running; the second pauses it.
          const toggle = host.locator(".timer-toggle").first();
          const press = async () => {
            const before = await toggle.getAttribute("aria-label");
            await host.keyboard.press("Space");
            await until(
              "the host's clock to answer the key",
              async () => (await toggle.getAttribute("aria-label")) !== before,
              10_000,
            );
          };
          await press();
          if ((await toggle.getAttribute("aria-label")) === "Pause") await press();
          await until(
            "the display to say paused",
            async () => (await text(display, ".display-paused")) === "Paused",
            10_000,
          );
          const frozen = await text(display, ".display-clock");
          await sleep(1_500);
          expect(await text(display, ".display-clock")).toBe(frozen);
          expect(await audit(display, "display, paused", LANDMARKS)).toEqual([]);
          await host.keyboard.press("Space");
          await until("the display to run its clock again", async () => !(await paused.isVisible()), 10_000);
        }
        // Who speaks or votes now, as the host's panel says it.
        const now = await text(host, ".day-panel .now, .voting-panel .now");
        const seat = now ? /seat (\d+)/.exec(now)?.[1] : undefined;
        if (seat && !want.includes("discussion")) {
          await until(
            `the display to name seat ${seat} after "${tap}"`,
            async () => ((await text(display, ".display-now")) ?? "").includes(`seat ${seat}`),
            10_000,
          );
        }
        if (want.startsWith("Day 2 · accusations")) break;
      }
      expect(nightSeen).toBe(true);
      expect(muted, "the day's fouls were given and marked").toBe(true);
      expect([...seen]).toEqual(
        expect.arrayContaining(["Day 1 · accusations", "Day 1 · voting", "Night 1", "Day 2 · morning"]),
      );

      // The truth, from the host's events: every seat's card, and which are public by now.
      const events = (await serverTable(host, id)).events as GameEvent[];
      const state = replay(events);
      const cards = state.seats.map((s) => s.card);
      const revealed = new Set(state.seats.filter((s) => s.revealed).map((s) => s.seat));
      expect(state.seats.filter((s) => s.out?.cause === "night")).toHaveLength(1);
      expect(revealed.size).toBeGreaterThan(1);
      expect(revealed.size).toBeLessThan(12);
      const publicCards = new Set(state.seats.filter((s) => revealed.has(s.seat)).map((s) => s.card));
      const secret = [...new Set(cards)].filter((c) => !publicCards.has(c));
      expect(secret.length).toBeGreaterThan(0);

      // Every frame: a seat's card only when it is revealed (and then the right one); no secret card at all.
      const leaks: string[] = [];
      let views = 0;
      for (const frame of frames) {
        const message = JSON.parse(frame) as {
          type: string;
          view?: { seats: { seat: number; card: Card | null }[]; host: unknown };
        };
        if (message.type !== "view" || !message.view) continue;
        views += 1;
        if (message.view.host !== null) leaks.push(`a host view: ${frame.slice(0, 80)}`);
        for (const s of message.view.seats) {
          if (s.card !== null && (!revealed.has(s.seat) || s.card !== cards[s.seat - 1]))
            leaks.push(`frame shows seat ${s.seat} as ${s.card}`);
        }
        for (const card of secret) if (frame.includes(`"${card}"`)) leaks.push(`frame names "${card}"`);
      }
      expect(views).toBeGreaterThan(10);

      // Every DOM state: no secret card's name; a seat's card shown only when revealed.
      const snapshots = await display.evaluate(() => window.__misto.snapshots);
      expect(snapshots.length).toBeGreaterThan(10);
      for (const html of snapshots) {
        for (const card of secret) {
          const word = CARD_NAMES[card];
          if (new RegExp(`\\b${word}\\b`, "i").test(html)) leaks.push(`DOM names ${word}`);
        }
      }
      const seatTexts = await display.locator(".display-seat").allTextContents();
      expect(seatTexts).toHaveLength(12);
      for (const [i, seatText] of seatTexts.entries()) {
        const card = cards[i] as Card;
        if (!revealed.has(i + 1) && seatText.includes(CARD_NAMES[card]))
          leaks.push(`seat ${i + 1} shows ${CARD_NAMES[card]}`);
        if (revealed.has(i + 1)) expect(seatText).toContain(CARD_NAMES[card]);
      }
      expect([...new Set(leaks)]).toEqual([]);

      // Readable from 5 metres, on a TV and on a projector: the whole table on one screen, no seat
      // over another, seat numbers at least 6% of the screen's height, names 3.5%, the clock 15%.
      for (const [width, height] of [
        [1920, 1080],
        [1280, 720],
      ] as const) {
        await display.setViewportSize({ width, height });
        expect(await layoutProblems(display, width, height)).toEqual([]);
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}\ntaps: ${taps.join(" | ")}`, { cause: error });
    } finally {
      await hostContext.close();
      await displayContext.close();
    }
  }, 180_000);
});
