// The host's settings form in Chromium (issue 10): each setting's control, options and limits are
// the engine's settings schema's (SETTING_SHAPES), the problems name the schema's limits in the
// host's language, and the table is created with the settings as typed.

import { type Created, DEFAULT_SETTINGS, SETTING_NAMES, SETTING_SHAPES } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { translate } from "../src/i18n/core.js";
import { clubFixture, NAMES, serverTable, setUpClub, until } from "./club.js";

describe("the host's settings form (issue 10)", () => {
  const club = clubFixture();

  it("reads every control and limit from the settings schema, and creates the table with what was typed", async () => {
    const page = await (await club.context()).newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await setUpClub(page, club.served.setupLink as string);
    await page.getByRole("main").getByRole("link", { name: "New table" }).click();
    await page.getByRole("heading", { name: "New table" }).waitFor();

    // --- Each setting's control is its shape's ------------------------------------------------
    for (const name of SETTING_NAMES) {
      const shape = SETTING_SHAPES[name];
      const control = page.locator(`#setting-${name}`);
      if (shape.kind === "boolean") expect(await control.getAttribute("role"), name).toBe("switch");
      else if (shape.kind === "choice") {
        const values = await control
          .locator("option")
          .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
        expect(values, name).toEqual(shape.options);
      } else if (shape.kind === "number") {
        expect(await control.getAttribute("type"), name).toBe("number");
        expect([await control.getAttribute("min"), await control.getAttribute("max")], name).toEqual([
          String(shape.min),
          String(shape.max),
        ]);
      } else expect(await control.getAttribute("inputmode"), name).toBe("numeric");
    }

    // --- A problem names the schema's limits, in the host's language -----------------------------
    const problem = (name: string) => page.locator(`#setting-${name}-problem`);
    const shows = (name: string, text: string) =>
      until(`${name}'s problem "${text}"`, async () =>
        (await problem(name).allTextContents()).includes(text),
      );
    const bonus = SETTING_SHAPES.hostBonusPlayers;
    if (bonus.kind !== "number") throw new Error("hostBonusPlayers is a number");
    await page.fill("#setting-hostBonusPlayers", String(bonus.max + 1));
    await shows(
      "hostBonusPlayers",
      translate("en", "app.settings.range", { min: bonus.min, max: bonus.max }),
    );
    const list = SETTING_SHAPES.discussionSeconds;
    if (list.kind !== "list") throw new Error("discussionSeconds is a list");
    await page.fill("#setting-discussionSeconds", `150, ${list.min - 1}`);
    await shows(
      "discussionSeconds",
      "Needs 1 to 50 numbers separated by commas, each a whole number of seconds from 5 to 3600.",
    );
    const language = page.locator("label.lang select");
    await language.selectOption("uk");
    await shows(
      "discussionSeconds",
      translate("uk", "app.settings.listRange", {
        min: list.min,
        max: list.max,
        minItems: list.minItems,
        maxItems: list.maxItems,
      }),
    );
    await language.selectOption("en");

    // --- Fixed, the table is made with the settings as typed -------------------------------------
    await page.fill("#setting-hostBonusPlayers", String(bonus.max));
    await page.fill("#setting-discussionSeconds", "120, 90");
    await page.fill("#setting-drawAfterQuietPhases", "3");
    await page.selectOption("#setting-tieRule", "nobody");
    await until(
      "no problem is shown",
      async () => (await page.locator(".settings-grid .problem").count()) === 0,
    );
    for (const [i, name] of NAMES.entries()) await page.fill(`#seat-${i + 1}`, name);
    await page.getByLabel("From a seed").check();
    await page.fill("#deal-seed", "settings-form");
    await page.getByRole("button", { name: "Create the table" }).click();
    await page.waitForURL((url) => /^\/tables\/[^/]+$/.test(url.pathname) && url.pathname !== "/tables/new");
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    const created = (await serverTable(page, id)).events[0] as unknown as Created;
    expect(created.settings).toEqual({
      ...DEFAULT_SETTINGS,
      hostBonusPlayers: bonus.max,
      discussionSeconds: [120, 90],
      drawAfterQuietPhases: 3,
      tieRule: "nobody",
    });
    expect(errors).toEqual([]);
  });
});
