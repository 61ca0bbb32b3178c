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

/**
 * UX.md's "nothing ever lies under the primary button": every enabled control of the screen (of
 * the open dialog, when one is open) is scrolled to as a host would, then must lie wholly inside
 * the screen and inside every box that clips it, and the element hit at its centre and at its four
 * inner corners must be the control itself (or a part of it). Answers each offence in words.
 */
export function coverProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    type Rect = { left: number; right: number; top: number; bottom: number; width: number; height: number };
    type El = {
      tagName: string;
      className: unknown;
      textContent: string | null;
      parentElement: El | null;
      closest(s: string): El | null;
      contains(other: unknown): boolean;
      getBoundingClientRect(): Rect;
      getAttribute(name: string): string | null;
      hasAttribute(name: string): boolean;
      scrollIntoView(options: { block: string; inline: string }): void;
      querySelectorAll(s: string): Iterable<El>;
      scrollTop: number;
      scrollLeft: number;
    };
    const doc = document as unknown as {
      querySelector(s: string): El | null;
      querySelectorAll(s: string): Iterable<El>;
      elementFromPoint(x: number, y: number): El | null;
      documentElement: { clientWidth: number; clientHeight: number };
    };
    const style = getComputedStyle as unknown as (el: El) => {
      visibility: string;
      display: string;
      overflowX: string;
      overflowY: string;
    };
    const win = window as unknown as {
      scrollX: number;
      scrollY: number;
      scrollTo(x: number, y: number): void;
    };
    const out: string[] = [];
    const name = (el: El) =>
      `<${el.tagName.toLowerCase()} class="${String(el.className)}"> "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40)}"`;
    const modal = [...doc.querySelectorAll("[aria-modal=true]")].at(-1) ?? null;
    const root = modal ?? (document.body as unknown as El);
    const scrolled: [El, number, number][] = [];
    for (const el of doc.querySelectorAll("*"))
      if (el.scrollTop || el.scrollLeft) scrolled.push([el, el.scrollTop, el.scrollLeft]);
    const windowAt = [win.scrollX, win.scrollY];
    const controls = "button, a[href], input, select, textarea, summary, [role=button]";
    for (const el of root.querySelectorAll(controls)) {
      if (el.hasAttribute("disabled") || el.closest(".sr-only, .visually-hidden, [inert]")) continue;
      // A modal's backdrop is the "tap outside": it lies under the dialog by design; the shell's
      // "skip to the content" link is painted only while it has the focus.
      if (el.closest(".sheet-backdrop, a.skip")) continue;
      const input = el.tagName === "INPUT" && /checkbox|radio/.test(el.getAttribute("type") ?? "");
      const target = input ? (el.closest("label") ?? el) : el;
      const s = style(target);
      const first = target.getBoundingClientRect();
      if (first.width <= 1 || first.height <= 1 || s.visibility === "hidden" || s.display === "none")
        continue;
      target.scrollIntoView({ block: "center", inline: "nearest" });
      const r = target.getBoundingClientRect();
      const view = doc.documentElement;
      const clip = { left: 0, top: 0, right: view.clientWidth, bottom: view.clientHeight };
      for (let p = target.parentElement; p; p = p.parentElement) {
        const ps = style(p);
        if (!/auto|scroll|hidden|clip/.test(ps.overflowX + ps.overflowY)) continue;
        const pr = p.getBoundingClientRect();
        clip.left = Math.max(clip.left, pr.left);
        clip.top = Math.max(clip.top, pr.top);
        clip.right = Math.min(clip.right, pr.right);
        clip.bottom = Math.min(clip.bottom, pr.bottom);
      }
      if (
        r.left < clip.left - 1 ||
        r.top < clip.top - 1 ||
        r.right > clip.right + 1 ||
        r.bottom > clip.bottom + 1
      ) {
        out.push(`${where}: ${name(target)} is cut off (${Math.round(r.top)}–${Math.round(r.bottom)} px)`);
        continue;
      }
      const inset = Math.min(4, r.width / 4, r.height / 4);
      const points = [
        [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
        [r.left + inset, r.top + inset],
        [r.right - inset, r.top + inset],
        [r.left + inset, r.bottom - inset],
        [r.right - inset, r.bottom - inset],
      ] as const;
      for (const [x, y] of points) {
        const hit = doc.elementFromPoint(x, y);
        if (hit && (target.contains(hit) || hit.contains(target))) continue;
        out.push(`${where}: ${name(target)} is covered by ${hit ? name(hit) : "nothing painted"}`);
        break;
      }
    }
    for (const [el, top, left] of scrolled) {
      el.scrollTop = top;
      el.scrollLeft = left;
    }
    win.scrollTo(windowAt[0] ?? 0, windowAt[1] ?? 0);
    return out;
  }, where);
}

