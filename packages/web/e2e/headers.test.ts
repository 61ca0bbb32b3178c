// The pages under the server's Content-Security-Policy (docs/api.md "Security"), in real Chromium:
// the setup, the tables, a new table, the host console with its phones sheet (the QR code), a phone
// joining and connected over /ws, the display and the club's pages all work and report no
// violation; the bundle arrives compressed; another site may frame the display and nothing else.

import { createServer } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clubFixture, newTableThroughUi, setUpClub } from "./club.js";

declare const document: {
  addEventListener(
    type: string,
    listener: (e: { violatedDirective: string; blockedURI: string }) => void,
  ): void;
  createElement(tag: string): { textContent: string };
  body: { insertAdjacentHTML(where: string, html: string): void; append(node: unknown): void };
};
declare const window: unknown;
declare const console: { error(text: string): void };

/** Every CSP violation a context's pages report, as the console's lines. */
async function watchViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  context.on("page", (page) => watchPage(page, violations));
}

function watchPage(page: Page, violations: string[]): void {
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(`${page.url()}: ${text}`);
  });
  page.on("pageerror", (error) => violations.push(`${page.url()}: ${String(error)}`));
}

/** A page of another site: its own server on 127.0.0.1 (Chromium lets a loopback page frame a loopback one). */
async function otherSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the pages under the Content-Security-Policy", () => {
  const club = clubFixture();

  it("work, report no violation, get the bundle compressed, and only the display may be framed", {
    timeout: 120_000,
  }, async () => {
    const base = club.served.url;
    const violations: string[] = [];
    const hostContext = await club.context();
    await watchViolations(hostContext, violations);
    const host = await hostContext.newPage();
    const encodings: string[] = [];
    host.on("response", async (response) => {
      if (/\/assets\/index-[^/]+\.js$/.test(response.url())) {
        encodings.push((await response.headerValue("content-encoding")) ?? "none");
      }
    });

    await setUpClub(host, club.served.setupLink as string);
    const tableId = await newTableThroughUi(host, "csp-seed");
    await host.locator(".phase-bar").getByRole("button", { name: "Phones" }).click();
    const sheet = host.getByRole("dialog", { name: "Players' phones" });
    // The QR code is SVG markup the page builds itself: no inline style or script in it.
    await sheet.locator(".phones-qr svg").waitFor();
    const codeLine = sheet.locator(".phones-code");
    await expect.poll(() => codeLine.textContent()).toMatch(/^Table code: [A-HJ-NP-Z2-9]{6}$/);
    const code = ((await codeLine.textContent()) ?? "").replace("Table code: ", "");
    expect(encodings.length).toBeGreaterThan(0);
    expect(encodings.every((e) => e === "br")).toBe(true);

    const phoneContext = await club.context({ locale: "en-US", viewport: { width: 390, height: 844 } });
    await watchViolations(phoneContext, violations);
    const phone = await phoneContext.newPage();
    await phone.goto(`${base}/join/${code.toLowerCase()}`);
    await phone.getByRole("button", { name: /^3\b/ }).click();
    await phone.getByRole("button", { name: "Take seat 3" }).click();
    await expect.poll(() => phone.locator(".phone-conn").textContent()).toBe("Connected");

    const displayPage = await hostContext.newPage();
    await displayPage.goto(`${base}/display/${encodeURIComponent(tableId)}`);
    await displayPage.locator(".display-ring").waitFor();
    for (const path of ["/club", "/rating", "/games", "/people"]) {
      await host.goto(`${base}${path}`);
      await host.waitForLoadState("networkidle");
      await host.locator("main h1").first().waitFor();
    }
    expect(violations).toEqual([]);

    // Markup slipped into a page (as an XSS would) runs no script: the browser refuses it and says so.
    const ran = await host.evaluate(async () => {
      const w = window as unknown as { ran?: boolean };
      document.body.insertAdjacentHTML(
        "beforeend",
        `<img src="data:," onload="window.ran = true"><script>window.ran = true</script>`,
      );
      const script = document.createElement("script");
      script.textContent = "window.ran = true";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return w.ran === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.includes("CSP violation: script-src"))).toBe(true);

    // Another site (a server of its own on another port) frames the display and the console.
    const display = `${base}/display/${encodeURIComponent(tableId)}`;
    const other = await otherSite(`<!doctype html><title>Overlay</title>
<iframe id="display" src="${display}"></iframe><iframe id="console" src="${base}/"></iframe>`);
    try {
      const overlay = await (await club.context()).newPage();
      const refused: string[] = [];
      overlay.on("console", (message) => refused.push(message.text()));
      await overlay.goto(other.url, { waitUntil: "load" });
      await overlay.frameLocator("#display").locator(".display-ring").waitFor();
      await expect
        .poll(() =>
          refused.some(
            (t) => t.includes(`Framing '${base}/' violates`) && t.includes("frame-ancestors 'none'"),
          ),
        )
        .toBe(true);
      expect(overlay.frames().map((f) => f.url())).not.toContain(`${base}/`);
    } finally {
      await other.close();
    }
  });
});
