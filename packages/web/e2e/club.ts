// The end-to-end tests' club: the built `misto serve` on a temporary SQLite file and a free port,
// a headless Chromium, the club set up through its setup link, and the host console driven by its
// own buttons (one step at a time, the way a host taps).

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Card,
  evolve,
  type GameEvent,
  type GameState,
  legalActions,
  replay,
} from "@misto/engine/testing";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Route,
} from "playwright-core";
import { afterAll, beforeAll } from "vitest";

// Run inside the page by page.evaluate (the tests' tsconfig has no DOM types).
declare const localStorage: { getItem(key: string): string | null };

const CLI = fileURLToPath(new URL("../../cli/bin/misto.js", import.meta.url));

export const NAMES = [
  "Olena",
  "Taras",
  "Iryna",
  "Bohdan",
  "Oksana",
  "Dmytro",
  "Nadiia",
  "Andrii",
  "Sofiia",
  "Yurii",
  "Larysa",
  "Maksym",
];
/** The table the game and phone tests play with a physical deal: its players, seat 1 to 12. */
export const PHYSICAL_NAMES: readonly string[] = [
  "Anna",
  "Borys",
  "Vira",
  "Hryhorii",
  "Daryna",
  "Yevhen",
  "Zoia",
  "Ivan",
  "Kateryna",
  "Lev",
  "Marta",
  "Nazar",
];
/** …and the cards dealt by hand, seat 1 to 12. */
export const PHYSICAL_CARDS: readonly Card[] = [
  "civilian",
  "civilian",
  "don",
  "mafia",
  "mafia",
  "prostitute",
  "commissar",
  "doctor",
  "maniac",
  "civilian",
  "civilian",
  "civilian",
];

export const ADMIN = { login: "host", password: "correct horse 42", name: "Mykola" };

/** A running `misto serve`: its address, its setup link (first start only), and how to stop it. */
export interface Served {
  readonly url: string;
  readonly port: number;
  readonly setupLink: string | null;
  readonly child: ChildProcess;
  /** SIGTERM (or SIGKILL) and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A temporary folder for the database, removed by `dispose`. */
export function tempDb(): { file: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "misto-e2e-"));
  return { file: join(dir, "misto.db"), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Spawns the built CLI and waits (at most 20 s) for "Misto is running at URL". */
export function serve(db: string, port = 0): Promise<Served> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", String(port), "--db", db], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise<Served>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`misto serve did not start in 20 s:\n${out}\n${err}`));
    }, 20_000);
    let seen = false;
    const finish = () => {
      const running = /Misto is running at (\S+)/.exec(out);
      if (!running?.[1]) return;
      const link = /(\S+\/setup#token=\S+)/.exec(out);
      clearTimeout(timer);
      const url = running[1].replace(/\/$/, "");
      resolve({
        url,
        port: Number(new URL(url).port),
        setupLink: link?.[1] ?? null,
        child,
        stop: async (signal: NodeJS.Signals = "SIGTERM") => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
          await exited;
        },
      });
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      // The setup link (first start only) is written right after the first line: give it a moment.
      if (!seen && /Misto is running at \S+\n/.test(out)) {
        seen = true;
        setTimeout(finish, 300);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`misto serve exited (${code}):\n${out}\n${err}`));
    });
  });
}

/** Chromium exactly as this project launches it in tests (Debian's, headless, nothing fetched). */
export const CHROMIUM = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export function launch(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/** Each card as the English console and phone name it. */
export const CARD_NAMES: Readonly<Record<Card, string>> = {
  don: "Don",
  mafia: "Mafia",
  prostitute: "Prostitute",
  commissar: "Commissar",
  doctor: "Doctor",
  maniac: "Maniac",
  civilian: "Civilian",
};

/**
 * A fresh context in English, tablet landscape. (The app talks to its own origin only. No
 * always-on route filters other hosts: with a route on, Chromium's request interception made the
 * offline emulation leak requests of a page its service worker controls, see setNetwork.)
 */
export async function freshContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
    serviceWorkers: "allow",
  });
  return context;
}

/**
 * One club for the tests of a file or a describe block: a temporary database, `misto serve` on it
 * and Chromium, started before the tests and stopped after them, with every context opened through
 * `context()` (or pushed to `contexts`) closed first. A test that restarts the server assigns the
 * new one to `served`, and that one is stopped at the end.
 */
