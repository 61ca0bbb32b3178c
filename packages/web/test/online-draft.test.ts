// The online-table form's settings: its defaults and ranges are the protocol's, a value out of range
// (or not a whole number of ms) is a problem, and only what differs from a default is sent, but the
// human seats always.

import { ONLINE_DEFAULTS, ONLINE_LIMITS } from "@misto/protocol";
import { describe, expect, it } from "vitest";
import {
  defaultOnlineDraft,
  type OnlineDraft,
  onlineRange,
  readOnlineDraft,
} from "../src/app/pages/onlineDraft.js";

const typed = (numbers: Partial<OnlineDraft["numbers"]>): OnlineDraft => {
  const d = defaultOnlineDraft();
  return { ...d, numbers: { ...d.numbers, ...numbers } };
};

describe("the online-table form's settings", () => {
  it("starts at the protocol's defaults and sends only the human seats", () => {
    const read = readOnlineDraft(defaultOnlineDraft());
    expect(read.problems).toEqual({});
    expect(read.settings).toEqual({ humanSeats: ONLINE_DEFAULTS.humanSeats });
    expect(defaultOnlineDraft().numbers.nightMs).toBe(String(ONLINE_DEFAULTS.nightMs / 1000));
  });

  it("sends deadlines typed in seconds as ms, and the language when changed", () => {
    const read = readOnlineDraft({
      ...typed({ humanSeats: "1", nightMs: "2.5", voteMs: "0,3" }),
      language: "en",
    });
    expect(read.problems).toEqual({});
    expect(read.settings).toEqual({ humanSeats: 1, nightMs: 2500, voteMs: 300, language: "en" });
    expect(read.humanSeats).toBe(1);
  });

  it("takes the ranges from the protocol", () => {
    expect(onlineRange("graceMs")).toEqual({
      min: ONLINE_LIMITS.graceMs.min / 1000,
      max: ONLINE_LIMITS.graceMs.max / 1000,
    });
    expect(onlineRange("humanSeats")).toEqual(ONLINE_LIMITS.humanSeats);
  });

  const bad: [string, Partial<OnlineDraft["numbers"]>, string][] = [
    ["no human seat", { humanSeats: "0" }, "humanSeats"],
    ["thirteen human seats", { humanSeats: "13" }, "humanSeats"],
    ["half a seat", { humanSeats: "1.5" }, "humanSeats"],
    ["an empty deadline", { nightMs: "" }, "nightMs"],
    ["a deadline under the least", { voteMs: String(ONLINE_LIMITS.voteMs.min / 1000 / 2) }, "voteMs"],
    ["a deadline over the most", { graceMs: String(ONLINE_LIMITS.graceMs.max / 1000 + 1) }, "graceMs"],
    ["words", { startMs: "soon" }, "startMs"],
    ["no missed deadline", { missedDeadlines: "0" }, "missedDeadlines"],
  ];
  for (const [what, numbers, key] of bad) {
    it(`refuses ${what}`, () => {
      const read = readOnlineDraft(typed(numbers));
      expect(Object.keys(read.problems)).toEqual([key]);
      expect(read.settings).not.toHaveProperty(key);
    });
  }
});
