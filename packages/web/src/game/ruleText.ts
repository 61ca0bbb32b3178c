// An engine RuleError told in the host's language: the rules with a translated explanation say it
// in words; the rest show the engine's own sentence under the rule ID.

import type { RuleError } from "@misto/engine";
import { oneOf } from "../i18n/text.js";
import type { Tr } from "./tr.js";

/** Rules the console can refuse in the host's hands, with a translated explanation each. */
export const EXPLAINED_RULES = [
  "DAY-3",
  "DAY-6",
  "DON-1",
  "DON-2",
  "FOUL-2",
  "FOUL-7",
  "HOST-2",
  "HOST-3",
  "NIGHT-3",
  "NIGHT-8",
  "NIGHT-12",
  "RATE-1",
  "RATE-3",
  "RATE-4",
  "RATE-5",
  "RATE-6",
  "RATE-7",
  "TEAM-1",
] as const;

export function ruleText(error: RuleError, tr: Tr): { title: string; detail: string } {
  return {
    title: oneOf(EXPLAINED_RULES, error.rule)
      ? tr(`rule.${error.rule}`)
      : tr("rule.generic", { rule: error.rule }),
    detail: `${error.rule}: ${error.message}`,
  };
}
