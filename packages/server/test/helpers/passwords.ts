// Stored password hashes at the lowest scrypt cost the product's verifyPassword takes (N = 2^10, a
// 32nd of the 2^15 its hashPassword uses), for the accounts a test signs in and out of a hundred
// times: the sign-in throttle's tests spent most of their CPU in scrypt. Made here in the stored
// format ("scrypt$N$r$p$salt$hash"); the product's own cost is unchanged: every account it makes,
// these included before the test swaps their hash, gets 2^15, and an unknown login's decoy too.

import { randomBytes, scryptSync } from "node:crypto";
import type { Store } from "../../src/store/index.js";

export const CHEAP_N = 2 ** 10;

export function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFC"), salt, 64, { N: CHEAP_N, r: 8, p: 1 });
  return ["scrypt", CHEAP_N, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Gives each login's account the cheap hash of `password` (the store's row, as a password change does). */
export async function cheapPasswords(
  store: Store,
  logins: readonly string[],
  password: string,
): Promise<void> {
  for (const login of logins) {
    const host = await store.findHostByLogin(login);
    if (!host || !(await store.setPasswordHash(host.id, cheapHash(password))))
      throw new Error(`no account ${login}`);
  }
}
