// The city on every phone, in Chromium at a 390×844 phone viewport: an online table made from the
// form with three seats for people and nine bots and short deadlines plays to the end while the
// three phones do nothing but watch (each of their answers is entered by the server when its time is
// up, as the phone said beforehand). Every phone shows the step bar, the twelve seats and the host's
// log; every deadline it shows counts down and is marked near; every phone's log holds every
// announcement of the game, the same on all three; one phone goes offline for longer than the grace
// time, a bot plays its seat (everyone is told), and it comes back and takes its seat back. The
// city is axe clean, and reads in ru and uk too.

import type { View } from "@misto/engine";
import { type RunningServer, startServer } from "@misto/server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "./axe.js";
import { launch, tempDb } from "./club.js";
import { createOnlineTable, openOnlineForm, Phones, takeSeat } from "./online-table.js";

/** The runner's pace (the deadlines are the table's own, typed in the form). */
const ONLINE = {
  pauseMs: 60,
  botDelayMs: [20, 80] as const,
  stepMs: () => 200,
  typingMs: () => 30,
  passMs: 30,
};
const STEP_MS = 20_000;
const HUMANS = [1, 2, 3] as const;
const GRACE_S = 1.5;

let server: RunningServer | undefined;
let db: { file: string; dispose: () => void } | undefined;
let browser: Browser | undefined;
const phones = new Phones(() => browser as Browser, STEP_MS);

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

/** Every text a phone's deadline clocks showed, in order, by deadline (its data-at). */
interface ClockSeen {
  readonly at: string;
  readonly text: string;
  readonly near: boolean;
  readonly then: string;
  /** The seat's own answer ("answer") or the step's timer ("step"). */
  readonly kind: string;
}

/** Records each change of a deadline clock on the page, from its first paint on. */
function recordClocks(): void {
  const seen: ClockSeen[] = [];
  (window as unknown as { __clocks: ClockSeen[] }).__clocks = seen;
  const look = () => {
    for (const el of Array.from(document.querySelectorAll(".deadline-clock"))) {
      const at = el.getAttribute("data-at") ?? "";
      const text = el.textContent ?? "";
      const box = el.closest(".deadline");
      const near = box?.classList.contains("deadline-near") === true;
      const then = box?.querySelector(".deadline-then")?.textContent ?? "";
      const kind = box?.classList.contains("deadline-answer") ? "answer" : "step";
      const last = [...seen].reverse().find((c) => c.at === at);
      if (!last || last.text !== text || last.near !== near) seen.push({ at, text, near, then, kind });
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
}

const clocksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __clocks?: ClockSeen[] }).__clocks ?? []);
const logOf = (page: Page) =>
  page
    .locator(".city-log-lines li[data-key]")
    .evaluateAll((items) =>
      items.map((li) => ({ key: li.getAttribute("data-key") ?? "", text: li.textContent ?? "" })),
    );
const seconds = (clock: string) => {
  const [m, s] = clock.split(":").map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};
const WINNER = /^(Red wins|Black wins|A draw)$/;

