// Issue 3: one complete game through the host console, in Chromium, against the built `misto serve`.
// The club is set up through its setup link, the host signs out and in again, creates a table with a
// physical deal entered card by card, and plays the game below with clicks and keys only: a tie in
// the day vote (split speeches, re-vote) that exists only thanks to a foul vote, the Don voted out
// who takes a player to the grave, the commissar's note read the morning after he is shot, an undo,
// the night that ends the game, the result, and the rating vote. Then the server's record is
// replayed with the engine and must agree with the screen and with this script.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type GameEvent, replay, type Seat } from "@misto/engine/testing";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CARD_NAMES,
  PHYSICAL_CARDS as CARDS,
  freshContext,
  launch,
  PHYSICAL_NAMES as NAMES,
  type Served,
  serve,
  tempDb,
} from "./club.js";
import { coverProblems, foldProblems, ringProblems } from "./measure.js";

const HOST = { club: "Misto e2e game", name: "Roksolana", login: "roksolana", password: "night-city-12" };

/** Where each player ends up, as the script below plays it (null: alive at the end). */
const OUTCOME: Record<Seat, { cause: string; kind: "day" | "night"; n: number } | null> = {
  1: { cause: "grave", kind: "day", n: 1 },
  2: null,
  3: { cause: "vote", kind: "day", n: 1 },
  4: { cause: "night", kind: "night", n: 1 },
  5: { cause: "vote", kind: "day", n: 2 },
  6: { cause: "night", kind: "night", n: 2 },
  7: { cause: "night", kind: "night", n: 1 },
  8: null,
  9: null,
  10: null,
  11: { cause: "night", kind: "night", n: 2 },
  12: null,
};
/** The seat chip's words for each cause (src/i18n/game.ts, English). */
const CAUSE_WORDS: Record<string, string> = {
  vote: "voted out",
  night: "killed at night",
  grave: "taken to the grave",
};

const STEP_MS = 10_000;

let served: Served | undefined;
let db: { file: string; dispose: () => void } | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
const shots = mkdtempSync(join(tmpdir(), "misto-e2e-game-shots-"));

beforeAll(async () => {
  db = tempDb();
  served = await serve(db.file);
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await served?.stop();
  db?.dispose();
}, 30_000);

