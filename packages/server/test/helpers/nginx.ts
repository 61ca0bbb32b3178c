// A real nginx (/usr/sbin/nginx) in front of Misto processes, for the proxy test: the nginx block of
// docs/operations.md "Several processes" taken from the markdown as it is, adapted only in its port,
// its upstream's servers and its certificate's paths (a self-signed certificate for 127.0.0.1 made
// with openssl), inside an `http {}` of the test's own: its own temp folder, port, pid and logs.
// Started with -p/-c (not as a daemon: the test's child), stopped at the end.

import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./wait.js";

export const NGINX = "/usr/sbin/nginx";
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The doc's nginx block for several processes: the fenced block that declares `upstream misto`. */
export function docsNginxBlock(markdown: string): string {
  const blocks = [...markdown.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  const ours = blocks.filter((b) => /^upstream misto \{/m.test(b));
  if (ours.length !== 1) throw new Error(`docs: ${ours.length} nginx blocks with "upstream misto", not 1`);
  return ours[0] as string;
}

/** Replaces `from` (which must occur exactly once: the doc's block is used as it is) by `to`. */
function once(text: string, from: RegExp, to: string): string {
  const found = text.match(new RegExp(from.source, "g"))?.length ?? 0;
  if (found !== 1) throw new Error(`docs' nginx block: ${from} found ${found} times, not once`);
  return text.replace(from, to);
}

/** The doc's block, its listen port, upstream servers and certificate paths made the test's. */
export function adapted(
  block: string,
  port: number,
  upstreams: readonly number[],
  cert: { crt: string; key: string },
): string {
  let text = once(block, /listen 443 ssl;/, `listen 127.0.0.1:${port} ssl;`);
  const servers = upstreams.map((p) => `server 127.0.0.1:${p};`).join(" ");
  text = once(text, /upstream misto \{[^}]*\}/, `upstream misto { ${servers} }`);
  text = once(text, /ssl_certificate \S+;/, `ssl_certificate ${cert.crt};`);
  return once(text, /ssl_certificate_key \S+;/, `ssl_certificate_key ${cert.key};`);
}

export class Nginx {
  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    private readonly exited: Promise<void>,
    readonly port: number,
    /** The certificate nginx serves: the clients' only CA. */
    readonly ca: Buffer,
  ) {}

  /** https://127.0.0.1:PORT */
  get url(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  /** The error log so far (for a failure's message). */
  errors(): string {
    const file = join(this.dir, "error.log");
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  }

  /** Starts nginx with the doc's block in front of the given ports; waits until it accepts connections. */
  static async start(docs: string, upstreams: readonly number[]): Promise<Nginx> {
    if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX} (.ci/run installs it)`);
    const dir = mkdtempSync(join(tmpdir(), "misto-nginx-"));
    // Its workers run as another user when the test is root: they must reach the temp folders.
    chmodSync(dir, 0o755);
    const crt = join(dir, "club.crt");
    const key = join(dir, "club.key");
    await run("openssl", [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", crt, "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ]);
    const port = await freePort();
    const conf = join(dir, "nginx.conf");
    writeFileSync(
      conf,
      [
        "worker_processes 1;",
        `pid ${join(dir, "nginx.pid")};`,
        `error_log ${join(dir, "error.log")} warn;`,
        "events { worker_connections 512; }",
        "http {",
        `  access_log ${join(dir, "access.log")};`,
        adapted(docsNginxBlock(docs), port, upstreams, { crt, key }),
        "}",
        "",
      ].join("\n"),
    );
    const child = spawn(
      NGINX,
      ["-p", `${dir}/`, "-c", conf, "-e", join(dir, "error.log"), "-g", "daemon off;"],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr?.on("data", (d) => {
      stderr += String(d);
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const nginx = new Nginx(child, dir, exited, port, readFileSync(crt));
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await nginx.stop();
        throw new Error(`nginx did not start: ${stderr} ${nginx.errors()}`);
      }
      await sleep(25);
    }
    return nginx;
  }

  /** Stops nginx (SIGTERM: a fast shutdown; SIGKILL after 5 s) and removes its folder. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
      await this.exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
