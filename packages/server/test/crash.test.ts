// A server killed mid-game (SIGKILL, no goodbye) comes back with every acknowledged command
// exactly once, no half-applied one, and the game goes on. Runs the built CLI (`npm test` builds first).

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type GameEvent, legalActions, replay } from "@misto/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, SEATS } from "./helpers/api.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const MISTO = join(ROOT, "packages/cli/bin/misto.js");
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
  "announceResult",
]);

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  readonly setupLink: string | null;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `misto serve` on a free port and waits for its first lines. */
function start(db: string): Promise<Running> {
  const child = spawn(process.execPath, [MISTO, "serve", "--port", "0", "--db", db], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`misto serve did not start: ${stderr}`)), 15_000);
    let url: string | null = null;
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const done = (setupLink: string | null) => {
      clearTimeout(timer);
      resolve({ child, url: url as string, setupLink, exited });
    };
    lines.on("line", (line) => {
      const running = /^Misto is running at (\S+)$/.exec(line);
      const link = /^Open this link once to create the club and its admin: (\S+)$/.exec(line);
      if (running) {
        url = running[1] as string;
        // The setup line, if any, follows at once.
        setTimeout(() => done(null), 300);
      } else if (link) done(link[1] as string);
    });
    void exited.then(({ code }) => reject(new Error(`misto serve exited (${code}): ${stderr}`)));
  });
}

async function json(url: string, init: RequestInit & { cookie?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.cookie) headers.cookie = init.cookie;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, res };
}

describe("the server killed mid-game", () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeAll(() => {
    if (!existsSync(join(ROOT, "packages/cli/dist/serve.js"))) throw new Error("build first: npx tsc -b");
    dir = mkdtempSync(join(tmpdir(), "misto-crash-"));
  });
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("comes back with every acknowledged command once, and the game goes on", async () => {
    const db = join(dir, "misto.db");
    const first = await start(db);
    children.push(first.child);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.setupLink).toMatch(/\/setup#token=[A-Za-z0-9_-]+$/);
    const token = (first.setupLink as string).split("#token=")[1] as string;
    const setup = await json(`${first.url}/api/setup`, {
      method: "POST",
      body: JSON.stringify({
        token,
        club: { name: "Crash Club" },
        admin: { name: "Anna", login: "anna", password: PASSWORD },
      }),
    });
    expect(setup.status).toBe(201);
    const cookie = (setup.res.headers.getSetCookie()[0] as string).split(";")[0] as string;
    const table = await json(`${first.url}/api/tables`, {
      method: "POST",
      cookie,
      body: JSON.stringify({ seats: SEATS, deal: { seed: "crash-1" } }),
    });
    expect(table.status).toBe(201);
    const id = table.body.id as string;

    // Four consoles send commands at once until the server dies under them.
    const acked = new Map<string, unknown>();
    const refused = new Set<string>();
    const unanswered = new Set<string>();
    let killed = false;
    let n = 0;
    const consoleLoop = async (worker: number) => {
      for (let i = 0; i < 200 && !killed; i++) {
        let events: GameEvent[];
        let seq: number;
        try {
          const t = await json(`${first.url}/api/tables/${id}`, { cookie });
          ({ events, seq } = t.body);
        } catch {
          return;
        }
        const state = replay(events);
        const actions = legalActions(state, "host").filter((a) => FORWARD.has(a.type));
        const action = actions[(i * 13 + worker) % Math.max(actions.length, 1)];
        if (!action) return;
        const commandId = `crash-${worker}-${i}-${n++}`;
        try {
          const res = await json(`${first.url}/api/tables/${id}/commands`, {
            method: "POST",
            cookie,
            body: JSON.stringify({ id: commandId, seq, command: action }),
          });
          if (res.status === 200) acked.set(commandId, res.body);
          else if (res.status === 409 || res.status === 422) refused.add(commandId);
          else throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
        } catch (error) {
          if (!killed) throw error;
          unanswered.add(commandId);
          return;
        }
      }
    };
    const killer = (async () => {
      for (let i = 0; i < 1000 && acked.size < 25; i++) await new Promise((r) => setTimeout(r, 5));
      killed = true;
      first.child.kill("SIGKILL");
    })();
    await Promise.all([killer, ...[0, 1, 2, 3].map(consoleLoop)]);
    expect((await first.exited).signal).toBe("SIGKILL");
    expect(acked.size).toBeGreaterThanOrEqual(25);

    // Restarted on the same file: no setup link, the session still valid.
    const second = await start(db);
    children.push(second.child);
    expect(second.setupLink).toBeNull();
    expect((await json(`${second.url}/api/me`, { cookie })).status).toBe(200);

    const resend = (commandId: string) =>
      json(`${second.url}/api/tables/${id}/commands`, {
        method: "POST",
        cookie,
        body: JSON.stringify({ id: commandId, seq: 0, command: { type: "advance" } }),
      });
    const answers: { seq: number; events: GameEvent[] }[] = [];
    // Every acknowledged command: answered as before, not applied again (seq 0 would be stale).
    for (const [commandId, answer] of acked) {
      const res = await resend(commandId);
      expect(res.status, commandId).toBe(200);
      expect(res.body).toEqual(answer);
      answers.push(res.body);
    }
    // A refused command was never stored.
    for (const commandId of refused) expect((await resend(commandId)).status, commandId).toBe(409);
    // One cut off by the kill is either stored once (answered) or absent (stale, and not applied now).
    for (const commandId of unanswered) {
      const res = await resend(commandId);
      expect([200, 409]).toContain(res.status);
      if (res.status === 200) answers.push(res.body);
    }

    // The stored stream is exactly `created` then each answered command's events, each once, in order.
    const stored = await json(`${second.url}/api/tables/${id}`, { cookie });
    const events = stored.body.events as GameEvent[];
    expect(stored.body.seq).toBe(events.length);
    answers.sort((a, b) => a.seq - b.seq);
    let at = 1;
    for (const answer of answers) {
      expect(answer.seq).toBe(at + answer.events.length);
      expect(events.slice(at, answer.seq)).toEqual(answer.events);
      at = answer.seq;
    }
    expect(at).toBe(events.length);

    // The game goes on.
    let state = replay(events);
    let seq = events.length;
    for (let i = 0; i < 5; i++) {
      const action = legalActions(state, "host").find((a) => FORWARD.has(a.type));
      if (!action) break;
      const res = await json(`${second.url}/api/tables/${id}/commands`, {
        method: "POST",
        cookie,
        body: JSON.stringify({ id: `after-${i}-restart`, seq, command: action }),
      });
      expect(res.status).toBe(200);
      seq = res.body.seq;
      state = replay((await json(`${second.url}/api/tables/${id}`, { cookie })).body.events);
    }
    expect(seq).toBeGreaterThan(events.length);

    // And it stops cleanly on SIGTERM.
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
