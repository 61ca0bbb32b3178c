// Join codes and links: the small pure part of joining a table from a phone.

/** A code as typed: spaces and dashes dropped, upper case. */
export function cleanCode(code: string): string {
  return code.replace(/[\s-]+/g, "").toUpperCase();
}

/** The link a phone opens to join this table with its code. */
export function joinLink(origin: string, code: string): string {
  return `${origin}/join/${encodeURIComponent(code)}`;
}
