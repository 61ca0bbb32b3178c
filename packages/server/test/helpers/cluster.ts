// A throwaway PostgreSQL cluster for the restart tests: made with initdb in a temp folder, run by
// pg_ctl on a free port of 127.0.0.1 (trust auth), stopped and started at will, removed after. The
// shared server at 5432 is never touched. As root, PostgreSQL's tools run as the postgres user.

import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./wait.js";

const run = promisify(execFile);
const ROOT = "/usr/lib/postgresql";
const USER = "postgres";

/** The newest installed PostgreSQL's bin folder. */
function binFolder(): string {
  const versions = readdirSync(ROOT).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error(`no PostgreSQL under ${ROOT}`);
  return join(ROOT, versions[0], "bin");
}

export class Cluster {
  private running = false;

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** Makes the cluster (not started). */
  static async make(): Promise<Cluster> {
    const dir = mkdtempSync(join(tmpdir(), "misto-cluster-"));
    const cluster = new Cluster(dir, await freePort());
    if (process.getuid?.() === 0) {
      const { stdout } = await run("id", ["-u", USER]);
      const { stdout: group } = await run("id", ["-g", USER]);
      chownSync(dir, Number(stdout), Number(group));
    }
    await cluster.tool("initdb", ["-D", cluster.data, "-U", "postgres", "-A", "trust", "--no-sync"]);
    return cluster;
  }

  private get data(): string {
    return join(this.dir, "data");
  }

  /** The cluster's postgres database, where Misto is opened. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private async tool(name: string, args: readonly string[]): Promise<void> {
    const command = join(binFolder(), name);
    const [file, rest] =
      process.getuid?.() === 0 ? ["runuser", ["-u", USER, "--", command, ...args]] : [command, [...args]];
    await run(file, rest, { timeout: 60_000 });
  }

  /** Starts it, waiting until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir}`;
    await this.tool("pg_ctl", ["start", "-w", "-D", this.data, "-l", join(this.dir, "log"), "-o", options]);
    this.running = true;
  }

  /** Stops it the way a restart does ("fast": every session is ended), waiting until it is down. */
  async stop(): Promise<void> {
    await this.tool("pg_ctl", ["stop", "-w", "-m", "fast", "-D", this.data]);
    this.running = false;
  }

  /** Stops it if it runs and deletes its folder. */
  async remove(): Promise<void> {
    if (this.running) await this.stop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
