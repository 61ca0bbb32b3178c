// The equal night screen, in Chromium, against the built `misto serve`: a phone on every seat (one
// browser, one small context per phone) through three nights that call every role, freeze a doctor,
// a maniac and a commissar (the prostitute's freeze), let a dead Don's two mafiosi shoot together
// (ACTING-DON) and the lone prostitute shoot (NIGHT-5). At every night step every living phone
// taps the same slots (a seat the rules refuse the called one first, where there is one) and
// confirms; before, during and after, the phones' screens are compared: the DOM (text, attributes,
// enabled state, classes, focus) must be equal but for the seat number, and screenshots with the
// seat number masked must be equal to the pixel. Only the called phones send, and only their own
// seat's legal commands; each phone receives only its own view.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DECK, type GameEvent, type GameState, replay, type View, viewFor } from "@misto/engine/testing";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clubFixture, freshContext, heldCardText, NAMES, sessionCookie, setUpClub, until } from "./club.js";
import { wholeViews } from "./views.js";

// Run inside the pages by page.evaluate and addInitScript (the tests' tsconfig has no DOM types).
declare const window: { __views: string[]; scrollTo(x: number, y: number): void } & Record<string, unknown>;
declare const document: { querySelector(s: string): DomNode | null; activeElement: DomNode | null };
declare const localStorage: { setItem(key: string, value: string): void };
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  attributes?: ArrayLike<{ name: string; value: string }>;
  disabled?: boolean;
  hidden?: boolean;
  matches?(s: string): boolean;
  blur?(): void;
}

const SEAT_NUMBER = ".phone-seat";
const STEP_MS = 15_000;

/**
 * The three nights: what every living phone taps at each step (null: "skip"), first the seat the
 * rules refuse the one called (ignored: he picks again). The deck's order: 1 Don, 2–3 Mafia,
 * 4 Prostitute, 5 Commissar, 6 Doctor, 7 Maniac, 8–12 Civilians.
 */
const PLAN: Readonly<Record<string, readonly (number | null)[]>> = {
  "1 acquaintance": [3],
  "1 prostitute": [6], // freezes the doctor
  "1 doctor": [6], // frozen: any pick is his skip
  "1 mafia": [1, 8], // the Don: himself (refused), then seat 8
  "1 maniac": [null],
  "1 commissar": [5, 1], // himself (refused), then the Don
  "1 note": [3, null], // not his check's seat (nothing), then no note
  "2 prostitute": [7], // freezes the maniac
  "2 doctor": [5],
  "2 mafia": [2, 9], // the Don out: seats 2 and 3 both (ACTING-DON); a mafioso refused, then 9
  "2 maniac": [4], // frozen
  "2 commissar": [3],
  "2 note": [null],
  "3 prostitute": [5], // freezes the commissar
  "3 doctor": [6],
  "3 mafia": [4, 10], // the lone prostitute (NIGHT-5): herself refused, then 10
  "3 maniac": [null],
  "3 commissar": [7], // frozen
};
/** The host's day: disqualify these seats in the morning; the vote goes against `voteOut`. */
const DAYS: Readonly<Record<number, { out: readonly number[]; voteOut: number }>> = {
  1: { out: [1], voteOut: 12 },
  2: { out: [2, 3], voteOut: 11 },
};

const club = clubFixture();

interface Phone {
  seat: number;
  page: Page;
  received: string[];
  sent: string[];
  errors: string[];
}

