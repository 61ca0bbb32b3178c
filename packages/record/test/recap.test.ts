// The recap (RATE-1): the game's course told after it, from the record, with every card and choice.

import { type GameState, stateOf } from "@misto/engine/testing";
import { type RecapEntry, recap, recapSections, recapText, replayRecord, toRecord } from "@misto/record";
import { describe, expect, it } from "vitest";
import { Play, randomGame } from "./play.js";

const WINNER_TEXT = { red: "red wins", black: "black wins", draw: "the game is a draw" } as const;

/** Every seat out of the game at the end, and whether the recap names its leaving. */
function checkEliminations(state: GameState, lines: readonly string[]) {
  for (const s of state.seats) {
    if (!s.out) continue;
    const n = s.out.when.n;
    if (s.out.cause === "night") {
      const night = lines.filter((l) => l.startsWith(`Night ${n}: `) && /died: /.test(l));
      expect(night.some((l) => new RegExp(`died: (\\d+, )*${s.seat}(,|$)`).test(l))).toBe(true);
    } else {
      const kind = s.out.when.kind === "day" ? "Day" : "Night";
      expect(lines.some((l) => l.startsWith(`${kind} ${n}: ${s.seat} (${s.card}) `))).toBe(true);
    }
  }
}

describe("recap", () => {
  it("RATE-1 a played game's recap names the winner and every elimination", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 1 ? 2 : 1));
    t.do({ type: "grave", seat: 1, target: 9 });
    t.endSpeeches("lastWords");
    t.night({ mafia: 5 });
    t.advance();
    t.do({ type: "disqualify", seat: 11 });
    t.finish();
    const lines = recapText(recap(t.record()));
    const state = stateOf(replayRecord(t.record()));
    expect(state.result?.winner).toBe("red");
    expect(lines.at(-1)).toMatch(/: the game is over: red wins$/);
    expect(lines).toContain("Day 1: 1 (don) voted out");
    expect(lines).toContain("Day 1: the Don 1 takes 9 to the grave");
    expect(lines).toContain("Day 1: 9 (civilian) taken to the grave");
    expect(lines).toContain("Day 2: 11 (civilian) disqualified");
    checkEliminations(state, lines);
  });

  for (const seed of ["alpha", "bravo", "delta", "foxtrot"]) {
    it(`random game "${seed}": the recap names the winner and every elimination`, () => {
      const t = randomGame(seed);
      const lines = recapText(recap(t.record()));
      const winner = t.state.result?.winner;
      if (!winner) throw new Error("the game did not end");
      expect(lines.some((l) => l.includes(`the game is over: ${WINNER_TEXT[winner]}`))).toBe(true);
      checkEliminations(t.state, lines);
      const undos = t.events.filter((e) => e.type === "undone").length;
      expect(lines.filter((l) => l.includes(": the host undoes ")).length).toBe(undos);
    });
  }

  it("NIGHT-6 NIGHT-11 a night in one line: freeze, heal, shots, check, deaths", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.night({ prostitute: 5, doctor: 5, mafia: 9, commissar: 1 });
    const lines = recapText(recap(t.record()));
    expect(lines).toContain(
      "Night 1: prostitute froze 5 (the heal cancels it); doctor healed 5; mafia shot 9; maniac shot nobody; commissar checked 1: black; died: 9",
    );
    t.advance();
    expect(recapText(recap(t.record())).at(-1)).toBe(
      "Day 2: the host announces the night: died: 9 (civilian)",
    );
  });

  it("NIGHT-2 frozen roles do not act; NIGHT-12 a note left by a survivor burns", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.night({ prostitute: 6, mafia: 10, maniac: 11, commissar: 7 }, true);
    const night = recapText(recap(t.record())).find((l) => l.startsWith("Night 1: "));
    expect(night).toBe(
      "Night 1: prostitute froze 6; doctor is frozen; mafia shot 10; maniac shot 11; commissar checked 7: red; the commissar left a note (it burns); died: 10, 11",
    );
  });

  it("NIGHT-2 FOUL-7 a freeze on a player removed that night is not told as cancelled by a heal", () => {
    const t = new Play({ settings: { firstPhase: "night" } });
    t.advance(2);
    t.do({ type: "choose", seat: 4, target: 9 });
    t.do({ type: "disqualify", seat: 9 });
    t.night({ doctor: 8 });
    const lines = recapText(recap(t.record())).filter((l) => l.startsWith("Night 1: "));
    expect(lines).toContain(
      "Night 1: prostitute froze 9; doctor healed 8; mafia shot nobody; maniac shot nobody; commissar checked nobody; nobody died",
    );
  });

  it("FLOW-4 a first night of acquaintance only", () => {
    const t = new Play({ settings: { firstPhase: "night", firstNightActions: false } });
    t.advance(2);
    const entries = recap(t.record());
    expect(recapText(entries)).toContain("Night 1: the acquaintance only, nobody acts; nobody died");
    expect(entries.find((e) => e.kind === "night")).toMatchObject({ n: 1, deaths: [], note: "none" });
  });

  it("ACTING-DON NIGHT-5 disagreeing mafiosi shoot nobody; the lone prostitute shoots", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 1 ? 2 : 1));
    t.endSpeeches("lastWords");
    t.night({});
    const mafiaChoices = t.events.filter((e) => e.type === "chose" && e.role === "mafia");
    expect(mafiaChoices).toHaveLength(2);
    // Night 1 above: both mafiosi skipped. Night 2: they disagree.
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.do({ type: "choose", seat: 4, target: null });
    t.do({ type: "choose", seat: 6, target: null });
    t.do({ type: "choose", seat: 2, target: 8 });
    t.do({ type: "choose", seat: 3, target: 9 });
    t.night({});
    const lines = recapText(recap(t.record()));
    expect(lines.find((l) => l.startsWith("Night 2: "))).toContain(
      "mafia shot nobody (2 showed 8, 3 showed 9)",
    );
    expect(lines.find((l) => l.startsWith("Night 1: "))).toContain("mafia shot nobody;");
  });

  it("DAY-6 the voting entries carry ballots, the tally and the tie's outcome", () => {
    const t = new Play({ settings: { tieRule: "revoteThenNobody" } });
    t.advance().toVoting();
    const split = (voter: number) => (voter === 8 ? 9 : voter === 9 ? 8 : voter % 2 === 0 ? 8 : 9);
    t.vote(split).endSpeeches("splitSpeeches").vote(split);
    const votings = recap(t.record()).filter((e) => e.kind === "voting");
    expect(votings).toHaveLength(2);
    const lines = recapText(votings);
    expect(lines[0]).toMatch(
      /^Day 1: vote \(from 2\): 2→8, 3→9, .*; tally 8: 6, 9: 6 → tie 8, 9: split speeches, then a re-vote$/,
    );
    expect(lines[1]).toMatch(/^Day 1: re-vote \(from 2\): .* → nobody out$/);
  });

  it("RATE-3 RATE-4 the rating entry shows candidates, votes and points", () => {
    const t = new Play();
    t.advance().finish().rate([3, 8], { seat: 12, points: 2 });
    const entries = recap(t.record());
    expect(entries.at(-1)).toMatchObject({
      kind: "rating",
      candidates: [3, 8],
      points: [
        { seat: 3, points: 3 },
        { seat: 12, points: 2 },
      ],
      closed: true,
    });
    expect(recapText(entries).at(-1)).toBe(
      "After the game: rating: candidates 3, 8; votes: 3 ×11, 8 ×1; the host's bonus: 12 +2; rating points: 3: 3, 12: 2",
    );
  });

  it("HOST-3 an undo in the rating is told after the game, and the rating entry is what stands", () => {
    const t = new Play();
    t.advance().finish();
    t.do({ type: "announceResult" });
    t.do({ type: "nominate", candidate: 3 }, "host");
    t.do({ type: "undo" });
    t.do({ type: "nominate", candidate: 8 }, "host");
    t.do({ type: "closeNominations" });
    const lines = recapText(recap(t.record()));
    expect(lines).toContain("After the game: the host undoes the nomination of 3");
    expect(lines.at(-1)).toMatch(/^After the game: rating: candidates 8; /);
  });

  it("SETUP-4 the deal and a new deal show every card", () => {
    const t = new Play({ seed: "one" });
    t.do({ type: "redeal", seed: "two" });
    const lines = recapText(recap(t.record()));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Deal: the deal, seed "one": 1 Olena \(\w+\), 2 Taras/);
    expect(lines[1]).toMatch(/^Deal: a new deal, seed "two": /);
    for (const s of t.state.seats) expect(lines[1]).toContain(`${s.seat} ${s.name} (${s.card})`);
  });

  it("FLOW-1 recapSections groups the timeline by phase, in the order of play", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.night({ mafia: 9 });
    t.advance();
    const sections = recapSections(recap(t.record()));
    expect(sections.map((s) => s.phase)).toEqual([
      { kind: "deal" },
      { kind: "day", n: 1 },
      { kind: "night", n: 1 },
      { kind: "day", n: 2 },
    ]);
    expect(sections[1]?.entries.map((e) => e.kind)).toEqual([
      "discussion",
      "speeches",
      "voting",
      "out",
      "speeches",
    ]);
  });
});

