// The facts the views carry so that no client works a rule out for itself: the floor (DAY-2, DAY-6,
// DAY-7, DON-1), the Don's grave (DON-1, DON-2), the check just answered (NIGHT-11), the host's next
// step (HOST-4), what fouls take away (FOUL-3…5), a public card (DAY-7, FOUL-5), the seat commands
// (ACTOR), the queue still to come (DAY-5, FOUL-4), and views that share nothing with the state.

import { CARDS, FOUL_LIMITS, SEAT_COMMANDS, type Seat, seatMaySend, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { choose, firstNight, nightUntil } from "./night-helpers.js";
import { COMMISSAR, DOCTOR, DON, MANIAC, Table } from "./scenario.js";

const outDon = (voter: Seat) => (voter === DON ? 8 : DON);
const donVotedOut = () => new Table().advance().toVoting().vote(outDon);

describe("view facts: the floor and the grave", () => {
  it("DAY-2 the accusation speaker has the floor, for his accusation", () => {
    const t = new Table().advance().advance();
    expect(t.step).toBe("accusations");
    for (const viewer of ["host", 5, "spectator"] as const)
      expect(viewFor(t.state, viewer).phase.floor).toEqual({ seat: 1, why: "accusation" });
  });

  it("DON-1 the voted-out Don has the floor for his grave, told only to who knows he is the Don", () => {
    const t = donVotedOut();
    expect(t.viewAs("host").phase.floor).toEqual({ seat: DON, why: "grave" });
    expect(t.viewAs("host").host?.grave).toEqual({ don: DON, open: true, chosen: false, lost: null });
    // DAY-7: his card is revealed at his last word, so the city may know it too.
    const known = t.viewAs(8).seats[DON - 1]?.card === "don";
    expect(t.viewAs(8).phase.floor).toEqual({ seat: DON, why: known ? "grave" : "lastWord" });
    expect(t.viewAs(8).host).toBeNull();
  });

  it("DON-1 once the Don has chosen, the grave is closed and the view says why", () => {
    const t = donVotedOut();
    t.do({ type: "grave", seat: DON, target: null });
    const grave = t.viewAs("host").host?.grave;
    expect(grave).toMatchObject({ don: DON, open: false, chosen: true, lost: { rule: "DON-1" } });
    expect(t.viewAs("host").phase.floor).toEqual({ seat: DON, why: "lastWord" });
  });

  it("DON-2 a Don with two fouls has lost his grave, and the view names DON-2", () => {
    const t = new Table().advance().giveFouls(DON, 2).toVoting().vote(outDon);
    expect(t.viewAs("host").host?.grave).toMatchObject({
      don: DON,
      open: false,
      chosen: false,
      lost: { rule: "DON-2" },
    });
    expect(t.viewAs("host").phase.floor).toEqual({ seat: DON, why: "lastWord" });
  });

  it("DAY-7 a last word that is not the Don's has no grave", () => {
    const t = new Table()
      .advance()
      .toVoting()
      .vote((voter) => (voter === 8 ? 9 : 8));
    expect(t.viewAs("host").phase.floor).toEqual({ seat: 8, why: "lastWord" });
    expect(t.viewAs("host").host?.grave).toBeNull();
  });
});

describe("view facts: the host's next step (HOST-4)", () => {
  it("HOST-4 the host's step is named by the engine at every moment of a day", () => {
    const t = new Table();
    const next = () => t.viewAs("host").host?.next?.kind ?? null;
    expect(next()).toBe("startGame");
    t.advance();
    expect(next()).toBe("endDiscussion");
    t.advance();
    expect(next()).toBe("nextSpeaker");
    while (t.viewAs("host").phase.upcoming.length > 0) t.advance();
    expect(next()).toBe("startVote");
    t.advance().ballots(outDon);
    expect(next()).toBe("announceCount");
    t.count();
    expect(next()).toBe("endLastWords");
    expect(t.viewAs(8).host).toBeNull();
  });

  it("HOST-4 while a voter is still to vote the host has no step; the night ends with his", () => {
    const t = new Table().advance().toVoting();
    expect(t.viewAs("host").host?.next).toBeNull();
    t.vote(outDon).advance();
    expect(t.viewAs("host").host?.next).toEqual({ kind: "endAcquaintance", command: "advance" });
  });
});

describe("view facts: the queue still to come", () => {
  it("DAY-5 FOUL-4 the accusations pass over a muted player: the view lists who is still to speak", () => {
    const t = new Table().advance().giveFouls(3, 3).advance();
    const phase = t.viewAs("host").phase;
    expect(phase.passedOver).toEqual([3]);
    expect(phase.upcoming).not.toContain(3);
    expect(phase.upcoming[0]).toBe(2);
  });
});

describe("view facts: the check just answered", () => {
  it("NIGHT-11 the host's view carries the check the commissar just made, and only right after it", () => {
    const t = nightUntil(firstNight(), "commissar");
    expect(t.viewAs("host").host?.answered).toBeNull();
    choose(t, COMMISSAR, DON);
    expect(t.viewAs("host").host?.answered).toEqual({ night: 1, target: DON, black: true });
    expect(t.viewAs(COMMISSAR).host).toBeNull();
    t.do({ type: "note", seat: COMMISSAR, leave: false });
    expect(t.viewAs("host").host?.answered).toBeNull();
  });
});

describe("view facts: fouls, cards, commands", () => {
  it("FOUL-3 FOUL-4 FOUL-5 DON-2 the view carries what a number of fouls takes away", () => {
    const t = new Table().advance();
    expect(t.viewAs(5).foulLimits).toEqual({ foulVote: 2, muted: 3, noVote: 4, removed: 5 });
    t.giveFouls(9, FOUL_LIMITS.muted);
    expect(t.viewAs("spectator").seats[8]).toMatchObject({ fouls: 3, muted: true, noVote: false });
    t.giveFouls(9, 2);
    expect(t.viewAs("spectator").seats[8]?.out?.cause).toBe("fouls");
  });

  it("FOUL-5 DAY-8 a card is public once revealed, or when the result is announced", () => {
    const t = new Table().advance().giveFouls(9, 5);
    expect(t.viewAs("host").seats[8]?.cardPublic).toBe(true);
    expect(t.viewAs("host").seats[9]?.cardPublic).toBe(false);
  });

  it("SETUP-2 the card order is the engine's", () => {
    expect(CARDS).toEqual(["don", "mafia", "prostitute", "commissar", "doctor", "maniac", "civilian"]);
  });

  it("ACTOR a seat may send only the seat commands: the engine refuses the rest by its list", () => {
    expect(SEAT_COMMANDS).toContain("vote");
    expect(seatMaySend("advance")).toBe(false);
    expect(seatMaySend("choose")).toBe(true);
    const t = new Table();
    for (const type of ["advance", "undo", "announceResult", "closeRating"] as const)
      expect(t.refuse({ actor: 3, type } as never).rule).toBe("ACTOR");
  });
});

describe("view facts: explicit copies", () => {
  it("a view shares no object with the state: changing it cannot change the game", () => {
    const t = new Table().advance().toVoting().vote(outDon);
    const view = t.viewAs("host");
    expect(view.votings[0]).toEqual(t.state.votings[0]);
    expect(view.votings[0]).not.toBe(t.state.votings[0]);
    expect(view.votings[0]?.ballots).not.toBe(t.state.votings[0]?.ballots);
    expect(view.settings).toEqual(t.state.settings);
    expect(view.settings).not.toBe(t.state.settings);
    expect(view.settings.discussionSeconds).not.toBe(t.state.settings.discussionSeconds);
    expect(view.phase.queue).not.toBe((t.state.phase as { step: { queue: unknown } }).step.queue);
  });
});

describe("view facts: the running count (HOST-4)", () => {
  it("DAY-4 FOUL-3 the running tally counts foul votes in the day's vote and voids a removed player's votes", () => {
    const t = new Table().advance().giveFouls(9, 2).toVoting();
    t.do({ type: "vote", voter: t.current as Seat, target: 8 });
    expect(t.viewAs(5).phase.tally).toEqual([
      { seat: 8, voters: [2], foulVotes: 0, total: 1, void: false },
      { seat: 9, voters: [], foulVotes: 1, total: 1, void: false },
    ]);
    t.do({ type: "disqualify", seat: 8 });
    expect(t.viewAs("host").phase.tally[1]).toEqual({
      seat: 8,
      voters: [2],
      foulVotes: 0,
      total: 0,
      void: true,
    });
  });

  it("DAY-3 DAY-4 FOUL-3 the running tally is the count's own: what it shows is what is counted", () => {
    const t = new Table().advance().giveFouls(9, 3).toVoting();
    t.ballots((voter) => (voter % 3 === 0 ? 8 : voter % 3 === 1 ? 9 : 10));
    t.do({ type: "disqualify", seat: 10 });
    const shown = t.viewAs("host").phase.tally.filter((r) => r.total > 0);
    t.count();
    const counted = t.state.votings.at(-1)?.tally ?? [];
    const bySeat = <T extends { seat: Seat }>(rows: readonly T[]): T[] =>
      [...rows].sort((a, b) => a.seat - b.seat);
    expect(bySeat(shown).map((r) => ({ seat: r.seat, votes: r.total }))).toEqual(bySeat(counted));
    expect(counted.length).toBeGreaterThan(0);
  });

  it("DAY-6 the lift-all count says how many yes it needs", () => {
    const tie = (voter: Seat) => (voter <= 5 || voter === 11 ? 12 : 11);
    const t = new Table().advance().toVoting().vote(tie).endSpeeches("splitSpeeches").vote(tie);
    expect(t.step).toBe("liftAll");
    expect(t.viewAs("host").phase.lift).toEqual({ yes: 0, no: 0, needed: 7 });
    t.do({ type: "liftVote", voter: t.current as Seat, yes: true });
    expect(t.viewAs("spectator").phase.lift).toEqual({ yes: 1, no: 0, needed: 7 });
  });
});

describe("view facts: the night script", () => {
  it("ACTING-DON the host's script says when the Don himself makes the shot", () => {
    const t = nightUntil(firstNight(), "mafia");
    expect(t.viewAs("host").host?.script).toMatchObject({ role: "mafia", donShoots: true, lone: false });
  });

  it("NIGHT-5 with every mafioso out, the script says the lone prostitute wakes at the mafia's turn", () => {
    const t = firstNight();
    t.disqualifySeats(DON, 2, 3);
    nightUntil(t, "mafia");
    expect(t.viewAs("host").host?.script).toMatchObject({ role: "mafia", lone: true, donShoots: false });
  });

  it("FLOW-4 the acquaintance script says whether the prostitute wakes with the mafia", () => {
    const plain = new Table({ settings: { firstPhase: "night" } }).advance();
    expect(plain.viewAs("host").host?.script).toMatchObject({ role: "acquaintance", withProstitute: false });
    const known = new Table({ settings: { firstPhase: "night", prostituteKnowsMafia: true } }).advance();
    expect(known.viewAs("host").host?.script).toMatchObject({ role: "acquaintance", withProstitute: true });
  });
});

describe("view facts: when an awaited seat's turn began", () => {
  it("at night only the seat woken learns when its turn began; the others' phase.since stays 0", () => {
    const t = firstNight();
    nightUntil(t, "doctor");
    const since = t.state.stepSince;
    expect(since).toBeGreaterThan(0);
    expect(viewFor(t.state, DOCTOR).you?.awaitedSince).toBe(since);
    expect(viewFor(t.state, DOCTOR).phase.since).toBe(0);
    for (const seat of [DON, COMMISSAR, MANIAC, 9]) {
      expect(viewFor(t.state, seat).you?.awaitedSince).toBeNull();
      expect(viewFor(t.state, seat).phase.since).toBe(0);
    }
  });

  it("DAY-5 each voter's turn begins with the ballot before his: his deadline counts from it", () => {
    const t = new Table().advance().toVoting();
    const first = t.state.phase.kind === "day" && "queue" in t.state.phase.step ? t.state.phase.step : null;
    const voter = first?.queue[first.index] as Seat;
    const began = t.state.stepSince;
    expect(viewFor(t.state, voter).you?.awaitedSince).toBe(began);
    const other = (voter % 12) + 1;
    expect(viewFor(t.state, other).you?.awaitedSince).toBeNull();
    t.do({ type: "vote", voter, target: other });
    expect(t.state.stepSince).toBeGreaterThan(began);
    expect(viewFor(t.state, voter).you?.awaitedSince).toBeNull();
    expect(viewFor(t.state, other).you?.awaitedSince).toBe(
      t.state.phase.kind === "day" ? t.state.stepSince : -1,
    );
  });
});
