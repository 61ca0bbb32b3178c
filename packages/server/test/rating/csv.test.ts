// CSV as RFC 4180 quotes it, and text a spreadsheet would run as a formula defused.

import { describe, expect, it } from "vitest";
import { csv, csvField } from "../../src/rating/csv.js";

describe("CSV", () => {
  it("quotes a field with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("Smith, John")).toBe('"Smith, John"');
    expect(csvField('the "Don"')).toBe('"the ""Don"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
    expect(csvField(3.5)).toBe("3.5");
    expect(csvField(null)).toBe("");
    expect(csvField("")).toBe("");
  });

  it("prefixes text that starts like a formula with an apostrophe", () => {
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField("+380")).toBe("'+380");
    expect(csvField("-x")).toBe("'-x");
    expect(csvField("@me")).toBe("'@me");
    expect(csvField("=a,b")).toBe('"\'=a,b"');
    expect(csvField(-1)).toBe("-1");
  });

  it("writes a header and rows with CRLF line ends", () => {
    expect(
      csv(
        ["a", "b"],
        [
          [1, "x,y"],
          ["z", null],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\nz,\r\n');
  });
});
