// NIGHT-1 … NIGHT-8: targets, the prostitute's freeze, the doctor's heal and their repeat limits.

import { viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { choose, firstNight, nightUntil, voteOut, woken } from "./night-helpers.js";
import { COMMISSAR, DOCTOR, DON, MAFIA_A, MAFIA_B, MANIAC, PROSTITUTE, type Table } from "./scenario.js";

const alive = (t: Table, seat: number) => t.seat(seat).out === null;
const lastNight = (t: Table) => t.state.nights[t.state.nights.length - 1];

describe("NIGHT-1 targets", () => {
  it("NIGHT-1 every role may skip: a night of skips kills nobody and goes to the morning", () => {
    const t = firstNight();
    t.night({});
    expect(t.step).toBe("morning");
    expect(lastNight(t)?.outcome?.deaths).toEqual([]);
    expect(t.state.seats.every((s) => s.out === null)).toBe(true);
  });

  it("NIGHT-1 a dead player is never a target, for any role", () => {
    const t = firstNight();
    t.night({ mafia: 9 });
    voteOut(t, 10);
    expect(woken(t)).toBe("prostitute");
    for (const dead of [9, 10])
      expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: dead }).rule).toBe("NIGHT-1");
    choose(t, PROSTITUTE, null);
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: 9 }).rule).toBe("NIGHT-1");
    choose(t, DOCTOR, null);
    expect(t.refuse({ type: "choose", seat: DON, target: 10 }).rule).toBe("NIGHT-1");
    choose(t, DON, null);
    expect(t.refuse({ type: "choose", seat: MANIAC, target: 9 }).rule).toBe("NIGHT-1");
    choose(t, MANIAC, null);
    expect(t.refuse({ type: "choose", seat: COMMISSAR, target: 10 }).rule).toBe("NIGHT-1");
  });

  it("NIGHT-1 a role chooses at most once a night: a second choice is refused", () => {
    const t = firstNight();
    choose(t, PROSTITUTE, 8);
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: 9 }).rule).toBe("FLOW-3");
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: 13 }).rule).toBe("FLOW-3");
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: 13 }).rule).toBe("COMMAND");
    expect(lastNight(t)?.choices).toEqual([{ role: "prostitute", seat: PROSTITUTE, target: 8 }]);
  });

  it("NIGHT-1 a seat chooses only for itself; the host may enter any woken seat's choice", () => {
    const t = firstNight();
    expect(t.refuse({ actor: 8, type: "choose", seat: PROSTITUTE, target: 9 }).rule).toBe("ACTOR");
    t.do({ actor: PROSTITUTE, type: "choose", seat: PROSTITUTE, target: 9 });
    expect(t.refuse({ actor: 8, type: "choose", seat: 8, target: 9 }).rule).toBe("FLOW-3");
  });
});

describe("NIGHT-2 the prostitute's freeze", () => {
  it("NIGHT-2 a frozen doctor does not heal: he is shown the gesture and may only skip", () => {
    const t = firstNight();
    choose(t, PROSTITUTE, DOCTOR);
    const script = viewFor(t.state, "host").host?.script;
    expect(script?.wake).toEqual([DOCTOR]);
    expect(script?.gesture).toEqual([DOCTOR]);
    expect(script?.choosers).toEqual([{ seat: DOCTOR, targets: [], onlySkip: true }]);
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: 9 }).rule).toBe("NIGHT-2");
    choose(t, DOCTOR, null);
    t.night({ mafia: 9 });
    expect(t.seat(9).out?.cause).toBe("night");
    expect(lastNight(t)?.outcome?.freeze).toBe(DOCTOR);
  });

  it("NIGHT-2 a frozen maniac does not kill", () => {
    const t = firstNight();
    nightUntil(t, "maniac", { prostitute: MANIAC });
    expect(woken(t)).toBe("maniac");
    expect(t.refuse({ type: "choose", seat: MANIAC, target: 9 }).rule).toBe("NIGHT-2");
    t.night({});
    expect(lastNight(t)?.outcome?.deaths).toEqual([]);
  });

  it("NIGHT-2 a frozen commissar does not check", () => {
    const t = firstNight();
    nightUntil(t, "commissar", { prostitute: COMMISSAR });
    expect(woken(t)).toBe("commissar");
    expect(t.refuse({ type: "choose", seat: COMMISSAR, target: DON }).rule).toBe("NIGHT-2");
    choose(t, COMMISSAR, null);
    expect(t.state.checks).toEqual([]);
    expect(t.nightRole).toBe("dawn");
  });

  it("NIGHT-2 freezing herself or a civilian has no effect: every role acts", () => {
    for (const freeze of [PROSTITUTE, 8]) {
      const t = firstNight();
      t.night({ prostitute: freeze, doctor: 9, mafia: 10, maniac: 11, commissar: DON });
      const outcome = lastNight(t)?.outcome;
      expect(outcome?.heal).toBe(9);
      expect(outcome?.deaths).toEqual([10, 11]);
      expect(t.state.checks).toEqual([{ night: 1, target: DON, black: true }]);
    }
  });

  it("NIGHT-2 a freeze cancelled by a heal is no freeze: the healed maniac kills", () => {
    const t = firstNight();
    t.night({ prostitute: MANIAC, doctor: MANIAC, maniac: 9 });
    expect(t.seat(9).out?.cause).toBe("night");
    expect(lastNight(t)?.outcome?.freeze).toBeNull();
    expect(viewFor(t.state, MANIAC).you?.frozenNights).toEqual([]);
  });
});

