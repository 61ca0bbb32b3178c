// startServer and `misto serve`'s command line.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../cli/src/main.js";
import { startServer } from "../src/serve.js";
import { PASSWORD } from "./helpers/api.js";
import { capturedIo } from "./helpers/io.js";

const dir = mkdtempSync(join(tmpdir(), "misto-serve-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("startServer", () => {
  it("listens on 127.0.0.1 and gives a setup link until the club is set up", async () => {
    const db = join(dir, "club.db");
    const server = await startServer({ port: 0, db, webRoot: dir });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.setupLink).toMatch(new RegExp(`^${server.url}/setup#token=[A-Za-z0-9_-]{32}$`));
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const token = (server.setupLink as string).split("#token=")[1];
    const res = await fetch(`${server.url}/api/setup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        token,
        club: { name: "C" },
        admin: { name: "A", login: "anna", password: PASSWORD },
      }),
    });
    expect(res.status).toBe(201);
    await server.close();
    await server.close();
    const again = await startServer({ port: 0, db, webRoot: dir });
    expect(again.setupLink).toBeNull();
    await again.close();
  });
});

describe("misto serve", () => {
  it("prints its usage", async () => {
    const { out, io: x } = capturedIo();
    expect(await main(["help", "serve"], x)).toBe(0);
    expect(out.stdout).toContain("misto serve [--port 3000] [--db ./data/misto.db] [--host 127.0.0.1]");
    expect(out.stdout).toContain("--broadcast-delay S");
  });

  it("refuses a bad port or an unknown flag (exit 2)", async () => {
    for (const argv of [
      ["serve", "--port", "http"],
      ["serve", "--port", "70000"],
      ["serve", "--broadcast-delay", "0"],
      ["serve", "--broadcast-delay", "5m"],
      ["serve", "--tls"],
      ["serve", "extra"],
    ]) {
      const { out, io: x } = capturedIo();
      expect(await main(argv, x), argv.join(" ")).toBe(2);
      expect(out.stderr).toMatch(/^misto serve: /);
    }
  });
});
