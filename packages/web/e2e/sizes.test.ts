// UX.md, measured: on a 10-inch tablet (1280×800, landscape) and on a phone held in one hand
// (390×844, portrait) the host console shows no text below 16 px and no touch target below 44 px,
// at every step of a day, a night, the end and the rating vote, in each of its three languages (the
// longer Russian and Ukrainian words included); no seat's words spill out of its chip; on the phone
// the ONE primary button stays in view at the thumb; and axe finds nothing serious at the phone's size.

import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { translate } from "../src/i18n/core.js";
import { LANGUAGES, type Language } from "../src/i18n/types.js";
import { audit } from "./axe.js";
import {
  clubFixture,
  newTableThroughApi,
  phaseHeading,
  playToTheEnd,
  primaryButton,
  sessionCookie,
  setUpClub,
  step,
  until,
} from "./club.js";
import { coverProblems, foldProblems, overflowProblems, ringProblems, sizeProblems } from "./measure.js";

/** What the screen is at: the phase bar's title and, at night, the role woken. */
async function where(page: Page): Promise<string> {
  // allTextContents does not wait: the script card comes and goes with the night's steps.
  const [role] = await page.locator("#script-title").allTextContents();
  return `${(await phaseHeading(page).textContent()) ?? ""}${role === undefined ? "" : ` / ${role}`}`;
}

declare const localStorage: { setItem(key: string, value: string): void };
declare const window: { scrollTo(x: number, y: number): void };
/** An element made by a probe; styled through the CSSOM, which the page's CSP allows (style attributes it refuses). */
interface ProbeElement {
  textContent: string;
  className: string;
  type: string;
  style: Record<string, string>;
  append(...nodes: ProbeElement[]): void;
}
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number; scrollHeight: number };
  body: { append(...nodes: ProbeElement[]): void };
  createElement(tag: string): ProbeElement;
};

/** The undo log's line for the deal's end, as a native speaker writes it. */
const END_OF_DEAL: Record<Language, string> = {
  ru: "Конец раздачи",
  uk: "Кінець роздачі",
  en: "End of the deal",
};

/** Where the phone's top bar and phase bar must end, of its 844 px. */
const PHONE_TOP_PX = 200;

/**
 * On the phone: the ONE primary button (or the slot saying what the step waits for) is inside the
 * screen without scrolling, and nothing makes the page scroll sideways.
 */
async function phoneProblems(phone: Page, at: string): Promise<string[]> {
  const out: string[] = [];
  const width = await phone.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  if ((width[0] ?? 0) > (width[1] ?? 0))
    out.push(`${at}: the page is ${width[0]} px wide, the screen ${width[1]}`);
  const slot = phone.locator(".primary-slot");
  if ((await slot.count()) === 0) return out;
  const box = await slot.boundingBox();
  const view = phone.viewportSize();
  if (!box || !view) return [...out, `${at}: the primary slot is not painted`];
  if (box.y < 0 || box.y + box.height > view.height + 1) out.push(`${at}: the primary slot is out of view`);
  // The top bar and the phase bar leave the step most of the screen (they once took 390 of 844 px).
  const bar = await phone.locator(".phase-bar").boundingBox();
  if (!bar || bar.y + bar.height > PHONE_TOP_PX)
    out.push(`${at}: the top and phase bars end at ${Math.round((bar?.y ?? 0) + (bar?.height ?? 0))} px`);
  // What the step reads or offers begins in the first screen, above the primary button (the night's
  // targets and the morning card once lay below it while the button already said "Announced").
  for (const selector of [".morning-card", ".chooser .seat-buttons"]) {
    const found = phone.locator(selector).first();
    const first = (await found.count()) > 0 ? await found.boundingBox() : null;
    if (first && first.y > box.y) out.push(`${at}: ${selector} begins below the primary button`);
  }
  // Scrolled to the bottom, the phase bar's undo is still in sight (UX: undo always visible).
  await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const undo = await phone.locator(".btn-undo").boundingBox();
  if (!undo || undo.y < 0 || undo.y + undo.height > view.height) out.push(`${at}: undo is out of view`);
  await phone.evaluate(() => window.scrollTo(0, 0));
  return out;
}

/**
 * A sheet opened by `open`: while it is open the primary button is covered (the point at its centre
 * hits the sheet's layer) and → does not take the step; it closes on Escape and on a tap outside.
 */
