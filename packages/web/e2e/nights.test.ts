// A club night in the browser (docs/club-nights.md), end to end: of 30 members with accounts, two
// sign up from their own phones (the second past the capacity, so he waits) and 28 come without
// signing up, the host adds them and 6 guests at the door and checks the two in, keeps a couple apart, draws round 1 and creates its three tables;
// the games are played through the API by their hosts; the evening's standings show, round 2 is
// drawn from round 1 (pairs spread) and played; the host corrects a seat's points, a player objects
// to her game and the administration decides it; and the page's print links give the seating
// sheets, the standings and a game's protocol, read back.

import type { GameAnswer, NightPage, StandingRow } from "@misto/protocol";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../server/test/helpers/pdf-text.js";
import { audit } from "./axe.js";
import { ADMIN, freshContext, launch, type Served, serve, setUpClub, tempDb } from "./club.js";
import { api, PASSWORD, playQuickly, session } from "./quick-game.js";

async function signInAs(page: Page, base: string, login: string): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.fill("#signin-login", login);
  await page.fill("#signin-password", PASSWORD);
  await page.click("form button[type=submit]");
  await page.waitForURL((url) => url.pathname !== "/signin");
}

/** The 28 members who come to the door without signing up (added through the API), besides Ada and Bohdan. */
const MEMBERS = Array.from({ length: 28 }, (_, i) => `Member ${String(i + 1).padStart(2, "0")}`);
const GUESTS = Array.from({ length: 6 }, (_, i) => `Guest ${i + 1}`);

