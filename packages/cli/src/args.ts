// Flag checks shared by the subcommands; node:util's parseArgs errors turned into one-line usage errors.

import { type ParseArgsConfig, parseArgs } from "node:util";
import { UsageError } from "./io.js";

/** `--db`, as `serve` and `export` read it: the club's SQLite file or a postgres:// URL. */
export const DB_FLAG = { type: "string", default: "./data/misto.db" } as const;

type FlagOptions = NonNullable<ParseArgsConfig["options"]>;
type Parsed<O extends FlagOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true }>
>;

/**
 * A subcommand's flags (strict: an unknown flag is an error) and at most `maxPositionals`
 * positional arguments; every problem is a one-line UsageError.
 */
export function parseFlags<const O extends FlagOptions>(
  command: string,
  argv: string[],
  options: O,
  maxPositionals: number,
): Parsed<O> {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw flagError(command, error);
  }
  checkPositionals(command, parsed.positionals, maxPositionals);
  return parsed;
}

/** parseArgs' messages run on with advice about "--"; the first sentence is the point. */
function flagError(command: string, error: unknown): UsageError {
  const message = error instanceof Error ? error.message : String(error);
  const first = (message.split(/\.\s|\n/)[0] ?? message).replace(/\.$/, "");
  return new UsageError(`misto ${command}: ${first}`);
}

/** No more than `max` positional arguments. */
function checkPositionals(command: string, positionals: readonly string[], max: number): void {
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
