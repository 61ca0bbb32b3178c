// The commissar's public claim: a tiny machine-readable grammar, one check per line.
//   claim  := "CHECK" seat ("BLACK" | "RED")
//   speech := claim (("\n" | ";") claim)*
// Anything else in a speech is ignored, so a claim may sit among ordinary words.

import type { Seat, Speech } from "@misto/engine";

export interface Claim {
  /** Who made the claim (the self-declared commissar). */
  readonly by: Seat;
  readonly target: Seat;
  readonly black: boolean;
}

const CLAIM = /^\s*CHECK\s+(\d{1,2})\s+(BLACK|RED)\s*$/;

/** One check as its claim line, e.g. "CHECK 5 BLACK". */
export function formatClaim(target: Seat, black: boolean): string {
  return `CHECK ${target} ${black ? "BLACK" : "RED"}`;
}

/** A speech text claiming every given check. */
export function formatClaims(checks: readonly { readonly target: Seat; readonly black: boolean }[]): string {
  return checks.map((c) => formatClaim(c.target, c.black)).join("\n");
}

/** The claims in one speech, in order; seats outside 1–12 are not claims. */
export function parseClaims(by: Seat, text: string): Claim[] {
  const out: Claim[] = [];
  for (const line of text.split(/[\n;]/)) {
    const m = CLAIM.exec(line);
    if (!m) continue;
    const target = Number(m[1]);
    if (target >= 1 && target <= 12) out.push({ by, target, black: m[2] === "BLACK" });
  }
  return out;
}

/** Every claim made in the city so far, in the order spoken. */
export function claimsIn(speeches: readonly Speech[]): Claim[] {
  const out: Claim[] = [];
  for (const s of speeches) if (s.text.includes("CHECK")) out.push(...parseClaims(s.seat, s.text));
  return out;
}