describe("NIGHT-3 the prostitute's repeat limit", () => {
  it("NIGHT-3 she may not freeze the same player on a third night in a row (sameTarget)", () => {
    const t = firstNight();
    t.night({ prostitute: 8 });
    voteOut(t, 12);
    t.night({ prostitute: 8 });
    voteOut(t, 11);
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: 8 }).rule).toBe("NIGHT-3");
    const script = viewFor(t.state, "host").host?.script;
    expect(script?.choosers[0]?.targets).not.toContain(8);
    expect(script?.choosers[0]?.targets).toContain(9);
    choose(t, PROSTITUTE, 9);
  });

  it("NIGHT-3 her choice counts even when a heal cancelled it", () => {
    const t = firstNight();
    t.night({ prostitute: MANIAC, doctor: MANIAC });
    voteOut(t, 12);
    t.night({ prostitute: MANIAC, doctor: MANIAC });
    voteOut(t, 11);
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: MANIAC }).rule).toBe("NIGHT-3");
  });

  it("NIGHT-3 a night without her choice breaks the run; another target never counts (sameTarget)", () => {
    const t = firstNight();
    t.night({ prostitute: 8 });
    voteOut(t, 12);
    t.night({});
    voteOut(t, 11);
    t.night({ prostitute: 8 });
    voteOut(t, 10);
    choose(t, PROSTITUTE, 8); // nights 3 and 4: two in a row
    t.night({});
    voteOut(t, 9);
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: 8 }).rule).toBe("NIGHT-3");
    choose(t, PROSTITUTE, 2); // a new target is always allowed
  });

  it("NIGHT-3 anyTarget: after two nights of freezing she must rest, whatever the target", () => {
    const t = firstNight({ repeatLimitScope: "anyTarget" });
    t.night({ prostitute: 8 });
    voteOut(t, 12);
    t.night({ prostitute: 9 });
    voteOut(t, 11);
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: 10 }).rule).toBe("NIGHT-3");
    expect(viewFor(t.state, "host").host?.script?.choosers[0]).toMatchObject({ targets: [], onlySkip: true });
    choose(t, PROSTITUTE, null);
    t.night({});
    voteOut(t, 10);
    choose(t, PROSTITUTE, 8);
  });

  it("NIGHT-3 anyTarget never limits the lone prostitute's shot", () => {
    const t = firstNight({ repeatLimitScope: "anyTarget" });
    for (const seat of [DON, MAFIA_A, MAFIA_B]) t.do({ type: "disqualify", seat });
    for (const [target, out] of [
      [8, 12],
      [9, 11],
    ] as const) {
      choose(t, PROSTITUTE, null);
      t.night({ mafia: target });
      expect(t.seat(target).out?.cause).toBe("night");
      voteOut(t, out);
    }
    choose(t, PROSTITUTE, null);
    t.night({ mafia: 10 });
    expect(t.seat(10).out?.cause).toBe("night");
  });
});

