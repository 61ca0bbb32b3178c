// Rule IDs (RULES.md) and the typed error an illegal command comes back with.

export const RULE_IDS = [
  "SETUP-1", "SETUP-2", "SETUP-3", "SETUP-4", "SETUP-5",
  "TEAM-1", "TEAM-2",
  "FLOW-1", "FLOW-2", "FLOW-3", "FLOW-4",
  "DAY-1", "DAY-2", "DAY-3", "DAY-4", "DAY-5", "DAY-6", "DAY-7", "DAY-8",
  "NIGHT-1", "NIGHT-2", "NIGHT-3", "NIGHT-4", "NIGHT-5", "NIGHT-6", "NIGHT-7", "NIGHT-8",
  "NIGHT-9", "NIGHT-10", "NIGHT-11", "NIGHT-12", "NIGHT-13", "NIGHT-14", "ACTING-DON",
  "DON-1", "DON-2",
  "FOUL-1", "FOUL-2", "FOUL-3", "FOUL-4", "FOUL-5", "FOUL-6", "FOUL-7",
  "RATE-1", "RATE-2", "RATE-3", "RATE-4", "RATE-5", "RATE-6", "RATE-7",
  "HOST-1", "HOST-2", "HOST-3", "HOST-4",
  // Engine rules beyond RULES.md: who may send a command, and its shape.
  "ACTOR", "COMMAND",
] as const; // biome-ignore format: one family a line

export type RuleId = (typeof RULE_IDS)[number];

/** An illegal command: the rule it breaks and a sentence for a person. */
export interface RuleError {
  readonly rule: RuleId;
  readonly message: string;
}

export function ruleError(rule: RuleId, message: string): RuleError {
  return { rule, message };
}