export interface ClubFixture {
  readonly db: { readonly file: string; dispose(): void };
  served: Served;
  readonly browser: Browser;
  readonly contexts: BrowserContext[];
  /** A context closed after the tests: fresh (English, tablet landscape), or with these options. */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export function clubFixture(options: { stopSignal?: NodeJS.Signals } = {}): ClubFixture {
  const db = tempDb();
  let served: Served | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} did not start`);
    return value;
  };
  beforeAll(async () => {
    browser = await launch();
    served = await serve(db.file);
  }, 60_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await served?.stop(options.stopSignal);
    db.dispose();
  }, 30_000);
  return {
    db,
    get served() {
      return started(served, "server");
    },
    set served(next: Served) {
      served = next;
    },
    get browser() {
      return started(browser, "browser");
    },
    contexts,
    async context(contextOptions?: BrowserContextOptions) {
      const b = started(browser, "browser");
      const context = contextOptions ? await b.newContext(contextOptions) : await freshContext(b);
      contexts.push(context);
      return context;
    },
  };
}

/** Sets the club up through the setup page (the page ends signed in, on the tables page). */
export async function setUpClub(page: Page, setupLink: string): Promise<void> {
  await page.goto(setupLink);
  await page.fill("#club", "Misto e2e");
  await page.fill("#admin-name", ADMIN.name);
  await page.fill("#login", ADMIN.login);
  await page.fill("#password", ADMIN.password);
  await page.fill("#password2", ADMIN.password);
  await page.click("form button[type=submit]");
  await page.waitForURL((url) => url.pathname === "/", { timeout: 15_000 });
  await page.getByRole("heading", { name: "Tables" }).waitFor({ timeout: 15_000 });
}

/** Signs in through the sign-in page. */
export async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.fill("#signin-login", ADMIN.login);
  await page.fill("#signin-password", ADMIN.password);
  await page.click("form button[type=submit]");
  await page.getByRole("heading", { name: "Tables" }).waitFor({ timeout: 15_000 });
}

/** Creates a table with a seeded deal through the New table page; answers its id (the page is on it). */
export async function newTableThroughUi(page: Page, seed: string, title = "E2E table"): Promise<string> {
  await page.getByRole("link", { name: "New table" }).first().click();
  await page.getByRole("heading", { name: "New table" }).waitFor();
  await page.fill("#table-title", title);
  for (const [i, name] of NAMES.entries()) await page.fill(`#seat-${i + 1}`, name);
  await page.getByLabel("From a seed").check();
  await page.fill("#deal-seed", seed);
  await page.getByRole("button", { name: "Create the table" }).click();
  await page.waitForURL(/\/tables\/[^/]+$/, { timeout: 15_000 });
  await primaryButton(page).waitFor({ timeout: 15_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
}

/** Creates a table with POST /api/tables using the page's session cookie; answers its id. */
export async function newTableThroughApi(page: Page, seed: string, title = "E2E table"): Promise<string> {
  const body = { title, seats: NAMES.map((name) => ({ name })), deal: { seed } };
  const answer = await page.evaluate(async (b) => {
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(b),
    });
    return { status: response.status, body: (await response.json()) as { id: string } };
  }, body);
  if (answer.status !== 201) throw new Error(`POST /api/tables answered ${answer.status}`);
  return answer.body.id;
}

/** GET /api/tables/:id through the page's cookie (the page must be online). */
export async function serverTable(
  page: Page,
  id: string,
): Promise<{ seq: number; events: { type: string }[] }> {
  return page.evaluate(async (tableId) => {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
    if (!response.ok) throw new Error(`GET table: ${response.status}`);
    return (await response.json()) as { seq: number; events: { type: string }[] };
  }, id);
}

export const primaryButton = (page: Page) => page.locator(".primary-slot button.btn-primary");
export const phaseHeading = (page: Page) => page.locator(".phase-bar h1");
export const syncStatus = (page: Page) => page.locator(".phase-bar .sync");

/** The table's copy kept in localStorage by the console (src/sync/store.ts). */
export interface KeptTable {
  v: number;
  seq: number;
  events: unknown[];
  queue: { id: string; seq: number; command: { type: string }; events: unknown[] }[];
}

export async function keptTable(page: Page, id: string): Promise<KeptTable | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), `misto.table.${id}`);
  return raw ? (JSON.parse(raw) as KeptTable) : null;
}

/** What one tap did: a word for the log. */
export type Tap = string;

/**
 * Makes ONE step of the game the way a host does, choosing what a simple host would: the primary
 * button when it is enabled; in a vote, the first candidate offered; at night, the first target
 * offered (or `skip` when asked); the commissar's note: none. Closes the commissar's check first.
 */
