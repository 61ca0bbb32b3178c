// What /metrics tells an operator (docs/operations.md "Metrics"): the commands and their refusals,
// how long a command takes, the sockets and tables live now, the event loop, the database's
// connections and the group commit's batches. One registry per server, never prom-client's
// global one: two servers in one process (the tests) keep their own counts.

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { StoreGauges } from "../store/index.js";
import type { CommandSource } from "../tables/service.js";

/**
 * How a command ended: "accepted", or the refusal's error code ("rule", "stale", "forbidden",
 * "not_found", …, "internal" for the server's own failure).
 */
export type CommandOutcome = "accepted" | string;

/** The figures read when /metrics is asked (each a function of the moment). */
export interface LiveGauges {
  readonly sockets: () => number;
  readonly liveTables: () => number;
  readonly watchedTables: () => number;
  readonly onlineTables: () => number;
}

/** A command's duration buckets, in seconds: 1 ms to 2.5 s. */
const COMMAND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

export class Metrics {
  readonly registry = new Registry();
  private readonly commands = new Counter({
    name: "misto_commands_total",
    help: "Game commands decided, by source and outcome (accepted, or the refusal's error code)",
    labelNames: ["source", "outcome"] as const,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: "misto_command_refusals_total",
    help: "Game commands the engine refused, by the rule ID it named",
    labelNames: ["rule"] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: "misto_command_duration_seconds",
    help: "From a command's arrival to its answer (stored and pushed, or refused), by source",
    labelNames: ["source"] as const,
    buckets: COMMAND_BUCKETS,
    registers: [this.registry],
  });
  private readonly batches = new Histogram({
    name: "misto_group_commit_batch_size",
    help: "Appends committed together in one SQLite transaction (one flush to disk)",
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    // Process CPU and memory, GC, and the event loop's delay (nodejs_eventloop_lag_*_seconds).
    collectDefaultMetrics({ register: this.registry });
  }

  /** A command ended after `seconds`: counted, timed, and its rule counted when the engine refused it. */
  command(source: CommandSource, outcome: CommandOutcome, seconds: number, rule?: string): void {
    this.commands.inc({ source, outcome });
    this.duration.observe({ source }, seconds);
    if (rule !== undefined) this.refusals.inc({ rule });
  }

  /** The store's connections and batches; the server's sockets and tables. */
  watch(store: StoreGauges | undefined, live: LiveGauges): void {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge("misto_sockets", "WebSocket connections open (phones, displays, host consoles)", live.sockets);
    gauge("misto_live_tables", "Tables held in memory (played since the process started)", live.liveTables);
    gauge("misto_watched_tables", "Tables with a socket connected to this process", live.watchedTables);
    gauge("misto_online_tables", "Online tables this process runs as their host", live.onlineTables);
    if (!store) return;
    new Gauge({
      name: "misto_db_connections",
      help: "Database connections: open, idle, and callers waiting for one (SQLite: appends queued)",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const now = store.connections();
        this.set({ state: "open" }, now.open);
        this.set({ state: "idle" }, now.idle);
        this.set({ state: "waiting" }, now.waiting);
      },
    });
    store.onBatch((size) => this.batches.observe(size));
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
