// A sheet (a modal dialog rising from the bottom edge): the seat menu, the commissar's check, the
// players' phones. It closes by its own button, Escape and a tap outside, and while it is open its
// layer covers the whole screen, the primary button included (UX.md).

import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";
import { t } from "../i18n/index.js";

export function Sheet(props: {
  /** The id of the sheet's heading, its accessible name. */
  labelledBy: string;
  class?: string;
  onClose: () => void;
  children: ComponentChildren;
}) {
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(props.onClose);
  close.current = props.onClose;
  // A layout effect, run as the sheet enters the page: a plain effect waits for the next frame, and
  // an Escape pressed as the sheet appeared reached no listener (the sizes e2e test, now and then).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      close.current();
    };
    window.addEventListener("keydown", onKey);
    // Focus moves into the sheet, so the keys a host presses next act on it, not on the screen behind.
    box.current?.focus();
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div class="sheet-layer">
      <button
        type="button"
        class="sheet-backdrop"
        tabIndex={-1}
        onClick={props.onClose}
        aria-label={t("common.close")}
      />
      <div
        ref={box}
        class={`sheet${props.class ? ` ${props.class}` : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        tabIndex={-1}
      >
        {props.children}
      </div>
    </div>
  );
}
