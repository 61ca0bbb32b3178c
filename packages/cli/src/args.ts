// Flag checks shared by the subcommands; node:util's parseArgs errors turned into one-line usage errors.

import { UsageError } from "./io.js";

/** parseArgs' messages run on with advice about "--"; the first sentence is the point. */
export function flagError(command: string, error: unknown): UsageError {
  const message = error instanceof Error ? error.message : String(error);
  const first = (message.split(/\.\s|\n/)[0] ?? message).replace(/\.$/, "");
  return new UsageError(`misto ${command}: ${first}`);
}

/** No more than `max` positional arguments. */
export function checkPositionals(command: string, positionals: readonly string[], max: number): void {
  if (positionals.length > max) {
    throw new UsageError(`misto ${command}: unexpected argument "${positionals[max]}"`);
  }
}

/** A whole-number flag within bounds. */
export function wholeNumber(command: string, flag: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(
      `misto ${command}: --${flag} must be a whole number from ${min} to ${max}, not "${text}"`,
    );
  }
  return value;
}