describe("the city on every phone at an online table (three people, nine bots)", () => {
  it("plays to the end: the log, the seats, the deadlines counting down, a phone away and back", async () => {
    if (!server || !browser) throw new Error("the server or the browser did not start");
    const base = server.url;
    const errors: string[] = [];

    const host = await phones.page();
    host.on("pageerror", (e) => errors.push(`host: ${String(e)}`));
    await openOnlineForm(host, base, server.setupLink as string, "City e2e");
    const { tableId, code } = await createOnlineTable(host, {
      humanSeats: HUMANS.length,
      startMs: "12",
      nightMs: "1.2",
      voteMs: "1.2",
      missedDeadlines: "20",
      graceMs: String(GRACE_S),
    });

    const seats = await Promise.all(
      HUMANS.map(async (seat) => {
        const page = await phones.page();
        page.on("pageerror", (e) => errors.push(`seat ${seat}: ${String(e)}`));
        await page.addInitScript(recordClocks);
        await takeSeat(page, base, code, seat, tableId);
        return { seat, page };
      }),
    );

    // --- The city: the step bar, the twelve seats, the log ---------------------------------------------
    for (const { seat, page } of seats) {
      await page.locator(".city-step").waitFor();
      expect(await page.locator(".city-ring > li").count(), `seat ${seat}`).toBe(12);
      await page.locator(".city-log").waitFor();
      expect(await page.locator(`.city-seat[data-seat="${seat}"] .city-seat-n`).textContent()).toBe(
        `${seat} · you`,
      );
    }
    const [first, second, away] = seats as [(typeof seats)[0], (typeof seats)[0], (typeof seats)[0]];

    // --- Day 1: the first vote; the city is axe clean; the step bar stays in sight ------------------------
    // (whichever phone is asked first: a seat may be out before its first vote)
    const voter = await Promise.any(
      seats.map(async (p) => {
        await p.page
          .locator(".city-step .deadline-then")
          .filter({ hasText: /^No vote in time: your vote goes to seat \d+\.$/ })
          .waitFor({ timeout: 60_000 });
        return p;
      }),
    );
    expect(await audit(voter.page, "phone: the city at an online table")).toEqual([]);
    await voter.page.locator(".city-log").scrollIntoViewIfNeeded();
    const bar = await voter.page.locator(".city-step").boundingBox();
    expect(bar?.y ?? 999).toBeLessThan(5);

    // --- One phone goes offline past the grace time: a bot plays it; it comes back ------------------------
    // Offline, and its page opened again (Chromium's offline mode keeps an open socket open): the
    // old socket is gone, and no new one gets through until the network is back.
    const context = away.page.context();
    await context.setOffline(true);
    await away.page.reload().catch(() => undefined);
    const dropped = new RegExp(`^Seat ${away.seat} is played by a bot: phone away$`);
    await Promise.all(
      [first, second].map((p) => p.page.locator(".away-notice").filter({ hasText: dropped }).waitFor()),
    );
    await first.page.getByText(`Bots play seats: ${away.seat}`).waitFor();
    if ((await away.page.locator(".phone-conn").count()) > 0)
      expect(await away.page.locator(".phone-conn").textContent()).toBe("Reconnecting…");
    await context.setOffline(false);
    // A page the browser could not load offline is loaded again; the app's own reconnects otherwise.
    if ((await away.page.locator(".phone-conn").count()) === 0) await away.page.reload();
    const back = new RegExp(`^Seat ${away.seat} is back$`);
    await Promise.all(
      seats.map((p) => p.page.locator(".away-notice").filter({ hasText: back }).waitFor({ timeout: 30_000 })),
    );
    await expect.poll(() => away.page.locator(".phone-conn").textContent()).toBe("Connected");

    // --- To the end: every phone's log ends with the result ------------------------------------------------
    for (const { page } of seats)
      await expect
        .poll(async () => (await logOf(page)).at(-1)?.text ?? "", { timeout: 120_000 })
        .toMatch(WINNER);

    // Every announcement of the game, as the public view holds it, is in every phone's log, the same.
    const display = (await (await host.request.get(`${base}/api/tables/${tableId}/display`)).json()) as {
      view: View;
    };
    const view = display.view;
    const logs = await Promise.all(seats.map((p) => logOf(p.page)));
    for (const [i, log] of logs.entries()) {
      const keys = log.map((e) => e.key);
      const seat = seats[i]?.seat;
      for (const night of view.nights)
        expect(
          keys.some((k) => k.startsWith(`n${night.n}`)),
          `seat ${seat}: night ${night.n}`,
        ).toBe(true);
      expect(
        keys.filter((k) => /^v\d+$/.test(k)),
        `seat ${seat}: the counts`,
      ).toHaveLength(view.votings.length);
      for (const s of view.seats.filter((x) => x.out))
        expect(
          log.some((e) => new RegExp(`\\bseat ${s.seat}\\b`, "i").test(e.text)),
          `seat ${seat}: ${s.seat} out`,
        ).toBe(true);
      expect(log).toEqual(logs[0]);
    }
    expect(view.votings.length).toBeGreaterThan(0);

    // --- Every deadline counted down, and was marked near -------------------------------------------------
    // (a seat may be out early, and the reloaded phone's record starts again: counted over all three)
    let ticked = 0;
    let answers = 0;
    for (const { seat, page } of seats) {
      const seen = await clocksOf(page);
      const byDeadline = new Map<string, ClockSeen[]>();
      for (const c of seen) byDeadline.set(c.at, [...(byDeadline.get(c.at) ?? []), c]);
      for (const [at, clocks] of byDeadline) {
        const values = clocks.map((c) => seconds(c.text));
        // Never up: a deadline only counts down.
        for (let i = 1; i < values.length; i++)
          expect(values[i], `seat ${seat} deadline ${at}: ${values.join(",")}`).toBeLessThanOrEqual(
            values[i - 1] ?? 0,
          );
        expect(clocks[0]?.then).not.toBe("");
        // The steps' timers here are the engine's seconds, cut short by the runner (stepMs).
        if (clocks[0]?.kind !== "answer") continue;
        answers++;
        if (new Set(values).size > 1) ticked++;
        // Every answer's deadline here is under ten seconds: marked near while it runs.
        expect(
          clocks.some((c) => c.near),
          `seat ${seat} deadline ${at}`,
        ).toBe(true);
        expect(clocks[0]?.then).toMatch(/^No (vote|answer|choice) in time: /);
      }
    }
    expect(answers, "answers' deadlines seen").toBeGreaterThan(2);
    expect(ticked, "answers' deadlines seen ticking").toBeGreaterThan(0);

    // --- The city in Russian and Ukrainian ------------------------------------------------------------------
    await first.page.locator(".phone-lang select").selectOption("ru");
    await first.page.getByRole("heading", { name: "Объявления ведущего" }).waitFor();
    await second.page.locator(".phone-lang select").selectOption("uk");
    await second.page.getByRole("heading", { name: "Оголошення ведучого" }).waitFor();
    expect(await audit(second.page, "phone: the city, in Ukrainian, at the end")).toEqual([]);
    // The same screen on a console-sized window.
    await first.page.setViewportSize({ width: 1280, height: 800 });
    expect(await audit(first.page, "phone: the city at 1280×800, in Russian")).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});