/** Before any script of the app: the seat's token in the phone's store, and a tap on incoming views. */
function seatScript(arg: { table: string; seat: number; token: string }) {
  localStorage.setItem("misto.seats", JSON.stringify({ [arg.table]: arg }));
  window.__views = [];
  const Native = window.WebSocket as unknown as new (
    url: string,
  ) => {
    addEventListener(t: string, f: (e: { data: unknown }) => void): void;
  };
  window.WebSocket = class extends (Native as new (url: string) => object) {
    constructor(url: string) {
      super(url);
      // Added before the app's onmessage, so it runs first: a view is seen here, then rendered.
      // A patch is kept as the whole view it makes (as the app applies it, protocol/src/patch.ts:
      // set, sub, deep, unset).
      let held: { seq: number; view: Record<string, unknown> } | null = null;
      (this as unknown as InstanceType<typeof Native>).addEventListener("message", (e) => {
        const data = String(e.data);
        const message = JSON.parse(data) as {
          type: string;
          table: string;
          seq: number;
          base?: number;
          view?: Record<string, unknown>;
          set?: Record<string, unknown>;
          sub?: Record<string, Record<string, unknown>>;
          deep?: Record<string, Record<string, Record<string, unknown>>>;
          unset?: string[];
        };
        if (message.type === "view" && message.view) {
          held = { seq: message.seq, view: message.view };
          window.__views.push(data);
        } else if (message.type === "patch" && held && held.seq === message.base) {
          const view: Record<string, unknown> = { ...held.view, ...message.set };
          for (const [key, elements] of Object.entries(message.sub ?? {})) {
            const member = view[key];
            if (Array.isArray(member)) {
              const copy = member.slice();
              for (const [index, value] of Object.entries(elements)) copy[Number(index)] = value;
              view[key] = copy;
            } else view[key] = { ...(member as object), ...elements };
          }
          for (const [key, elements] of Object.entries(message.deep ?? {})) {
            const member = view[key];
            const copy = (Array.isArray(member) ? member.slice() : { ...(member as object) }) as Record<
              string,
              unknown
            >;
            for (const [element, children] of Object.entries(elements)) {
              const inner = copy[element];
              copy[element] = Array.isArray(inner)
                ? Object.assign(inner.slice(), children)
                : { ...(inner as object), ...children };
            }
            view[key] = copy;
          }
          for (const key of message.unset ?? []) delete view[key];
          held = { seq: message.seq, view };
          window.__views.push(JSON.stringify({ type: "view", table: message.table, seq: message.seq, view }));
        }
      });
    }
  } as unknown as Record<string, unknown>[string];
}

/** The phone's screen as a string: every element's name, attributes and state, every text, the focus. */
function domOf(mask: string): string {
  const out: string[] = [];
  const walk = (node: DomNode, depth: number) => {
    const pad = " ".repeat(depth);
    if (node.nodeType === 3) {
      if (node.textContent?.trim()) out.push(`${pad}"${node.textContent}"`);
      return;
    }
    if (node.nodeType !== 1) return;
    if (node.matches?.(mask)) {
      out.push(`${pad}[the seat number]`);
      return;
    }
    const attrs = Array.from(node.attributes ?? [], (a) => `${a.name}=${a.value}`).sort();
    const state = `${node.disabled ? " :disabled" : ""}${node.hidden ? " :hidden" : ""}`;
    const focus = document.activeElement === node ? " :focus" : "";
    out.push(`${pad}<${node.nodeName} ${attrs.join(" ")}${state}${focus}>`);
    for (const child of Array.from(node.childNodes)) walk(child, depth + 1);
  };
  const phone = document.querySelector(".phone");
  if (phone) walk(phone, 0);
  return out.join("\n");
}

const tableUrl = (base: string, id: string) => `${base}/api/tables/${encodeURIComponent(id)}`;

async function serverState(
  cookie: string,
  base: string,
  id: string,
): Promise<{ state: GameState; seq: number }> {
  const answer = await fetch(tableUrl(base, id), { headers: { cookie } });
  const table = (await answer.json()) as { seq: number; events: GameEvent[] };
  return { state: replay(table.events), seq: table.seq };
}

async function hostCommand(cookie: string, base: string, id: string, command: Record<string, unknown>) {
  const { seq } = await serverState(cookie, base, id);
  const response = await fetch(`${tableUrl(base, id)}/commands`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ id: `night-screens-${seq}`, seq, command: { actor: "host", ...command } }),
  });
  if (!response.ok) throw new Error(`${String(command.type)}: ${response.status} ${await response.text()}`);
}

/** Where each phone's DOM first differs from the first phone's. */
function domDifferences(phones: readonly Phone[], doms: readonly string[]): string[] {
  const lines = (doms[0] ?? "").split("\n");
  return doms.flatMap((dom, i) => {
    if (dom === doms[0]) return [];
    const other = dom.split("\n");
    const at = other.findIndex((line, n) => line !== lines[n]);
    return [
      `seat ${phones[i]?.seat}: ${other[at]?.trim()} where seat ${phones[0]?.seat} has ${lines[at]?.trim()}`,
    ];
  });
}