describe("NIGHT-4 a freeze on the mafia", () => {
  it("NIGHT-4 freezing the last living mafioso stops the mafia's shot", () => {
    const t = firstNight();
    t.do({ type: "disqualify", seat: DON });
    t.do({ type: "disqualify", seat: MAFIA_A });
    nightUntil(t, "mafia", { prostitute: MAFIA_B });
    expect(woken(t)).toBe("mafia");
    const script = viewFor(t.state, "host").host?.script;
    expect(script?.gesture).toEqual([MAFIA_B]);
    expect(script?.choosers).toEqual([{ seat: MAFIA_B, targets: [], onlySkip: true }]);
    expect(t.refuse({ type: "choose", seat: MAFIA_B, target: 9 }).rule).toBe("NIGHT-4");
    choose(t, MAFIA_B, null);
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([]);
  });

  it("NIGHT-4 the last mafioso healed out of the freeze shoots", () => {
    const t = firstNight();
    t.do({ type: "disqualify", seat: MAFIA_A });
    t.do({ type: "disqualify", seat: MAFIA_B });
    t.night({ prostitute: DON, doctor: DON, mafia: 9 });
    expect(t.seat(9).out?.cause).toBe("night");
  });

  it("NIGHT-4 while two or more mafiosi live, a freeze on the Don does not stop the shot", () => {
    const t = firstNight();
    t.night({ prostitute: DON, mafia: 9 });
    expect(t.seat(9).out?.cause).toBe("night");
    expect(
      lastNight(t)
        ?.choices.filter((c) => c.role === "mafia")
        .map((c) => c.seat),
    ).toEqual([MAFIA_A, MAFIA_B]);
  });

  it("NIGHT-4 a freeze on a mafioso who is not the Don changes nothing: the Don shoots", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: MAFIA_A });
    expect(viewFor(t.state, "host").host?.script?.choosers.map((c) => c.seat)).toEqual([DON]);
    choose(t, DON, 9);
    t.night({});
    expect(t.seat(9).out?.cause).toBe("night");
  });
});

describe("NIGHT-5 the lone prostitute", () => {
  it("NIGHT-5 with every mafioso dead she keeps her freeze and shoots at the mafia's step", () => {
    const t = firstNight();
    for (const seat of [DON, MAFIA_A, MAFIA_B]) t.do({ type: "disqualify", seat });
    // Her own view says which role she is woken for: her visit first, then the mafia's shot.
    expect(viewFor(t.state, PROSTITUTE).you?.awake).toBe("prostitute");
    choose(t, PROSTITUTE, MANIAC);
    expect(viewFor(t.state, PROSTITUTE).you?.awake).toBe(null);
    choose(t, DOCTOR, null);
    expect(woken(t)).toBe("mafia");
    expect(viewFor(t.state, PROSTITUTE).you?.awake).toBe("mafia");
    expect(viewFor(t.state, DOCTOR).you?.awake).toBe(null);
    expect(viewFor(t.state, "host").host?.script?.wake).toEqual([PROSTITUTE]);
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: PROSTITUTE }).rule).toBe("NIGHT-9");
    choose(t, PROSTITUTE, 9);
    expect(t.refuse({ type: "choose", seat: MANIAC, target: 10 }).rule).toBe("NIGHT-2");
    t.night({});
    expect(lastNight(t)?.outcome?.shots).toEqual([{ by: "prostitute", target: 9 }]);
    expect(lastNight(t)?.outcome?.deaths).toEqual([9]);
  });

  it("NIGHT-5 while a mafioso lives the prostitute does not shoot", () => {
    const t = firstNight();
    t.do({ type: "disqualify", seat: DON });
    t.do({ type: "disqualify", seat: MAFIA_A });
    nightUntil(t, "mafia", { prostitute: 8 });
    expect(viewFor(t.state, "host").host?.script?.wake).toEqual([MAFIA_B]);
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: 9 }).rule).toBe("FLOW-3");
  });
});

