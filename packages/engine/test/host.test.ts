import { type Command, decide, replay, type Seat } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { COMMISSAR, DON, MAFIA_A, MAFIA_B, MANIAC, PROSTITUTE, Table } from "./scenario.js";

/** Everyone votes seat 9, who votes seat 10. */
const outNine = (voter: Seat) => (voter === 9 ? 10 : 9);

/** Day 1 with only the prostitute left of the black team. */
function lastBlackStanding(): Table {
  return new Table().advance().disqualifySeats(DON, MAFIA_A, MAFIA_B).toVoting();
}

describe("the host runs the game", () => {
  it("HOST-1 the host is no player: a game seats twelve players and the host holds no card", () => {
    const t = new Table();
    expect(t.state.seats).toHaveLength(12);
    expect(t.viewAs("host").you).toBeNull();
    expect(t.refuse({ type: "speak", seat: "host" as never, text: "hi" }).rule).toBe("COMMAND");
  });

  it("HOST-1 the host enters a player's choice as that player's own: in turn and as the player chose", () => {
    const t = new Table().advance().toVoting();
    const events = t.do({ type: "vote", voter: 2, target: 9 });
    expect(events).toMatchObject([{ type: "voted", voter: 2, target: 9, by: "host" }]);
    expect(t.refuse({ type: "vote", voter: 4, target: 9 }).rule).toBe("DAY-3");
  });

  it("HOST-1 the host cannot pass over a player's choice: not a vote, nor a night choice", () => {
    const t = new Table().advance().toVoting();
    expect(t.refuse({ type: "advance" }).rule).toBe("DAY-3");
    t.vote(outNine).endSpeeches("lastWords").advance();
    expect(t.nightRole).toBe("prostitute");
    expect(t.refuse({ type: "advance" }).rule).toBe("FLOW-3");
  });

  it("HOST-1 the host does not interfere with the Don's grave, whoever he names", () => {
    const t = new Table()
      .advance()
      .toVoting()
      .vote((voter) => (voter === DON ? 8 : DON));
    t.do({ type: "grave", seat: DON, target: PROSTITUTE });
    expect(t.seat(PROSTITUTE).out?.cause).toBe("grave");
  });
});

describe("announcements", () => {
  it("HOST-2 only the host announces the night's results", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().night({ mafia: 9 });
    expect(t.step).toBe("morning");
    expect(t.refuse({ actor: 9, type: "advance" }).rule).toBe("ACTOR");
    expect(t.refuse({ actor: 9, type: "speak", seat: 9, text: "I'm dead" }).rule).toBe("FOUL-1");
    t.advance();
    expect(t.viewAs(8).seats[8]?.out).toEqual({ cause: "night", kind: "night", n: 1 });
  });

  it("HOST-2 only the host announces the winner, and only once the game is over", () => {
    const t = lastBlackStanding();
    expect(t.refuse({ type: "announceResult" }).rule).toBe("HOST-2");
    t.vote((voter) => (voter === PROSTITUTE ? 8 : PROSTITUTE));
    expect(t.refuse({ actor: 8, type: "announceResult" }).rule).toBe("ACTOR");
    expect(t.refuse({ type: "advance" }).rule).toBe("HOST-2");
    const events = t.do({ type: "announceResult" });
    expect(events).toMatchObject([{ type: "resultAnnounced", by: "host" }]);
    expect(t.state.result).toMatchObject({ winner: "red", announced: true });
    expect(t.step).toBe("nominations");
    expect(t.refuse({ type: "announceResult" }).rule).toBe("HOST-2");
  });

  it("HOST-2 a night that ends the game is announced with the result", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance();
    t.disqualifySeats(MAFIA_A, MAFIA_B, PROSTITUTE, COMMISSAR, 6, 8, 9, 10, 11, 12);
    t.night({ maniac: DON });
    expect(t.state.result?.winner).toBe("red");
    expect(t.viewAs(MANIAC).seats[DON - 1]?.out).toBeNull();
    t.do({ type: "announceResult" });
    expect(t.viewAs(MANIAC).seats[DON - 1]).toMatchObject({ out: { cause: "night" }, card: "don" });
  });
});

