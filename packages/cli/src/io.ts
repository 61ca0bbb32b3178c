// Where the CLI writes: the process's streams, or any writable a test passes in.

export interface Output {
  write(text: string): unknown;
  /** Only a terminal gets the progress bar. */
  readonly isTTY?: boolean;
}

export interface Io {
  readonly stdout: Output;
  readonly stderr: Output;
}

export const processIo: Io = { stdout: process.stdout, stderr: process.stderr };

/** Writes lines, each ended by a newline. */
export function writeLines(output: Output, lines: readonly string[]): void {
  if (lines.length) output.write(`${lines.join("\n")}\n`);
}

/** A usage error: the command line is wrong (exit 2), as opposed to a bad input file (exit 1). */
export class UsageError extends Error {}
