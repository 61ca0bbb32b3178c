// Set-up shared by the online tables' browser tests: phone-sized pages, an online table made from
// the web app's form (online, no names, the table's own settings typed in), and a phone that takes
// a seat with the table's code.

import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { setUpClub } from "./club.js";

/** A phone: portrait, touch, English. */
export const PHONE = {
  locale: "en-US",
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** New pages at the phone's size, each in its own context (its own storage: its own seat token). */
export class Phones {
  readonly contexts: BrowserContext[] = [];
  constructor(
    private readonly browser: () => Browser,
    private readonly stepMs: number,
  ) {}

  async page(): Promise<Page> {
    const context = await this.browser().newContext(PHONE);
    this.contexts.push(context);
    const p = await context.newPage();
    p.setDefaultTimeout(this.stepMs);
    return p;
  }

  async closeAll(): Promise<void> {
    for (const c of this.contexts) await c.close().catch(() => undefined);
  }
}

/** The form's online settings, as typed (the deadlines in seconds); an absent one keeps its default. */
export interface OnlineForm {
  readonly humanSeats: number;
  readonly startMs?: string;
  readonly nightMs?: string;
  readonly voteMs?: string;
  readonly missedDeadlines?: string;
  readonly graceMs?: string;
}

/** Opens the new-table form as a fresh club's administrator and ticks "Online table". */
export async function openOnlineForm(
  host: Page,
  base: string,
  setupLink: string,
  title: string,
): Promise<void> {
  await setUpClub(host, setupLink);
  await host.goto(`${base}/tables/new`);
  await host.getByRole("heading", { name: "New table" }).waitFor();
  await host.fill("#table-title", title);
  await host.locator("label.toggle", { hasText: "Online table" }).click();
  await host.getByRole("heading", { name: "Table settings" }).waitFor();
}

/** Types the settings, creates the table, and reads its id and join code from the table's page. */
export async function createOnlineTable(
  host: Page,
  form: OnlineForm,
): Promise<{ tableId: string; code: string }> {
  await host.fill("#online-humanSeats", String(form.humanSeats));
  for (const key of ["startMs", "nightMs", "voteMs", "missedDeadlines", "graceMs"] as const) {
    const value = form[key];
    if (value !== undefined) await host.fill(`#online-${key}`, value);
  }
  await host.getByRole("button", { name: "Create the table" }).click();
  await host.waitForURL((url) => url.pathname.startsWith("/online/"));
  const tableId = decodeURIComponent(new URL(host.url()).pathname.split("/").pop() ?? "");
  const codeLine = host.locator(".phones-code");
  await expect.poll(() => codeLine.textContent(), { timeout: 20_000 }).toMatch(/^Table code: /);
  const code = ((await codeLine.textContent()) ?? "").replace("Table code: ", "");
  return { tableId, code };
}

/** The phone joins `seat` with the code (on the join page, or opening it) and waits until it is connected to its seat's screen. */
export async function takeSeat(phone: Page, base: string, code: string, seat: number, tableId: string) {
  // A phone already on the join page (refused a seat) picks again where it is.
  if (!new URL(phone.url(), base).pathname.startsWith("/join")) await phone.goto(`${base}/join/${code}`);
  await phone.getByRole("button", { name: new RegExp(`^${seat}\\b`) }).click();
  await phone.getByRole("button", { name: `Take seat ${seat}` }).click();
  await phone
    .waitForURL((url) => url.pathname === `/seat/${encodeURIComponent(tableId)}`)
    .catch(async (error: unknown) => {
      // Said with what the join page shows (a refusal, a seat taken), not only a timeout.
      throw new Error(`seat ${seat} not taken: ${await phone.locator("body").textContent()}`, {
        cause: error,
      });
    });
  await expect.poll(() => phone.locator(".phone-conn").textContent(), { timeout: 20_000 }).toBe("Connected");
}
