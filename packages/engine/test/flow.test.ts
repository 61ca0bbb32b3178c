import type { Seat, Settings } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { COMMISSAR, DOCTOR, DON, MAFIA_A, MAFIA_B, MANIAC, PROSTITUTE, Table } from "./scenario.js";

/** A 6–6 tie between seats 8 and 9: with tieRule "nobody" nobody leaves. */
const tieEightNine = (voter: Seat) => ([1, 2, 3, 4, 5, 9].includes(voter) ? 8 : 9);

/** The phase's kind and number, e.g. "day 2". */
function phaseName(t: Table): string {
  const p = t.state.phase;
  return p.kind === "day" || p.kind === "night" ? `${p.kind} ${p.n}` : p.kind;
}

/** From the deal, four quiet phases: the phases the game passes through. */
function fourQuietPhases(t: Table): string[] {
  const seen = [phaseName(t)];
  t.advance();
  seen.push(phaseName(t));
  for (let i = 0; i < 4; i++) {
    quietPhase(t);
    seen.push(phaseName(t));
  }
  return seen;
}

/** Plays a quiet day (a tie that eliminates nobody) or a quiet night (nobody acts). */
function quietPhase(t: Table): void {
  if (t.state.phase.kind === "night") t.night({});
  else t.toVoting().vote(tieEightNine);
}

function quietGame(settings: Partial<Settings>): Table {
  return new Table({ settings: { tieRule: "nobody", ...settings } });
}

describe("the sequence of phases", () => {
  it("FLOW-1 deal → day 1 → night 1 → day 2 → night 2", () => {
    const t = quietGame({});
    const phases = fourQuietPhases(t);
    expect(phases).toEqual(["deal", "day 1", "night 1", "day 2", "night 2", "day 3"]);
  });

  it('FLOW-1 with firstPhase "night": deal → night 1 → day 1 → night 2 → day 2', () => {
    const t = quietGame({ firstPhase: "night" });
    const phases = fourQuietPhases(t);
    expect(phases).toEqual(["deal", "night 1", "day 1", "night 2", "day 2", "night 3"]);
  });

  it("FLOW-1 the game goes on until it ends: a finished game has no next phase", () => {
    const t = new Table().advance().disqualifySeats(DON, MAFIA_A, MAFIA_B);
    t.toVoting().vote((voter) => (voter === PROSTITUTE ? 8 : PROSTITUTE));
    expect(t.state.phase.kind).toBe("ended");
    expect(t.refuse({ type: "advance" }).rule).toBe("HOST-2");
  });
});

describe("a day", () => {
  it("FLOW-2 the first day of the game opens with the discussion: there is no night to announce", () => {
    const t = new Table().advance();
    expect(t.state.phase).toMatchObject({ kind: "day", n: 1, step: { kind: "discussion" } });
  });

  it("FLOW-2 a day after a night: announcement, discussion, accusations, voting, last words", () => {
    const t = new Table()
      .advance()
      .toVoting()
      .vote((voter) => (voter === 9 ? 10 : 9));
    t.endSpeeches("lastWords").night({ mafia: 10 });
    const steps: string[] = [];
    const note = () => {
      if (steps.at(-1) !== t.step) steps.push(t.step);
    };
    while (t.state.phase.kind === "day" && t.step !== "voting") {
      note();
      t.advance();
    }
    note();
    t.vote((voter) => (voter === 11 ? 12 : 11));
    note();
    t.endSpeeches("lastWords");
    expect(steps).toEqual(["morning", "discussion", "accusations", "voting", "lastWords"]);
    expect(t.state.phase).toMatchObject({ kind: "night", n: 2 });
  });

  it('FLOW-2 with firstPhase "night", day 1 opens with the announcement of night 1', () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().night({ mafia: 9 });
    expect(t.state.phase).toMatchObject({ kind: "day", n: 1, step: { kind: "morning" } });
    expect(t.viewAs("host").host?.announce?.deaths).toEqual([{ seat: 9, card: "civilian" }]);
  });

  it("FLOW-2 a day on which nobody is voted out goes from the vote straight to the night", () => {
    const t = quietGame({}).advance().toVoting().vote(tieEightNine);
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1 });
  });
});

