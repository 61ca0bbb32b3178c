// NIGHT-9 … NIGHT-14: the shots, the commissar's check and note, the resolution and the silent dead.

import { RESOLUTION_ORDER, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { announce, choose, firstNight, nightUntil, voteOut, woken } from "./night-helpers.js";
import { COMMISSAR, DOCTOR, DON, MAFIA_A, MAFIA_B, MANIAC, PROSTITUTE, type Table } from "./scenario.js";

const lastNight = (t: Table) => t.state.nights[t.state.nights.length - 1];

describe("NIGHT-9 the mafia's shot", () => {
  it("NIGHT-9 one shot a night, at any living player but the shooter", () => {
    const t = firstNight();
    nightUntil(t, "mafia");
    expect(t.refuse({ type: "choose", seat: DON, target: DON }).rule).toBe("NIGHT-9");
    choose(t, DON, MAFIA_A); // the Don may shoot anyone but himself
    expect(t.refuse({ type: "choose", seat: DON, target: 9 }).rule).toBe("FLOW-3");
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([{ by: "mafia", target: MAFIA_A }]);
    expect(t.seat(MAFIA_A).out?.cause).toBe("night");
  });

  it("NIGHT-9 mafiosi shooting together may not shoot one of themselves", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: DON });
    expect(t.refuse({ type: "choose", seat: MAFIA_A, target: MAFIA_B }).rule).toBe("NIGHT-9");
    expect(t.refuse({ type: "choose", seat: MAFIA_B, target: MAFIA_A }).rule).toBe("NIGHT-9");
    const targets = viewFor(t.state, "host").host?.script?.choosers[0]?.targets;
    expect(targets).not.toContain(MAFIA_A);
    expect(targets).not.toContain(MAFIA_B);
  });

  it("NIGHT-9 only the shooters' choice counts: a mafioso the Don shoots for is not asked", () => {
    const t = firstNight();
    nightUntil(t, "mafia");
    expect(t.refuse({ actor: MAFIA_A, type: "choose", seat: MAFIA_A, target: 9 }).rule).toBe("ACTING-DON");
    expect(t.refuse({ actor: MAFIA_A, type: "choose", seat: DON, target: 9 }).rule).toBe("ACTOR");
    expect(viewFor(t.state, MAFIA_A).actions).toEqual([]);
  });

  it("NIGHT-9 the lone prostitute may not shoot herself", () => {
    const t = firstNight();
    for (const seat of [DON, MAFIA_A, MAFIA_B]) t.do({ type: "disqualify", seat });
    nightUntil(t, "mafia");
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: PROSTITUTE }).rule).toBe("NIGHT-9");
  });
});

describe("NIGHT-10 the maniac", () => {
  it("NIGHT-10 the maniac kills one player of his choice", () => {
    const t = firstNight();
    t.night({ maniac: DON });
    expect(lastNight(t)?.outcome?.shots).toEqual([{ by: "maniac", target: DON }]);
    expect(t.seat(DON).out?.cause).toBe("night");
  });

  it("NIGHT-10 he may not target himself, and he may abstain", () => {
    const t = firstNight();
    nightUntil(t, "maniac");
    expect(t.refuse({ type: "choose", seat: MANIAC, target: MANIAC }).rule).toBe("NIGHT-10");
    choose(t, MANIAC, null);
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([]);
  });
});

describe("NIGHT-11 the commissar's check", () => {
  it("NIGHT-11 he learns black for the Don, a mafioso and the prostitute, red for the maniac and the rest", () => {
    const expected: [number, boolean][] = [
      [DON, true],
      [MAFIA_A, true],
      [PROSTITUTE, true],
      [MANIAC, false],
      [DOCTOR, false],
      [9, false],
    ];
    for (const [target, black] of expected) {
      const t = firstNight();
      t.night({ commissar: target });
      expect(t.state.checks).toEqual([{ night: 1, target, black }]);
    }
  });

  it("NIGHT-11 he learns the result at once, while the night goes on, and only he does", () => {
    const t = firstNight();
    nightUntil(t, "commissar");
    choose(t, COMMISSAR, DON);
    expect(woken(t)).toBe("note");
    expect(viewFor(t.state, COMMISSAR).you?.checks).toEqual([{ night: 1, target: DON, black: true }]);
    expect(viewFor(t.state, "host").host?.script?.check).toEqual({ night: 1, target: DON, black: true });
    for (const seat of [DON, MAFIA_A, PROSTITUTE, DOCTOR, MANIAC, 9])
      expect(viewFor(t.state, seat).you?.checks).toEqual([]);
  });

  it("NIGHT-11 he learns the result even if he dies that night", () => {
    const t = firstNight();
    t.night({ mafia: COMMISSAR, commissar: MANIAC });
    expect(t.seat(COMMISSAR).out?.cause).toBe("night");
    expect(viewFor(t.state, COMMISSAR).you?.checks).toEqual([{ night: 1, target: MANIAC, black: false }]);
  });

  it("NIGHT-11 he may not check himself", () => {
    const t = firstNight();
    nightUntil(t, "commissar");
    expect(t.refuse({ type: "choose", seat: COMMISSAR, target: COMMISSAR }).rule).toBe("NIGHT-11");
  });
});