/**
 * The seat ring: no two chips overlap, and every chip lies wholly inside the ring and the screen's
 * width (late in a game a grown chip ran off the screen).
 */
export function ringProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    type Rect = { left: number; right: number; top: number; bottom: number };
    type El = { textContent: string | null; getBoundingClientRect(): Rect };
    const doc = document as unknown as {
      querySelector(s: string): El | null;
      querySelectorAll(s: string): Iterable<El>;
      documentElement: { clientWidth: number };
    };
    const out: string[] = [];
    const ring = doc.querySelector(".ring");
    if (!ring) return out;
    const outer = ring.getBoundingClientRect();
    const seats = [...doc.querySelectorAll(".ring .seat")].map((el, i) => ({
      n: i + 1,
      r: el.getBoundingClientRect(),
    }));
    for (const { n, r } of seats) {
      if (
        r.left < outer.left - 1 ||
        r.right > outer.right + 1 ||
        r.top < outer.top - 1 ||
        r.bottom > outer.bottom + 1
      )
        out.push(`${where}: seat ${n} runs out of the ring`);
      if (r.left < 0 || r.right > doc.documentElement.clientWidth + 1)
        out.push(`${where}: seat ${n} runs off the screen`);
    }
    for (const a of seats)
      for (const b of seats) {
        if (b.n <= a.n) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 1 && h > 1) out.push(`${where}: seats ${a.n} and ${b.n} overlap`);
      }
    return out;
  }, where);
}

/**
 * UX.md's "at a glance" on the tablet: every enabled control of the step panel lies inside the
 * panel's visible area as the step opens, with the panel not scrolled (the Don's grave once put seats
 * 9–12 and "nobody" below it, behind a "more below" cue). Only for a screen whose panel scrolls
 * inside itself (the landscape console); a phone's page scrolls as a whole. The game's recap and
 * its record (after the rating's controls, at the end) are reading for after the step, not the
 * step: they lie below, behind the panel's "more below" cue.
 */
export function foldProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate(async (where) => {
    type Rect = { top: number; bottom: number; width: number; height: number };
    type El = {
      tagName: string;
      className: unknown;
      textContent: string | null;
      closest(s: string): El | null;
      getBoundingClientRect(): Rect;
      getAttribute(name: string): string | null;
      hasAttribute(name: string): boolean;
      querySelectorAll(s: string): Iterable<El>;
      scrollTop: number;
    };
    const body = (document as unknown as { querySelector(s: string): El | null }).querySelector(
      ".game-panel .panel-body",
    );
    if (!body) return [];
    const out: string[] = [];
    const kept = body.scrollTop;
    body.scrollTop = 0;
    // The cue below the panel comes and goes as the panel scrolls (a check before this one may have
    // scrolled it): its frames settle first, so the panel is measured as the host sees it.
    const frame = (window as unknown as { requestAnimationFrame(f: () => void): void }).requestAnimationFrame;
    for (let i = 0; i < 3; i++) await new Promise<void>((done) => frame(() => setTimeout(done, 0)));
    const box = body.getBoundingClientRect();
    const controls = "button, a[href], input, select, textarea, summary, [role=button]";
    for (const el of body.querySelectorAll(controls)) {
      if (el.hasAttribute("disabled") || el.closest(".sr-only, .visually-hidden, [inert]")) continue;
      if (el.closest(".recap, .record-download")) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.bottom > box.bottom + 1 || r.top < box.top - 1)
        out.push(
          `${where}: <${el.tagName.toLowerCase()} class="${String(el.className)}"> "${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40)}" is below the panel's fold (${Math.round(r.bottom)} > ${Math.round(box.bottom)} px)`,
        );
    }
    body.scrollTop = kept;
    return out;
  }, where);
}