export async function step(page: Page, options: { nightSkip?: boolean } = {}): Promise<Tap> {
  const done = page.locator(".sheet-check button");
  if (await done.isVisible()) {
    await done.click();
    return "closed the check";
  }
  const primary = primaryButton(page);
  if ((await primary.count()) > 0 && (await primary.isEnabled())) {
    const words = (await primary.textContent()) ?? "";
    await primary.click();
    return `primary: ${words}`;
  }
  // DON-1: the primary waits for the Don's grave; a simple host's Don takes nobody.
  const nobody = page.locator(".grave button.grave-nobody");
  if ((await nobody.count()) > 0) {
    await nobody.click();
    return "grave: nobody";
  }
  // ACTING-DON: the mafiosi showed different targets; the host records it (no shot).
  const split = page.locator(".confirm-split button.btn-accent");
  if ((await split.count()) > 0) {
    await split.click();
    return "split: no shot";
  }
  const vote = page.locator(".voting-panel .btn-seat").first();
  if ((await vote.count()) > 0) {
    const label = (await vote.getAttribute("aria-label")) ?? "";
    await vote.click();
    return `vote: ${label}`;
  }
  const lift = page.locator(".voting-panel .yes-no button").first();
  if ((await lift.count()) > 0) {
    await lift.click();
    return "lift-all: yes";
  }
  // By place, not by words: the driver plays in any language (the note's second answer is "none").
  const noNote = page.locator(".note .yes-no button").nth(1);
  if ((await noNote.count()) > 0) {
    await noNote.click();
    return "note: none";
  }
  const chooser = page.locator(".chooser").first();
  if ((await chooser.count()) > 0) {
    const target = chooser.locator(".btn-seat").first();
    if (!options.nightSkip && (await target.count()) > 0) {
      const label = (await target.getAttribute("aria-label")) ?? "";
      await target.click();
      return `night: ${label}`;
    }
    await chooser.locator("button.btn-skip").click();
    return "night: skip";
  }
  throw new Error(`no step to make on: ${await page.locator(".game").textContent()}`);
}

/** Polls `check` until it answers true, at most `ms`; throws with `what` otherwise. */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms = 15_000,
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** GET /api/tables/:id from Node with the context's session cookie (works while the page is offline). */
export async function serverTableFromNode(
  context: BrowserContext,
  base: string,
  id: string,
): Promise<{ seq: number; events: unknown[] }> {
  const cookies = await context.cookies(base);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const response = await fetch(`${base}/api/tables/${encodeURIComponent(id)}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET table from Node: ${response.status}`);
  return (await response.json()) as { seq: number; events: unknown[] };
}

const cutOff = (route: Route) => route.abort("internetdisconnected");

/**
 * Takes a context off the network (or back on). Chromium's offline emulation alone is not airtight
 * for a page a service worker controls: now and then (about one run in five here) the first
 * command made offline still reached the server around a reload offline, unseen by Playwright. So
 * while offline the API is also refused at the context's router (with that, 10 runs in 10 clean).
 */
export async function setNetwork(context: BrowserContext, up: boolean): Promise<void> {
  if (up) {
    await context.unroute("**/api/**", cutOff);
    await context.setOffline(false);
  } else {
    await context.setOffline(true);
    await context.route("**/api/**", cutOff);
  }
}

/**
 * A TCP relay in front of the server that can be cut: a network outage Chromium cannot leak through
 * (its offline emulation, with a service worker in play, sometimes let a request out around a reload).
 * While cut, connections are refused at once and open ones (keep-alive, the WebSocket) are dropped.
 */
export interface Relay {
  readonly url: string;
  cut(down: boolean): void;
  close(): Promise<void>;
}

