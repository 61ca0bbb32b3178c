// A tournament in the browser (docs/tournaments.md): 36 players, 6 rounds of 3 tables and a final.
// The chief referee creates it through the form; the players and the games go through the API
// (each game played quickly to its end by its table's host: one team disqualified, one seat
// removed by fouls); the chief referee's steps are
// the browser's: the draw, the final, the live standings, a correction and an objection decided,
// and the protocols from the page's print links (a round's seating, the standings, the final's
// protocol) read back; each screen audited with axe on a phone and a console.

import type { GameAnswer, RoundInfo, TournamentPage } from "@misto/protocol";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../server/test/helpers/pdf-text.js";
import { audit } from "./axe.js";
import { ADMIN, freshContext, launch, type Served, serve, setUpClub, tempDb } from "./club.js";
import { api, PASSWORD, playQuickly, session } from "./quick-game.js";

describe("a tournament in the browser", () => {
  let browser: Browser;
  let served: Served;
  let referee: Page;
  const db = tempDb();
  const cookies: Record<string, string> & { admin: string } = { admin: "" };
  let id = "";

  beforeAll(async () => {
    browser = await launch();
    served = await serve(db.file);
    const admin = await (await freshContext(browser)).newPage();
    await setUpClub(admin, served.setupLink as string);
    await admin.close();
    cookies.admin = await session(served.url, ADMIN.login, ADMIN.password);
    for (const login of ["oksana", "ivan", "petro"]) {
      const made = await api(served.url, cookies.admin, "POST", "/api/hosts", {
        name: login,
        login,
        password: PASSWORD,
      });
      expect(made.status).toBe(201);
      cookies[login] = await session(served.url, login);
    }
    referee = await (await freshContext(browser)).newPage();
    referee.setDefaultTimeout(15_000);
    await referee.goto(`${served.url}/signin`);
    await referee.fill("#signin-login", "oksana");
    await referee.fill("#signin-password", PASSWORD);
    await referee.click("form button[type=submit]");
    await referee.waitForURL((url) => url.pathname !== "/signin");
    // The chief referee creates the tournament through the form (defaults shown, a field error first).
    await referee.goto(`${served.url}/tournaments`);
    await referee.fill("#tournament-title", "Kyiv Cup");
    await referee.fill("#tournament-starts", "2030-05-01T18:00");
    await referee.fill("#tournament-rounds", "6");
    await referee.fill("#tournament-tables", "3");
    expect(await referee.inputValue("#scoring-finalMultiplier")).toBe("1.5");
    await referee.getByRole("button", { name: "Create the tournament" }).click();
    await referee.getByText("3 tables a round need at least 3 hosts").waitFor();
    expect(await audit(referee, "the new tournament's form, a field error, console")).toEqual([]);
    await referee.setViewportSize({ width: 390, height: 844 });
    expect(await audit(referee, "the new tournament's form, a field error, phone")).toEqual([]);
    await referee.setViewportSize({ width: 1280, height: 800 });
    await referee.getByRole("checkbox", { name: "oksana" }).uncheck();
    for (const name of [ADMIN.name, "ivan", "petro"]) await referee.getByRole("checkbox", { name }).check();
    await referee.getByRole("button", { name: "Create the tournament" }).click();
    await referee.waitForURL((url) => url.pathname.startsWith("/tournaments/"));
    id = decodeURIComponent(new URL(referee.url()).pathname.split("/")[2] as string);
    for (let i = 1; i <= 36; i++) {
      const res = await api(served.url, cookies.oksana as string, "POST", `/api/tournaments/${id}/players`, {
        name: `Player ${i}`,
      });
      expect(res.status).toBe(201);
    }
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    db.dispose();
  }, 30_000);

  const page = async () =>
    (await api(served.url, cookies.oksana as string, "GET", `/api/tournaments/${id}`))
      .body as unknown as TournamentPage;
  const cookieOfHost = (name: string | undefined) =>
    cookies[name === ADMIN.name ? "admin" : (name ?? "")] as string;

  /** Deals round `n` through the API and plays its tables at once, each by its host. */
  async function playRound(n: number) {
    const dealt = await api(
      served.url,
      cookies.oksana as string,
      "POST",
      `/api/tournaments/${id}/rounds/${n}/tables`,
    );
    expect(dealt.status).toBe(201);
    const t = dealt.body as unknown as TournamentPage;
    const round = n > t.tournament.rounds ? t.final : t.rounds[n - 1];
    await Promise.all(
      (round?.tables ?? []).map((tb, i) =>
        playQuickly(served.url, cookieOfHost(tb.host?.name), tb.table as string, n * 3 + i),
      ),
    );
  }

  it("draws, plays 6 rounds and a final, shows live standings, a correction and an objection", async () => {
    await referee.goto(`${served.url}/tournaments`);
    await referee.getByRole("link", { name: "Kyiv Cup" }).click();
    await referee.getByRole("button", { name: "Draw every round" }).click();
    await referee.getByRole("heading", { name: "Round 6" }).waitFor();
    expect(await audit(referee, "a tournament drawn, for its referee")).toEqual([]);
    for (let n = 1; n <= 6; n++) await playRound(n);

    // The standings the page shows are live: after 6 rounds everyone has 6 games.
    await referee.reload();
    const rows = referee.locator("table.standings tbody tr");
    await expect.poll(() => rows.count()).toBe(36);
    await referee.getByRole("button", { name: "Seat the final" }).click();
    await referee.getByRole("heading", { name: "Final" }).waitFor();
    const finalists = (await page()).final?.tables[0]?.seats.map((s) => s.person.id) ?? [];
    const best = (await page()).standings.slice(0, 12).map((s) => s.person.id);
    expect([...finalists].sort()).toEqual([...best].sort());
    await referee.getByRole("button", { name: "Create round 7's tables" }).click();
    // The rounds' tables have "Open the table" links already: wait for the final's table itself.
    await expect.poll(async () => (await page()).final?.tables[0]?.table ?? null).not.toBeNull();
    const finalTable = (await page()).final?.tables[0]?.table as string;
    await playQuickly(served.url, cookies.oksana as string, finalTable, 1);
    // The page reloads the standings itself: the final's column appears with the final's scores.
    await referee.getByRole("columnheader", { name: "Final" }).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () =>
        (await page()).standings.every((s) => s.games === (finalists.includes(s.person.id) ? 7 : 6)),
      )
      .toBe(true);

    // A correction: seat 1 of the final gets 2 points, with the reason; its standing follows.
    const first = (await page()).final?.tables[0]?.seats[0]?.person.id as string;
    const before = (await page()).standings.find((s) => s.person.id === first)?.score as number;
    await referee.selectOption("#correct-game", { label: "7.1" });
    await referee.fill("#correct-seat", "1");
    await referee.fill("#correct-points", "2");
    await referee.fill("#correct-reason", "the city's vote was miscounted");
    await referee.getByRole("button", { name: "Correct", exact: true }).click();
    const cell = referee.locator(`tr[data-person="${first}"] td.score`);
    await expect.poll(() => cell.textContent()).toBe(String(before + 2 * 1.5));
    const game = await api(served.url, cookies.admin, "GET", `/api/games/${finalTable}`);
    expect(game.body.corrections).toEqual([
      expect.objectContaining({ seat: 1, to: 2, reason: "the city's vote was miscounted" }),
    ]);

    // An objection to the final (a CLUB-2 complaint), decided by the referee with its reason.
    const filed = await api(served.url, cookies.admin, "POST", `/api/tables/${finalTable}/complaints`, {
      about: "host",
      text: "seat 5 was removed too early",
    });
    expect(filed.status).toBe(201);
    await referee.reload();
    await referee.getByText("seat 5 was removed too early").waitFor();
    const cid = (filed.body.complaint as { id: string }).id;
    await referee.selectOption(`#decide-${cid}-decision`, "rejected");
    await referee.fill(`#decide-${cid}-reason`, "five fouls were given");
    await referee.getByRole("button", { name: "Decide" }).click();
    await referee.getByText("Decided: rejected — five fouls were given").waitFor();
    expect(await audit(referee, "the tournament's standings, console")).toEqual([]);

    // The protocols, from the page's print links: a round's seating sheet, the standings (the
    // correction counted) and the final's protocol, each read back.
    const printed = async (link: string, nth = 0) => {
      const href = await referee.getByRole("link", { name: link }).nth(nth).getAttribute("href");
      const res = await referee.request.get(`${served.url}${href}`);
      expect(res.status(), href ?? link).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      return pdfText(await res.body());
    };
    const end = await page();
    // The final's sheet comes first on the page, then rounds 1 to 6.
    const round3 = end.rounds[2] as RoundInfo;
    const sheet = await printed("Seating sheet (PDF)", 3);
    expect(sheet.title).toBe("Seating: round 3");
    for (const table of round3.tables) {
      expect(sheet.text).toContain(`Table ${table.n} · Host: ${table.host?.name}`);
      for (const s of table.seats) expect(sheet.text).toContain(`${table.n} ${s.seat} ${s.person.name}`);
    }
    const standings = await printed("Standings (PDF)");
    expect(standings.title).toBe("Standings");
    let at = 0;
    for (const r of end.standings) {
      const line = `${r.place} ${r.person.name} ${r.score} ${r.games} ${r.wins} ${r.ratingPoints} ${r.penalties}`;
      const found = standings.text.indexOf(line, at);
      expect(found, line).toBeGreaterThanOrEqual(at);
      at = found + line.length;
    }
    expect(await referee.getByRole("link", { name: "Protocol (PDF)" }).count()).toBe(19);
    const protocol = await printed("Protocol (PDF)");
    expect(protocol.title).toBe("Game protocol");
    const played = (await api(served.url, cookies.admin, "GET", `/api/games/${finalTable}`))
      .body as unknown as GameAnswer;
    expect(protocol.text).toContain(`Host: ${played.host.name}`);
    expect(protocol.text).toContain(played.winner === "red" ? "Red wins" : "Black wins");
    for (const p of played.players) expect(protocol.text).toMatch(new RegExp(`${p.seat} ${p.person.name} `));
    await referee.setViewportSize({ width: 390, height: 844 });
    expect(await audit(referee, "the tournament's standings, phone")).toEqual([]);
  }, 240_000);
});
