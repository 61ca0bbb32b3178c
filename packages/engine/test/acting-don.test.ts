// ACTING-DON: who makes the mafia's shot, with the Don free, frozen or dead (and frozenDonStopsShot).

import { viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { choose, firstNight, nightUntil, voteOut, woken } from "./night-helpers.js";
import { DOCTOR, DON, MAFIA_A, MAFIA_B, PROSTITUTE, type Table } from "./scenario.js";

const lastNight = (t: Table) => t.state.nights[t.state.nights.length - 1];
const script = (t: Table) => viewFor(t.state, "host").host?.script;

describe("ACTING-DON the Don makes the shot", () => {
  it("ACTING-DON while the Don lives and is not frozen, he alone makes the shot; all mafiosi wake", () => {
    const t = firstNight();
    nightUntil(t, "mafia");
    expect(script(t)?.wake).toEqual([DON, MAFIA_A, MAFIA_B]);
    expect(script(t)?.choosers.map((c) => c.seat)).toEqual([DON]);
    expect(t.refuse({ type: "choose", seat: MAFIA_A, target: 9 }).rule).toBe("ACTING-DON");
    choose(t, DON, 9);
    expect(woken(t)).toBe("maniac");
    t.night({});
    expect(t.seat(9).out?.cause).toBe("night");
  });

  it("ACTING-DON a Don healed out of the freeze is not frozen: he makes the shot, with no gesture", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: DON, doctor: DON });
    expect(script(t)?.gesture).toEqual([]);
    expect(script(t)?.choosers.map((c) => c.seat)).toEqual([DON]);
    expect(t.refuse({ type: "choose", seat: MAFIA_A, target: 9 }).rule).toBe("ACTING-DON");
    choose(t, DON, 9);
    t.night({});
    expect(t.seat(9).out?.cause).toBe("night");
  });

  it("ACTING-DON the Don's skip means no shot, even when the others would shoot", () => {
    const t = firstNight();
    nightUntil(t, "mafia");
    choose(t, DON, null);
    expect(woken(t)).toBe("maniac");
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([]);
  });
});

describe("ACTING-DON the other mafiosi shoot together", () => {
  it("ACTING-DON with the Don frozen, the unfrozen mafiosi make the shot when they show the same target", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: DON });
    expect(script(t)?.gesture).toEqual([DON]);
    expect(script(t)?.choosers.map((c) => c.seat)).toEqual([MAFIA_A, MAFIA_B]);
    expect(t.refuse({ type: "choose", seat: DON, target: 9 }).rule).toBe("NIGHT-2");
    choose(t, MAFIA_A, 9);
    expect(woken(t)).toBe("mafia"); // the other must show too
    choose(t, MAFIA_B, 9);
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([{ by: "mafia", target: 9 }]);
  });

  it("ACTING-DON two different targets mean no shot that night", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: DON });
    choose(t, MAFIA_A, 9);
    choose(t, MAFIA_B, 10);
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([]);
    expect(lastNight(t)?.outcome?.deaths).toEqual([]);
  });

  it("ACTING-DON one mafioso showing nothing means no shot that night", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: DON });
    choose(t, MAFIA_A, null);
    choose(t, MAFIA_B, 9);
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([]);
  });

  it("ACTING-DON the frozen Don may be the unfrozen mafiosi's target: he is not a shooter", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: DON });
    expect(script(t)?.choosers[0]?.targets).toContain(DON);
  });

  it("ACTING-DON with the Don dead, the living mafiosi shoot together", () => {
    const t = firstNight();
    t.night({ maniac: DON });
    t.advance(); // the announcement
    voteOut(t, 12);
    nightUntil(t, "mafia");
    expect(script(t)?.wake).toEqual([MAFIA_A, MAFIA_B]);
    expect(script(t)?.choosers.map((c) => c.seat)).toEqual([MAFIA_A, MAFIA_B]);
    choose(t, MAFIA_A, 9);
    choose(t, MAFIA_B, 9);
    t.night({});
    expect(t.seat(9).out?.cause).toBe("night");
  });

  it("ACTING-DON with the Don dead and one mafioso frozen, the other shoots alone", () => {
    const t = firstNight();
    t.do({ type: "disqualify", seat: DON });
    nightUntil(t, "mafia", { prostitute: MAFIA_A });
    expect(script(t)?.choosers.map((c) => c.seat)).toEqual([MAFIA_B]);
    choose(t, MAFIA_B, 9);
    t.night({});
    expect(t.seat(9).out?.cause).toBe("night");
  });

  it("ACTING-DON on phones each shooter chooses for himself, and not for the other", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: DON });
    expect(viewFor(t.state, MAFIA_A).you?.awaited).toBe(true);
    expect(viewFor(t.state, DON).you?.awaited).toBe(false);
    expect(t.refuse({ actor: MAFIA_A, type: "choose", seat: MAFIA_B, target: 9 }).rule).toBe("ACTOR");
    t.do({ actor: MAFIA_A, type: "choose", seat: MAFIA_A, target: 9 });
    expect(t.refuse({ actor: MAFIA_A, type: "choose", seat: MAFIA_A, target: 10 }).rule).toBe("FLOW-3");
    t.do({ actor: MAFIA_B, type: "choose", seat: MAFIA_B, target: 9 });
    expect(woken(t)).toBe("maniac");
  });
});

