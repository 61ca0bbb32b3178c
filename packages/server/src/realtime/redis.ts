// Redis for several server processes on one PostgreSQL database (docs/operations.md "Several
// processes"): one pub/sub channel carries the signals of ./fanout.ts between the processes, and a
// key per online table is its runner's lease (../tables/lease.ts), and the sign-in and join code
// counts are shared (../auth/redis-counts.ts). Redis holds nothing that must not be lost: the store is the truth, and a process that missed signals reads the store again.

import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { createClient } from "redis";
import { RedisCounts } from "../auth/redis-counts.js";
import type { AttemptCounts } from "../auth/throttle.js";
import type { Leases } from "../tables/lease.js";
import { RedisLeases } from "../tables/redis-lease.js";
import { type Fanout, type Message, parseMessage, type Signal } from "./fanout.js";

export interface RedisOptions {
  /** redis://[user:password@]host:port[/db], or rediss:// for TLS. */
  readonly url: string;
  /**
   * Put before every key and channel name (default "misto:"): several clubs, or several test runs,
   * can share one Redis without hearing each other.
   */
  readonly prefix?: string;
  /** How long an online table's lease lasts without renewal, in ms (default 10 s): a dead owner's tables wait this long. */
  readonly leaseMs?: number;
  /** While this process cannot hear the channel, how often it reads again what its clients watch, in ms (default 1 s). */
  readonly pollMs?: number;
}

export const DEFAULT_PREFIX = "misto:";
export const DEFAULT_LEASE_MS = 10_000;
export const DEFAULT_POLL_MS = 1_000;
/** How long the first connection may take before the server refuses to start. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * This process's connections to Redis: the fan-out between processes, the online tables' leases,
 * and the sign-in and join code counts (../auth/redis-counts.ts).
 */
export interface RedisLink {
  readonly fanout: Fanout;
  readonly leases: Leases;
  readonly counts: AttemptCounts;
  close(): Promise<void>;
}

/** A connection that keeps reconnecting once it has connected, and fails at once when it never did. */
function client(url: string) {
  let ready = false;
  const c = createClient({
    url,
    // A command while Redis is away fails at once instead of waiting: a signal would be stale by
    // then (the resync makes up for it), and a lease renewal must not hang the sweep.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number, cause: Error) =>
        ready ? Math.min(50 * 2 ** retries, 2_000) : cause,
    },
  });
  c.on("ready", () => {
    ready = true;
  });
  // Without a listener an error event would end the process; the reconnect strategy handles it.
  c.on("error", () => {});
  return c;
}

/** One connection to Redis (two per process: commands, and the channel's listener). */
export type RedisClient = ReturnType<typeof client>;
type Client = RedisClient;

/** Connects to Redis (failing with a clear error when it does not answer) and subscribes to the channel. */
export async function openRedis(options: RedisOptions): Promise<RedisLink> {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  // What a lease key holds: which process runs the table (`redis-cli get misto:lease:<table>`).
  const me = `${hostname()}:${process.pid}:${randomUUID()}`;
  const commands = client(options.url);
  const listener = client(options.url);
  try {
    await commands.connect();
    await listener.connect();
  } catch (error) {
    for (const c of [commands, listener]) {
      try {
        c.destroy();
      } catch {
        // Never connected: nothing to end.
      }
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot reach Redis at ${redacted(options.url)}: ${reason}`);
  }
  const fanout = new RedisFanout(
    commands,
    listener,
    `${prefix}signals`,
    me,
    options.pollMs ?? DEFAULT_POLL_MS,
  );
  await fanout.start();
  const leases = new RedisLeases(commands, prefix, me, options.leaseMs ?? DEFAULT_LEASE_MS);
  return {
    fanout,
    leases,
    counts: new RedisCounts(commands, prefix),
    async close() {
      await fanout.close();
      await Promise.all([end(commands), end(listener)]);
    },
  };
}

/** Closes a connection, sending what is queued; while Redis does not answer, gives up after a second. */
async function end(c: Client): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 1_000);
  });
  await Promise.race([c.close().catch(() => undefined), late]);
  clearTimeout(timer);
  try {
    c.destroy();
  } catch {
    // Closed already.
  }
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "the given URL";
  }
}

class RedisFanout implements Fanout {
  private readonly signalHandlers: ((signal: Signal) => void)[] = [];
  private readonly resyncHandlers: (() => void)[] = [];
  private poll: ReturnType<typeof setInterval> | null = null;
  /** A signal could not be sent: once Redis answers again, the others are told to resync. */
  private lostSend = false;
  private closed = false;

  constructor(
    private readonly commands: Client,
    private readonly listener: Client,
    private readonly channel: string,
    private readonly me: string,
    private readonly pollMs: number,
  ) {}

  async start(): Promise<void> {
    await this.listener.subscribe(this.channel, (message: string) => this.heard(message));
    // While the channel is unheard, what the clients here watch is read again every pollMs; once it
    // is back (the client subscribes again by itself), once more for what was missed meanwhile.
    this.listener.on("end", () => this.down());
    this.listener.on("reconnecting", () => this.down());
    this.listener.on("ready", () => this.up());
    this.commands.on("ready", () => {
      if (!this.lostSend || this.closed) return;
      this.lostSend = false;
      this.publish({ kind: "resync" });
    });
  }

  publish(signal: Message): void {
    if (this.closed) return;
    const text = JSON.stringify({ ...signal, from: this.me });
    const failed = () => {
      this.lostSend = true;
    };
    try {
      this.commands.publish(this.channel, text).catch(failed);
    } catch {
      failed();
    }
  }

  onSignal(handler: (signal: Signal) => void): void {
    this.signalHandlers.push(handler);
  }

  onResync(handler: () => void): void {
    this.resyncHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
  }

  private heard(message: string): void {
    if (this.closed) return;
    let from: unknown;
    try {
      from = (JSON.parse(message) as { from?: unknown }).from;
    } catch {
      return;
    }
    // Its own signals: this process pushed its own sockets already.
    if (from === this.me) return;
    const signal = parseMessage(message);
    if (signal?.kind === "resync") this.resync();
    else if (signal) for (const handler of this.signalHandlers) handler(signal);
  }

  private resync(): void {
    for (const handler of this.resyncHandlers) handler();
  }

  private down(): void {
    if (this.poll || this.closed) return;
    this.poll = setInterval(() => this.resync(), this.pollMs);
    this.poll.unref();
  }

  private up(): void {
    if (!this.poll) return;
    clearInterval(this.poll);
    this.poll = null;
    this.resync();
  }
}