async function sheetProblems(page: Page, open: () => Promise<void>, at: string): Promise<string[]> {
  const out: string[] = [];
  const sheet = page.locator(".sheet[role=dialog]");
  const heading = await phaseHeading(page).textContent();
  for (const how of ["Escape", "a tap outside"] as const) {
    await open();
    await sheet.waitFor();
    const primary = await primaryButton(page).boundingBox();
    if (primary) {
      const hit = await page.evaluate(
        ([x, y]) =>
          (
            document as unknown as {
              elementFromPoint(x: number, y: number): { closest(s: string): unknown } | null;
            }
          )
            .elementFromPoint(x ?? 0, y ?? 0)
            ?.closest(".primary-slot") !== null,
        [primary.x + primary.width / 2, primary.y + primary.height / 2],
      );
      if (hit) out.push(`${at}: the primary button is not covered by the open sheet`);
    }
    await page.keyboard.press("ArrowRight");
    if (how === "Escape") await page.keyboard.press("Escape");
    else await page.mouse.click(4, 4);
    await sheet
      .waitFor({ state: "detached", timeout: 3_000 })
      .catch(() => out.push(`${at}: ${how} did not close it`));
    if ((await sheet.count()) > 0) await page.keyboard.press("Escape");
  }
  if ((await phaseHeading(page).textContent()) !== heading) out.push(`${at}: → took a step behind the sheet`);
  return out;
}