describe("undo", () => {
  it("HOST-3 the host undoes step by step, back to the same position", () => {
    const t = new Table().advance().toVoting();
    const positions = [t.position()];
    for (const voter of [2, 3, 4]) {
      t.do({ type: "vote", voter, target: 9 });
      positions.push(t.position());
    }
    for (let i = 2; i >= 0; i--) {
      t.do({ type: "undo" });
      expect(t.position()).toBe(positions[i]);
    }
    expect(t.current).toBe(2);
    expect(t.state.undos).toBe(3);
  });

  it("HOST-3 undo reaches back across steps and phases, night choices included", () => {
    const t = new Table().advance().toVoting().vote(outNine).endSpeeches("lastWords");
    const evening = t.position();
    t.night({ mafia: COMMISSAR });
    expect(t.seat(COMMISSAR).out?.cause).toBe("night");
    for (let i = 0; i < 7; i++) t.do({ type: "undo" }); // the night's end, five choices, the acquaintance
    expect(t.position()).toBe(evening);
    expect(t.seat(COMMISSAR).out).toBeNull();
  });

  it("HOST-3 until the result is announced, even the step that ended the game can be undone", () => {
    const t = lastBlackStanding();
    const voters = t.viewAs("host").phase.queue;
    for (const voter of voters.slice(0, -1)) t.do({ type: "vote", voter, target: PROSTITUTE });
    const beforeLastVote = t.position();
    const last = voters.at(-1) as Seat;
    t.do({ type: "vote", voter: last, target: last === PROSTITUTE ? 8 : PROSTITUTE });
    const beforeCount = t.position();
    t.count();
    expect(t.state.result?.winner).toBe("red");
    expect(t.state.phase.kind).toBe("ended");
    t.do({ type: "undo" });
    expect(t.state.result).toBeNull();
    expect(t.position()).toBe(beforeCount);
    t.do({ type: "undo" });
    expect(t.position()).toBe(beforeLastVote);
    expect(t.state.phase).toMatchObject({ kind: "day", n: 1, step: { kind: "voting" } });
    expect(t.seat(PROSTITUTE).out).toBeNull();
  });

  it("HOST-3 a night that ended the game is undone choice by choice", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance();
    t.disqualifySeats(MAFIA_A, MAFIA_B, PROSTITUTE, COMMISSAR, 6, 8, 9, 10, 11, 12);
    t.night({ mafia: MANIAC, maniac: DON });
    expect(t.state.result?.winner).toBe("draw");
    t.do({ type: "undo" });
    expect(t.state.result).toBeNull();
    expect(t.nightRole).toBe("dawn");
    t.do({ type: "undo" });
    expect(t.nightRole).toBe("maniac");
    t.do({ type: "choose", seat: MANIAC, target: null });
    t.advance();
    expect(t.state.result?.winner).toBe("black");
  });

  it("HOST-3 a redeal can be undone: the first deal is back", () => {
    const t = new Table();
    const first = t.state.seats.map((s) => s.card);
    t.do({ type: "redeal", seed: "second" });
    t.do({ type: "undo" });
    expect(t.state.seats.map((s) => s.card)).toEqual(first);
    expect(t.state.deals).toBe(1);
  });

  it("HOST-3 once the result is announced it is final: undo is refused", () => {
    const t = lastBlackStanding();
    t.vote((voter) => (voter === PROSTITUTE ? 8 : PROSTITUTE));
    t.do({ type: "announceResult" });
    expect(t.refuse({ type: "undo" }).rule).toBe("HOST-3");
    expect(t.viewAs("host").host?.canUndo).toBe(false);
    t.do({ type: "closeNominations" });
    t.do({ type: "undo" }); // the rating's own steps can be undone (rating.test.ts), the result not
    expect(t.refuse({ type: "undo" }).rule).toBe("HOST-3");
  });

  it("HOST-3 every correction is recorded in the game's history, and the record replays to the same game", () => {
    const t = new Table().advance().toVoting();
    t.do({ type: "vote", voter: 2, target: 9 });
    t.do({ type: "undo" });
    t.do({ type: "vote", voter: 2, target: 10 });
    expect(t.events.map((e) => e.type).slice(-3)).toEqual(["voted", "undone", "voted"]);
    expect(t.state.undos).toBe(1);
    expect(t.viewAs("host").host?.undos).toBe(1);
    expect(replay(t.events)).toEqual(t.state);
  });

  it("HOST-3 undo skips what was said: speech lines stay in the record", () => {
    const t = new Table().advance();
    t.do({ type: "foul", seat: 8, reason: "insult" });
    t.do({ actor: 8, type: "speak", seat: 8, text: "Sorry" });
    t.do({ type: "undo" });
    expect(t.seat(8).fouls).toBe(0);
    expect(t.state.speeches.map((s) => s.text)).toEqual(["Sorry"]);
  });

  it("HOST-3 with nothing done there is nothing to undo, and only the host undoes", () => {
    const t = new Table();
    expect(t.refuse({ type: "undo" }).rule).toBe("HOST-3");
    expect(t.viewAs("host").host?.canUndo).toBe(false);
    t.advance();
    expect(t.refuse({ actor: 3, type: "undo" }).rule).toBe("ACTOR");
    expect(t.viewAs("host").host?.canUndo).toBe(true);
  });
});

