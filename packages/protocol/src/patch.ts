// A view pushed as a patch (docs/api.md "Realtime"), as every client applies it (the web app's phone
// and display, the bench's players; the web app imports this file alone): the client holds the last whole view and its
// seq; a patch from that seq replaces the members it sets (or their elements it gives in `sub`) and
// removes those it unsets. A patch from any other seq means the client missed something: it asks
// for the whole view again.

import type { View } from "@misto/engine";
import type { PatchMessage } from "./realtime.js";

/** The view a client holds, and the seq it is at. */
export interface HeldView {
  readonly seq: number;
  readonly view: View;
}

/** The view after `patch`, or null when the patch does not start from the view held (subscribe again). */
export function patched(held: HeldView | null, patch: PatchMessage): HeldView | null {
  if (!held || held.seq !== patch.base) return null;
  const view: View = { ...held.view };
  Object.assign(view, patch.set);
  for (const [key, elements] of Object.entries(patch.sub ?? {})) {
    const member: unknown = Reflect.get(view, key);
    const next = Array.isArray(member)
      ? Object.assign(member.slice(), elements)
      : { ...(member as object), ...elements };
    Reflect.set(view, key, next);
  }
  for (const key of patch.unset ?? []) Reflect.deleteProperty(view, key);
  return { seq: patch.seq, view };
}
