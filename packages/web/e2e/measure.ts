// UX.md measured in the browser: nothing below 16 px, touch targets at least 44 px. Answers each
// offence in words (the page's state as it is painted now), so a test can expect an empty list.

import type { Page } from "playwright-core";

export const MIN_FONT_PX = 16;
export const MIN_TARGET_PX = 44;

/** Runs inside the page (the tests' tsconfig has no DOM types: the page's globals are declared loosely). */
interface Box {
  width: number;
  height: number;
}
interface Element {
  tagName: string;
  className: unknown;
  textContent: string | null;
  parentElement: Element | null;
  closest(selector: string): Element | null;
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
}
declare const document: {
  body: unknown;
  createTreeWalker(
    root: unknown,
    filter: number,
  ): { nextNode(): { textContent: string | null; parentElement: Element | null } | null };
  querySelectorAll(selector: string): Iterable<Element>;
};
declare const getComputedStyle: (el: Element) => { fontSize: string; visibility: string; display: string };

/**
 * Every visible text smaller than 16 px, and every visible control (button, link, field, summary)
 * smaller than 44 × 44 px. A checkbox or radio is measured by its label, which is what a finger taps.
 * Text kept for screen readers only (.sr-only, .visually-hidden) is not painted and not measured.
 */
export function sizeProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate(
    ({ where, minFont, minTarget }) => {
      const out: string[] = [];
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return r.width > 1 && r.height > 1 && s.visibility !== "hidden" && s.display !== "none";
      };
      const name = (el: Element) =>
        `<${el.tagName.toLowerCase()} class="${String(el.className)}"> "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
      const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
      const seen = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || seen.has(el) || !(node.textContent ?? "").trim()) continue;
        seen.add(el);
        if (el.closest(".sr-only, .visually-hidden, option") || !shown(el)) continue;
        const px = Number.parseFloat(getComputedStyle(el).fontSize);
        if (px < minFont) out.push(`${where}: text ${px}px ${name(el)}`);
      }
      const controls = "button, a[href], input, select, textarea, summary, [role=button]";
      for (const el of document.querySelectorAll(controls)) {
        const input = el.tagName === "INPUT" && /checkbox|radio/.test(el.getAttribute("type") ?? "");
        const target = input ? el.closest("label") : el;
        if (!target || target.closest(".sr-only, .visually-hidden") || !shown(target)) continue;
        const r = target.getBoundingClientRect();
        if (r.width < minTarget || r.height < minTarget)
          out.push(`${where}: target ${Math.round(r.width)}×${Math.round(r.height)} ${name(target)}`);
      }
      return out;
    },
    { where, minFont: MIN_FONT_PX, minTarget: MIN_TARGET_PX },
  );
}

/**
 * Words that spill out of their box: every painted part of a seat chip (`.seat`) must lie inside
 * the chip, or it is drawn over a neighbour. Text kept for screen readers only is not painted.
 */
export function overflowProblems(page: Page, where: string, selector = ".seat"): Promise<string[]> {
  return page.evaluate(
    ({ where, selector }) => {
      const out: string[] = [];
      for (const box of document.querySelectorAll(selector)) {
        const outer = box.getBoundingClientRect() as Box & { left: number; right: number };
        for (const part of (
          box as unknown as { querySelectorAll(s: string): Iterable<Element> }
        ).querySelectorAll("*")) {
          if (part.closest(".sr-only, .visually-hidden")) continue;
          const inner = part.getBoundingClientRect() as Box & { left: number; right: number };
          if (inner.width === 0) continue;
          if (inner.left < outer.left - 1 || inner.right > outer.right + 1)
            out.push(
              `${where}: "${(part.textContent ?? "").trim()}" spills out of "${(box.textContent ?? "").trim().slice(0, 30)}"`,
            );
        }
      }
      return out;
    },
    { where, selector },
  );
}