describe("who may send a command, and its shape", () => {
  it("ACTOR the actor is the host or a seat 1–12", () => {
    const t = new Table().advance();
    for (const actor of [0, 13, 2.5, "player", null]) {
      expect(t.refuse({ actor: actor as never, type: "speak", seat: 8, text: "hi" }).rule).toBe("ACTOR");
    }
  });

  it("ACTOR a player acts only for himself", () => {
    const t = new Table().advance().toVoting();
    expect(t.refuse({ actor: 3, type: "vote", voter: 2, target: 9 }).rule).toBe("ACTOR");
    expect(t.refuse({ actor: 3, type: "speak", seat: 2, text: "I am seat 2" }).rule).toBe("ACTOR");
    t.do({ actor: 2, type: "vote", voter: 2, target: 9 });
  });

  it("ACTOR the host's commands are the host's alone", () => {
    const t = new Table().advance();
    expect(t.refuse({ actor: 5, type: "advance" }).rule).toBe("ACTOR");
    expect(t.refuse({ actor: 5, type: "foul", seat: 6, reason: "insult" }).rule).toBe("ACTOR");
    expect(t.refuse({ actor: 5, type: "remark", seat: 6, reason: "loud" }).rule).toBe("ACTOR");
    expect(t.refuse({ actor: 5, type: "disqualify", seat: 6 }).rule).toBe("ACTOR");
    expect(t.refuse({ actor: 5, type: "undo" }).rule).toBe("ACTOR");
  });

  it("COMMAND a command is an object that carries its time", () => {
    const t = new Table().advance();
    for (const bad of [null, "advance", 42]) {
      const decision = decide(t.state, bad as never);
      expect(decision.ok ? null : decision.error.rule).toBe("COMMAND");
    }
    for (const at of [undefined, Number.NaN, Number.POSITIVE_INFINITY, "now"]) {
      const decision = decide(t.state, { actor: "host", type: "advance", at } as never);
      expect(decision.ok ? null : decision.error.rule).toBe("COMMAND");
    }
  });

  it("COMMAND an unknown command type is refused as such, in every phase", () => {
    const t = new Table();
    const unknown = { actor: "host", type: "shoot", seat: 1, at: 5 } as unknown as Command;
    const before = JSON.stringify(t.state);
    for (let step = 0; step < 3; step++) {
      const decision = decide(t.state, unknown);
      expect(decision.ok ? null : decision.error.rule).toBe("COMMAND");
      t.advance();
    }
    expect(JSON.stringify(t.state)).not.toBe(before);
  });

  it("COMMAND seats, texts and flags must have their shape", () => {
    const t = new Table().advance();
    expect(t.refuse({ type: "foul", seat: 13, reason: "insult" }).rule).toBe("COMMAND");
    expect(t.refuse({ actor: 8, type: "speak", seat: 8, text: "   " }).rule).toBe("COMMAND");
    expect(t.refuse({ actor: 8, type: "speak", seat: 8, text: "x".repeat(1001) }).rule).toBe("COMMAND");
    expect(t.refuse({ type: "foul", seat: 8, reason: "other", note: "x".repeat(501) }).rule).toBe("COMMAND");
    t.toVoting();
    expect(t.refuse({ type: "vote", voter: "2" as never, target: 9 }).rule).toBe("COMMAND");
  });

  it("COMMAND night choices and answers must have their shape", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().advance();
    expect(t.refuse({ type: "choose", seat: PROSTITUTE, target: 13 }).rule).toBe("COMMAND");
    expect(t.refuse({ type: "choose", seat: 0, target: 9 }).rule).toBe("COMMAND");
    t.night({ commissar: DON }); // skips to the commissar, whose note decision is asked
    expect(t.state.phase.kind).toBe("day");
  });
});