describe("a club night in the browser", () => {
  let browser: Browser;
  let served: Served;
  let host: Page;
  const db = tempDb();
  /** Session cookies by account name: the administration (host of table 1), Oksana and Ivan. */
  const cookies: Record<string, string> = {};
  const people: Record<string, string> = {};
  /** The accounts and sessions made in the background (see beforeAll). */
  let later: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    browser = await launch();
    served = await serve(db.file);
    host = await (await freshContext(browser)).newPage();
    host.setDefaultTimeout(15_000);
    await setUpClub(host, served.setupLink as string);
    cookies[ADMIN.name] = await session(served.url, ADMIN.login, ADMIN.password);
    const admin = cookies[ADMIN.name] as string;
    // Two more hosts for tables 2 and 3, and 30 members with accounts (Ada and Bohdan first).
    for (const name of ["Oksana", "Ivan"]) {
      const made = await api(served.url, admin, "POST", "/api/hosts", {
        name,
        login: name.toLowerCase(),
        password: PASSWORD,
      });
      expect(made.status).toBe(201);
    }
    const member = async (name: string, login: string) => {
      const made = await api(served.url, admin, "POST", "/api/people", {
        name,
        account: { login, password: PASSWORD, role: "member" },
      });
      expect(made.status, name).toBe(201);
      people[name] = (made.body.person as { id: string }).id;
    };
    await Promise.all([member("Ada Lis", "ada"), member("Bohdan Kit", "bohdan")]);
    // Each account costs the server a password hash: the 28 others' are made (and the hosts'
    // sessions opened) while the evening starts, and awaited at the door.
    later = Promise.all([
      ...MEMBERS.map((name, i) => member(name, `member${i + 1}`)),
      ...["Oksana", "Ivan"].map(async (name) => {
        cookies[name] = await session(served.url, name.toLowerCase());
      }),
    ]);
    later.catch(() => undefined);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    db.dispose();
  }, 30_000);

  let nightId = "";
  const night = async () =>
    (await api(served.url, cookies[ADMIN.name] as string, "GET", `/api/nights/${nightId}`))
      .body as unknown as NightPage;
  /** Plays round `n`'s tables at once, each by its host. */
  async function playRound(n: number) {
    const round = (await night()).rounds[n - 1];
    await Promise.all(
      (round?.tables ?? []).map((tb) =>
        playQuickly(served.url, cookies[tb.host?.name ?? ""] as string, tb.table as string, n * 3 + tb.n),
      ),
    );
  }
  /** A print link the host's page shows, fetched with the host's session, its text read back. */
  async function printed(link: string, nth = 0) {
    const href = await host.getByRole("link", { name: link }).nth(nth).getAttribute("href");
    const res = await host.request.get(`${served.url}${href}`);
    expect(res.status(), href ?? link).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    return pdfText(await res.body());
  }

  it("runs an evening: sign-up, check-in, two rounds of three tables, standings, a correction, an objection, the protocols", async () => {
    // The host announces a night for one place and three tables, hosted by himself, Oksana and Ivan.
    await host.goto(`${served.url}/nights`);
    await host.getByRole("heading", { name: "Club nights" }).waitFor();
    expect(await audit(host, "nights")).toEqual([]);
    await host.getByLabel("Title").fill("Friday night");
    await host.getByLabel("Starts").fill("2031-05-16T19:30");
    await host.getByLabel("Place", { exact: true }).fill("Club room");
    await host.getByLabel("Places", { exact: true }).fill("1");
    await host.getByLabel("Tables", { exact: true }).fill("3");
    await host.getByLabel("Oksana").check();
    await host.getByLabel("Ivan").check();
    await host.getByRole("button", { name: "Announce" }).click();
    await host.getByRole("heading", { name: "Friday night" }).waitFor();
    const nightUrl = host.url();
    nightId = decodeURIComponent(new URL(nightUrl).pathname.split("/")[2] as string);

    // Ada and Bohdan sign up in one tap from their phones; Bohdan is past the capacity.
    const phones: Page[] = [];
    for (const login of ["ada", "bohdan"]) {
      const phone = await (
        await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } })
      ).newPage();
      phone.setDefaultTimeout(15_000);
      await signInAs(phone, served.url, login);
      await phone.goto(nightUrl);
      await phone.getByRole("button", { name: "Sign up" }).click();
      phones.push(phone);
    }
    const [ada, bohdan] = phones as [Page, Page];
    await ada.getByText("You are going.").waitFor();
    await bohdan.getByText("You are on the waiting list: number 1.").waitFor();

    // At the door: 6 guests, and 28 members who did not sign up (checked in as they are added); then
    // Ada and Bohdan are checked in (Bohdan came though he waited).
    await host.reload();
    for (const [i, guest] of GUESTS.entries()) {
      await host.getByLabel("Guest at the door (name)").fill(guest);
      await host.getByRole("button", { name: "Add", exact: true }).click();
      await host.getByText(`Checked in: ${i + 1}`, { exact: true }).waitFor();
    }
    const admin = cookies[ADMIN.name] as string;
    await later;
    for (const name of MEMBERS) {
      const came = await api(served.url, admin, "POST", `/api/nights/${nightId}/guests`, {
        person: people[name],
      });
      expect(came.status, name).toBe(201);
    }
    await host.reload();
    for (const [name, n] of [
      ["Ada Lis", 35],
      ["Bohdan Kit", 36],
    ] as const) {
      await host.locator(".night-entries li").filter({ hasText: name }).getByRole("checkbox").check();
      await host.getByText(`Checked in: ${n}`, { exact: true }).waitFor();
    }

    // Ada and Bohdan are a couple: kept apart at every draw.
    await host.getByLabel("Player", { exact: true }).selectOption({ label: "Ada Lis" });
    await host.getByLabel("and", { exact: true }).selectOption({ label: "Bohdan Kit" });
    await host.getByRole("button", { name: "Keep the pair" }).click();
    await host.getByText("Ada Lis and Bohdan Kit: at different tables").waitFor();

    // Round 1: three tables of twelve with their hosts; then the tables are created.
    await host.getByRole("button", { name: "Draw the next round" }).click();
    await host.getByRole("heading", { name: "Round 1" }).waitFor();
    expect(await host.locator(".night-table li").count()).toBe(36);
    await host.getByRole("button", { name: "Create the tables" }).click();
    await host.getByRole("link", { name: "Open the table" }).first().waitFor();
    expect(await host.getByRole("link", { name: "Open the table" }).count()).toBe(3);
    expect(await audit(host, "a night, for its host")).toEqual([]);

    // Ada's page shows her table and seat, as the night's seating has them.
    const seatOf = (page: NightPage, n: number, name: string) => {
      const table = page.rounds[n - 1]?.tables.find((t) => t.seats.some((s) => s.person.name === name));
      return { table, seat: table?.seats.find((s) => s.person.name === name)?.seat };
    };
    const first = seatOf(await night(), 1, "Ada Lis");
    expect(first.table && first.seat).toBeTruthy();
    expect(first.table?.seats.some((s) => s.person.name === "Bohdan Kit")).toBe(false);
    await ada.reload();
    await ada.getByText(`Round 1: table ${first.table?.n}, seat ${first.seat}`).waitFor();
    expect(await audit(ada, "a night, for a player")).toEqual([]);

    // The games of round 1, each played to its end by its table's host; the evening's standings.
    await playRound(1);
    await host.reload();
    await host.getByRole("heading", { name: "The evening's standings" }).waitFor();
    await expect.poll(() => host.locator("table.standings tbody tr").count()).toBe(36);
    expect(await host.getByRole("link", { name: "Protocol (PDF)" }).count()).toBe(3);

    // Round 2 is drawn from round 1: a table of round 1 is spread over round 2's tables (at most 5
    // of its 12 meet again at one table; a draw blind to round 1 puts 6 or more together often).
    await host.getByRole("button", { name: "Draw the next round" }).click();
    await host.getByRole("heading", { name: "Round 2" }).waitFor();
    const drawn = await night();
    const [one, two] = drawn.rounds;
    for (const before of one?.tables ?? []) {
      const ids = new Set(before.seats.map((s) => s.person.id));
      for (const after of two?.tables ?? []) {
        expect(after.seats.filter((s) => ids.has(s.person.id)).length).toBeLessThanOrEqual(5);
      }
    }
    const second = seatOf(drawn, 2, "Ada Lis");
    expect(second.table?.seats.some((s) => s.person.name === "Bohdan Kit")).toBe(false);
    await host.getByRole("button", { name: "Create the tables" }).click();
    await expect.poll(() => host.getByRole("link", { name: "Open the table" }).count()).toBe(6);
    await playRound(2);
    const adaGame = (await night()).rounds[1]?.tables[(second.table?.n ?? 1) - 1]?.table as string;

    // A correction: the host gives seat 1 of Ada's second game other points, with the reason.
    const game = async () =>
      (await api(served.url, cookies[ADMIN.name] as string, "GET", `/api/games/${adaGame}`))
        .body as unknown as GameAnswer;
    const standings = async () =>
      (await api(served.url, cookies[ADMIN.name] as string, "GET", `/api/nights/${nightId}/standings`)).body
        .standings as StandingRow[];
    const was = (await game()).players[0]?.points as number;
    const corrected = (await game()).players[0]?.person.id;
    const before = (await standings()).find((r) => r.person.id === corrected)?.ratingPoints as number;
    const to = was === 0 ? 2 : 0;
    await host.goto(`${served.url}/games/${encodeURIComponent(adaGame)}`);
    await host.getByText("Correct the points").click();
    await host.selectOption("#correct-seat", "1");
    await host.fill("#correct-points", String(to));
    await host.fill("#correct-reason", "the bonus was given twice");
    await host.getByRole("button", { name: "Correct", exact: true }).click();
    await expect
      .poll(async () => (await game()).corrections)
      .toEqual([expect.objectContaining({ seat: 1, to, reason: "the bonus was given twice" })]);

    // An objection: Ada objects to her second game's host; the administration decides it.
    await ada.goto(`${served.url}/tables/${encodeURIComponent(adaGame)}/complaints`);
    await ada.getByLabel("The host").check();
    await ada.getByLabel("Your complaint").fill("seat 4 was removed too early");
    await ada.getByRole("button", { name: "File the complaint" }).click();
    await ada.getByText("Your complaint is filed.").waitFor();
    await host.goto(`${served.url}/tables/${encodeURIComponent(adaGame)}/complaints`);
    await host.getByText("seat 4 was removed too early").waitFor();
    expect(await audit(host, "a game's objection, to decide")).toEqual([]);
    await host.getByLabel("Decision").selectOption("rejected");
    await host.getByLabel("Answer", { exact: true }).fill("the fourth foul was given");
    await host.getByRole("button", { name: "Send the answer" }).click();
    const decided = /^The administration's decision \(Mykola, .+\): rejected — the fourth foul was given$/;
    await host.getByText(decided).waitFor();
    await ada.reload();
    await ada.getByText(decided).waitFor();
    expect(await audit(ada, "a game's objection, decided, for a player")).toEqual([]);

    // The protocols, from the night page's print links: each round's seating sheet, the evening's
    // standings (the correction counted), and the corrected game's protocol.
    await host.goto(nightUrl);
    await host.getByRole("heading", { name: "The evening's standings" }).waitFor();
    const final = await night();
    for (const round of final.rounds) {
      const sheet = await printed("Seating sheet (PDF)", round.n - 1);
      expect(sheet.title).toBe(`Seating: round ${round.n}`);
      for (const table of round.tables) {
        expect(sheet.text).toContain(`Table ${table.n} · Host: ${table.host?.name}`);
        for (const s of table.seats) expect(sheet.text).toContain(`${table.n} ${s.seat} ${s.person.name}`);
      }
    }
    const rows = await standings();
    expect(rows.find((r) => r.person.id === corrected)?.ratingPoints).toBe(before + to - was);
    const sheet = await printed("Standings (PDF)");
    expect(sheet.title).toBe("Standings");
    for (const r of rows) {
      expect(r.games).toBe(2);
      expect(sheet.text).toContain(
        `${r.place} ${r.person.name} ${r.score} ${r.games} ${r.wins} ${r.ratingPoints}`,
      );
    }
    const links = host.getByRole("link", { name: "Protocol (PDF)" });
    expect(await links.count()).toBe(6);
    const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")));
    const protocol = await printed(
      "Protocol (PDF)",
      hrefs.findIndex((h) => h?.includes(adaGame)),
    );
    expect(protocol.title).toBe("Game protocol");
    const played = await game();
    expect(protocol.text).toContain(`Host: ${second.table?.host?.name}`);
    expect(protocol.text).toContain(played.winner === "red" ? "Red wins" : "Black wins");
    for (const p of played.players) expect(protocol.text).toMatch(new RegExp(`${p.seat} ${p.person.name} `));
  }, 180_000);
});
