import { describe, expect, it } from "vitest";
import { claimsIn, formatClaim, formatClaims, parseClaims } from "../src/claims.js";

describe("the commissar's claim grammar", () => {
  it("parse(format(x)) == x for every seat and colour", () => {
    for (let target = 1; target <= 12; target++) {
      for (const black of [true, false]) {
        expect(parseClaims(4, formatClaim(target, black))).toEqual([{ by: 4, target, black }]);
      }
    }
  });

  it("reads several claims in one speech, by line or by semicolon", () => {
    const text = `${formatClaims([
      { target: 5, black: true },
      { target: 3, black: false },
    ])}; CHECK 11 RED`;
    expect(text.startsWith("CHECK 5 BLACK\nCHECK 3 RED")).toBe(true);
    expect(parseClaims(7, text)).toEqual([
      { by: 7, target: 5, black: true },
      { by: 7, target: 3, black: false },
      { by: 7, target: 11, black: false },
    ]);
  });

  it("ignores ordinary words and seats outside 1–12", () => {
    expect(parseClaims(1, "I think 5 is black")).toEqual([]);
    expect(parseClaims(1, "CHECK 13 BLACK\nCHECK 0 RED\nCHECK 5 GREY")).toEqual([]);
    expect(
      claimsIn([
        { seat: 2, text: "hello", at: 1, when: null },
        { seat: 9, text: "CHECK 1 BLACK", at: 2, when: null },
      ]),
    ).toEqual([{ by: 9, target: 1, black: true }]);
  });
});