describe("NIGHT-12 the commissar's note", () => {
  it("NIGHT-12 a note left on the night he is killed is read out at the start of the next day", () => {
    const t = firstNight();
    t.night({ mafia: COMMISSAR, commissar: DON }, true);
    expect(lastNight(t)?.outcome?.noteRead).toBe(DON);
    expect(viewFor(t.state, "host").host?.announce?.note).toEqual({
      commissar: COMMISSAR,
      target: DON,
      black: true,
    });
    expect(viewFor(t.state, 9).nights).toEqual([]);
    announce(t);
    const report = viewFor(t.state, 9).nights[0];
    expect(report?.note).toEqual({ commissar: COMMISSAR, target: DON, black: true });
    expect(viewFor(t.state, "spectator").seats[COMMISSAR - 1]?.card).toBe("commissar");
  });

  it("NIGHT-12 a note burns when he survives the night, and the right is used up", () => {
    const t = firstNight();
    t.night({ commissar: DON }, true);
    expect(t.state.noteUsed).toBe(true);
    expect(lastNight(t)?.outcome?.noteRead).toBeNull();
    announce(t);
    expect(viewFor(t.state, 9).nights[0]?.note).toBeNull();
    voteOut(t, 12);
    nightUntil(t, "commissar");
    choose(t, COMMISSAR, MANIAC);
    expect(t.nightRole).toBe("dawn"); // no note step: the right is gone
  });

  it("NIGHT-12 a note burns when he leaves another way: voted out the day after, nothing is read", () => {
    const t = firstNight();
    t.night({ commissar: DON }, true);
    announce(t);
    voteOut(t, COMMISSAR);
    expect(t.seat(COMMISSAR).out?.cause).toBe("vote");
    t.night({ mafia: 9 });
    expect(lastNight(t)?.outcome?.noteRead).toBeNull();
    announce(t);
    expect(viewFor(t.state, 10).nights.map((n) => n.note)).toEqual([null, null]);
  });

  it("NIGHT-12 declining to leave a note keeps the right for a later night", () => {
    const t = firstNight();
    t.night({ commissar: 9 }, false);
    expect(t.state.noteUsed).toBe(false);
    voteOut(t, 12);
    nightUntil(t, "commissar");
    choose(t, COMMISSAR, DON);
    expect(woken(t)).toBe("note");
  });

  it("NIGHT-12 a frozen commissar cannot check and so cannot leave a note: the right is kept", () => {
    const t = firstNight();
    t.night({ prostitute: COMMISSAR, mafia: COMMISSAR });
    expect(t.state.nights[0]?.note).toBe(false);
    expect(t.state.noteUsed).toBe(false);
    expect(t.seat(COMMISSAR).out?.cause).toBe("night");
    expect(lastNight(t)?.outcome?.noteRead).toBeNull();
  });

  it("NIGHT-12 a note on the night that ends the game stands in the game's record only", () => {
    const t = firstNight();
    for (const seat of [MANIAC, DOCTOR, 8, 9, 10, 11, 12]) t.do({ type: "disqualify", seat });
    t.night({ mafia: COMMISSAR, commissar: DON }, true);
    expect(t.state.phase.kind).toBe("ended");
    expect(t.state.result?.winner).toBe("black");
    expect(t.state.nights[0]?.note).toBe(true);
    expect(lastNight(t)?.outcome?.noteRead).toBe(DON);
    expect(viewFor(t.state, 9).seats[COMMISSAR - 1]?.card).toBeNull();
    expect(viewFor(t.state, "spectator").nights).toEqual([]);
  });

  it("NIGHT-12 the note is left only at its step, only by the commissar, and the host waits for it", () => {
    const t = firstNight();
    expect(t.refuse({ type: "note", seat: COMMISSAR, leave: true }).rule).toBe("NIGHT-12");
    nightUntil(t, "commissar");
    choose(t, COMMISSAR, 9);
    expect(t.refuse({ type: "note", seat: DON, leave: true }).rule).toBe("NIGHT-12");
    expect(t.refuse({ type: "advance" }).rule).toBe("NIGHT-12");
    t.do({ actor: COMMISSAR, type: "note", seat: COMMISSAR, leave: true });
    expect(t.nightRole).toBe("dawn");
  });
});