describe("NIGHT-6 and NIGHT-7 the doctor's heal", () => {
  it("NIGHT-6 the doctor may heal himself and is saved from the mafia's shot", () => {
    const t = firstNight();
    t.night({ doctor: DOCTOR, mafia: DOCTOR });
    expect(alive(t, DOCTOR)).toBe(true);
    expect(lastNight(t)?.outcome?.shots).toEqual([{ by: "mafia", target: DOCTOR }]);
  });

  it("NIGHT-6 a heal saves from the maniac's kill and from the lone prostitute's shot", () => {
    const t = firstNight();
    t.night({ doctor: 9, maniac: 9 });
    expect(alive(t, 9)).toBe(true);
    const u = firstNight();
    for (const seat of [DON, MAFIA_A, MAFIA_B]) u.do({ type: "disqualify", seat });
    u.night({ doctor: 9, mafia: 9 });
    expect(alive(u, 9)).toBe(true);
  });

  it("NIGHT-6 a heal on the frozen commissar cancels the freeze: he checks", () => {
    const t = firstNight();
    t.night({ prostitute: COMMISSAR, doctor: COMMISSAR, commissar: MANIAC });
    expect(t.state.checks).toEqual([{ night: 1, target: MANIAC, black: false }]);
  });

  it("NIGHT-6 a heal saves only its target: the others shot that night die", () => {
    const t = firstNight();
    t.night({ doctor: 9, mafia: 10, maniac: 11 });
    expect(lastNight(t)?.outcome?.deaths).toEqual([10, 11]);
  });

  it("NIGHT-7 one heal saves a player frozen by the prostitute and shot by both the mafia and the maniac", () => {
    const t = firstNight();
    t.night({ prostitute: 9, doctor: 9, mafia: 9, maniac: 9 });
    expect(alive(t, 9)).toBe(true);
    expect(lastNight(t)?.outcome).toMatchObject({ freeze: null, heal: 9, deaths: [] });
    expect(lastNight(t)?.outcome?.shots).toHaveLength(2);
  });

  it("NIGHT-7 the maniac frozen, healed and shot by the mafia survives and kills", () => {
    const t = firstNight();
    t.night({ prostitute: MANIAC, doctor: MANIAC, mafia: MANIAC, maniac: 9 });
    expect(alive(t, MANIAC)).toBe(true);
    expect(lastNight(t)?.outcome?.deaths).toEqual([9]);
  });
});

describe("NIGHT-8 the doctor's repeat limit", () => {
  it("NIGHT-8 he may not heal the same player on a third night in a row (sameTarget)", () => {
    const t = firstNight();
    t.night({ doctor: 8 });
    voteOut(t, 12);
    t.night({ doctor: 8 });
    voteOut(t, 11);
    choose(t, PROSTITUTE, null);
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: 8 }).rule).toBe("NIGHT-8");
    choose(t, DOCTOR, DOCTOR);
  });

  it("NIGHT-8 a frozen night breaks his run, and a frozen doctor cannot heal himself out of it", () => {
    const t = firstNight();
    t.night({ doctor: DOCTOR });
    voteOut(t, 12);
    choose(t, PROSTITUTE, DOCTOR);
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: DOCTOR }).rule).toBe("NIGHT-2");
    t.night({});
    voteOut(t, 11);
    t.night({ doctor: DOCTOR });
    voteOut(t, 10);
    choose(t, PROSTITUTE, null);
    choose(t, DOCTOR, DOCTOR); // nights 3 and 4: the frozen night 2 broke the run
    t.night({});
    voteOut(t, 9);
    choose(t, PROSTITUTE, null);
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: DOCTOR }).rule).toBe("NIGHT-8");
  });

  it("NIGHT-8 a night on which he skips breaks his run", () => {
    const t = firstNight();
    t.night({ doctor: 8 });
    voteOut(t, 12);
    t.night({});
    voteOut(t, 11);
    t.night({ doctor: 8 });
    voteOut(t, 10);
    choose(t, PROSTITUTE, null);
    choose(t, DOCTOR, 8); // nights 3 and 4: the skipped night 2 broke the run
    t.night({});
    voteOut(t, 9);
    choose(t, PROSTITUTE, null);
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: 8 }).rule).toBe("NIGHT-8");
    choose(t, DOCTOR, 7);
  });

  it("NIGHT-8 anyTarget: after two nights of healing he must rest, whatever the target", () => {
    const t = firstNight({ repeatLimitScope: "anyTarget" });
    t.night({ doctor: 8 });
    voteOut(t, 12);
    t.night({ doctor: 9 });
    voteOut(t, 11);
    choose(t, PROSTITUTE, null);
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: DOCTOR }).rule).toBe("NIGHT-8");
    choose(t, DOCTOR, null);
    t.night({});
    voteOut(t, 10);
    choose(t, PROSTITUTE, null);
    choose(t, DOCTOR, 8);
  });
});
