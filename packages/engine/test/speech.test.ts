// The city's chat is the engine's `speak`: who may speak when (DAY-1, DAY-2, DAY-6, DAY-7, FOUL-1,
// FOUL-4, NIGHT-14, SETUP-3), the limits of a line, and `you.silenced`, which tells a seat the same.

import { decide, MAX_SPEECH_LENGTH, type RuleId, type Seat, speechTextProblem, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { ALL_SEATS, playToClose, RandomGame } from "./random-game.js";
import { DON, MAFIA_A, MAFIA_B, PROSTITUTE, Table } from "./scenario.js";

/** Everyone votes seat 9, who votes seat 10. */
const outNine = (voter: Seat) => (voter === 9 ? 10 : 9);

/** What decide says to a line from `seat` now: null when accepted, else the rule. */
function speakRule(t: Table, seat: Seat): RuleId | null {
  const decision = decide(t.state, { actor: seat, type: "speak", seat, text: "a line", at: 1 });
  return decision.ok ? null : decision.error.rule;
}

describe("a line of speech", () => {
  it("COMMAND a line is 1 to MAX_SPEECH_LENGTH characters once trimmed, without control characters", () => {
    const t = new Table().advance();
    expect(t.step).toBe("discussion");
    for (const text of ["", "   ", "\n\t ", "x".repeat(MAX_SPEECH_LENGTH + 1), "a\u0000b", "bell\u0007"]) {
      expect(t.refuse({ actor: 8, type: "speak", seat: 8, text }).rule).toBe("COMMAND");
    }
    expect(t.refuse({ actor: 8, type: "speak", seat: 8, text: 42 as never }).rule).toBe("COMMAND");
    expect(speechTextProblem(`  ${"x".repeat(MAX_SPEECH_LENGTH)}  `)).toBeNull();
    expect(speechTextProblem("two\nlines")).toBeNull();
  });

  it("DAY-1 the line is stored trimmed", () => {
    const t = new Table().advance();
    const [event] = t.do({ actor: 8, type: "speak", seat: 8, text: "  I am a civilian \n" });
    expect(event).toMatchObject({ type: "spoke", seat: 8, text: "I am a civilian" });
    expect(viewFor(t.state, "spectator").speeches.at(-1)).toMatchObject({ seat: 8, text: "I am a civilian" });
  });
});

describe("who may speak when", () => {
  it("SETUP-3 nobody speaks during the deal", () => {
    const t = new Table();
    expect(t.refuse({ actor: 1, type: "speak", seat: 1, text: "hello" }).rule).toBe("SETUP-3");
    expect(viewFor(t.state, 1).you?.silenced).toBe("SETUP-3");
  });

  it("FOUL-1 nobody speaks in the morning's announcement or during the vote", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance().night({});
    expect(t.step).toBe("morning");
    expect(t.refuse({ actor: 3, type: "speak", seat: 3, text: "good morning" }).rule).toBe("FOUL-1");
    t.advance().toVoting();
    const voter = t.current as Seat;
    expect(t.refuse({ actor: voter, type: "speak", seat: voter, text: "I vote…" }).rule).toBe("FOUL-1");
  });

  it("DAY-7 in the last words only the player having his last word speaks, though he is out", () => {
    const t = new Table().advance().toVoting().vote(outNine);
    expect(t.step).toBe("lastWords");
    expect(t.current).toBe(9);
    t.do({ actor: 9, type: "speak", seat: 9, text: "I was a civilian" });
    expect(t.refuse({ actor: 10, type: "speak", seat: 10, text: "sorry" }).rule).toBe("DAY-2");
  });

  it("DAY-6 in the split speeches only the current split speaker speaks", () => {
    const tie = (voter: Seat) => ([1, 2, 3, 4, 5, 9].includes(voter) ? 8 : 9);
    const t = new Table().advance().toVoting().vote(tie);
    expect(t.step).toBe("splitSpeeches");
    const speaker = t.current as Seat;
    const other = speaker === 8 ? 9 : 8;
    t.do({ actor: speaker, type: "speak", seat: speaker, text: "not me" });
    expect(t.refuse({ actor: other, type: "speak", seat: other, text: "not me either" }).rule).toBe("DAY-2");
  });

  it("NIGHT-14 a player out of the game does not speak in another's speech", () => {
    const t = new Table().advance().toVoting().vote(outNine).endSpeeches("lastWords");
    t.night({}).advance(2); // the announcement, the discussion
    expect(t.step).toBe("accusations");
    expect(speakRule(t, 9)).toBe("NIGHT-14");
    expect(viewFor(t.state, 9).you?.silenced).toBe("NIGHT-14");
  });

  it("TEAM-1 once the game has ended every seat speaks, the eliminated too", () => {
    const t = new Table().advance().disqualifySeats(DON, MAFIA_A, MAFIA_B, PROSTITUTE);
    expect(t.state.phase.kind).toBe("ended");
    for (const seat of [DON, 8]) expect(speakRule(t, seat)).toBeNull();
    t.do({ actor: DON, type: "speak", seat: DON, text: "well played" });
  });

  it("FOUL-4 a muted seat is told so in its view; the others may speak in the discussion", () => {
    const t = new Table().advance().giveFouls(8, 3);
    expect(viewFor(t.state, 8).you?.silenced).toBe("FOUL-4");
    expect(viewFor(t.state, 7).you?.silenced).toBeNull();
  });
});

describe("you.silenced", () => {
  it("FOUL-1 DAY-2 FOUL-4 every seat's view says exactly what decide says to its line, through whole games", () => {
    let checked = 0;
    for (const seed of [1, 2, 3]) {
      const game = new RandomGame({ seed, settings: {}, deal: { seed: `speech-${seed}` }, admins: [] });
      playToClose(game, () => {
        for (const seat of ALL_SEATS) {
          const decision = decide(game.state, { actor: seat, type: "speak", seat, text: "x", at: 1 });
          expect(viewFor(game.state, seat).you?.silenced).toBe(decision.ok ? null : decision.error.rule);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(3 * 12 * 50);
  });
});
