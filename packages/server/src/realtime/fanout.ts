// What one server process tells the others when several share a PostgreSQL database
// (docs/operations.md "Several processes"): that something changed, and where. A signal never
// carries a view, a card or a line's text: each process reads the change from the store and builds
// every message for its own sockets with viewFor, exactly as for a change of its own.

/** One process's news for the others. */
export type Signal =
  /** The table's event stream advanced to `seq` (an append this process stored). */
  | { readonly kind: "advanced"; readonly table: string; readonly seq: number }
  /** The table's out chat got its line `n`. */
  | { readonly kind: "chat"; readonly table: string; readonly n: number }
  /** The host freed a seat: that seat's phones are disconnected wherever they are. */
  | { readonly kind: "freed"; readonly table: string; readonly seat: number }
  /** A session ended (sign-out): its host connections are closed wherever they are. */
  | { readonly kind: "signedOut"; readonly session: string };

/** What goes over the channel: a signal, or "resync" (a process could not send some: read again). */
export type Message = Signal | { readonly kind: "resync" };

/** How the processes reach each other: Redis (./redis.ts), or nothing when there is one process. */
export interface Fanout {
  /** Tells every other process; never waits and never throws (a lost signal is made good by a resync). */
  publish(signal: Signal): void;
  /** Runs for each signal of another process. */
  onSignal(handler: (signal: Signal) => void): void;
  /**
   * Runs once the channel is back after an outage (and every `pollMs` while it is down): signals
   * may have been lost, so each process reads again what its clients watch.
   */
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const whole = (n: unknown, max: number): n is number =>
  Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= max;

/** A message from its JSON, or null when it is not one (another program on the channel, a newer server). */
export function parseMessage(text: string): Message | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (data === null || typeof data !== "object") return null;
  const o = data as Record<string, unknown>;
  const table = typeof o.table === "string" && ID.test(o.table) ? o.table : null;
  switch (o.kind) {
    case "advanced":
      return table !== null && whole(o.seq, Number.MAX_SAFE_INTEGER)
        ? { kind: o.kind, table, seq: o.seq }
        : null;
    case "chat":
      return table !== null && whole(o.n, Number.MAX_SAFE_INTEGER) ? { kind: o.kind, table, n: o.n } : null;
    case "freed":
      return table !== null && whole(o.seat, 12) ? { kind: o.kind, table, seat: o.seat } : null;
    case "signedOut":
      return typeof o.session === "string" && ID.test(o.session)
        ? { kind: o.kind, session: o.session }
        : null;
    case "resync":
      return { kind: o.kind };
    default:
      return null;
  }
}