describe("undoing the end of the game", () => {
  it("HOST-3 a Don's grave that ended the game is undone: the game goes on and the Don chooses again", () => {
    const t = new Table().advance().disqualifySeats(5, 6, 7, 8, 9, 10, 11);
    t.toVoting().vote((voter) => (voter === DON ? 12 : DON)); // living: the black four and seat 12
    const beforeGrave = t.position();
    t.do({ type: "grave", seat: DON, target: 12 });
    expect(t.state.result?.winner).toBe("black");
    t.do({ type: "undo" });
    expect(t.position()).toBe(beforeGrave);
    expect(t.state.result).toBeNull();
    t.do({ type: "grave", seat: DON, target: null });
    expect(t.seat(12).out).toBeNull();
  });

  it("HOST-3 a removal that ended the game is undone until the result is announced, and each undo is an event", () => {
    const t = new Table().advance().disqualifySeats(DON, MAFIA_A, MAFIA_B);
    t.giveFouls(PROSTITUTE, 5);
    expect(t.state.result?.winner).toBe("red");
    const events = t.do({ type: "undo" });
    expect(events).toMatchObject([{ type: "undone", by: "host" }]);
    expect(t.state.result).toBeNull();
    expect(t.seat(PROSTITUTE)).toMatchObject({ out: null, fouls: 4 });
    t.do({ type: "undo" });
    expect(t.seat(PROSTITUTE).fouls).toBe(3);
    expect(t.state.undos).toBe(2);
    expect(t.events.filter((e) => e.type === "undone")).toHaveLength(2);
    expect(replay(t.events)).toEqual(t.state);
  });
});

describe("a night that ends the game, before the announcement", () => {
  /** Night 1 with the mafiosi removed but the Don: the maniac's kill of the Don ends it, red wins. */
  function donKilledLast(): Table {
    const t = new Table({ settings: { firstPhase: "night" } }).advance();
    t.disqualifySeats(MAFIA_A, MAFIA_B, PROSTITUTE);
    return t.night({ maniac: DON });
  }

  it("HOST-2 DAY-8 to the players and spectators the game is still that night until the host announces the result", () => {
    const t = donKilledLast();
    expect(t.state.phase.kind).toBe("ended");
    expect(t.viewAs("host").phase).toMatchObject({ kind: "ended" });
    for (const viewer of [8, MANIAC, DON, "spectator"] as const) {
      const view = t.viewAs(viewer);
      expect(view.phase).toMatchObject({ kind: "night", n: 1, step: null, since: 0 });
      expect(view.version).toBeNull();
      expect(view.result).toBeNull();
      expect(view.seats[DON - 1]).toMatchObject({ out: null, card: viewer === DON ? "don" : null });
    }
    expect(t.viewAs(8).you?.silenced).toBe("FOUL-1");
    expect(t.refuse({ actor: 8, type: "speak", seat: 8, text: "is it over?" }).rule).toBe("FOUL-1");
    t.do({ type: "announceResult" });
    expect(t.viewAs(8).phase.kind).toBe("rating");
    expect(t.viewAs(8).result).toMatchObject({ winner: "red", announced: true });
    expect(t.viewAs(8).you?.silenced).toBeNull();
  });

  it("HOST-2 a game ended in the day is over for everyone at once: the city is awake and may talk", () => {
    const t = lastBlackStanding();
    t.vote((voter) => (voter === PROSTITUTE ? 8 : PROSTITUTE));
    expect(t.viewAs(8).phase.kind).toBe("ended");
    expect(t.viewAs(8).result).toBeNull();
    expect(t.viewAs(8).you?.silenced).toBeNull();
  });
});
