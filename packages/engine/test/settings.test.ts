import {
  createGame,
  DEFAULT_SETTINGS,
  discussionSecondsOf,
  SETTING_NAMES,
  validateSettings,
} from "@misto/engine/testing";
import { describe, expect, it } from "vitest";

const seats = Array.from({ length: 12 }, (_, i) => ({ name: `P${i + 1}` }));

describe("rules settings", () => {
  it("fills every default when given nothing", () => {
    const result = validateSettings({});
    expect(result.ok && result.settings).toEqual(DEFAULT_SETTINGS);
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual([...SETTING_NAMES].sort());
  });

  it("keeps the values given and defaults the rest", () => {
    const result = validateSettings({ tieRule: "nobody", discussionSeconds: [60] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.tieRule).toBe("nobody");
    expect(result.settings.discussionSeconds).toEqual([60]);
    expect(result.settings.speechSeconds).toBe(30);
  });

  it("lists every problem: unknown keys and out-of-range values", () => {
    const result = validateSettings({
      tieRule: "coinFlip",
      speechSeconds: 0,
      hostBonus: 2,
      drawAfterQuietPhases: 1.5,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.setting).sort()).toEqual([
      "drawAfterQuietPhases",
      "hostBonus",
      "speechSeconds",
      "tieRule",
    ]);
    expect(result.problems.find((p) => p.setting === "hostBonus")?.message).toMatch(/not a setting/);
  });

  it("refuses every name an object inherits, and __proto__, listing the settings there are", () => {
    const inherited = [...Object.getOwnPropertyNames(Object.prototype), "prototype"];
    expect(inherited).toEqual(expect.arrayContaining(["hasOwnProperty", "isPrototypeOf", "__proto__"]));
    for (const key of inherited) {
      const input = JSON.parse(`{${JSON.stringify(key)}: 1}`) as object;
      const result = validateSettings(input);
      expect(result.ok, key).toBe(false);
      if (result.ok) continue;
      expect(result.problems, key).toEqual([
        { setting: key, message: expect.stringMatching(/is not a setting/) },
      ]);
      expect(result.problems[0]?.message, key).toContain(SETTING_NAMES.join(", "));
    }
  });

  it("says what a deeply nested bad value is without overflowing the stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const result = validateSettings({ speechSeconds: deep, tieRule: "x".repeat(10_000) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const p of result.problems) expect(p.message.length, p.setting).toBeLessThan(200);
  });

  it("refuses a settings value that is not an object", () => {
    expect(validateSettings([1, 2]).ok).toBe(false);
    expect(validateSettings("fast").ok).toBe(false);
  });

  it("DAY-1 the discussion of days past the list uses its last entry", () => {
    const result = validateSettings({ discussionSeconds: [150, 120, 90] });
    if (!result.ok) throw new Error("valid settings refused");
    expect([1, 2, 3, 4, 9].map((day) => discussionSecondsOf(result.settings, day))).toEqual([
      150, 120, 90, 90, 90,
    ]);
  });

  it("createGame refuses a game whose settings are invalid, naming each problem", () => {
    const created = createGame({
      settings: { firstPhase: "evening", blackWinsAtParity: "yes" },
      seats,
      deal: { seed: "s" },
      at: 0,
    });
    expect(created.ok).toBe(false);
    if (created.ok) return;
    expect(created.error.problems).toHaveLength(2);
    expect(created.error.message).toMatch(/firstPhase/);
    expect(created.error.message).toMatch(/blackWinsAtParity/);
  });

  it("a copy of the settings is stored with the game, unaffected by later changes to the input", () => {
    const input = { discussionSeconds: [100, 80] };
    const created = createGame({ settings: input, seats, deal: { seed: "s" }, at: 0 });
    if (!created.ok) throw new Error(created.error.message);
    input.discussionSeconds.push(10);
    expect(created.state.settings.discussionSeconds).toEqual([100, 80]);
  });
});

describe("the defaults of RULES.md", () => {
  it("TEAM-1 FLOW-1 FLOW-4 DAY-1 DAY-2 DAY-6 DAY-7 each setting of these rows defaults as RULES.md says", () => {
    const result = validateSettings(undefined);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings).toMatchObject({
      blackWinsAtParity: false,
      drawAfterQuietPhases: null,
      firstPhase: "day",
      firstNightActions: true,
      prostituteKnowsMafia: false,
      discussionSeconds: [150, 150, 150],
      speechSeconds: 30,
      lastWordSeconds: 30,
      splitSpeechSeconds: 30,
      tieRule: "revoteThenLiftAll",
    });
  });

  it("TEAM-1 FLOW-1 DAY-6 each of these settings takes exactly the values RULES.md names", () => {
    for (const tieRule of ["revoteThenLiftAll", "revoteThenNobody", "nobody", "allTied"])
      expect(validateSettings({ tieRule }).ok).toBe(true);
    expect(validateSettings({ tieRule: "revote" }).ok).toBe(false);
    for (const firstPhase of ["day", "night"]) expect(validateSettings({ firstPhase }).ok).toBe(true);
    expect(validateSettings({ firstPhase: "deal" }).ok).toBe(false);
    for (const n of [null, 1, 6]) expect(validateSettings({ drawAfterQuietPhases: n }).ok).toBe(true);
    for (const n of [0, -1, "3", true]) expect(validateSettings({ drawAfterQuietPhases: n }).ok).toBe(false);
  });
});
