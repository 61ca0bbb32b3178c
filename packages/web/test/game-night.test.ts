import { type Action, type GameEvent, lastSteps, type NightScript } from "@misto/engine";
import { describe, expect, it } from "vitest";

import { describeStep } from "../src/game/eventLog.js";
import { scriptWords } from "../src/game/script.js";
import { seatActions } from "../src/game/seatActions.js";
import { foulDots } from "../src/game/seatFacts.js";
import { primaryOf } from "../src/game/steps.js";
import { translator } from "../src/game/tr.js";
import { GAME_STRINGS } from "../src/i18n/core.js";
import { HostTable } from "./game-helpers.js";

const host = "host" as const;
const choose = (seat: number, target: number | null): Action => ({
  actor: host,
  type: "choose",
  seat,
  target,
});

function scriptOf(table: HostTable): NightScript {
  const script = table.view.host?.script;
  if (!script) throw new Error("no night script now");
  return script;
}

/** Day 1 with everybody voting for 12, then the night opens with the acquaintance. */
function toNight(): HostTable {
  const table = new HostTable().advance(14);
  for (const voter of table.view.phase.queue)
    table.must({ actor: host, type: "vote", voter, target: voter === 12 ? 11 : 12 });
  return table.advance(2); // the count (HOST-4), then 12's last word
}

describe("the night script", () => {
  it("FLOW-4 the acquaintance: the city sleeps, the mafia meet, the Don shows himself", () => {
    const table = toNight();
    const script = table.view.host?.script;
    expect(script?.role).toBe("acquaintance");
    expect(script?.wake).toEqual([1, 2, 3]);
    expect(scriptWords(table.view, scriptOf(table))).toEqual({
      opening: "night.say.cityAsleep",
      wake: "night.say.acquaintance",
      ask: "night.say.donShows",
      sleep: "night.say.mafiaSleeps",
    });
    expect(primaryOf(table.view)?.key).toBe("primary.endAcquaintance");
  });

  it("FLOW-3 each role in the call order has its words; targets are seat buttons and the menu agrees", () => {
    const table = toNight().advance();
    let script = scriptOf(table);
    expect(script.role).toBe("prostitute");
    expect(scriptWords(table.view, script).wake).toBe("night.say.prostituteWakes");
    expect(scriptWords(table.view, script).opening).toBe("night.say.cityAsleep");
    expect(script.choosers[0]?.targets).toContain(7);
    expect(seatActions(table.view, 7).map((a) => a.key)).toEqual(["menu.chooseFor"]);
    expect(primaryOf(table.view)).toBeNull();
    table.must(choose(4, 7));
    script = scriptOf(table);
    expect(script.role).toBe("doctor");
    expect(scriptWords(table.view, script)).toMatchObject({ opening: null, ask: "night.say.doctorAsk" });
    table.must(choose(6, 6));
    script = scriptOf(table);
    expect(script.role).toBe("mafia");
    expect(scriptWords(table.view, script).ask).toBe("night.say.mafiaAsk");
    table.must(choose(1, 8));
    script = scriptOf(table);
    expect(script.role).toBe("maniac");
    // NIGHT-2: the frozen maniac is shown the gesture and may only skip.
    expect(script.gesture).toEqual([7]);
    expect(script.choosers[0]?.onlySkip).toBe(true);
    table.must(choose(7, null));
    expect(table.view.host?.script?.role).toBe("commissar");
  });

  it("HOST-4 after the last choice the night ends with the host's button: the city wakes up", () => {
    const table = toNight().advance();
    for (const seat of [4, 6, 1, 7]) table.must(choose(seat, seat === 1 ? 9 : null));
    table.must(choose(5, null));
    expect(scriptOf(table).role).toBe("dawn");
    expect(table.state.seats[8]?.out).toBeNull(); // the shot takes effect when the night ends
    const primary = primaryOf(table.view);
    expect(primary).toMatchObject({ key: "primary.cityWakes", enabled: true });
    table.must(primary?.action as Action);
    expect(table.view.phase).toMatchObject({ kind: "day", step: "morning" });
    expect(table.state.seats[8]?.out?.cause).toBe("night");
    const en = translator(GAME_STRINGS.en);
    expect(describeStep(lastSteps(table.state, 1)[0] as GameEvent, en)).toBe("End of the night");
  });

  it("ACTING-DON the Don is asked by name only when he shoots; one acting mafioso is asked as the mafia", () => {
    const table = toNight();
    table.must({ actor: host, type: "disqualify", seat: 1 }).advance(); // the Don is out; the acquaintance ends
    table.must(choose(4, 2)).must(choose(6, null)); // the prostitute freezes seat 2
    const script = scriptOf(table);
    expect(script.role).toBe("mafia");
    expect(script.choosers.map((c) => c.seat)).toEqual([3]);
    expect(scriptWords(table.view, script).ask).toBe("night.say.mafiaAskOne");
  });

  it("ACTING-DON once one mafioso has chosen, the other's row stays, labelled with his seat", () => {
    const table = toNight();
    table.must({ actor: host, type: "disqualify", seat: 1 }).advance(); // the Don is out
    table.must(choose(4, null)).must(choose(6, null));
    expect(scriptOf(table).choosers.map((c) => c.seat)).toEqual([2, 3]);
    table.must(choose(2, 8)); // one mafioso's phone has chosen: the step does not change
    const script = scriptOf(table);
    expect(script.role).toBe("mafia");
    expect(script.choosers.map((c) => c.seat)).toEqual([3]);
    // NightPanel heads each chooser's row with night.chooser, whatever the others have done.
    const labels = (["ru", "uk", "en"] as const).map((lang) =>
      translator(GAME_STRINGS[lang])("night.chooser", { n: script.choosers[0]?.seat ?? 0 }),
    );
    for (const label of labels) expect(label).toMatch(/\b3\b/);
    expect(labels[2]).toBe("Seat 3 chooses");
  });

  it("NIGHT-11 the commissar's answer: thumb up for black, down for red", () => {
    const table = toNight().advance();
    table.must(choose(4, null)).must(choose(6, null)).must(choose(1, null)).must(choose(7, null));
    expect(table.view.host?.answered).toBeNull();
    table.must(choose(5, 2));
    expect(table.view.host?.answered).toEqual({ night: 1, target: 2, black: true });
    const script = table.view.host?.script;
    expect(script?.role).toBe("note");
    expect(script?.check).toMatchObject({ target: 2, black: true });
    expect(scriptWords(table.view, scriptOf(table)).wake).toBe("night.say.noteAsk");
  });

  it("the undo log never shows a night choice's target", () => {
    const table = toNight().advance();
    table.must(choose(4, 9));
    const en = translator(GAME_STRINGS.en);
    const lines = lastSteps(table.state, 3).map((e) => describeStep(e, en));
    expect(lines[0]).toBe("Choice: prostitute");
    expect(lines.join(" ")).not.toContain("9");
    expect(lines[1]).toBe("End of the acquaintance");
  });

  it("with the cards hidden the undo log does not name a night step's role either", () => {
    const table = toNight().advance();
    table.must(choose(4, 9));
    const en = translator(GAME_STRINGS.en);
    const lines = lastSteps(table.state, 3).map((e) => describeStep(e, en, true));
    expect(lines[0]).toBe("A night choice");
    expect(lines.join(" ")).not.toMatch(/prostitute|9/);
  });

  it("FOUL-1 the seat chip shows fouls as dots", () => {
    expect(foulDots(0, 5)).toBe("○○○○○");
    expect(foulDots(2, 5)).toBe("●●○○○");
    expect(foulDots(7, 5)).toBe("●●●●●");
  });
});
