// A server killed mid-game (SIGKILL, no goodbye) comes back with every acknowledged command
// exactly once, no half-applied one, and the games go on: several games in flight at the kill, each
// played by consoles over HTTP and phones over /ws, on SQLite and on PostgreSQL. Runs the built CLI
// (`npm test` builds first).

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type GameEvent, legalActions, replay } from "@misto/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, SEATS } from "./helpers/api.js";
import { Client } from "./helpers/ws.js";
import { type Database, postgresDatabase, sqliteDatabase } from "./store/databases.js";

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

/** Games played at once when the server is killed, and consoles sending to each. */
const GAMES = 3;
const CONSOLES_PER_GAME = 2;
/** Acknowledged commands (over all games) before the kill. */
const ACKED_BEFORE_KILL = 30;
/** Seats of each game played from a phone (over /ws) while the consoles play the rest. */
const PHONE_SEATS = [1, 5, 9];
/** Phones' commands (over all games) acknowledged before the kill. */
const PHONE_ACKED_BEFORE_KILL = 3;

/**
 * A phone that acts on every view that offers it an action (its first one), one command at a time
 * with the seq of that view, and remembers the ids acknowledged.
 */
async function phonePlayer(url: string, table: string, seat: number, token: string) {
  const c = await Client.open(url);
  const acked = new Set<string>();
  let n = 0;
  let waiting: string | null = null;
  c.onMessage((m) => {
    if ((m.type === "ack" || m.type === "rejected") && m.id === waiting) {
      if (m.type === "ack") acked.add(m.id);
      waiting = null;
    }
    if (m.type !== "view" || waiting !== null) return;
    const action = m.view.actions.find((a) => a.type !== "speak");
    if (!action) return;
    waiting = `phone-${seat}-${table.slice(0, 8)}-${++n}`;
    c.send({ type: "command", table, token, id: waiting, seq: m.seq, command: action });
  });
  c.send({ type: "subscribe", table, as: "seat", token });
  return { client: c, acked, seat, token, table };
}

type Answer = { seq: number; events: GameEvent[] };

