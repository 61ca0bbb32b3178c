// A view pushed as a patch (docs/api.md "Realtime"), as every client applies it (the web app's phone
// and display, the bench's players; the web app imports this file alone): the client holds the last whole view and its
// seq; a patch from that seq replaces the members it sets (or their elements it gives in `sub`, or
// those elements' children it gives in `deep`) and removes those it unsets. A patch from any other seq means the client missed something: it asks
// for the whole view again.

import type { View } from "@misto/engine";
import type { PatchMessage } from "./realtime.js";

/** The view a client holds, and the seq it is at. */
export interface HeldView {
  readonly seq: number;
  readonly view: View;
}

/** A copy of an array or object with `values` assigned onto it (an index past an array's end lengthens it). */
function assigned(container: unknown, values: Readonly<Record<string, unknown>>): unknown {
  return Array.isArray(container)
    ? Object.assign(container.slice(), values)
    : { ...(container as object), ...values };
}

/** The view after `patch`, or null when the patch does not start from the view held (subscribe again). */
export function patched(held: HeldView | null, patch: PatchMessage): HeldView | null {
  if (!held || held.seq !== patch.base) return null;
  const view: View = { ...held.view };
  Object.assign(view, patch.set);
  for (const [key, elements] of Object.entries(patch.sub ?? {}))
    Reflect.set(view, key, assigned(Reflect.get(view, key), elements ?? {}));
  for (const [key, elements] of Object.entries(patch.deep ?? {})) {
    const member = assigned(Reflect.get(view, key), {}) as Record<string, unknown>;
    for (const [element, children] of Object.entries(elements ?? {}))
      member[element] = assigned(member[element], children);
    Reflect.set(view, key, member);
  }
  for (const key of patch.unset ?? []) Reflect.deleteProperty(view, key);
  return { seq: patch.seq, view };
}
