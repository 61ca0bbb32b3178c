// The night's board, a table's overlay and the broadcast view in Chromium (docs/club-nights.md "On
// a TV and on stream"): an evening of one table is dealt, the board (a TV, no session) and the
// overlay (a streaming program's browser source, no session) follow the game while the host plays
// it through the API; the overlay is screenshotted through it (the vote as it is cast, a night,
// the end) on its transparent page. Every WebSocket frame and HTTP body either page receives is
// scanned for a card not yet public and for night choices; both pages are audited with axe at
// 1920×1080, and the broadcast view refuses a page with no session and holds the host's back.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Card, type GameEvent, type GameState, replay } from "@misto/engine/testing";
import type { NightPage } from "@misto/protocol";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit } from "./axe.js";
import {
  CARD_NAMES,
  clubFixture,
  playToTheEnd,
  serverTable,
  sessionCookie,
  setUpClub,
  until,
} from "./club.js";
import { wholeViews } from "./views.js";

const SCREEN = { width: 1920, height: 1080 };

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

/** Everything a page receives: each WebSocket frame (a patch as the whole view it makes) and each API body. */
function recordReceived(page: Page): string[] {
  const received: string[] = [];
  page.on("websocket", (ws) => {
    const whole = wholeViews();
    ws.on("framereceived", (frame) =>
      received.push(
        whole(typeof frame.payload === "string" ? frame.payload : frame.payload.toString("utf8")),
      ),
    );
  });
  page.on("response", (response) => {
    if (!new URL(response.url()).pathname.startsWith("/api/")) return;
    void response
      .text()
      .then((body) => received.push(body))
      .catch(() => undefined);
  });
  return received;
}

/**
 * What was received that the city may not know by the state `now`: a card of a seat not public
 * by then (or the wrong card), a view that is not the spectators', a night choice.
 */
function leaks(received: readonly string[], now: GameState): string[] {
  const cards = now.seats.map((s) => s.card);
  const open = new Set(now.seats.filter((s) => s.revealed || now.result?.announced).map((s) => s.seat));
  const publicCards = new Set(now.seats.filter((s) => open.has(s.seat)).map((s) => s.card));
  const secret = [...new Set(cards)].filter((c) => !publicCards.has(c));
  const found: string[] = [];
  for (const text of received) {
    for (const card of secret)
      if (text.includes(`"${card}"`)) found.push(`names "${card}": ${text.slice(0, 80)}`);
    if (text.includes('"choices"')) found.push(`a night choice: ${text.slice(0, 80)}`);
    let message: {
      type?: string;
      view?: { viewer: unknown; host: unknown; you: unknown; seats: { seat: number; card: Card | null }[] };
    };
    try {
      message = JSON.parse(text);
    } catch {
      continue;
    }
    const view = message.type === "view" ? message.view : undefined;
    if (!view) continue;
    if (view.viewer !== "spectator" || view.host !== null || view.you !== null)
      found.push(`not the spectators' view: ${text.slice(0, 80)}`);
    for (const s of view.seats)
      if (s.card !== null && (!open.has(s.seat) || s.card !== cards[s.seat - 1]))
        found.push(`seat ${s.seat} shown as ${s.card}`);
  }
  return [...new Set(found)];
}

/** The page's parts that leave the screen or overlap one another (the class names given). */
async function layoutProblems(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate(
    ({ selectors, width, height }) => {
      type Box = { left: number; top: number; right: number; bottom: number };
      const d = globalThis as unknown as {
        document: { querySelectorAll(s: string): ArrayLike<{ getBoundingClientRect(): Box }> };
      };
      const boxes = selectors.flatMap((s) =>
        Array.from(d.document.querySelectorAll(s), (el, i) => ({
          name: `${s}#${i + 1}`,
          box: el.getBoundingClientRect(),
        })),
      );
      const out: string[] = [];
      for (const [i, a] of boxes.entries()) {
        const r = a.box;
        if (r.left < 0 || r.top < 0 || r.right > width + 1 || r.bottom > height + 1)
          out.push(`${a.name} off the screen`);
        for (const b of boxes.slice(i + 1)) {
          const o = b.box;
          if (r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom)
            out.push(`${a.name} over ${b.name}`);
        }
      }
      return out;
    },
    { selectors, ...SCREEN },
  );
}