describe("the host console plays one complete game (issue 3)", () => {
  it("from the setup link to the closed rating, and the server's record replays to the same game", async () => {
    if (!served || !browser) throw new Error("the server or the browser did not start");
    const base = served.url;
    const setupLink = served.setupLink;
    expect(setupLink, "a fresh database prints a setup link").toMatch(/\/setup#token=/);
    context = await freshContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_MS);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    let shot = 0;
    // From the deal on, a phone (390×844, the same host) follows the table, and at every shot both
    // screens are measured: every enabled control reachable and uncovered, no seats overlapping.
    let phone: Page | null = null;
    const layout: string[] = [];
    const snap = async (name: string) => {
      shot += 1;
      await page.screenshot({ path: join(shots, `${String(shot).padStart(2, "0")}-${name}.png`) });
      if (!phone) return;
      const heading = await page.locator(".phase-bar h1").textContent();
      const follower = phone;
      await expect
        .poll(() => follower.locator(".phase-bar h1").textContent(), { timeout: 30_000 })
        .toBe(heading);
      for (const [screen, where] of [
        [page, `tablet, ${name}`],
        [follower, `phone, ${name}`],
      ] as const) {
        layout.push(...(await coverProblems(screen, where)), ...(await ringProblems(screen, where)));
      }
      layout.push(...(await foldProblems(page, `tablet, ${name}`)));
      await follower.screenshot({ path: join(shots, `${String(shot).padStart(2, "0")}-${name}-phone.png`) });
    };

    // --- The club: setup link, admin, sign out, sign in again -----------------------------------
    await page.goto(setupLink as string);
    await page.getByRole("heading", { name: "First run" }).waitFor();
    await page.getByLabel("Club name").fill(HOST.club);
    await page.getByLabel("Administrator's name").fill(HOST.name);
    await page.getByLabel("Login", { exact: true }).fill(HOST.login);
    await page.getByLabel("Password", { exact: true }).fill(HOST.password);
    await page.getByLabel("Password again").fill(HOST.password);
    await page.getByRole("button", { name: "Create the club" }).click();
    await page.getByRole("heading", { name: "Tables" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Host sign-in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/signin");
    await page.getByLabel("Login", { exact: true }).fill(HOST.login.toUpperCase()); // logins ignore case
    await page.getByLabel("Password", { exact: true }).fill(HOST.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Tables" }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await page.getByText("No tables yet.").waitFor();

    // --- A new table: twelve names, the physical cards seat by seat ------------------------------
    await page.getByRole("main").getByRole("link", { name: "New table" }).click();
    await page.getByRole("heading", { name: "New table" }).waitFor();
    await page.getByLabel("Table title (optional)").fill("Friday, table 1");
    for (const [i, name] of NAMES.entries()) {
      await page.getByLabel(`Seat ${i + 1}`, { exact: true }).fill(name);
    }
    await page.getByRole("radio", { name: "Physical cards" }).check();
    const deckStatus = page.locator(".card-picker [role=status]");
    await expect.poll(() => deckStatus.textContent()).toBe("The deal does not match the deck.");
    for (const [i, card] of CARDS.entries()) {
      // The picker's label names the seat and its player: "Card of seat 3 · Vira".
      const picker = page.getByLabel(`Card of seat ${i + 1} · ${NAMES[i]}`, { exact: true });
      await picker.selectOption({ label: CARD_NAMES[card] });
    }
    await expect.poll(() => deckStatus.textContent()).toBe("The deal matches the deck.");
    await snap("new-table");
    await page.getByRole("button", { name: "Create the table" }).click();
    await page.waitForURL((url) => /^\/tables\/[^/]+$/.test(url.pathname) && url.pathname !== "/tables/new");
    const tableId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    expect(tableId).toMatch(/^[^/]+$/);

    const phoneContext = await browser.newContext({
      locale: "en-US",
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phoneContext.addCookies(await context.cookies());
    phone = await phoneContext.newPage();
    await phone.goto(page.url());

    // --- Helpers on the game screen ---------------------------------------------------------------
    const phase = page.locator(".phase-bar h1");
    const panel = page.getByRole("region", { name: "Current step" });
    const expectPhase = (title: string) => expect.poll(() => phase.textContent()).toBe(title);
    const button = (name: string, within: Page | Locator = page) =>
      within.getByRole("button", { name, exact: true });
    /** The ONE primary button, by its words. */
    const primary = async (name: string) => {
      const b = panel.locator(".primary-slot").getByRole("button", { name, exact: true });
      await expect.poll(() => b.isEnabled()).toBe(true);
      await b.click();
    };
    const seatChip = (n: number) => page.getByRole("button", { name: new RegExp(`^Seat ${n},`) });
    const now = panel.locator(".now");
    const expectNow = (text: string) => expect.poll(() => now.first().textContent()).toContain(text);
    const undoLog = page.getByRole("list", { name: "Last steps" });
    /** The accusation or split speeches in turn: checks who speaks, then the primary (or →). */
    const speeches = async (seats: number[], last: string, keys = false) => {
      for (const [i, seat] of seats.entries()) {
        await expectNow(`NOW: seat ${seat} speaks`);
        const words = i === seats.length - 1 ? last : "Next speaker";
        if (keys) {
          const b = panel.locator(".primary-slot").getByRole("button", { name: words, exact: true });
          await b.waitFor();
          await page.keyboard.press("ArrowRight");
        } else await primary(words);
      }
    };
    /** A vote in turn: checks who votes now, then taps his target. */
    const votes = async (ballots: [voter: number, target: number][]) => {
      for (const [voter, target] of ballots) {
        await expectNow(`NOW voting: seat ${voter}`);
        await button(`Seat ${voter} votes for ${target}`, panel).click();
      }
    };
    /** HOST-4: the host announces the count once every ballot is in. */
    const count = () => primary("Announce the count");
    const tallyRow = (seat: number) =>
      panel.locator("table.tally tbody tr").filter({ has: page.locator(`th:text-is("${seat}")`) });
    /** A woken role's choice on the night script card. */
    const choose = async (step: string, chooser: number, target: number) => {
      await expect.poll(() => panel.locator("#script-title").textContent()).toBe(step);
      await button(`Seat ${chooser} chooses ${target}`, panel).click();
    };
    /** A foul through the seat's menu. */
    const foul = async (seat: number, reason: string) => {
      await seatChip(seat).click();
      const menu = page.getByRole("dialog", { name: new RegExp(`^Seat ${seat} · `) });
      await menu.waitFor();
      await button(reason, menu).click();
      await menu.waitFor({ state: "detached" });
    };

    // --- The deal ---------------------------------------------------------------------------------
    await expectPhase("The deal");
    const hideCards = page.getByRole("checkbox", { name: "Hide cards" });
    expect(await hideCards.isChecked()).toBe(true);
    await page.locator("label.toggle", { hasText: "Hide cards" }).click();
    await expect.poll(() => hideCards.isChecked()).toBe(false);
    await expect.poll(() => seatChip(3).textContent()).toContain("Don");
    await snap("deal");
    await primary("Start the game");

    // --- Day 1: two fouls to seat 12 make a foul vote ----------------------------------------------
    await expectPhase("Day 1 · discussion");
    await foul(12, "arguing with the host");
    // FOUL-1: a foul for "other" carries the host's note: its button waits for one.
    await seatChip(12).click();
    const menu = page.getByRole("dialog", { name: /^Seat 12 · / });
    await menu.waitFor();
    expect(await button("other", menu).isDisabled()).toBe(true);
    await menu.getByLabel("Note (needed for “other”)").fill("spoke while the host counted");
    await button("other", menu).click();
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => seatChip(12).textContent()).toContain("fouls: 2");
    await expect.poll(() => seatChip(12).textContent()).toContain("+1 foul vote");
    await snap("day1-fouls");
    await primary("End the discussion");
    await expectPhase("Day 1 · accusations");
    await speeches([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "Start the vote");

    // The vote starts at seat 2 (DAY-5). A wrong tap first, then undo: the ballot must be gone.
    await expectPhase("Day 1 · voting");
    await expectNow("NOW voting: seat 2");
    await expect.poll(() => tallyRow(12).textContent()).toContain("+1");
    await button("Seat 2 votes for 10", panel).click();
    await expectNow("NOW voting: seat 3");
    await expect.poll(() => tallyRow(10).count()).toBe(1);
    await expect.poll(() => undoLog.locator("li").first().textContent()).toBe("2 → 10");
    await snap("day1-before-undo");
    await page.getByRole("button", { name: "↶ Undo" }).click();
    await expectNow("NOW voting: seat 2");
    await expect.poll(() => tallyRow(10).count()).toBe(0);
    await expect.poll(() => undoLog.textContent()).not.toContain("2 → 10");
    // 3 gets five ballots; 12 gets four and his foul vote: a tie only thanks to the foul vote.
    await votes([
      [2, 3],
      [3, 12],
      [4, 12],
      [5, 12],
      [6, 12],
      [7, 3],
      [8, 3],
      [9, 3],
      [10, 3],
      [11, 10],
    ]);
    await expectNow("NOW voting: seat 12");
    await expect.poll(() => tallyRow(12).locator("td.total").textContent()).toBe("5");
    await expect.poll(() => tallyRow(3).locator("td.total").textContent()).toBe("5");
    await expect.poll(() => tallyRow(12).locator("td.foul-votes").textContent()).toBe("+1");
    await snap("day1-vote-tally");
    await votes([
      [12, 10],
      [1, 10],
    ]);
    await count();

    // DAY-6: the tie: split speeches, then the re-vote among 3 and 12 (foul votes no longer count).
    await expectPhase("Day 1 · split speeches");
    await expect
      .poll(() => panel.textContent())
      .toContain("A tie between 3, 12: a speech each, then a re-vote.");
    await snap("day1-split");
    await speeches([3, 12], "Start the re-vote");
    await expectPhase("Day 1 · voting");
    await expect
      .poll(() => panel.getByRole("heading", { level: 2 }).first().textContent())
      .toBe("Re-vote: only for 3, 12");
    await expect.poll(() => button("Seat 2 votes for 10", panel).count()).toBe(0);
    await votes([
      [2, 3],
      [3, 12],
      [4, 12],
      [5, 3],
      [6, 3],
      [7, 3],
      [8, 3],
      [9, 3],
      [10, 3],
      [11, 12],
      [12, 3],
      [1, 3],
    ]);
    await count();

    // DON-1: the Don (3) is voted out and takes seat 1 to the grave in his last word.
    await expectPhase("Day 1 · last words");
    await expectNow("Last word: seat 3");
    await expect.poll(() => panel.textContent()).toContain("Leaving the game: 3.");
    await panel.getByRole("heading", { name: "The Don's grave" }).waitFor();
    await snap("day1-grave");
    // DON-1: the word cannot end with the grave undecided (the engine would record no choice).
    expect(await panel.locator(".primary-slot button").isDisabled()).toBe(true);
    expect(await panel.textContent()).toContain("The word cannot end without it.");
    await button("Don 3 takes 1 to the grave", panel).click();
    await expect.poll(() => seatChip(1).textContent()).toContain("taken to the grave");
    // The choice made shows as a fact, never as the engine's refusal of a second one, here and
    // on the phone reloaded.
    const graveTaken = (screen: Page) =>
      screen.locator(".grave [role=status]", { hasText: "Don 3 took player 1 to the grave." });
    await graveTaken(page).waitFor();
    expect(await panel.getByRole("alert").count()).toBe(0);
    if (phone) {
      await phone.reload();
      await graveTaken(phone).waitFor();
      expect(await phone.locator(".game-panel [role=alert]").count()).toBe(0);
    }
    await primary("Next last word");
    await expectNow("Last word: seat 1");
    await primary("End the day: the city sleeps");

    // --- Night 1: the acquaintance, then every role; the commissar is shot and leaves his note ----
    await expectPhase("Night 1");
    await expect.poll(() => panel.locator("#script-title").textContent()).toBe("The mafia's acquaintance");
    await primary("End the acquaintance");
    await choose("The prostitute", 6, 2);
    await choose("The doctor", 8, 8);
    await expect.poll(() => panel.locator("#script-title").textContent()).toBe("The mafia");
    // The Don is dead: both mafiosi show their target (ACTING-DON).
    await snap("night1-mafia");
    await button("Seat 4 chooses 7", panel).click();
    await button("Seat 5 chooses 7", panel).click();
    await choose("The maniac", 9, 4);
    await choose("The commissar", 7, 4);
    const check = page.getByRole("dialog", { name: "Show the commissar" });
    await check.waitFor();
    await expect.poll(() => check.textContent()).toContain("Seat 4: black");
    await snap("night1-check");
    await button("Done", check).click();
    await expect.poll(() => panel.locator("#script-title").textContent()).toBe("The commissar's note");
    await button("Leave the note", panel).click();
    await primary("The city wakes up"); // HOST-4

    // --- Day 2: the morning card reads the note; 5 is voted out (accusations with the → key) ----
    await expectPhase("Day 2 · morning");
    const morning = panel.getByRole("article", { name: "Night 1: the results" });
    await morning.waitFor();
    await expect.poll(() => morning.textContent()).toContain("Seat 4 · Hryhorii — Mafia");
    await expect.poll(() => morning.textContent()).toContain("Seat 7 · Zoia — Commissar");
    await expect
      .poll(() => morning.textContent())
      .toContain("The commissar's note (seat 7): seat 4 is black.");
    await snap("day2-morning");
    await primary("Announced: start the discussion");
    await expectPhase("Day 2 · discussion");
    await page.keyboard.press("ArrowRight");
    await expectPhase("Day 2 · accusations");
    await speeches([5, 6, 8, 9, 10, 11, 12, 2], "Start the vote", true);
    await expectPhase("Day 2 · voting");
    await votes([
      [6, 5],
      [8, 5],
      [9, 5],
      [10, 5],
      [11, 5],
      [12, 5],
      [2, 5],
      [5, 2],
    ]);
    await count();
    await expectPhase("Day 2 · last words");
    await expectNow("Last word: seat 5");
    await primary("End the day: the city sleeps");

    // --- Night 2: the lone prostitute shoots, the maniac kills her: no black is left --------------
    await expectPhase("Night 2");
    await choose("The prostitute", 6, 2);
    await choose("The doctor", 8, 10);
    await choose("The mafia", 6, 11);
    await choose("The maniac", 9, 6);
    await primary("The city wakes up"); // HOST-4: the night ends, and with it the game

    // --- The end: the night still to announce, the result, the winner ----------------------------
    await expectPhase("The game is over");
    const last = panel.getByRole("article", { name: "Night 2: the results" });
    await expect.poll(() => last.textContent()).toContain("Seat 6 · Yevhen — Prostitute");
    await expect.poll(() => last.textContent()).toContain("Seat 11 · Marta — Civilian");
    await snap("ended");
    await primary("Announce the result");
    await expectPhase("The rating");
    const winner = panel.locator(".winner[role=status]");
    await expect.poll(() => winner.textContent()).toBe("Red wins");
    const shownWinner = await winner.textContent();

    // --- The rating: nominations, the vote in turn, the close ------------------------------------
    for (const seat of [9, 8, 2]) {
      await button(`Nominate ${seat} as a best player`, panel).click();
      await expect.poll(() => button(`Nominate ${seat} as a best player`, panel).isDisabled()).toBe(true);
    }
    await expect.poll(() => panel.textContent()).toContain("Candidates: 9, 8, 2");
    await snap("rating-nominations");
    await primary("Close the nominations");
    await panel.getByRole("heading", { name: "Voting for the best players" }).waitFor();
    const ratingBallots: [number, number][] = [
      [1, 9],
      [2, 9],
      [3, 9],
      [4, 9],
      [5, 9],
      [6, 8],
      [7, 8],
      [8, 2],
      [9, 8],
      [10, 8],
      [11, 2],
      [12, 2],
    ];
    for (const [voter, candidate] of ratingBallots) {
      await expectNow(`NOW voting: seat ${voter}`);
      // Nobody votes for himself (RATE-3): the candidate's own button is not offered.
      if (voter === 8) await expect.poll(() => button("Seat 8 votes for 8", panel).count()).toBe(0);
      await button(`Seat ${voter} votes for ${candidate}`, panel).click();
    }
    await panel.getByRole("heading", { name: "The host's bonus and contests" }).waitFor();
    await primary("Close the rating");
    await panel.getByRole("heading", { name: "The rating is closed" }).waitFor();
    await expectPhase("The game is closed");
    const points = panel.locator("table.tally").filter({ hasText: "Rating points" });
    await expect
      .poll(() => points.locator("tbody tr").allTextContents())
      .toEqual(["Seat 2 · Borys1", "Seat 8 · Ivan2", "Seat 9 · Kateryna3"]);
    await snap("closed");

    // --- What the screen shows at the end: every seat's fate ---------------------------------------
    const shownOut: Record<number, string | null> = {};
    for (let seat = 1; seat <= 12; seat++) {
      const label = (await seatChip(seat).textContent()) ?? "";
      shownOut[seat] = Object.entries(CAUSE_WORDS).find(([, words]) => label.includes(words))?.[0] ?? null;
    }
    for (let seat = 1; seat <= 12; seat++)
      expect(shownOut[seat], `seat ${seat}`).toBe(OUTCOME[seat]?.cause ?? null);

    // --- Every step reached the server; its record replays to the same game ------------------------
    const sync = page.locator(".phase-bar .sync");
    await expect.poll(() => sync.textContent(), { timeout: 20_000 }).toBe("✓ online");
    const answer = await page.request.get(`${base}/api/tables/${encodeURIComponent(tableId)}/record`);
    expect(answer.status(), `${tableId}: ${await answer.text()}`).toBe(200);
    const record = (await answer.json()) as { format: string; events: GameEvent[] };
    expect(record.format).toBe("misto-record");
    const events = record.events;
    const created = events[0];
    expect(created?.type).toBe("created");
    if (created?.type === "created") expect(created.cards).toEqual(CARDS);
    const state = replay(events);

    // The result: red, announced, as the screen said.
    expect(state.result?.winner).toBe("red");
    expect(state.result?.announced).toBe(true);
    expect(shownWinner).toBe(`${state.result?.winner === "red" ? "Red" : "Black"} wins`);
    // Eliminations: the script's, and the screen's.
    for (const s of state.seats) {
      const out = s.out ? { cause: s.out.cause, kind: s.out.when.kind, n: s.out.when.n } : null;
      expect(out, `seat ${s.seat}`).toEqual(OUTCOME[s.seat]);
      expect(out?.cause ?? null, `seat ${s.seat} on screen`).toBe(shownOut[s.seat]);
      expect(s.name).toBe(NAMES[s.seat - 1]);
    }
    // The fouls and the foul vote counted in day 1's vote, which made the tie; the re-vote.
    expect(state.seats[11]?.fouls).toBe(2);
    const day1 = state.votings.filter((v) => v.day === 1);
    expect(day1.map((v) => v.round)).toEqual(["vote", "revote"]);
    expect(day1[0]?.foulVotes).toEqual([{ seat: 12, votes: 1 }]);
    expect(day1[0]?.tied).toEqual([3, 12]);
    expect(day1[0]?.ballots[0]).toEqual({ voter: 2, target: 3 });
    expect(day1[1]?.eliminated).toEqual([3]);
    // The undo: recorded, and the undone ballot (2 → 10) is nowhere in the game.
    expect(events.filter((e) => e.type === "undone")).toHaveLength(1);
    expect(state.votings.flatMap((v) => v.ballots)).not.toContainEqual({ voter: 2, target: 10 });
    // The grave and the note.
    expect(events).toContainEqual(expect.objectContaining({ type: "graveChosen", seat: 3, target: 1 }));
    const night1 = state.nights.find((n) => n.n === 1);
    expect(night1?.note).toBe(true);
    expect(night1?.outcome?.noteRead).not.toBeNull();
    expect(state.checks).toContainEqual(expect.objectContaining({ night: 1, target: 4, black: true }));
    // The rating.
    expect(state.phase.kind).toBe("closed");
    expect(state.rating?.points).toEqual([0, 1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0]);

    expect(errors, "no uncaught errors on the page").toEqual([]);
    expect(layout, "every control reachable and uncovered, at 1280×800 and 390×844").toEqual([]);
    await phoneContext.close();
    console.info(`game e2e: ${events.length} events; screenshots in ${shots}`);
  }, 180_000);
});
