// Random tokens and their hashes: a session or setup token is shown once and only its hash is stored.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh random token, URL-safe. */
export function newToken(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

/** The SHA-256 of a token, hex: what the store keeps instead of the token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