describe("the night's board, the overlay and the broadcast view", () => {
  const club = clubFixture();

  it("follow an evening's game live with public facts only; the broadcast holds the cards back", async () => {
    const { served } = club;
    const base = served.url;
    const host = await (await club.context()).newPage();
    await setUpClub(host, served.setupLink as string);
    const cookie = await sessionCookie(host.context(), base);
    const me = (await apiCall(host, "GET", "/api/me")).body as { host: { id: string } };

    // The evening: twelve at the door, one table drawn and dealt.
    const made = await apiCall(host, "POST", "/api/nights", {
      title: "Friday at the club",
      startsAt: Date.now(),
      place: "The cellar",
      capacity: 20,
      tables: 1,
      hosts: [me.host.id],
    });
    expect(made.status).toBe(201);
    const night = (made.body as unknown as NightPage).night.id;
    for (let i = 1; i <= 12; i++)
      expect(
        (await apiCall(host, "POST", `/api/nights/${night}/guests`, { name: `Player ${i}` })).status,
      ).toBe(201);
    expect((await apiCall(host, "POST", `/api/nights/${night}/rounds`, { balance: false })).status).toBe(201);
    const dealt = await apiCall(host, "POST", `/api/nights/${night}/rounds/1/tables`);
    const table = (dealt.body as unknown as NightPage).rounds[0]?.tables[0]?.table as string;
    expect(table).toBeTruthy();

    // The TV and the streaming program: their own contexts, no session, 1920×1080.
    const screen = async (): Promise<BrowserContext> => club.context({ locale: "en-US", viewport: SCREEN });
    const board = await (await screen()).newPage();
    const overlay = await (await screen()).newPage();
    const boardGot = recordReceived(board);
    const overlayGot = recordReceived(overlay);
    await board.goto(`${base}/board/${night}`);
    await overlay.goto(`${base}/overlay/${table}`);
    await board.locator(".board-table-title").waitFor({ timeout: 15_000 });
    await overlay.locator(".overlay-head h1").waitFor({ timeout: 15_000 });
    expect(await overlay.locator(".overlay-head h1").textContent()).toBe("The deal");
    expect(await board.locator(".board-head h1").textContent()).toBe("Friday at the club");
    // A page a streaming program draws over its video: nothing painted behind it.
    const backgrounds = await overlay.evaluate(() => {
      const g = globalThis as unknown as {
        document: { documentElement: object; body: object };
        getComputedStyle(el: object): { backgroundColor: string };
      };
      return [
        g.getComputedStyle(g.document.documentElement).backgroundColor,
        g.getComputedStyle(g.document.body).backgroundColor,
      ];
    });
    expect(backgrounds).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
    expect(await audit(overlay, "the overlay")).toEqual([]);
    expect(await audit(board, "the night's board")).toEqual([]);

    const shots = mkdtempSync(join(tmpdir(), "misto-overlay-"));
    const shoot = async (name: string) => {
      const png = await overlay.screenshot({ path: join(shots, `${name}.png`), omitBackground: true });
      expect(png.length, name).toBeGreaterThan(10_000);
    };
    const titleOf = (page: Page, selector: string) => page.locator(selector).first().textContent();

    // The vote as it is cast: stopped once two ballots are in, the overlay counts them.
    const voting = (s: GameState) =>
      s.phase.kind === "day" && s.phase.step.kind === "voting" && s.phase.step.ballots.length >= 2;
    let state = await playToTheEnd(cookie, base, table, voting);
    expect(voting(state)).toBe(true);
    await until(
      "the overlay's vote",
      async () => (await overlay.locator(".overlay-vote tbody tr").count()) > 0,
      10_000,
    );
    expect(await overlay.locator(".overlay-vote").textContent()).toMatch(/\d/);
    expect(await layoutProblems(overlay, [".overlay-head", ".overlay-vote", ".overlay-seat"])).toEqual([]);
    expect(await audit(overlay, "the overlay, voting")).toEqual([]);
    await shoot("1-vote");

    // A night, live on both.
    state = await playToTheEnd(cookie, base, table, (s) => s.phase.kind === "night");
    await until(
      "the overlay's night",
      async () => (await titleOf(overlay, ".overlay-head h1"))?.startsWith("Night") === true,
      10_000,
    );
    await until(
      "the board's night",
      async () => (await titleOf(board, ".board-table-title"))?.startsWith("Night") === true,
      10_000,
    );
    await shoot("2-night");
    // Into day 2: some cards public by now, most not; nothing received so far tells the rest.
    state = await playToTheEnd(cookie, base, table, (s) => s.phase.kind === "day" && (s.phase.n ?? 0) >= 2);
    await until(
      "the overlay's day 2",
      async () => (await titleOf(overlay, ".overlay-head h1"))?.startsWith("Day 2") === true,
      10_000,
    );
    await until(
      "the board's day 2",
      async () => (await titleOf(board, ".board-table-title"))?.startsWith("Day 2") === true,
      10_000,
    );
    expect(leaks(overlayGot, state)).toEqual([]);
    expect(leaks(boardGot, state)).toEqual([]);
    expect(state.seats.some((s) => !s.revealed)).toBe(true);
    // The scan sees a planted leak: a seat's card in a spectator's view before it is public.
    const hidden = state.seats.find((s) => !s.revealed);
    const planted = {
      viewer: "spectator",
      host: null,
      you: null,
      seats: [{ seat: hidden?.seat, card: hidden?.card }],
    };
    expect(leaks([JSON.stringify({ type: "view", view: planted })], state)).toContain(
      `seat ${hidden?.seat} shown as ${hidden?.card}`,
    );
    await shoot("3-day-2");

    // The broadcast view: refused to a page with no session; the host's shows nothing newer than
    // the server's delay (five minutes: this game is younger).
    await overlay.goto(`${base}/broadcast/${table}`);
    await overlay
      .getByText("A host opens the broadcast with the cards once signed in.")
      .waitFor({ timeout: 10_000 });
    const broadcast = await host.context().newPage();
    const broadcastGot = recordReceived(broadcast);
    await broadcast.setViewportSize(SCREEN);
    await broadcast.goto(`${base}/broadcast/${table}`);
    await broadcast
      .getByText("Nothing to show yet: the table is shown 05:00 behind.")
      .waitFor({ timeout: 10_000 });
    expect(await audit(broadcast, "the broadcast view")).toEqual([]);
    for (const card of Object.keys(CARD_NAMES)) expect(broadcastGot.join("\n")).not.toContain(`"${card}"`);
    await overlay.goto(`${base}/overlay/${table}`);
    await overlay.locator(".overlay-head h1").waitFor({ timeout: 15_000 });

    // To the end: the winner on both; the standings from the stored result; the next round's seating.
    state = await playToTheEnd(cookie, base, table);
    expect(state.phase.kind).toBe("closed");
    await until(
      "the overlay's winner",
      async () => (await overlay.locator(".overlay-winner").count()) > 0,
      10_000,
    );
    await shoot("4-end");
    expect(await apiCall(host, "POST", `/api/nights/${night}/rounds`, { balance: false })).toMatchObject({
      status: 201,
    });
    await until(
      "the board's standings",
      async () => (await board.locator(".board-standings tbody tr").count()) === 12,
      15_000,
    );
    await until(
      "the board's next round",
      async () => (await board.locator(".board-next-table").count()) === 1,
      15_000,
    );
    expect(
      await layoutProblems(board, [".board-head", ".board-table", ".board-standings", ".board-next"]),
    ).toEqual([]);
    expect(await audit(board, "the night's board, after a game")).toEqual([]);
    const events = (await serverTable(host, table)).events as GameEvent[];
    expect(leaks(boardGot, replay(events))).toEqual([]);
    expect(leaks(overlayGot, replay(events))).toEqual([]);
    await board.screenshot({ path: join(shots, "5-board.png") });
    console.log(
      `overlay and board screenshots: ${shots}; frames and bodies scanned: ${overlayGot.length} overlay, ${boardGot.length} board`,
    );
  }, 120_000);
});