/** Which phones' screenshots (the seat number masked) differ from the first's; both are kept as `prefix`-seat<n>.png. */
async function pixelDifferences(phones: readonly Phone[], prefix: string): Promise<string[]> {
  // From the top: where a phone was scrolled to (its last tap, the held card) is not the screen,
  // and a full-page screenshot places the mask by the scroll.
  await Promise.all(phones.map((p) => p.page.evaluate(() => window.scrollTo(0, 0))));
  const images = await Promise.all(
    phones.map((p) =>
      p.page.screenshot({
        fullPage: true,
        mask: [p.page.locator(SEAT_NUMBER)],
        animations: "disabled",
        caret: "hide",
      }),
    ),
  );
  const [first] = images;
  return images.flatMap((image, i) => {
    if (first === undefined || image.equals(first)) return [];
    writeFileSync(`${prefix}-seat${phones[0]?.seat}.png`, first);
    writeFileSync(`${prefix}-seat${phones[i]?.seat}.png`, image);
    return [`seat ${phones[i]?.seat}'s pixels (${prefix}-seat${phones[i]?.seat}.png)`];
  });
}

/** The night step the host's script is on, e.g. "2 mafia", or null by day. */
function stepOf(state: GameState): string | null {
  const host = viewFor(state, "host");
  return host.phase.kind === "night" && host.host?.script ? `${host.phase.n} ${host.host.script.role}` : null;
}

const living = (state: GameState) => state.seats.filter((s) => s.out === null).map((s) => s.seat);

/** Waits until the phone has taken in its seat's view of this state (then it renders before any evaluate). */
async function caughtUp(phone: Phone, state: GameState): Promise<void> {
  const expected = JSON.stringify(viewFor(state, phone.seat));
  await until(`seat ${phone.seat}'s view`, async () => {
    const last = await phone.page.evaluate(() => window.__views.at(-1) ?? "");
    return last !== "" && JSON.stringify((JSON.parse(last) as { view: View }).view) === expected;
  });
}

/** Every problem in the frames one phone received: a view not its own, another seat's hidden card. */
function frameProblems(phone: Phone): string[] {
  const problems: string[] = [];
  for (const frame of phone.received) {
    const message = JSON.parse(frame) as { type: string; view?: View };
    if (message.type !== "view" || !message.view) continue;
    const view = message.view;
    if (view.viewer !== phone.seat || view.host !== null) problems.push(`a view for ${String(view.viewer)}`);
    const known = new Set(view.you?.partners.map((p) => p.seat));
    for (const s of view.seats)
      if (s.card !== null && s.seat !== phone.seat && s.out === null && !known.has(s.seat))
        problems.push(`seat ${s.seat}'s card while in the game`);
  }
  // What the phone sent: only its own seat's commands, never for another.
  for (const frame of phone.sent) {
    const message = JSON.parse(frame) as { type: string; command?: { seat?: number } };
    if (message.type === "command" && message.command?.seat !== phone.seat)
      problems.push(`sent ${frame.slice(0, 120)}`);
  }
  return problems;
}

