// viewFor: what each viewer may know (FLOW-4, NIGHT-2, NIGHT-11, NIGHT-14, DAY-8), built from an allow-list.

import { type Card, type GameEvent, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { allViews, announce, choose, firstNight, leaks, nightUntil, voteOut } from "./night-helpers.js";
import {
  type Body,
  COMMISSAR,
  DOCTOR,
  DON,
  MAFIA_A,
  MAFIA_B,
  MANIAC,
  PROSTITUTE,
  Table,
} from "./scenario.js";

const cards = (t: Table, viewer: Parameters<typeof viewFor>[1]) =>
  viewFor(t.state, viewer).seats.map((s) => s.card);
const hidden = (seats: number[], t: Table, viewer: number): (Card | null)[] =>
  t.state.seats.map((s) => (seats.includes(s.seat) || s.seat === viewer ? s.card : null));

/** A table that scans every viewer's view for leaks after every command it applies. */
class ScannedTable extends Table {
  scans = 0;
  override do(body: Body): GameEvent[] {
    const events = super.do(body);
    for (const view of allViews(this)) {
      expect(leaks(this, view), `${String(view.viewer)} after ${body.type}`).toEqual([]);
      this.scans++;
    }
    return events;
  }
}

describe("views: cards", () => {
  it("FLOW-4 before night 1 each seat sees its own card only, the mafiosi included", () => {
    const t = new Table().advance();
    for (let seat = 1; seat <= 12; seat++) {
      expect(cards(t, seat)).toEqual(hidden([], t, seat));
      expect(viewFor(t.state, seat).you).toMatchObject({ seat, card: t.seat(seat).card, partners: [] });
    }
    expect(cards(t, "spectator").every((c) => c === null)).toBe(true);
    expect(cards(t, "host")).toEqual(t.state.seats.map((s) => s.card));
  });

  it("FLOW-4 once night 1 begins the mafiosi see each other and which of them is the Don", () => {
    const t = new Table().advance();
    voteOut(t, 12);
    expect(t.state.phase).toMatchObject({ kind: "night", n: 1, step: { kind: "acquaintance" } });
    expect(viewFor(t.state, "host").host?.script).toMatchObject({ role: "acquaintance", wake: [1, 2, 3] });
    for (const seat of [DON, MAFIA_A, MAFIA_B]) {
      expect(cards(t, seat)).toEqual(hidden([DON, MAFIA_A, MAFIA_B, 12], t, seat));
      expect(viewFor(t.state, seat).you?.partners).toEqual(
        [DON, MAFIA_A, MAFIA_B].filter((s) => s !== seat).map((s) => ({ seat: s, card: t.seat(s).card })),
      );
    }
    for (const seat of [PROSTITUTE, COMMISSAR, MANIAC, 8])
      expect(cards(t, seat)).toEqual(hidden([12], t, seat));
  });

  it("FLOW-4 prostituteKnowsMafia: the prostitute and the mafia learn each other on night 1", () => {
    const t = firstNight({ prostituteKnowsMafia: true });
    expect(viewFor(t.state, PROSTITUTE).you?.partners.map((p) => p.seat)).toEqual([DON, MAFIA_A, MAFIA_B]);
    expect(cards(t, MAFIA_A)).toEqual(hidden([DON, MAFIA_B, PROSTITUTE], t, MAFIA_A));
    const u = new Table({ settings: { firstPhase: "night", prostituteKnowsMafia: true } }).advance();
    expect(viewFor(u.state, "host").host?.script).toMatchObject({ role: "acquaintance", wake: [1, 2, 3, 4] });
  });
});

describe("views: the commissar and the frozen", () => {
  it("NIGHT-11 the commissar sees his checks; nobody else does, the host aside", () => {
    const t = firstNight();
    t.night({ commissar: MAFIA_B });
    announce(t);
    voteOut(t, 12);
    t.night({ commissar: MANIAC });
    const checks = [
      { night: 1, target: MAFIA_B, black: true },
      { night: 2, target: MANIAC, black: false },
    ];
    expect(viewFor(t.state, COMMISSAR).you?.checks).toEqual(checks);
    for (let seat = 1; seat <= 12; seat++)
      if (seat !== COMMISSAR) expect(viewFor(t.state, seat).you?.checks).toEqual([]);
    expect(viewFor(t.state, "spectator").you).toBeNull();
    expect(viewFor(t.state, "host").host?.nights[1]?.choices).toContainEqual({
      role: "commissar",
      seat: COMMISSAR,
      target: MANIAC,
    });
    expect(viewFor(t.state, COMMISSAR).seats[MAFIA_B - 1]?.card).toBeNull(); // a check is no card
  });

  it("NIGHT-2 a frozen woken player learns he was frozen, when woken, and nothing more", () => {
    const t = firstNight();
    nightUntil(t, "mafia", { prostitute: MANIAC });
    expect(viewFor(t.state, MANIAC).you?.frozenNights).toEqual([]); // not yet woken
    choose(t, DON, null);
    const maniac = viewFor(t.state, MANIAC);
    expect(maniac.you?.frozenNights).toEqual([1]);
    expect(maniac.you?.awaited).toBe(true);
    expect(maniac.actions).toEqual([{ actor: MANIAC, type: "choose", seat: MANIAC, target: null }]);
    expect(maniac.seats[PROSTITUTE - 1]?.card).toBeNull();
    expect(leaks(t, maniac)).toEqual([]);
    t.night({});
    expect(viewFor(t.state, MANIAC).you?.frozenNights).toEqual([1]);
    expect(viewFor(t.state, PROSTITUTE).you?.frozenNights).toEqual([]);
  });

  it("NIGHT-2 nobody is told of a freeze with no effect: on a civilian, on herself, or cancelled by a heal", () => {
    for (const [freeze, heal] of [
      [8, null],
      [PROSTITUTE, null],
      [DOCTOR, null],
      [COMMISSAR, COMMISSAR],
    ] as const) {
      const t = firstNight();
      t.night({ prostitute: freeze, doctor: heal });
      for (let seat = 1; seat <= 12; seat++) {
        const told = seat === freeze && freeze === DOCTOR ? [1] : [];
        expect(viewFor(t.state, seat).you?.frozenNights).toEqual(told);
      }
    }
  });

  it("NIGHT-2 the lone prostitute who froze herself is shown no gesture at her shot", () => {
    const t = firstNight();
    for (const seat of [DON, MAFIA_A, MAFIA_B]) t.do({ type: "disqualify", seat });
    nightUntil(t, "mafia", { prostitute: PROSTITUTE });
    expect(viewFor(t.state, "host").host?.script).toMatchObject({ wake: [PROSTITUTE], gesture: [] });
  });
});

describe("views: the host", () => {
  it("HOST-1 the host sees every card and the night script: whom to wake, whom to show the gesture", () => {
    const t = firstNight();
    expect(viewFor(t.state, "host").phase.step).toBe("prostitute");
    choose(t, PROSTITUTE, DON);
    choose(t, DOCTOR, 8);
    const host = viewFor(t.state, "host");
    expect(host.phase.step).toBe("mafia");
    expect(host.host?.script).toMatchObject({ role: "mafia", wake: [1, 2, 3], gesture: [DON] });
    expect(host.host?.script?.choosers.map((c) => c.seat)).toEqual([MAFIA_A, MAFIA_B]);
    expect(host.host?.nights[0]?.choices).toEqual([
      { role: "prostitute", seat: PROSTITUTE, target: DON },
      { role: "doctor", seat: DOCTOR, target: 8 },
    ]);
    expect(host.host?.awaiting).toEqual([MAFIA_A, MAFIA_B]);
    expect(viewFor(t.state, 8).phase.step).toBeNull();
  });

  it("NIGHT-14 the host's morning card says what to announce, before anyone else knows it", () => {
    const t = firstNight();
    t.night({ mafia: COMMISSAR, maniac: 9, commissar: MAFIA_A }, true);
    const card = viewFor(t.state, "host").host?.announce;
    expect(card).toEqual({
      n: 1,
      deaths: [
        { seat: COMMISSAR, card: "commissar" },
        { seat: 9, card: "civilian" },
      ],
      note: { commissar: COMMISSAR, target: MAFIA_A, black: true },
    });
    announce(t);
    expect(viewFor(t.state, "host").host?.announce).toBeNull();
    expect(viewFor(t.state, 8).nights).toEqual([card]);
  });

  it("NIGHT-12 the host's card at the end of a game-ending night reads no note", () => {
    const t = firstNight();
    for (const seat of [MANIAC, DOCTOR, 8, 9, 10, 11, 12]) t.do({ type: "disqualify", seat });
    t.night({ mafia: COMMISSAR, commissar: DON }, true);
    expect(t.state.phase.kind).toBe("ended");
    expect(viewFor(t.state, "host").host?.announce).toEqual({
      n: 1,
      deaths: [{ seat: COMMISSAR, card: "commissar" }],
      note: null,
    });
  });

  it("HOST-2 a game ended by the day's vote has no morning card to announce", () => {
    const t = firstNight();
    t.night({ mafia: 9 });
    announce(t);
    for (const seat of [MAFIA_A, MAFIA_B, PROSTITUTE]) t.do({ type: "disqualify", seat });
    t.toVoting().vote((voter) => (voter === DON ? 8 : DON));
    expect(t.state.result).toMatchObject({ winner: "red", when: { kind: "day", n: 1 } });
    expect(viewFor(t.state, "host").host?.announce).toBeNull();
  });
});

describe("views: what is public", () => {
  it("DAY-8 night deaths are not public before the host's announcement", () => {
    const t = firstNight();
    t.night({ mafia: 9, maniac: 10 });
    for (const viewer of ["spectator", 9, 10, 11, DON] as const) {
      const view = viewFor(t.state, viewer);
      expect(view.seats.map((s) => s.out)).toEqual(Array(12).fill(null));
      expect(view.nights).toEqual([]);
    }
    expect(viewFor(t.state, "host").seats[8]?.out).toEqual({ cause: "night", kind: "night", n: 1 });
    announce(t);
    for (const viewer of ["spectator", 9, 11] as const) {
      const view = viewFor(t.state, viewer);
      expect(view.seats[8]?.out).toEqual({ cause: "night", kind: "night", n: 1 });
      expect(view.nights.map((n) => n.deaths.map((d) => d.seat))).toEqual([[9, 10]]);
    }
  });

  it("DAY-8 a quiet night is reported only once the host has announced it", () => {
    const t = firstNight();
    t.night({});
    expect(viewFor(t.state, "spectator").nights).toEqual([]);
    announce(t);
    expect(viewFor(t.state, "spectator").nights).toEqual([{ n: 1, deaths: [], note: null }]);
  });

  it("DAY-8 a spectator sees public facts only: seats, fouls, votes, speeches, announced results", () => {
    const t = new Table().advance();
    t.do({ type: "foul", seat: 8, reason: "insult" });
    t.do({ actor: 9, type: "speak", seat: 9, text: "hello city" });
    voteOut(t, 12);
    const view = viewFor(t.state, "spectator");
    expect(view.you).toBeNull();
    expect(view.host).toBeNull();
    expect(view.actions).toEqual([]);
    expect(view.phase).toMatchObject({ kind: "night", n: 1, step: null });
    expect(view.seats[7]?.fouls).toBe(1);
    expect(view.seats[11]).toMatchObject({ card: "civilian", out: { cause: "vote", kind: "day", n: 1 } });
    expect(view.votings[0]?.eliminated).toEqual([12]);
    expect(view.speeches.map((s) => s.text)).toEqual(["hello city"]);
    expect(view.seats.filter((s) => s.card !== null).map((s) => s.seat)).toEqual([12]);
    expect(leaks(t, view)).toEqual([]);
  });

  it("HOST-2 the winner is public only once the host announces it; then every card is", () => {
    const t = new Table().advance();
    for (const seat of [DON, MAFIA_A, MAFIA_B, PROSTITUTE]) t.do({ type: "disqualify", seat });
    expect(viewFor(t.state, "spectator").result).toBeNull();
    expect(viewFor(t.state, 8).result).toBeNull();
    expect(viewFor(t.state, "host").result).toMatchObject({ winner: "red", announced: false });
    expect(cards(t, "spectator")[MANIAC - 1]).toBeNull();
    t.do({ type: "announceResult" });
    expect(viewFor(t.state, "spectator").result).toMatchObject({ winner: "red", announced: true });
    expect(cards(t, "spectator")).toEqual(t.state.seats.map((s) => s.card));
  });
});

describe("views: no leaks in a whole game", () => {
  const play = (t: ScannedTable) => {
    t.advance(); // the deal
    t.do({ actor: 8, type: "speak", seat: 8, text: "good evening" });
    t.do({ type: "remark", seat: 9, reason: "loud" });
    voteOut(t, 12);
    t.night({ prostitute: MANIAC, doctor: 8, mafia: 9, commissar: DON }, false);
    announce(t);
    voteOut(t, 10);
    t.night({ prostitute: DON, doctor: DOCTOR, mafia: COMMISSAR, maniac: 11, commissar: MAFIA_A }, true);
    announce(t);
    t.toVoting().vote((voter) => (voter === DON ? 8 : DON));
    t.do({ actor: DON, type: "grave", seat: DON, target: 8 });
    t.endSpeeches("lastWords");
    t.night({ doctor: MANIAC, mafia: MANIAC, maniac: MAFIA_A });
    while (t.state.phase.kind !== "ended") {
      if (t.state.phase.kind === "night") t.night({});
      else {
        const black = t.state.seats.find(
          (s) => s.out === null && ["don", "mafia", "prostitute"].includes(s.card),
        );
        voteOut(t, black?.seat as number);
      }
    }
    t.do({ type: "announceResult" });
    t.do({ type: "nominate", candidate: MANIAC });
    t.do({ type: "closeNominations" });
  };

  it("NIGHT-14 no seat or spectator view ever holds another's hidden card or night choice", () => {
    const t = new ScannedTable();
    play(t);
    expect(t.state.phase.kind).toBe("rating");
    expect(t.scans).toBeGreaterThan(1000);
  });

  it("NIGHT-14 no leaks with prostituteKnowsMafia on and revealNightVictims off", () => {
    const t = new ScannedTable({ settings: { prostituteKnowsMafia: true, revealNightVictims: false } });
    play(t);
    expect(t.state.phase.kind).toBe("rating");
  });

  it("NIGHT-14 the leak scan itself catches a hidden card and a night choice", () => {
    const t = firstNight();
    choose(t, PROSTITUTE, 9);
    const view = viewFor(t.state, 8);
    const seats = view.seats.map((s) => (s.seat === DON ? { ...s, card: "don" as const } : s));
    expect(leaks(t, { ...view, seats })).toContain("seat 1's card don is shown");
    const host = viewFor(t.state, "host");
    expect(leaks(t, { ...view, votings: host.host?.nights as never })).toContain('the view holds "choices"');
  });
});

describe("the view's version", () => {
  it("DAY-8 NIGHT-2 a player's morning view does not count the night's steps: a frozen Don's night looks like any other", () => {
    const mornings = [null, DON].map((freeze) => {
      const t = new Table({ settings: { firstPhase: "night" } }).advance();
      t.night({ prostitute: freeze, mafia: 10 });
      expect(t.step).toBe("morning");
      return { host: t.viewAs("host").version, seat: t.viewAs(9).version, tv: t.viewAs("spectator").version };
    });
    // The host's version counts the mafiosi choosing in the frozen Don's place; nobody else has one.
    expect(mornings[1]?.host).toBe((mornings[0]?.host as number) + 1);
    for (const m of mornings) expect([m.seat, m.tv]).toEqual([null, null]);
  });
});
