// Reading an input file (a record, a settings file): only a regular file of a bounded size, so a
// device, a pipe or a huge file ends with a one-line error instead of a hang or an exhausted heap.

import { readFileSync, statSync } from "node:fs";

/** The largest input file: a server's import takes 32 MiB (IMPORT_BODY_LIMIT); a record is far smaller. */
export const MAX_INPUT_BYTES = 32 * 1024 * 1024;

/** The file's text; throws an Error whose message is one line for a person. */
export function readInputFile(file: string, limit = MAX_INPUT_BYTES): string {
  // stat, not open: opening a FIFO blocks until something writes to it.
  const stats = statSync(file);
  if (!stats.isFile()) throw new Error("not a regular file");
  if (stats.size > limit) {
    throw new Error(`${stats.size} bytes, larger than the ${limit / 1024 / 1024} MiB an input file may be`);
  }
  const text = readFileSync(file, "utf8");
  // It may have grown between the stat and the read.
  if (Buffer.byteLength(text) > limit)
    throw new Error(`larger than the ${limit / 1024 / 1024} MiB an input file may be`);
  return text;
}
