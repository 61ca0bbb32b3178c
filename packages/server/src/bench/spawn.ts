// The server under `npm run bench:server`, as its own process (./server.ts), and the club's first
// steps over HTTP: the setup link, a host, the host's session.

import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../node-flags.js";

const SERVER = fileURLToPath(new URL("./server.js", import.meta.url));
const PASSWORD = "bench horse battery staple";

export interface ServerProcess {
  readonly url: string;
  /** Null when the club was set up already (a second process on one PostgreSQL database). */
  readonly setupLink: string | null;
  readonly pid: number;
  /** The resident memory now, in bytes (/proc/<pid>/status VmRSS), or null where unknown. */
  rss(): number | null;
  /** CPU time used so far (user + system), in ms (/proc/<pid>/stat), or null where unknown. */
  cpuMs(): number | null;
  /**
   * The server's event-loop delay since the last call (SIGUSR2, ./server.ts): p50, p99 and max in
   * ms, or null when it does not answer within 5 s.
   */
  loopDelay(): Promise<{ p50: number; p99: number; max: number } | null>;
  /** SIGTERM, then SIGKILL after `graceMs`: resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts the bench server on a free port of 127.0.0.1 with `flags`; waits for its setup link. */
export function startServerProcess(
  db: string,
  flags: readonly string[],
  nodeFlags: readonly string[] = SERVER_NODE_FLAGS,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeFlags, SERVER, "--db", db, "--port", "0", ...flags], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const delays: Delayed[] = [];
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
    if (stderr.length > 100_000) stderr = stderr.slice(-50_000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start in 30 s: ${stderr}`));
    }, 30_000);
    // The setup link (while the club has none) comes first, then the running line.
    let link: string | null = null;
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on("line", (line) => {
      const loop = /^loop delay (\S+) (\S+) (\S+)$/.exec(line);
      if (loop) {
        delays.shift()?.({ p50: Number(loop[1]), p99: Number(loop[2]), max: Number(loop[3]) });
        return;
      }
      const running = /^Misto is running at (\S+)$/.exec(line);
      const setup = /^Open this link once to create the club and its admin: (\S+)$/.exec(line);
      if (setup) link = setup[1] as string;
      else if (running) {
        clearTimeout(timer);
        resolve(handle(child, running[1] as string, link, exited, delays));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited: ${stderr}`));
    });
  });
}

type Delayed = (delay: { p50: number; p99: number; max: number } | null) => void;

function handle(
  child: ChildProcess,
  url: string,
  setupLink: string | null,
  exited: Promise<void>,
  delays: Delayed[],
): ServerProcess {
  const pid = child.pid as number;
  return {
    url,
    setupLink,
    pid,
    rss() {
      try {
        const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
        return kb ? Number(kb[1]) * 1024 : null;
      } catch {
        return null;
      }
    },
    cpuMs() {
      try {
        // Fields 14 and 15 (utime, stime) in clock ticks, after the parenthesised command name.
        const after = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
        const ticks = Number(after[11]) + Number(after[12]);
        return Number.isFinite(ticks) ? ticks * 10 : null;
      } catch {
        return null;
      }
    },
    loopDelay() {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          const i = delays.indexOf(answer);
          if (i >= 0) delays.splice(i, 1);
          resolve(null);
        }, 5000);
        const answer: Delayed = (delay) => {
          clearTimeout(timer);
          resolve(delay);
        };
        delays.push(answer);
        child.kill("SIGUSR2");
      });
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** POSTs JSON; the parsed answer, or an error naming the route and the status. */
export async function post<T>(
  url: string,
  body: unknown,
  cookie?: string,
): Promise<{ body: T; cookie: string | null }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (cookie) headers.cookie = cookie;
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${text}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith("misto_session="));
  return {
    body: (text ? JSON.parse(text) : null) as T,
    cookie: session ? (session.split(";")[0] as string) : null,
  };
}

/** Sets the club up with its link, adds a host, signs the host in: the host's session cookie. */
export async function signUp(server: ServerProcess): Promise<string> {
  if (!server.setupLink) throw new Error("the club is set up already: no setup link");
  const token = server.setupLink.split("#token=")[1];
  const admin = await post(`${server.url}/api/setup`, {
    token,
    club: { name: "Bench Club" },
    admin: { name: "Bench Admin", login: "admin", password: PASSWORD },
  });
  if (!admin.cookie) throw new Error("the setup gave no session");
  await post(
    `${server.url}/api/hosts`,
    { name: "Bench Host", login: "host", password: PASSWORD },
    admin.cookie,
  );
  const host = await post(`${server.url}/api/session`, { login: "host", password: PASSWORD });
  if (!host.cookie) throw new Error("signing in gave no session");
  return host.cookie;
}
