// Joining and following an online table, in Chromium: the lobby at the console's 1280×800 and the
// phone's 390×844 (axe clean, in one tap a free seat is the phone's), then the phone's network cut
// and restored at every kind of step (the deal, a night, a vote, a day's speech, the end): after
// each restore the phone holds its seat and shows the table as it is now, whole, at once. The
// phone reaches the server through a relay that can be cut (club.ts `relay`): the socket drops and
// nothing gets through until it is restored. One server and one browser for the file.

import { seededRandom, type View } from "@misto/engine";
import { type RunningServer, startServer } from "@misto/server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../src/i18n/core.js";
import { phoneScreen } from "../src/phone/screen.js";
import { audit } from "./axe.js";
import { launch, type Relay, relay, setUpClub, signIn, tempDb } from "./club.js";

// Run inside the page by page.evaluate (the tests' tsconfig has no DOM types).
declare const localStorage: { getItem(key: string): string | null };

/** The runner's pace: bots quick, every timed step 400 ms. Seeded, with the deal below. */
const ONLINE = {
  random: seededRandom("lobby-cuts"),
  pauseMs: 60,
  passMs: 40,
  botDelayMs: [20, 60] as const,
  typingMs: () => 20,
  stepMs: () => 400,
};
/** The table's own: one seat for people; the phone never acts, and is never replaced by a bot. */
const SETTINGS = {
  humanSeats: 1,
  // The lobby's part (two pages, two audits) is done within it; then the phone is cut in the deal.
  startMs: 10_000,
  nightMs: 600,
  voteMs: 600,
  missedDeadlines: 20,
  graceMs: 600_000,
  spectatorDelayMs: 3000,
  language: "en",
};
const STEP_MS = 20_000;
const PHONE = { locale: "en-US", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CONSOLE = { locale: "en-US", viewport: { width: 1280, height: 800 } };

let server: RunningServer | undefined;
let db: { file: string; dispose: () => void } | undefined;
let browser: Browser | undefined;
let cut: Relay | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  db = tempDb();
  server = await startServer({ port: 0, db: db.file, log: false, online: ONLINE });
  cut = await relay(server.url);
  browser = await launch();
}, 60_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await cut?.close();
  await server?.close();
  db?.dispose();
}, 30_000);

async function page(options: typeof PHONE | typeof CONSOLE): Promise<Page> {
  const context = await (browser as Browser).newContext(options);
  contexts.push(context);
  const p = await context.newPage();
  p.setDefaultTimeout(STEP_MS);
  return p;
}