describe("recap: the day's speeches", () => {
  /** The day's speech entries in the recap, in order. */
  const speechesOf = (t: Play, n: number) =>
    recap(t.record()).filter(
      (e) => e.kind === "speeches" && e.phase.kind === "day" && e.phase.n === n,
    ) as Extract<RecapEntry, { kind: "speeches" }>[];
  const day = (t: Play, n: number) => recapText(recap(t.record())).filter((l) => l.startsWith(`Day ${n}: `));

  it("DAY-1 DAY-2 DAY-5 FOUL-4 FOUL-6 the accusation speeches from the starter, a muted and a removed player skipped, each with its length", () => {
    // Given seats 1 and 3 muted (three fouls, a second apart) in a discussion of 2:36
    const t = new Play();
    t.advance();
    for (const seat of [1, 1, 1, 3, 3, 3]) t.do({ type: "foul", seat, reason: "arguing" });
    // When 2 speaks for 28 s (seat 1, the round's starter, passed over), 6 is disqualified during
    // 4's speech of 30 s, and everyone else speaks for a second
    t.after(150).advance();
    expect(t.current).toBe(2);
    t.after(28).advance();
    expect(t.current).toBe(4);
    t.after(10).do({ type: "disqualify", seat: 6 });
    t.after(20).advance();
    t.toVoting();
    // Then the discussion has its length, and the round, told once it is over, lists every seat from 1 in turn
    const [accusations] = speechesOf(t, 1);
    expect(accusations).toEqual({
      kind: "speeches",
      phase: { kind: "day", n: 1 },
      round: "accusations",
      speeches: [
        { seat: 1, skipped: "muted" },
        { seat: 2, skipped: null, seconds: 28 },
        { seat: 3, skipped: "muted" },
        { seat: 4, skipped: null, seconds: 30 },
        { seat: 5, skipped: null, seconds: 1 },
        { seat: 6, skipped: "out" },
        ...[7, 8, 9, 10, 11, 12].map((seat) => ({ seat, skipped: null, seconds: 1 })),
      ],
    });
    expect(day(t, 1).slice(-3)).toEqual([
      "Day 1: the discussion (2:36)",
      "Day 1: 6 (doctor) disqualified",
      "Day 1: accusation speeches: 1 skipped (muted), 2 (0:28), 3 skipped (muted), 4 (0:30), 5 (0:01), 6 skipped (out), 7 (0:01), 8 (0:01), 9 (0:01), 10 (0:01), 11 (0:01), 12 (0:01)",
    ]);
  });

  it("DAY-5 the next day's accusations start after the previous round's starter", () => {
    // Given day 1 (accusations from 1, voting from 2) and a night
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    t.night({ mafia: 9 });
    // When day 2's speeches are over
    t.advance().toVoting();
    // Then they ran from 3, without the dead (12 voted out, 9 shot)
    expect(speechesOf(t, 2)[0]?.speeches.map((s) => s.seat)).toEqual([3, 4, 5, 6, 7, 8, 10, 11, 1, 2]);
  });

  it("DAY-2 FOUL-4 every living player muted: the round is passed over, each seat named", () => {
    // Given every seat muted in the discussion
    const t = new Play();
    t.advance();
    for (let seat = 1; seat <= 12; seat++)
      for (let i = 0; i < 3; i++) t.do({ type: "foul", seat, reason: "arguing" });
    // When the discussion ends
    t.advance();
    // Then the voting starts at once, and the recap says nobody spoke
    expect(t.step).toBe("voting");
    expect(speechesOf(t, 1)[0]?.speeches).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ seat: i + 1, skipped: "muted" })),
    );
  });

  it("DAY-6 DAY-7 a tie: the split speeches from the voting starter before the re-vote, the last word after the elimination", () => {
    // Given a tie between 11 and 12 in the day's vote (from 2)
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter % 2 === 0 ? 11 : 12));
    expect(t.step).toBe("splitSpeeches");
    // When 11 speaks for 25 s and 12 for 30 s, the re-vote puts 12 out, and he speaks for 40 s
    t.after(25).advance().after(30).advance();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.after(40).advance();
    // Then the day reads in the order of play
    const kinds = recap(t.record())
      .filter((e) => e.phase.kind === "day" && e.phase.n === 1)
      .map((e) => (e.kind === "speeches" ? e.round : e.kind === "voting" ? e.voting.round : e.kind));
    expect(kinds).toEqual([
      "discussion",
      "accusations",
      "vote",
      "splitSpeeches",
      "revote",
      "out",
      "lastWords",
    ]);
    const lines = day(t, 1);
    expect(lines).toContain("Day 1: split speeches: 11 (0:25), 12 (0:30)");
    expect(lines.at(-1)).toBe("Day 1: last words: 12 (0:40)");
  });

  it("DAY-7 DON-1 the Don's last word, then his grave victim's", () => {
    // Given the Don (1) voted out
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 1 ? 2 : 1));
    // When he takes 9 to the grave after 20 s, ends his word 15 s later, and 9 speaks for 30 s
    t.after(20).do({ type: "grave", seat: 1, target: 9 });
    t.after(15).advance().after(30).advance();
    // Then the last words follow the eliminations
    expect(day(t, 1).slice(-4)).toEqual([
      "Day 1: 1 (don) voted out",
      "Day 1: the Don 1 takes 9 to the grave",
      "Day 1: 9 (civilian) taken to the grave",
      "Day 1: last words: 1 (0:35), 9 (0:30)",
    ]);
  });

  it("HOST-3 an undone end of a speech is not listed: the speech goes on", () => {
    // Given 1 and 2 have spoken (10 s, 12 s), and 3's speech ended after 10 s
    const t = new Play();
    t.advance().advance();
    t.after(10).advance().after(12).advance().after(10).advance();
    // When the host undoes that end 5 s later, and 3 speaks on for 20 s more
    t.after(5).do({ type: "undo" });
    expect(t.current).toBe(3);
    t.after(20).advance();
    t.toVoting();
    // Then 3 spoke once, for 35 s, after 1 and 2
    const lines = day(t, 1);
    expect(lines).toContain("Day 1: the host undoes the end of the accusation speech");
    expect(lines.at(-1)).toMatch(
      /^Day 1: accusation speeches: 1 \(0:10\), 2 \(0:12\), 3 \(0:35\), 4 \(0:01\), /,
    );
    expect(speechesOf(t, 1)).toHaveLength(1);
  });

  it("HOST-3 an undone end of the round takes its entry back; the round is listed once, when it is over", () => {
    // Given the accusations over and the voting begun
    const t = new Play();
    t.advance().toVoting();
    // When the host undoes the last speech's end, and 12 speaks on
    t.do({ type: "undo" });
    expect(t.current).toBe(12);
    t.after(9).advance();
    // Then the round is listed once, after the undo, 12 speaking 11 s
    const lines = day(t, 1);
    expect(lines.filter((l) => l.includes("accusation speeches"))).toHaveLength(1);
    expect(lines.at(-2)).toBe("Day 1: the host undoes the end of the accusation speech");
    expect(lines.at(-1)).toMatch(/, 11 \(0:01\), 12 \(0:11\)$/);
  });

  it("DAY-2 a speech whose times run backwards has no length", () => {
    // Given the accusations over, and a record whose 2's speech ends 4 s before it began (a clock set back)
    const t = new Play();
    t.advance().toVoting();
    const endOf2 = 4; // created, the deal's end, the discussion's end, 1's end, 2's end
    const events = t.events.map((e, i) => (i === endOf2 ? { ...e, at: e.at - 5000 } : e));
    // When the recap is told
    const entries = recap(toRecord(events));
    // Then 2 is listed without a length, and 3's speech runs from that time
    const round = entries.find((e) => e.kind === "speeches");
    expect(round?.kind === "speeches" && round.speeches.slice(0, 3)).toEqual([
      { seat: 1, skipped: null, seconds: 1 },
      { seat: 2, skipped: null, seconds: null },
      { seat: 3, skipped: null, seconds: 6 },
    ]);
    expect(recapText(entries)).toContain(
      "Day 1: accusation speeches: 1 (0:01), 2, 3 (0:06), 4 (0:01), 5 (0:01), 6 (0:01), 7 (0:01), 8 (0:01), 9 (0:01), 10 (0:01), 11 (0:01), 12 (0:01)",
    );
  });

  for (const seed of ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]) {
    it(`HOST-3 DAY-2 DAY-6 DAY-7 random game "${seed}", undos and all: each round once a day, every speech timed`, () => {
      const t = randomGame(seed);
      const rounds = recap(t.record()).filter((e) => e.kind === "speeches");
      expect(rounds.length).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (const r of rounds) {
        const key = `${r.phase.kind === "day" ? r.phase.n : "?"} ${r.round}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
        expect(r.speeches.length).toBeGreaterThan(0);
        expect(new Set(r.speeches.map((s) => s.seat)).size).toBe(r.speeches.length);
        for (const s of r.speeches) if (s.skipped === null) expect(s.seconds).toBeGreaterThanOrEqual(1);
      }
    });
  }
});

describe("recap: one projection, typed lines for every language", () => {
  const nightOf = (entries: readonly RecapEntry[]) =>
    entries.find((e): e is Extract<RecapEntry, { kind: "night" }> => e.kind === "night");

  it("NIGHT-6 NIGHT-11 a night's lines carry their facts: a cancelled freeze, a heal, a shot, a check", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter === 12 ? 11 : 12));
    t.endSpeeches("lastWords");
    // The prostitute (4) freezes 8, the doctor (6) heals 8: the heal cancels the freeze.
    t.night({ prostitute: 8, doctor: 8, mafia: 9, maniac: null, commissar: 1 });
    const night = nightOf(recap(t.record()));
    expect(night?.lines).toEqual([
      { kind: "frozeCancelled", target: 8 },
      { kind: "healed", target: 8 },
      { kind: "mafiaShot", target: 9 },
      { kind: "maniacNobody" },
      { kind: "checked", target: 1, black: true },
    ]);
    // The English text is written from those lines, not from the choices again.
    const text = recapText(recap(t.record())).find((l) => l.startsWith("Night 1: "));
    expect(text).toBe(
      "Night 1: prostitute froze 8 (the heal cancels it); doctor healed 8; mafia shot 9; maniac shot nobody; commissar checked 1: black; died: 9",
    );
  });

  it("DAY-4 DAY-6 a voting's outcome is told by the projection: a tie", () => {
    const t = new Play();
    t.advance().toVoting();
    t.vote((voter) => (voter <= 5 || voter === 11 ? 12 : 11));
    const votings = recap(t.record()).filter(
      (e): e is Extract<RecapEntry, { kind: "voting" }> => e.kind === "voting",
    );
    expect(votings[0]?.outcome).toEqual({ kind: "tie", seats: [11, 12] });
  });
});