describe("a night", () => {
  it("FLOW-3 every living active role wakes in the call order: prostitute, doctor, mafia, maniac, commissar", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().advance();
    const script: [string, readonly Seat[]][] = [];
    while (t.state.phase.kind === "night") {
      const s = t.viewAs("host").host?.script;
      script.push([t.nightRole as string, s?.wake ?? []]);
      if (t.nightRole === "note") t.do({ type: "note", seat: COMMISSAR, leave: false });
      else if (t.nightRole === "dawn") t.advance();
      else t.do({ type: "choose", seat: s?.choosers[0]?.seat as Seat, target: null });
    }
    expect(script.pop()).toEqual(["dawn", []]);
    expect(script).toEqual([
      ["prostitute", [PROSTITUTE]],
      ["doctor", [DOCTOR]],
      ["mafia", [DON, MAFIA_A, MAFIA_B]],
      ["maniac", [MANIAC]],
      ["commissar", [COMMISSAR]],
    ]);
  });

  it("FLOW-3 a role whose player is out is not woken", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().disqualifySeats(DOCTOR).advance();
    expect(t.nightRole).toBe("prostitute");
    t.do({ type: "choose", seat: PROSTITUTE, target: null });
    expect(t.nightRole).toBe("mafia");
  });

  it("FLOW-3 only the woken role chooses, and the host cannot move past a choice", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().advance();
    expect(t.refuse({ type: "choose", seat: DOCTOR, target: 9 }).rule).toBe("FLOW-3");
    expect(t.refuse({ actor: DON, type: "choose", seat: DON, target: 9 }).rule).toBe("FLOW-3");
    expect(t.refuse({ type: "advance" }).rule).toBe("FLOW-3");
  });

  it("FLOW-3 night choices are made only at night", () => {
    const t = new Table().advance();
    expect(t.refuse({ type: "choose", seat: DON, target: 9 }).rule).toBe("FLOW-3");
  });

  it("FLOW-3 the night is resolved after its last choice; the host announces it at the start of the day", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().advance();
    t.do({ type: "choose", seat: PROSTITUTE, target: null });
    t.do({ type: "choose", seat: DOCTOR, target: null });
    t.do({ type: "choose", seat: DON, target: 10 });
    t.do({ type: "choose", seat: MANIAC, target: 11 });
    expect(t.seat(10).out).toBeNull();
    t.do({ type: "choose", seat: COMMISSAR, target: null });
    expect(t.nightRole).toBe("dawn"); // HOST-4: the night is resolved when the host ends it
    expect(t.seat(10).out).toBeNull();
    t.advance();
    expect(t.seat(10).out?.cause).toBe("night");
    expect(t.seat(11).out?.cause).toBe("night");
    expect(t.state.nights[0]?.outcome?.deaths).toEqual([10, 11]);
    expect(t.step).toBe("morning");
    expect(t.viewAs("host").host?.announce?.deaths.map((d) => d.seat)).toEqual([10, 11]);
    expect(t.refuse({ actor: 10, type: "advance" }).rule).toBe("ACTOR");
  });
});