/** The seat's view now, from the server itself (GET /api/seat with the phone's token). */
async function seatView(token: string): Promise<View> {
  const response = await fetch(`${(server as RunningServer).url}/api/seat`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /api/seat: ${response.status}`);
  return ((await response.json()) as { view: View }).view;
}

/** The phone's title for a view, as the phone words it in English. */
function titleOf(view: View): string {
  const { key, params } = phoneScreen(view).title;
  return translate("en", key, params);
}

type Kind = "deal" | "night" | "speech" | "vote" | "end";

function kindOf(view: View): Kind | null {
  const p = view.phase;
  if (p.kind === "deal") return "deal";
  if (p.kind === "night") return "night";
  if (p.kind === "day" && ["discussion", "accusations", "splitSpeeches", "lastWords"].includes(p.step ?? ""))
    return "speech";
  if (p.kind === "day" && p.step === "voting") return "vote";
  if (p.kind === "ended" || p.kind === "rating" || p.kind === "closed") return "end";
  return null;
}

/** Polls the server's view of the seat until `done` (bounded). */
async function serverUntil(token: string, done: (v: View) => boolean, ms = 40_000): Promise<View> {
  const deadline = Date.now() + ms;
  for (;;) {
    const view = await seatView(token);
    if (done(view)) return view;
    if (Date.now() > deadline) throw new Error(`the table never got there: ${JSON.stringify(view.phase)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("joining from the lobby, and a phone's network cut at every kind of step", () => {
  it("lists the table, takes a seat in one tap, and restores the seat and the whole view after each cut", async () => {
    if (!server || !browser || !cut) throw new Error("the server, relay or browser did not start");
    const errors: string[] = [];

    // --- The lobby at the console's size: the table, its facts, its two ways in -----------------------
    const host = await page(CONSOLE);
    host.on("pageerror", (e) => errors.push(`host: ${String(e)}`));
    await setUpClub(host, server.setupLink as string);
    const phone = await page(PHONE);
    phone.on("pageerror", (e) => errors.push(`phone: ${String(e)}`));
    const frames: string[] = [];
    phone.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
    await signIn(phone, cut.url);
    const made = await host.evaluate(async (onlineSettings) => {
      const seats = Array.from({ length: 12 }, (_, i) => ({ name: i === 0 ? "Player 1" : `Bot ${i + 1}` }));
      const body = {
        title: "Flaky",
        settings: {},
        seats,
        deal: { seed: "lobby-cuts" },
        online: true,
        onlineSettings,
      };
      const r = await fetch("/api/tables", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: r.status, id: ((await r.json()) as { id: string }).id };
    }, SETTINGS);
    expect(made.status).toBe(201);
    await host.getByRole("link", { name: "Online" }).click();
    await host.getByRole("heading", { name: "Online tables" }).waitFor();
    const card = host.locator(".lobby-card", { hasText: "Flaky" });
    await card.getByText("Seats free: 1 of 1").waitFor();
    await card.getByText("Spectators see the game 3 s late").waitFor();
    await card.getByText("Bots speak: English").waitFor();
    expect(await audit(host, "lobby at 1280×800")).toEqual([]);

    // --- The phone (signed in above): the lobby at 390×844, one tap takes seat 1 -----------------------
    await phone.goto(`${cut.url}/lobby`);
    const sit = phone.getByRole("button", { name: "Sit at “Flaky”" });
    await sit.waitFor();
    expect(await audit(phone, "lobby at 390×844")).toEqual([]);
    await sit.click();
    await phone.waitForURL((url) => url.pathname === `/seat/${encodeURIComponent(made.id)}`);
    const token = await phone.evaluate(
      (id) =>
        (JSON.parse(localStorage.getItem("misto.seats") ?? "{}") as Record<string, { token: string }>)[id]
          ?.token ?? "",
      made.id,
    );
    expect(token.length).toBeGreaterThan(16);
    const conn = phone.locator(".phone-conn");
    await expect.poll(() => conn.textContent()).toBe("Connected");
    // The seat is taken: the lobby says so.
    await host.reload();
    await host.locator(".lobby-card", { hasText: "Flaky" }).getByText("Seats free: 0 of 1").waitFor();

    /** Cuts the phone off at a step of `kind`, lets the table move on, restores, and checks the phone. */
    const cutAt = async (kind: Kind, moved: (before: View, now: View) => boolean) => {
      const before = await serverUntil(token, (v) => kindOf(v) === kind);
      cut?.cut(true);
      await expect.poll(() => conn.textContent(), { timeout: STEP_MS }).toBe("Reconnecting…");
      const framesBefore = frames.length;
      await serverUntil(token, (v) => moved(before, v));
      cut?.cut(false);
      // The seat is the phone's again and its screen is the table's now, at once (the whole view).
      await expect.poll(() => conn.textContent(), { timeout: STEP_MS }).toBe("Connected");
      await expect
        .poll(
          async () => (await phone.locator(".phone-title").textContent()) === titleOf(await seatView(token)),
          {
            timeout: STEP_MS,
            interval: 50,
          },
        )
        .toBe(true);
      expect(
        frames.slice(framesBefore).some((f) => f.startsWith('{"type":"view"')),
        kind,
      ).toBe(true);
      expect(await phone.locator(".phone-seat").textContent()).toContain("1");
      expect(await phone.locator(".away-mine").count(), `${kind}: a bot took the seat`).toBe(0);
    };

    const phaseMoved = (before: View, now: View) =>
      now.phase.kind !== before.phase.kind || now.phase.n !== before.phase.n;
    const stepMoved = (before: View, now: View) =>
      phaseMoved(before, now) ||
      now.phase.step !== before.phase.step ||
      now.phase.current !== before.phase.current;

    // The deal (it ends while the phone is away), a night, a vote, a speech, the end. The vote
    // comes first of the day's: the silent phone's seat still lives then, so each candidate's vote
    // waits for it (voteMs). Once its seat was out, the bots' votes could pass between two looks,
    // and twice the game ended before a vote was seen.
    await cutAt("deal", phaseMoved);
    await cutAt("night", phaseMoved);
    await cutAt("vote", stepMoved);
    await cutAt("speech", stepMoved);
    await cutAt("end", (before, now) => now.phase.kind === "closed" || stepMoved(before, now));
    expect(errors).toEqual([]);
  }, 120_000);
});
