// The panel scrolls inside itself on a tablet (the ring stays whole): when more of the step lies
// below, a cue at the panel's bottom edge says so, and a tap scrolls to it.

import type { RefObject } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n/index.js";

/** Whether the box has more below what is scrolled into view, kept up to date as it scrolls or grows. */
function useMoreBelow(box: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setMore(el.scrollHeight - el.scrollTop - el.clientHeight > 2);
    check();
    el.addEventListener("scroll", check, { passive: true });
    const resized = new ResizeObserver(check);
    resized.observe(el);
    const changed = new MutationObserver(check);
    changed.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      el.removeEventListener("scroll", check);
      resized.disconnect();
      changed.disconnect();
    };
  }, [box]);
  return more;
}

export function ScrollCue(props: { box: RefObject<HTMLElement | null> }) {
  const more = useMoreBelow(props.box);
  if (!more) return null;
  return (
    <button
      type="button"
      class="btn scroll-cue"
      onClick={() => {
        const el = props.box.current;
        el?.scrollBy({ top: el.clientHeight * 0.7, behavior: "smooth" });
      }}
    >
      ↓ {t("panel.moreBelow")}
    </button>
  );
}
