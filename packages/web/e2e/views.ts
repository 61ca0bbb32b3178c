// The frames a browser test reads, with each view patch turned into the whole view message it
// makes (as the web client applies it, @misto/protocol, src/patch.ts): the tests check every view a client
// ends up holding, and a patch's members are that view's own.

import type { ServerMessage } from "@misto/protocol";
import { type HeldView, patched } from "@misto/protocol";

/** One socket's frames, each as received, or as the whole view a patch makes. */
export function wholeViews(): (payload: string) => string {
  const held = new Map<string, HeldView>();
  return (payload) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(payload) as ServerMessage;
    } catch {
      return payload;
    }
    if (message.type === "view") held.set(message.table, { seq: message.seq, view: message.view });
    if (message.type !== "patch") return payload;
    const next = patched(held.get(message.table) ?? null, message);
    // The client subscribes again: the whole view follows.
    if (!next) return payload;
    held.set(message.table, next);
    return JSON.stringify({ type: "view", table: message.table, seq: next.seq, view: next.view });
  };
}