describe("the host console's sizes", () => {
  const club = clubFixture();
  let cookies: Parameters<BrowserContext["addCookies"]>[0] = [];

  beforeAll(async () => {
    const context = await club.context();
    const page = await context.newPage();
    await setUpClub(page, club.served.setupLink as string);
    cookies = await context.cookies();
  }, 60_000);

  /** A context in a language, signed in as the club's host. */
  const device = async (lang: Language, phone: boolean): Promise<BrowserContext> => {
    const context = phone
      ? await club.context({
          locale: "en-US",
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        })
      : await club.context();
    await context.addCookies(cookies);
    await context.addInitScript((l) => localStorage.setItem("misto.lang", l), lang);
    return context;
  };

  for (const lang of LANGUAGES) {
    it(`in ${lang}, at 1280×800 and 390×844: text ≥ 16 px, targets ≥ 44 px, nothing spilling, at every step`, async () => {
      const tr = (key: string, params?: Record<string, number>) => translate(lang, key, params);
      const { served } = club;
      const contexts: BrowserContext[] = [];
      try {
        const tabletContext = await device(lang, false);
        contexts.push(tabletContext);
        const tablet = await tabletContext.newPage();
        tablet.setDefaultTimeout(15_000);
        await tablet.goto(served.url);
        const id = await newTableThroughApi(tablet, `e2e-sizes-${lang}`);
        const address = `${served.url}/tables/${encodeURIComponent(id)}`;
        await tablet.goto(address);
        await primaryButton(tablet).waitFor();

        // The phone is the same host on a second device: it follows the table as the tablet plays it.
        const phoneContext = await device(lang, true);
        contexts.push(phoneContext);
        const phone = await phoneContext.newPage();
        phone.setDefaultTimeout(15_000);
        await phone.goto(address);
        await phaseHeading(phone).waitFor();

        // The measures themselves can fail: a 12 px line, a 30 px button, words wider than a chip.
        await tablet.evaluate(() => {
          const small = document.createElement("p");
          small.textContent = "small";
          small.style.fontSize = "12px";
          const tiny = document.createElement("button");
          tiny.type = "button";
          tiny.textContent = "x";
          tiny.style.all = "unset";
          tiny.style.fontSize = "16px";
          document.body.append(small, tiny);
        });
        const probed = await sizeProblems(tablet, "probe");
        expect(probed.some((p) => p.includes("text 12px") && p.includes("small"))).toBe(true);
        expect(probed.some((p) => p.includes("target") && p.includes('"x"'))).toBe(true);
        await tablet.evaluate(() => {
          const seat = document.createElement("div");
          seat.className = "seat";
          seat.style.width = "40px";
          seat.style.overflow = "visible";
          const word = document.createElement("span");
          word.textContent = "голосуванням";
          word.style.whiteSpace = "nowrap";
          seat.append(word);
          document.body.append(seat);
        });
        expect(await overflowProblems(tablet, "probe")).toHaveLength(1);
        await tablet.reload();
        await primaryButton(tablet).waitFor();

        const problems: string[] = [];
        const visited: string[] = [];
        // Undo keeps one corner of the tablet's screen from the first step to the last.
        let undoAt: { x: number; y: number } | null = null;
        const undoCorner = async (page: Page, at: string): Promise<string[]> => {
          const box = await page.locator(".btn-undo").boundingBox();
          if (!box) return [`${at}: undo is not painted`];
          const here = { x: Math.round(box.x + box.width), y: Math.round(box.y) };
          undoAt ??= here;
          return Math.abs(here.x - undoAt.x) > 1 || Math.abs(here.y - undoAt.y) > 1
            ? [`${at}: undo moved from ${undoAt.x},${undoAt.y} to ${here.x},${here.y}`]
            : [];
        };
        const measure = async () => {
          const at = await where(tablet);
          // The phone follows over the realtime channel; under a full suite's load that can take a while.
          let seen = "";
          await until(
            `the phone to follow to "${at}"`,
            async () => {
              seen = await where(phone);
              return seen === at;
            },
            45_000,
          ).catch((error: Error) => {
            throw new Error(`${error.message} (it last showed "${seen}")`);
          });
          visited.push(at);
          for (const [page, name] of [
            [tablet, "tablet"],
            [phone, "phone"],
          ] as const) {
            problems.push(...(await sizeProblems(page, `${lang}, ${name}, ${at}`)));
            problems.push(...(await overflowProblems(page, `${lang}, ${name}, ${at}`)));
            problems.push(...(await coverProblems(page, `${lang}, ${name}, ${at}`)));
            problems.push(...(await ringProblems(page, `${lang}, ${name}, ${at}`)));
          }
          problems.push(...(await foldProblems(tablet, `${lang}, tablet, ${at}`)));
          problems.push(...(await phoneProblems(phone, `${lang}, phone, ${at}`)));
          problems.push(...(await undoCorner(tablet, `${lang}, tablet, ${at}`)));
          // The undo log's words, in the language: "Конец раздачи" (it once read "Конец: раздачи").
          if (at === tr("step.day.discussion", { n: 1 })) {
            const said = await tablet.locator(".undo-log li").first().textContent();
            const meant = END_OF_DEAL[lang];
            if (said !== meant)
              problems.push(`${lang}, tablet, ${at}: the undo log reads "${said}", not "${meant}"`);
          }
          return at;
        };
        /** Plays with the console's own buttons, measuring each new step, until `done` says so. */
        const playUntil = async (done: (at: string) => boolean) => {
          let last = "";
          for (let i = 0; i < 200; i++) {
            const at = await where(tablet);
            if (at !== last) last = await measure();
            if (done(at)) return;
            await step(tablet);
          }
          throw new Error(`did not get there: ${last}`);
        };

        // The deal, day 1 and its vote, the night with every role, the morning.
        await playUntil((at) => at === tr("step.day.accusations", { n: 1 }));
        // A seat's menu (fouls and remarks) on both screens, and axe on the phone; on the phone the
        // "Players' phones" sheet too, opened from "More". Each closes three ways and, while open,
        // covers the primary button and takes its key.
        for (const page of [tablet, phone]) {
          const name = page === phone ? "phone" : "tablet";
          const openMenu = async () => {
            await page.locator(".ring .seat").nth(1).click();
          };
          await openMenu();
          await page.locator(".sheet[role=dialog]").waitFor();
          problems.push(...(await sizeProblems(page, `${lang}, ${name}, a seat's menu`)));
          problems.push(...(await coverProblems(page, `${lang}, ${name}, a seat's menu`)));
          if (page === phone) problems.push(...(await audit(phone, `${lang}, phone: a seat's menu`)));
          await page.keyboard.press("Escape");
          await page.locator(".sheet[role=dialog]").waitFor({ state: "detached" });
          problems.push(...(await sheetProblems(page, openMenu, `${lang}, ${name}, a seat's menu`)));
        }
        const openPhones = async () => {
          await phone.locator(".bar-more").click();
          await phone.locator(".sheet-more .btn", { hasText: tr("phones.show") }).click();
        };
        await openPhones();
        await phone.locator(".sheet-phones").waitFor();
        problems.push(...(await coverProblems(phone, `${lang}, phone, the phones sheet`)));
        await phone.locator(".sheet-phones .btn-big").click();
        await phone.locator(".sheet-phones").waitFor({ state: "detached" });
        problems.push(...(await sheetProblems(phone, openPhones, `${lang}, phone, the phones sheet`)));
        problems.push(...(await audit(phone, `${lang}, phone: accusations`)));
        await playUntil((at) => at.startsWith(`${tr("phase.night", { n: 1 })} / ${tr("night.step.doctor")}`));
        problems.push(...(await audit(phone, `${lang}, phone: night`)));
        await playUntil((at) => at === tr("step.day.discussion", { n: 2 }));
        problems.push(...(await audit(phone, `${lang}, phone: discussion`)));

        // Through the API to the end of the game; then the end and the rating vote on the console.
        // Both screens are away meanwhile and come back to the end: redrawing each of the game's
        // remaining steps, unmeasured, was a third of the test's time (the steps measured above
        // and below are followed live, the phone over the realtime channel).
        const cookie = await sessionCookie(tabletContext, served.url);
        await Promise.all([tablet.goto("about:blank"), phone.goto("about:blank")]);
        await playToTheEnd(cookie, served.url, id, (state) => state.result !== null);
        await Promise.all([tablet.goto(address), phone.goto(address)]);
        await until("the console to show the end", async () => (await where(tablet)) === tr("phase.ended"));
        await playUntil((at) => at === tr("phase.closed"));
        problems.push(...(await audit(phone, `${lang}, phone: the game closed`)));

        expect(visited).toEqual(
          expect.arrayContaining([
            tr("step.day.voting", { n: 1 }),
            tr("step.day.morning", { n: 2 }),
            tr("phase.rating"),
          ]),
        );
        expect(problems).toEqual([]);
      } finally {
        for (const context of contexts) await context.close().catch(() => undefined);
      }
    }, 300_000);
  }
});
