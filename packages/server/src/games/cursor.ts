// A page's cursor as the API writes it (protocol Cursor): the last game's end, start and key.

import type { ArchiveCursor } from "../store/archive-types.js";

export const writeCursor = (c: ArchiveCursor | null): string | null =>
  c ? `${c.endedAt}.${c.startedAt}.${c.key}` : null;

/** The schema has checked its shape. */
export function readCursor(text: string | undefined): ArchiveCursor | null {
  if (text === undefined) return null;
  const [ended, started, key] = text.split(".");
  return { endedAt: Number(ended), startedAt: Number(started), key: key ?? "" };
}

/** A page's length from the query (the schema has checked it is 1 to 100). */
export const pageLimit = (text: string | undefined, fallback: number): number =>
  text === undefined ? fallback : Number(text);