export function relay(target: string): Promise<Relay> {
  const to = new URL(target);
  const open = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(Number(to.port), to.hostname);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        cut(value: boolean) {
          down = value;
          if (down) for (const socket of open) socket.destroy();
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of open) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A phone's held card, read while holding it with the space bar (as a keyboard user holds it). */
export async function heldCardText(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Hold to see your card" }).focus();
  await page.keyboard.down("Space");
  const name = page.locator(".phone-card-face .phone-card-name");
  await name.waitFor();
  const text = (await page.locator(".phone-card-face").textContent()) ?? "";
  await page.keyboard.up("Space");
  await name.waitFor({ state: "detached" });
  return text;
}

/** The Cookie header of a context's session, for calls made from Node. */
export async function sessionCookie(context: BrowserContext, base: string): Promise<string> {
  return (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** Host commands that move a game on (never undo, fouls or removal): the driver below plays these. */
const FORWARD = new Set([
  "advance",
  "choose",
  "note",
  "vote",
  "liftVote",
  "grave",
  "nominate",
  "closeNominations",
  "ratingVote",
  "closeRating",
  "announceResult",
  "split",
]);

/**
 * Plays a table to its closed rating through the API from Node, as the host, taking the first legal
 * forward command each time (the console's own buttons are tested in game.test.ts). Answers the
 * final state, rebuilt with the engine from the server's events. With `stop`, it stops as soon as
 * the state satisfies it instead. The table is read once and then followed by each command's
 * answered events (read again only when a command is refused as stale).
 */
export async function playToTheEnd(
  cookie: string,
  base: string,
  id: string,
  stop?: (state: GameState) => boolean,
): Promise<GameState> {
  const url = `${base}/api/tables/${encodeURIComponent(id)}`;
  const read = async () => {
    const table = (await (await fetch(url, { headers: { cookie } })).json()) as {
      seq: number;
      events: GameEvent[];
    };
    return { state: replay(table.events), seq: table.seq };
  };
  let { state, seq } = await read();
  for (let i = 0; i < 5_000; i++) {
    const action = legalActions(state, "host").find((a) => FORWARD.has(a.type));
    if (!action || stop?.(state)) return state;
    const response = await fetch(`${url}/commands`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        id: `e2e-play-${id.slice(0, 20)}-${seq}`.replace(/[^A-Za-z0-9_-]/g, "_"),
        seq,
        command: action,
      }),
    });
    const text = await response.text();
    if (response.status === 409 && (JSON.parse(text) as { error?: string }).error === "stale") {
      ({ state, seq } = await read());
      continue;
    }
    if (!response.ok) throw new Error(`${action.type}: ${response.status} ${text}`);
    const answer = JSON.parse(text) as { seq: number; events: GameEvent[] };
    for (const event of answer.events) state = evolve(state, event);
    seq = answer.seq;
  }
  throw new Error("the game did not end in 5000 commands");
}

/**
 * The host console's controls by what a host reads on them (English), with the waits a tap needs:
 * the phase bar's title, the ONE primary button, who acts NOW, a seat's chip and menu, a vote.
 */
export function hostConsole(page: Page) {
  const phase = page.locator(".phase-bar h1");
  const panel = page.getByRole("region", { name: "Current step" });
  const button = (name: string, within: Page | Locator = page) =>
    within.getByRole("button", { name, exact: true });
  const now = panel.locator(".now");
  const seatChip = (n: number) => page.getByRole("button", { name: new RegExp(`^Seat ${n},`) });
  /** Taps the ONE primary button once it says `name` and is enabled. */
  const primary = async (name: string) => {
    const b = panel.locator(".primary-slot").getByRole("button", { name, exact: true });
    await until(`the primary "${name}"`, async () => (await b.count()) > 0 && (await b.isEnabled()));
    await b.click();
  };
  return {
    phase,
    panel,
    button,
    seatChip,
    /** Waits for the phase bar to say `title`. */
    expectPhase: (title: string) =>
      until(`the phase "${title}"`, async () => (await phase.textContent()) === title),
    /** Waits for the NOW line to contain `text`. */
    expectNow: (text: string) =>
      until(`NOW to say "${text}"`, async () =>
        (await now.allTextContents()).some((line) => line.includes(text)),
      ),
    primary,
    /** A foul through the seat's menu, with the reason's words. */
    foul: async (seat: number, reason: string) => {
      await seatChip(seat).click();
      const menu = page.getByRole("dialog", { name: new RegExp(`^Seat ${seat} · `) });
      await menu.waitFor();
      await button(reason, menu).click();
      await menu.waitFor({ state: "detached" });
    },
    /** A vote in turn: waits for each voter to be NOW, then taps his target; then the count (HOST-4). */
    votes: async (ballots: readonly (readonly [voter: number, target: number])[]) => {
      for (const [voter, target] of ballots) {
        await until(`seat ${voter} to vote`, async () =>
          (await now.allTextContents()).some((line) => line.includes(`NOW voting: seat ${voter}`)),
        );
        await button(`Seat ${voter} votes for ${target}`, panel).click();
      }
      await primary("Announce the count");
    },
  };
}