describe("the equal night screen on every seat's phone", () => {
  it("every living phone's screen is the same at every night step, whatever its role", async () => {
    const { served, browser, contexts } = club;
    const base = served.url;
    const hostContext = await freshContext(browser);
    contexts.push(hostContext);
    const host = await hostContext.newPage();
    await setUpClub(host, served.setupLink as string);
    const cookie = await sessionCookie(hostContext, base);
    const made = await fetch(`${base}/api/tables`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Night screens",
        settings: { firstPhase: "night" },
        seats: NAMES.map((name) => ({ name })),
        deal: { cards: DECK },
      }),
    });
    expect(made.status).toBe(201);
    const { id, code } = (await made.json()) as { id: string; code: string };

    // --- A phone on every seat ----------------------------------------------------------------------
    const phones: Phone[] = [];
    for (let seat = 1; seat <= 12; seat++) {
      const joined = await fetch(`${base}/api/join`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code, seat }),
      });
      expect(joined.status).toBe(201);
      const { token } = (await joined.json()) as { token: string };
      const context = await browser.newContext({
        locale: "en-US",
        viewport: { width: 360, height: 640 },
        isMobile: true,
        hasTouch: true,
      });
      contexts.push(context);
      await context.addInitScript(seatScript, { table: id, seat, token });
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_MS);
      const phone: Phone = { seat, page, received: [], sent: [], errors: [] };
      page.on("pageerror", (e) => phone.errors.push(String(e)));
      page.on("websocket", (ws) => {
        const whole = wholeViews();
        ws.on("framereceived", (f) => phone.received.push(whole(String(f.payload))));
        ws.on("framesent", (f) => phone.sent.push(String(f.payload)));
      });
      await page.goto(`${base}/seat/${encodeURIComponent(id)}`);
      await page.getByText(`Your seat: ${seat}`).waitFor();
      await until(
        `seat ${seat} connected`,
        async () => (await page.locator(".phone-conn").textContent()) === "Connected",
      );
      phones.push(phone);
    }

    const commandsSent = () =>
      phones.reduce((n, p) => n + p.sent.filter((f) => f.includes('"type":"command"')).length, 0);
    const kept = mkdtempSync(join(tmpdir(), "misto-night-screens-"));
    let screens = 0;
    let shots = 0;
    const differences: string[] = [];
    /** Compares the living phones' screens (the DOM; with `pixels`, screenshots too) at `at`. */
    const compare = async (state: GameState, at: string, pixels: boolean) => {
      const alive = phones.filter((p) => living(state).includes(p.seat));
      for (const phone of alive) await caughtUp(phone, state);
      const doms = await Promise.all(alive.map((p) => p.page.evaluate(domOf, SEAT_NUMBER)));
      expect(doms[0], at).toContain("phone-body phone-night");
      const found = domDifferences(alive, doms);
      screens += doms.length;
      if (pixels) {
        found.push(...(await pixelDifferences(alive, join(kept, at.replace(/\W+/g, "_")))));
        shots += alive.length;
      }
      differences.push(...found);
      expect(found, `the phones' screens at ${at}`).toEqual([]);
    };

    /**
     * Every living phone taps `slot` and confirms it, the `called` last (the answer that ends the
     * night changes the others' screens); compared with the confirmation open.
     */
    const tapAll = async (state: GameState, called: readonly number[], slot: number | null, at: string) => {
      const alive = phones.filter((p) => living(state).includes(p.seat));
      const name = slot === null ? "Skip" : `Seat ${slot}`;
      for (const { page } of alive)
        await page.locator(".phone-options").getByRole("button", { name, exact: true }).click();
      for (const { page } of alive) await page.getByRole("alertdialog", { name: `${name}?` }).waitFor();
      await compare(state, `${at}, confirming ${name}`, false);
      const confirm = (page: Page) =>
        page.getByRole("alertdialog").getByRole("button", { name: "Confirm", exact: true }).click();
      for (const { page } of alive.filter((p) => !called.includes(p.seat))) {
        await confirm(page);
        await page.locator(".phone-ok").waitFor();
      }
      for (const { page } of alive.filter((p) => called.includes(p.seat))) await confirm(page);
    };

    // --- The nights ----------------------------------------------------------------------------------
    await hostCommand(cookie, base, id, { type: "advance" });
    const heldChecks: string[] = [];
    const seen: string[] = [];
    const dawns: string[] = [];
    for (let round = 0; round < 200; round++) {
      const { state } = await serverState(cookie, base, id);
      if (state.phase.kind === "ended") break;
      const at = stepOf(state);
      if (at === null) {
        await hostDay(cookie, base, id, state);
        continue;
      }
      if (at.endsWith(" dawn")) {
        // HOST-4: the night is over for the phones and waits for the host's end of it; every
        // living phone shows the same screen there too.
        dawns.push(at);
        await compare(state, at, true);
        await hostCommand(cookie, base, id, { type: "advance" });
        continue;
      }
      const taps = PLAN[at];
      if (!taps) throw new Error(`no plan for night step ${at}`);
      seen.push(at);
      await compare(state, at, true);
      const script = viewFor(state, "host").host?.script;
      const choosers = script?.choosers.map((c) => c.seat) ?? [];
      const called = script?.role === "note" ? script.wake : choosers;
      // The held card of the called tells what the screen does not (read, then the focus given back).
      for (const seat of choosers) {
        const page = phones[seat - 1]?.page as Page;
        heldChecks.push(`${at} seat ${seat}: ${await heldCardText(page)}`);
        await page.evaluate(() => document.activeElement?.blur?.());
      }
      const answers = at.endsWith("acquaintance") ? 0 : 1;
      for (const [i, slot] of taps.entries()) {
        const before = { commands: commandsSent(), seq: (await serverState(cookie, base, id)).seq };
        await tapAll(state, called, slot, `${at} tap ${i + 1}`).catch((error: Error) => {
          throw new Error(`${at} tap ${i + 1}: ${error.message}`, { cause: error });
        });
        // The step's answer moves the night on: its "picked" screen is compared at the next step.
        if (i >= taps.length - answers) break;
        // A pick that does not count is taken and ignored: nothing sent, nothing recorded.
        const after = await serverState(cookie, base, id);
        expect({ commands: commandsSent(), seq: after.seq }, `${at} tap ${i + 1}`).toEqual(before);
        await compare(after.state, `${at} tap ${i + 1}, picked`, true);
      }
      if (answers === 0) await hostCommand(cookie, base, id, { type: "advance" });
      else
        await until(
          `the step after ${at}`,
          async () => stepOf((await serverState(cookie, base, id)).state) !== at,
        );
    }
    expect(seen).toEqual(Object.keys(PLAN));
    expect(dawns).toEqual(["1 dawn", "2 dawn", "3 dawn"]);

    // What the held cards said: the freeze, the refused seats, the lone prostitute's shot.
    const held = heldChecks.join("\n");
    expect(held).toMatch(/1 doctor seat 6: .*You were frozen tonight/);
    expect(held).toMatch(/1 mafia seat 1: .*Whom do the mafia shoot\?Not counted for you now: 1\./);
    expect(held).toMatch(/2 mafia seat 2: .*Not counted for you now: 2, 3\./);
    expect(held).toMatch(/2 maniac seat 7: .*You were frozen tonight/);
    expect(held).toMatch(/3 mafia seat 4: .*Whom do the mafia shoot\?Not counted for you now: 4\./);
    expect(held).toMatch(/3 commissar seat 5: .*You were frozen tonight/);

    // The server's record: the called phones' answers, the refused and uncalled picks nowhere.
    const { state } = await serverState(cookie, base, id);
    const choices = state.nights.flatMap((n) => n.choices.map((c) => `${n.n}:${c.seat}>${c.target}`));
    expect(choices).toEqual([
      "1:4>6",
      "1:6>null",
      "1:1>8",
      "1:7>null",
      "1:5>1",
      "2:4>7",
      "2:6>5",
      "2:2>9",
      "2:3>9",
      "2:7>null",
      "2:5>3",
      "3:4>5",
      "3:6>6",
      "3:4>10",
      "3:7>null",
      "3:5>null",
    ]);

    for (const phone of phones) {
      expect(frameProblems(phone), `seat ${phone.seat}'s frames`).toEqual([]);
      expect(phone.errors, `seat ${phone.seat}'s page errors`).toEqual([]);
    }
    // Every command a phone sent was its seat's answer when called (7 phones, 16 choices, 2 notes).
    const commands = phones.flatMap((p) => p.sent.filter((f) => f.includes('"type":"command"')));
    expect(commands).toHaveLength(choices.length + 2);
    expect(differences).toEqual([]);
    const views = phones.reduce(
      (n, p) => n + p.received.filter((f) => f.startsWith('{"type":"view"')).length,
      0,
    );
    console.info(
      `night screens e2e: ${seen.length} night steps; ${screens} phone screens compared (DOM), ${shots} screenshots compared; differences ${differences.length}; ${views} views received, leaks 0; ${commands.length} commands sent`,
    );
  }, 300_000);
});

/** The host's day: the morning's disqualifications, then on to the vote, where everyone votes out one seat. */
async function hostDay(cookie: string, base: string, id: string, state: GameState): Promise<void> {
  const view = viewFor(state, "host");
  const day = DAYS[view.phase.n ?? 0];
  const out = day?.out.find((seat) => state.seats[seat - 1]?.out === null);
  if (out !== undefined) return hostCommand(cookie, base, id, { type: "disqualify", seat: out });
  if (view.actions.some((a) => a.type === "advance"))
    return hostCommand(cookie, base, id, { type: "advance" });
  const votes = view.actions.filter((a) => a.type === "vote");
  const vote = votes.find((a) => a.type === "vote" && a.target === day?.voteOut) ?? votes[0];
  if (!vote) throw new Error(`the host has nothing to do on day ${view.phase.n}`);
  const { actor: _actor, ...command } = vote;
  return hostCommand(cookie, base, id, command);
}
