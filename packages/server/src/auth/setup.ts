// The one-time setup: while the club has no admin, a fresh token (shown once, in the setup link)
// is the only way to create the club and its admin. The store keeps its hash.

import type { Store } from "../store/index.js";
import { newToken, tokenHash } from "./secrets.js";

/**
 * When the club is not set up yet, makes a new setup token (each start replaces the last one) and
 * returns it; null once the club exists.
 */
export async function prepareSetup(store: Store): Promise<string | null> {
  if (await store.getClub()) {
    await store.setSetupToken(null);
    return null;
  }
  const token = newToken(24);
  await store.setSetupToken(tokenHash(token));
  return token;
}

/** The link `misto serve` prints: the token rides in the fragment, so it never reaches a log. */
export function setupLink(baseUrl: string, token: string): string {
  return `${baseUrl}/setup#token=${token}`;
}
