// A unique or primary-key violation, in either database's words, as the store's StoreConflict.

import { StoreConflict } from "./types.js";

/** A unique or primary-key violation, in either database's words. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** Runs `work`; a unique violation becomes a StoreConflict saying `what`. */
export async function unique<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new StoreConflict(what, { cause: error });
    throw error;
  }
}