describe.each([
  { name: "sqlite", make: sqliteDatabase },
  { name: "postgres", make: postgresDatabase },
])("the server killed mid-game on $name", ({ make }) => {
  let database: Database;
  const children: ChildProcess[] = [];
  beforeAll(() => {
    if (!existsSync(join(ROOT, "packages/cli/dist/serve.js"))) throw new Error("build first: npx tsc -b");
    database = make();
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await database.drop();
  });

  it("comes back with every acknowledged command once, in every game, and the games go on", async () => {
    const db = await database.create();
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
    const ids: string[] = [];
    for (let g = 0; g < GAMES; g++) {
      const table = await json(`${first.url}/api/tables`, {
        method: "POST",
        cookie,
        body: JSON.stringify({ seats: SEATS, deal: { seed: `crash-${g}` } }),
      });
      expect(table.status).toBe(201);
      ids.push(table.body.id as string);
    }
    const phones: Awaited<ReturnType<typeof phonePlayer>>[] = [];
    for (const id of ids) {
      const { code } = (await json(`${first.url}/api/tables/${id}/seats`, { cookie })).body;
      for (const seat of PHONE_SEATS) {
        const joined = await json(`${first.url}/api/join`, {
          method: "POST",
          body: JSON.stringify({ code, seat }),
        });
        expect(joined.status).toBe(201);
        phones.push(await phonePlayer(first.url, id, seat, joined.body.token));
      }
    }

    // Consoles send commands to every game at once until the server dies under them.
    const acked = new Map<string, { table: string; answer: Answer }>();
    const refused = new Map<string, string>();
    const unanswered = new Map<string, string>();
    let killed = false;
    let n = 0;
    const consoleLoop = async (worker: number) => {
      const id = ids[worker % GAMES] as string;
      for (let i = 0; i < 300 && !killed; i++) {
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
          if (res.status === 200) acked.set(commandId, { table: id, answer: res.body });
          else if (res.status === 409 || res.status === 422) refused.set(commandId, id);
          else throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
        } catch (error) {
          if (!killed) throw error;
          unanswered.set(commandId, id);
          return;
        }
      }
    };
    const killer = (async () => {
      const phoneAcked = () => phones.reduce((sum, p) => sum + p.acked.size, 0);
      // In the thick of it: consoles' and phones' commands acknowledged (bounded: 30 s).
      for (
        let i = 0;
        i < 3000 && (acked.size < ACKED_BEFORE_KILL || phoneAcked() < PHONE_ACKED_BEFORE_KILL);
        i++
      )
        await new Promise((r) => setTimeout(r, 10));
      // A table answered, then the kill at once: its row, first event and join code were on disk
      // before the answer.
      const made = await json(`${first.url}/api/tables`, {
        method: "POST",
        cookie,
        body: JSON.stringify({ seats: SEATS, deal: { seed: "crash-last" } }),
      });
      killed = true;
      first.child.kill("SIGKILL");
      return made;
    })();
    const consoles = Array.from({ length: GAMES * CONSOLES_PER_GAME }, (_, w) => consoleLoop(w));
    const [lastTable] = await Promise.all([killer, ...consoles]);
    expect((await first.exited).signal).toBe("SIGKILL");
    expect(acked.size).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
    const phoneAcks = phones.reduce((sum, p) => sum + p.acked.size, 0);
    expect(phoneAcks, "phones' commands acknowledged before the kill").toBeGreaterThanOrEqual(
      PHONE_ACKED_BEFORE_KILL,
    );
    // Several games were in flight: each had commands acknowledged before the kill.
    for (const id of ids)
      expect([...acked.values()].filter((a) => a.table === id).length, id).toBeGreaterThan(0);

    // Restarted on the same database: no setup link, the session still valid.
    const second = await start(db);
    children.push(second.child);
    expect(second.setupLink).toBeNull();
    expect((await json(`${second.url}/api/me`, { cookie })).status).toBe(200);
    expect(lastTable.status).toBe(201);
    const last = await json(`${second.url}/api/tables/${lastTable.body.id}`, { cookie });
    expect({ status: last.status, seq: last.body.seq, events: last.body.events }).toEqual({
      status: 200,
      seq: 1,
      events: lastTable.body.events,
    });
    expect((await json(`${second.url}/api/tables/${lastTable.body.id}/seats`, { cookie })).body.code).toBe(
      lastTable.body.code,
    );

    const resend = (id: string, commandId: string) =>
      json(`${second.url}/api/tables/${id}/commands`, {
        method: "POST",
        cookie,
        body: JSON.stringify({ id: commandId, seq: 0, command: { type: "advance" } }),
      });
    const answers = new Map<string, Answer[]>(ids.map((id) => [id, []]));
    // Every acknowledged command: answered as before, not applied again (seq 0 would be stale).
    for (const [commandId, { table, answer }] of acked) {
      const res = await resend(table, commandId);
      expect(res.status, commandId).toBe(200);
      expect(res.body).toEqual(answer);
      answers.get(table)?.push(res.body);
    }
    // A refused command was never stored.
    for (const [commandId, table] of refused)
      expect((await resend(table, commandId)).status, commandId).toBe(409);
    // One cut off by the kill is either stored once (answered) or absent (stale, and not applied now).
    for (const [commandId, table] of unanswered) {
      const res = await resend(table, commandId);
      expect([200, 409]).toContain(res.status);
      if (res.status === 200) answers.get(table)?.push(res.body);
    }

    // Every phone's acknowledged command: acked again over /ws from a new socket, not applied again.
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (await json(`${second.url}/api/tables/${id}`, { cookie })).body.seq);
    for (const p of phones) {
      const c = await Client.open(second.url);
      for (const commandId of p.acked) {
        c.send({
          type: "command",
          table: p.table,
          token: p.token,
          id: commandId,
          seq: 0,
          command: { type: "vote" },
        });
        const answer = await c.next();
        expect(answer, `${commandId}`).toMatchObject({ type: "ack", id: commandId });
      }
      c.close();
    }
    for (const id of ids)
      expect((await json(`${second.url}/api/tables/${id}`, { cookie })).body.seq).toBe(counts.get(id));

    for (const id of ids) {
      // The stored stream is exactly `created` then each answered command's events, each once, in order.
      const stored = await json(`${second.url}/api/tables/${id}`, { cookie });
      const events = stored.body.events as GameEvent[];
      expect(stored.body.seq).toBe(events.length);
      // Each answered console command's events sit at its seq, once; the phones' fill the gaps.
      const mine = (answers.get(id) ?? []).sort((a, b) => a.seq - b.seq);
      let at = 1;
      for (const answer of mine) {
        expect(answer.seq).toBeGreaterThanOrEqual(at + answer.events.length);
        expect(events.slice(answer.seq - answer.events.length, answer.seq)).toEqual(answer.events);
        at = answer.seq;
      }
      expect(at, id).toBeLessThanOrEqual(events.length);
      // Every stored event is the engine's, in order: the stream replays (none twice, none half).
      expect(() => replay(events)).not.toThrow();

      // The game goes on.
      let state = replay(events);
      let seq = events.length;
      for (let i = 0; i < 5; i++) {
        const action = legalActions(state, "host").find((a) => FORWARD.has(a.type));
        if (!action) break;
        const res = await json(`${second.url}/api/tables/${id}/commands`, {
          method: "POST",
          cookie,
          body: JSON.stringify({ id: `after-${i}-restart-${id.slice(0, 8)}`, seq, command: action }),
        });
        expect(res.status).toBe(200);
        seq = res.body.seq;
        state = replay((await json(`${second.url}/api/tables/${id}`, { cookie })).body.events);
      }
      expect(seq, id).toBeGreaterThan(events.length);
    }

    // And it stops cleanly on SIGTERM.
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 90_000);
});
