// axe-core in a page: the serious and critical accessibility violations, in words (a11y and
// the other browser tests use it on the pages they reach).

import axe from "axe-core";
import type { Page } from "playwright-core";

declare const window: {
  axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
};
declare const document: unknown;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The rules a page with landmarks must pass whatever axe rates their impact: one main, all in regions. */
export const LANDMARKS: readonly string[] = ["landmark-one-main", "region"];

/**
 * Runs axe on the page as it is now; answers the serious and critical violations, and any of the
 * rules named in `always`, in words.
 */
export async function audit(page: Page, name: string, always: readonly string[] = []): Promise<string[]> {
  // Let transitions and the theme settle: contrast is measured on what is painted.
  await page.waitForTimeout(300);
  const injected = await page.evaluate(() => "axe" in globalThis);
  // Evaluated through the DevTools protocol: an inline <script> tag would be refused by the
  // server's Content-Security-Policy, as any injected script must be.
  if (!injected) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || always.includes(v.id))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${name}: [${v.impact}] ${v.id} (${v.help}) at ${JSON.stringify(n.target)}: ${n.failureSummary ?? ""}`,
      ),
    );
}
