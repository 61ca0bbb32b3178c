// Who watches which table, and what each is sent: every message is built by viewFor for that
// subscriber's viewer ("host" or "spectator"); a spectator is never handed a host's view.

import { type Viewer, viewFor } from "@misto/engine";
import type { ServerMessage } from "@misto/protocol";
import type { LiveTable, TableService } from "../tables/service.js";

export type Watcher = "host" | "spectator";

/** A connection as the hub sees it: somewhere to send a message. */
export interface Subscriber {
  send(message: ServerMessage): void;
}

export class Hub {
  private readonly watchers = new Map<string, Map<Subscriber, Watcher>>();

  constructor(tables: TableService) {
    tables.onChange((table, publicChanged) => this.broadcast(table, publicChanged));
  }

  /** Adds (or re-adds as another viewer) a subscriber and sends it its view now. */
  subscribe(table: LiveTable, subscriber: Subscriber, as: Watcher): void {
    let map = this.watchers.get(table.id);
    if (!map) {
      map = new Map();
      this.watchers.set(table.id, map);
    }
    map.set(subscriber, as);
    subscriber.send(viewMessage(table, as));
  }

  unsubscribe(tableId: string, subscriber: Subscriber): void {
    const map = this.watchers.get(tableId);
    map?.delete(subscriber);
    if (map?.size === 0) this.watchers.delete(tableId);
  }

  /** Forgets a closed connection everywhere. */
  drop(subscriber: Subscriber): void {
    for (const id of [...this.watchers.keys()]) this.unsubscribe(id, subscriber);
  }

  count(tableId: string): number {
    return this.watchers.get(tableId)?.size ?? 0;
  }

  /**
   * After an accepted change: hosts get their view; spectators only when theirs changed, so the
   * number of messages at night tells them nothing either.
   */
  private broadcast(table: LiveTable, publicChanged: boolean): void {
    const map = this.watchers.get(table.id);
    if (!map) return;
    const built = new Map<Watcher, ServerMessage>();
    for (const [subscriber, as] of map) {
      if (as === "spectator" && !publicChanged) continue;
      let message = built.get(as);
      if (!message) {
        message = viewMessage(table, as);
        built.set(as, message);
      }
      subscriber.send(message);
    }
  }
}

function viewMessage(table: LiveTable, as: Watcher): ServerMessage {
  const viewer: Viewer = as;
  return {
    type: "view",
    table: table.id,
    seq: as === "host" ? table.seq : table.publicSeq,
    view: viewFor(table.state, viewer),
  };
}