describe("NIGHT-13 the resolution", () => {
  it("NIGHT-13 the resolution order is written once: freeze, heal, shots, check", () => {
    expect(RESOLUTION_ORDER).toEqual(["freeze", "heal", "shots", "check"]);
  });

  it("NIGHT-13 several shots on one player are one death", () => {
    const t = firstNight();
    t.night({ mafia: 9, maniac: 9 });
    expect(lastNight(t)?.outcome?.shots).toHaveLength(2);
    expect(lastNight(t)?.outcome?.deaths).toEqual([9]);
  });

  it("NIGHT-13 all deaths of a night happen at once, when the night resolves", () => {
    const t = firstNight();
    nightUntil(t, "commissar", { mafia: 9, maniac: 10 });
    expect(t.seat(9).out).toBeNull(); // chosen, not yet dead: the maniac was still to wake
    t.night({});
    expect(t.seat(9).out).toEqual({ cause: "night", when: { kind: "night", n: 1 }, announced: false });
    expect(t.seat(10).out).toEqual({ cause: "night", when: { kind: "night", n: 1 }, announced: false });
  });

  it("NIGHT-13 the maniac killed by the mafia still makes his kill the same night", () => {
    const t = firstNight();
    t.night({ mafia: MANIAC, maniac: DON });
    expect(lastNight(t)?.outcome?.deaths).toEqual([DON, MANIAC]);
  });

  it("NIGHT-13 the win check runs after the night: the last black and the last red dying together is a draw", () => {
    const t = firstNight();
    for (const seat of [MAFIA_A, MAFIA_B, PROSTITUTE, COMMISSAR, DOCTOR, 8, 9, 10, 11, 12])
      t.do({ type: "disqualify", seat });
    expect(t.state.phase.kind).toBe("night");
    t.night({ mafia: MANIAC, maniac: DON });
    expect(t.state.result).toMatchObject({ winner: "draw", when: { kind: "night", n: 1 } });
    expect(t.refuse({ type: "advance" }).rule).toBe("HOST-2");
  });

  it("NIGHT-13 the night that kills the last black player ends the game for red", () => {
    const t = firstNight();
    for (const seat of [MAFIA_A, MAFIA_B, PROSTITUTE]) t.do({ type: "disqualify", seat });
    t.night({ maniac: DON });
    expect(t.state.result?.winner).toBe("red");
    expect(t.state.phase.kind).toBe("ended");
  });
});

describe("NIGHT-14 the night's dead", () => {
  it("NIGHT-14 the host announces the night's dead; they leave in silence, without a last word", () => {
    const t = firstNight();
    t.night({ mafia: 9 });
    expect(t.refuse({ actor: 9, type: "speak", seat: 9, text: "it was…" }).rule).toBe("FOUL-1");
    expect(viewFor(t.state, "host").host?.announce?.deaths).toEqual([{ seat: 9, card: "civilian" }]);
    announce(t);
    expect(t.step).toBe("discussion");
    expect(t.seat(9).out?.announced).toBe(true);
    expect(t.refuse({ actor: 9, type: "speak", seat: 9, text: "it was…" }).rule).toBe("NIGHT-14");
    t.do({ actor: 10, type: "speak", seat: 10, text: "good morning" });
    t.advance(); // to the accusations: the dead have no speech
    expect(viewFor(t.state, "spectator").phase).toMatchObject({ step: "accusations", current: 1 });
    expect(viewFor(t.state, "spectator").phase.queue).not.toContain(9);
  });

  it("NIGHT-14 the victims' cards are revealed at the announcement, not before", () => {
    const t = firstNight();
    t.night({ mafia: 9, maniac: DON });
    expect(viewFor(t.state, "spectator").seats[DON - 1]?.card).toBeNull();
    expect(viewFor(t.state, "spectator").seats[DON - 1]?.out).toBeNull();
    announce(t);
    const view = viewFor(t.state, "spectator");
    expect(view.seats[DON - 1]?.card).toBe("don");
    expect(view.seats[9 - 1]?.card).toBe("civilian");
    expect(view.nights[0]?.deaths).toEqual([
      { seat: DON, card: "don" },
      { seat: 9, card: "civilian" },
    ]);
  });

  it("NIGHT-14 with revealNightVictims off the dead are named without their cards", () => {
    const t = firstNight({ revealNightVictims: false });
    t.night({ mafia: 9, maniac: DON });
    expect(viewFor(t.state, "host").host?.announce?.deaths).toEqual([
      { seat: DON, card: null },
      { seat: 9, card: null },
    ]);
    announce(t);
    const view = viewFor(t.state, "spectator");
    expect(view.seats[DON - 1]?.out).toEqual({ cause: "night", kind: "night", n: 1 });
    expect(view.seats[DON - 1]?.card).toBeNull();
    expect(view.nights[0]?.deaths).toEqual([
      { seat: DON, card: null },
      { seat: 9, card: null },
    ]);
  });

  it("NIGHT-14 with revealNightVictims off a read note still names the commissar", () => {
    const t = firstNight({ revealNightVictims: false });
    t.night({ mafia: COMMISSAR, maniac: 9, commissar: MANIAC }, true);
    announce(t);
    const view = viewFor(t.state, "spectator");
    expect(view.seats[COMMISSAR - 1]?.card).toBe("commissar");
    expect(view.seats[9 - 1]?.card).toBeNull();
    expect(view.nights[0]?.note).toEqual({ commissar: COMMISSAR, target: MANIAC, black: false });
  });
});
