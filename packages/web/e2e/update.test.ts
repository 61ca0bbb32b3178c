// A new build reaches a console that is playing without disturbing the game: its service worker
// (Workbox, vite-plugin-pwa) installs and waits; the host is told "a new version is ready" in his
// language, with no button and no reload while the game runs; between games (the tables list) the
// note offers "Reload", and only that tap switches the console to the new build.
//
// "A new build" is the same build whose sw.js differs by a byte: a front (plain HTTP, with the
// realtime channel passed through) adds a comment to /sw.js once the test says so, which is all a
// browser needs to install a new worker. The served dist/ is shared with other tests and untouched.

import { createServer, request, type Server } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { translate } from "../src/i18n/core.js";
import { audit, LANDMARKS } from "./axe.js";
import { clubFixture, newTableThroughUi, phaseHeading, setUpClub, step, until } from "./club.js";
import { coverProblems } from "./measure.js";

declare const navigator: {
  serviceWorker: {
    ready: Promise<unknown>;
    controller: { scriptURL: string } | null;
    getRegistration(): Promise<{ update(): Promise<unknown>; waiting: unknown } | undefined>;
  };
};
declare const window: Record<string, unknown>;

interface Front {
  readonly url: string;
  /** From now on /sw.js is a new build's. */
  nextBuild(): void;
  close(): Promise<void>;
}

/** An HTTP front for `target` that can serve a changed /sw.js. */
function front(target: string): Promise<Front> {
  const to = new URL(target);
  let next = false;
  const upgraded = new Set<{ destroy(): void }>();
  const server: Server = createServer((req, res) => {
    const sw = (req.url ?? "").split("?")[0] === "/sw.js";
    const headers = { ...req.headers };
    if (sw && next) {
      // The plain bytes, to append to: no compression, no "not modified".
      delete headers["accept-encoding"];
      delete headers["if-none-match"];
      delete headers["if-modified-since"];
    }
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers },
      (answer) => {
        if (!(sw && next)) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat([...chunks, Buffer.from("\n// the next build\n")]);
          const { etag: _etag, "last-modified": _modified, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...rest, "content-length": String(body.length) });
          res.end(body);
        });
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("upgrade", (req, socket, head) => {
    const upstream = connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upgraded.add(socket).add(upstream);
    const drop = () => {
      socket.destroy();
      upstream.destroy();
      upgraded.delete(socket);
      upgraded.delete(upstream);
    };
    socket.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        nextBuild: () => {
          next = true;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of upgraded) socket.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe("a new version of the app", () => {
  const club = clubFixture();

  it("is announced mid-game without a reload, and applied only on the host's tap between games", async () => {
    const { served } = club;
    const proxy = await front(served.url);
    try {
      const context = await club.context();
      const page = await context.newPage();
      await setUpClub(page, (served.setupLink as string).replace(served.url, proxy.url));
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await until("the service worker to control the page", () =>
        page.evaluate(() => navigator.serviceWorker.controller !== null),
      );
      await newTableThroughUi(page, "e2e-update-1");
      for (let i = 0; i < 3; i++) await step(page);
      const heading = await phaseHeading(page).textContent();
      // A mark on this very page: a reload would wipe it.
      await page.evaluate(() => {
        window.mistoMark = "before";
      });

      proxy.nextBuild();
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const note = page.locator(".update-note");
      await note
        .getByRole("status")
        .filter({ hasText: translate("en", "app.update.afterGame") })
        .waitFor({ timeout: 15_000 });
      // Mid-game: told, nothing to tap, the page and its game as they were, the new worker waiting.
      expect(await note.getByRole("button").count()).toBe(0);
      expect(await page.evaluate(() => window.mistoMark)).toBe("before");
      expect(await phaseHeading(page).textContent()).toBe(heading);
      expect(
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting != null)),
      ).toBe(true);
      // The note covers no control of the game, on the console and on a phone, and passes axe.
      expect(await coverProblems(page, "1280×800 with the note")).toEqual([]);
      expect(await audit(page, "the game with the note")).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await coverProblems(page, "390×844 with the note")).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await step(page);
      expect(await page.evaluate(() => window.mistoMark)).toBe("before");

      // In the host's language.
      await page.getByRole("combobox", { name: "Language" }).selectOption("uk");
      await note
        .getByRole("status")
        .filter({ hasText: translate("uk", "app.update.afterGame") })
        .waitFor();
      await page.getByRole("combobox", { name: translate("uk", "app.nav.language") }).selectOption("en");

      // Between games (the tables list): the note offers the reload, and the tap applies it.
      await page.getByRole("link", { name: "Tables" }).first().click();
      await page.getByRole("heading", { name: "Tables" }).waitFor();
      await note
        .getByRole("status")
        .filter({ hasText: translate("en", "app.update.ready") })
        .waitFor();
      expect(await page.evaluate(() => window.mistoMark)).toBe("before");
      expect(await audit(page, "the tables list with the note", LANDMARKS)).toEqual([]);
      await note.getByRole("button", { name: translate("en", "app.update.reload") }).click();
      await until("the page to reload into the new version", async () => {
        try {
          return await page.evaluate(() => window.mistoMark === undefined);
        } catch {
          return false; // The page is between documents.
        }
      });
      await page.getByRole("heading", { name: "Tables" }).waitFor({ timeout: 15_000 });
      expect(
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting == null)),
      ).toBe(true);
      expect(await note.count()).toBe(0);
    } finally {
      await proxy.close();
    }
  }, 90_000);
});