describe("ACTING-DON with frozenDonStopsShot", () => {
  it("ACTING-DON frozenDonStopsShot: a frozen Don stops the shot though other mafiosi live", () => {
    const t = firstNight({ frozenDonStopsShot: true });
    nightUntil(t, "mafia", { prostitute: DON });
    expect(script(t)?.choosers).toEqual([{ seat: DON, targets: [], onlySkip: true }]);
    expect(t.refuse({ type: "choose", seat: DON, target: 9 }).rule).toBe("NIGHT-4");
    expect(t.refuse({ type: "choose", seat: MAFIA_A, target: 9 }).rule).toBe("NIGHT-4");
    choose(t, DON, null);
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([]);
  });

  it("ACTING-DON frozenDonStopsShot: a Don healed out of the freeze shoots", () => {
    const t = firstNight({ frozenDonStopsShot: true });
    t.night({ prostitute: DON, doctor: DON, mafia: 9 });
    expect(t.seat(9).out?.cause).toBe("night");
  });

  it("ACTING-DON frozenDonStopsShot changes nothing once the Don is dead", () => {
    const t = firstNight({ frozenDonStopsShot: true });
    t.do({ type: "disqualify", seat: DON });
    nightUntil(t, "mafia", { prostitute: MAFIA_A });
    choose(t, MAFIA_B, 9);
    t.night({});
    expect(t.seat(9).out?.cause).toBe("night");
  });
});

describe("ACTING-DON the Don card's rights", () => {
  it("ACTING-DON a mafioso who shot for the dead Don takes nobody to the grave when voted out", () => {
    const t = firstNight();
    t.night({ maniac: DON });
    t.advance();
    t.toVoting();
    t.vote((voter) => (voter === MAFIA_A ? 9 : MAFIA_A));
    expect(t.step).toBe("lastWords");
    expect(t.current).toBe(MAFIA_A);
    expect(t.refuse({ actor: MAFIA_A, type: "grave", seat: MAFIA_A, target: 9 }).rule).toBe("DON-1");
  });

  it("ACTING-DON the Don card stays with its holder: the acting mafiosi see the Don as a Don, not themselves", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: DON });
    expect(viewFor(t.state, MAFIA_A).you?.card).toBe("mafia");
    expect(viewFor(t.state, MAFIA_A).you?.partners).toEqual([
      { seat: DON, card: "don" },
      { seat: MAFIA_B, card: "mafia" },
    ]);
    expect(viewFor(t.state, PROSTITUTE).you?.partners).toEqual([]);
    expect(viewFor(t.state, DOCTOR).you?.partners).toEqual([]);
  });
});