describe("the mafia's acquaintance", () => {
  it("FLOW-4 night 1 opens with the mafia's acquaintance: the mafiosi wake together", () => {
    const t = new Table()
      .advance()
      .toVoting()
      .vote((voter) => (voter === 9 ? 10 : 9));
    t.endSpeeches("lastWords");
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1, step: { kind: "acquaintance" } });
    expect(t.viewAs("host").host?.script).toMatchObject({
      role: "acquaintance",
      wake: [DON, MAFIA_A, MAFIA_B],
    });
    t.advance();
    expect(t.nightRole).toBe("prostitute");
    t.night({})
      .advance()
      .toVoting()
      .vote((voter) => (voter === 10 ? 11 : 10))
      .endSpeeches("lastWords");
    expect(t.state.phase).toMatchObject({ kind: "night", n: 2, step: { kind: "wake", role: "prostitute" } });
  });

  it("FLOW-4 a mafioso voted out on day 1 is not woken to the acquaintance", () => {
    const t = new Table()
      .advance()
      .toVoting()
      .vote((voter) => (voter === MAFIA_B ? 10 : MAFIA_B));
    t.endSpeeches("lastWords");
    expect(t.viewAs("host").host?.script?.wake).toEqual([DON, MAFIA_A]);
  });

  it("FLOW-4 before night 1 nobody knows another's card; from then on the mafiosi know each other and the Don", () => {
    const t = new Table().advance();
    expect(
      t
        .viewAs(MAFIA_A)
        .seats.filter((s) => s.card !== null)
        .map((s) => s.seat),
    ).toEqual([MAFIA_A]);
    expect(t.viewAs(MAFIA_A).you?.partners).toEqual([]);
    t.toVoting()
      .vote((voter) => (voter === 9 ? 10 : 9))
      .endSpeeches("lastWords");
    expect(t.viewAs(MAFIA_A).you?.partners).toEqual([
      { seat: DON, card: "don" },
      { seat: MAFIA_B, card: "mafia" },
    ]);
    expect(t.viewAs(DON).you?.partners.map((p) => p.seat)).toEqual([MAFIA_A, MAFIA_B]);
    expect(t.viewAs(PROSTITUTE).you?.partners).toEqual([]);
    expect(t.viewAs(8).you?.partners).toEqual([]);
    expect(
      t
        .viewAs(8)
        .seats.filter((s) => s.card !== null)
        .map((s) => s.seat),
    ).toEqual([8, 9]);
  });

  it("FLOW-4 with prostituteKnowsMafia the prostitute and the mafia learn each other on night 1", () => {
    const t = new Table({ settings: { prostituteKnowsMafia: true, firstPhase: "night" } }).advance();
    expect(t.viewAs("host").host?.script?.wake).toEqual([DON, MAFIA_A, MAFIA_B, PROSTITUTE]);
    expect(t.viewAs(PROSTITUTE).you?.partners.map((p) => p.seat)).toEqual([DON, MAFIA_A, MAFIA_B]);
    expect(t.viewAs(DON).you?.partners.map((p) => p.seat)).toEqual([MAFIA_A, MAFIA_B, PROSTITUTE]);
  });

  it("FLOW-4 with firstNightActions off, night 1 is the acquaintance only: nobody acts", () => {
    const t = new Table({ settings: { firstNightActions: false, firstPhase: "night" } }).advance();
    expect(t.nightRole).toBe("acquaintance");
    t.advance();
    expect(t.state.phase).toMatchObject({ kind: "day", n: 1, step: { kind: "morning" } });
    expect(t.state.nights[0]).toMatchObject({ choices: [], outcome: { deaths: [] } });
    t.advance()
      .toVoting()
      .vote((voter) => (voter === 9 ? 10 : 9))
      .endSpeeches("lastWords");
    expect(t.state.phase).toMatchObject({ kind: "night", n: 2, step: { kind: "wake", role: "prostitute" } });
  });
});

describe("the first night's settings with the day first", () => {
  it("FLOW-4 firstNightActions off and the day first: night 1, after day 1, is the acquaintance only", () => {
    const t = new Table({ settings: { firstNightActions: false } })
      .advance()
      .toVoting()
      .vote((voter) => (voter === 9 ? 10 : 9))
      .endSpeeches("lastWords");
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1, step: { kind: "acquaintance" } });
    expect(t.refuse({ type: "choose", seat: DON, target: 8 }).rule).toBe("FLOW-4");
    t.advance();
    expect(t.state.phase).toMatchObject({ kind: "day", n: 2, step: { kind: "morning" } });
    expect(t.state.nights[0]).toMatchObject({ n: 1, choices: [], outcome: { deaths: [] } });
    expect(t.viewAs(MAFIA_A).you?.partners.map((p) => p.seat)).toEqual([DON, MAFIA_B]);
  });

  it("FLOW-4 prostituteKnowsMafia off (default): the prostitute does not wake for the acquaintance", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance();
    expect(t.viewAs("host").host?.script?.wake).toEqual([DON, MAFIA_A, MAFIA_B]);
    t.advance();
    expect(t.viewAs(PROSTITUTE).you?.partners).toEqual([]);
    expect(t.viewAs(DON).you?.partners.map((p) => p.seat)).toEqual([MAFIA_A, MAFIA_B]);
  });
});
