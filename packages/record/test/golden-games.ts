// The golden games: complete games written as command scripts, one per tricky interaction of the
// rules. `UPDATE_GOLDEN=1 npx vitest run packages/record` writes their records to test/golden/;
// golden.test.ts reads the stored files and checks each against the expectations below.

import type { GameRecord } from "@misto/record";
import { Play } from "./play.js";

/** What a golden game must come to, written by hand. */
export interface Expectation {
  readonly winner: "red" | "black" | "draw";
  /** Every seat that left the game: "night <n>" for a night death, else "<cause> <day|night> <n>"; the rest live. */
  readonly outs: Readonly<Record<number, string>>;
  readonly undos: number;
  /** Phrases the recap's text must contain. */
  readonly recap: readonly string[];
}

export interface GoldenGame {
  readonly name: string;
  readonly title: string;
  readonly play: () => GameRecord;
  readonly expect: Expectation;
}

const all = (target: number) => (voter: number) => (voter === target ? (target === 12 ? 11 : 12) : target);
/** Every voter names `target`; `target` himself names `other` (both living). */
const against = (target: number, other: number) => (voter: number) => (voter === target ? other : target);

export const GOLDEN_GAMES: readonly GoldenGame[] = [
  {
    name: "tie-revote-lift-all",
    title: "DAY-6: a tie, a re-vote that ties again, and a lift-all that eliminates both",
    play: () => {
      const t = new Play();
      t.advance().toVoting(); // day 1: voting starts at seat 2
      // Six votes each for 8 and 9: a tie, split speeches, then the re-vote among 8 and 9.
      const split = (voter: number) => (voter === 8 ? 9 : voter === 9 ? 8 : voter % 2 === 0 ? 8 : 9);
      t.vote(split);
      t.endSpeeches("splitSpeeches");
      t.vote(split);
      // The lift-all: seven of twelve say yes, more than half, so both leave.
      t.liftVote((voter) => voter <= 7);
      t.endSpeeches("lastWords");
      return t.finish().record({ title: "Tie, re-vote, lift-all" });
    },
    expect: {
      winner: "red",
      outs: {
        8: "vote day 1",
        9: "vote day 1",
        5: "night 1",
        1: "vote day 2",
        6: "night 2",
        2: "vote day 3",
        7: "night 3",
        3: "vote day 4",
        10: "night 4",
        4: "vote day 5",
      },
      undos: 0,
      recap: [
        "Day 1: vote (from 2)",
        "tie 8, 9: split speeches, then a re-vote",
        "Day 1: split speeches: 8 (0:01), 9 (0:01)",
        "tie again 8, 9: a lift-all vote",
        "lift-all vote on 8, 9: yes 7",
        "→ 8, 9 out",
        "Day 1: last words: 8 (0:01), 9 (0:01)",
        "red wins",
      ],
    },
  },
  {
    name: "don-grave",
    title: "DON-1: the Don, voted out, takes a player to the grave",
    play: () => {
      const t = new Play();
      t.advance().toVoting();
      t.vote(all(1));
      // The Don's last word: his card is shown, and he takes seat 10 with him.
      t.do({ type: "grave", seat: 1, target: 10 });
      t.endSpeeches("lastWords");
      return t.finish().record({ title: "The Don's grave" });
    },
    expect: {
      winner: "red",
      outs: {
        1: "vote day 1",
        10: "grave day 1",
        5: "night 1",
        2: "vote day 2",
        6: "night 2",
        3: "vote day 3",
        7: "night 3",
        4: "vote day 4",
      },
      undos: 0,
      recap: [
        "Day 1: the Don 1 takes 10 to the grave",
        "Day 1: 10 (civilian) taken to the grave",
        // The Don's last word runs on through his grave choice (a command a second).
        "Day 1: last words: 1 (0:02), 10 (0:01)",
        "red wins",
      ],
    },
  },
  {
    name: "note-read",
    title: "NIGHT-12: the commissar leaves his note, is shot, and the note is read in the morning",
    play: () => {
      const t = new Play();
      t.advance().toVoting();
      t.vote(all(12));
      t.endSpeeches("lastWords");
      // Night 1: the commissar (5) checks the Don (1), leaves his note; the Don shoots him.
      t.night({ doctor: 6, mafia: 5, commissar: 1 }, true);
      t.advance(); // the morning: the host announces seat 5 and reads the note
      return t.finish().record({ title: "The commissar's note" });
    },
    expect: {
      winner: "red",
      outs: {
        12: "vote day 1",
        5: "night 1",
        1: "vote day 2",
        6: "night 2",
        2: "vote day 3",
        7: "night 3",
        3: "vote day 4",
        8: "night 4",
        4: "vote day 5",
      },
      undos: 0,
      recap: [
        "Night 1: prostitute froze nobody; doctor healed 6; mafia shot 5; maniac shot nobody; commissar checked 1: black; the commissar left a note, read in the morning; died: 5",
        "Day 2: the host announces the night: died: 5 (commissar); the commissar's note is read: 5 checked 1: black",
        "red wins",
      ],
    },
  },
  {
    name: "heal-frozen-double-shot",
    title: "NIGHT-6, NIGHT-7: one heal saves a frozen player shot by the mafia and the maniac",
    play: () => {
      const t = new Play();
      t.advance().toVoting();
      t.vote(all(12));
      t.endSpeeches("lastWords");
      t.night({ prostitute: 9, doctor: 9, mafia: 9, maniac: 9, commissar: 2 });
      return t.finish().record({ title: "A heal against two shots" });
    },
    expect: {
      winner: "red",
      outs: {
        12: "vote day 1",
        1: "vote day 2",
        5: "night 2",
        2: "vote day 3",
        6: "night 3",
        3: "vote day 4",
        7: "night 4",
        4: "vote day 5",
      },
      undos: 0,
      recap: [
        "Night 1: prostitute froze 9 (the heal cancels it); doctor healed 9; mafia shot 9; maniac shot 9; commissar checked 2: black; nobody died",
        "red wins",
      ],
    },
  },
  {
    name: "fouls",
    title: "FOUL-3, FOUL-5: foul votes decide a vote; a player leaves at his 5th foul",
    play: () => {
      const t = new Play();
      t.advance(); // day 1 discussion
      t.do({ type: "foul", seat: 10, reason: "arguing" });
      t.do({ type: "foul", seat: 10, reason: "insult" }); // the second foul: one foul vote
      t.toVoting();
      // Six ballots each for 10 and 11; 10's foul vote makes seven.
      t.vote((voter) => (voter === 10 ? 11 : voter === 11 ? 10 : voter % 2 === 0 ? 10 : 11));
      t.endSpeeches("lastWords");
      t.do({ type: "foul", seat: 12, reason: "nightTalk" }); // at night: two fouls at once
      t.night({ mafia: 9 });
      t.advance(); // the morning
      for (let i = 0; i < 3; i++) t.do({ type: "remark", seat: 12, reason: "loud" }); // the third is a foul
      t.do({ type: "foul", seat: 12, reason: "ignoringHost" });
      t.do({ type: "foul", seat: 12, reason: "other", note: "used a phone at the table" }); // the fifth
      return t.finish().record({ title: "Fouls" });
    },
    expect: {
      winner: "red",
      outs: {
        10: "vote day 1",
        9: "night 1",
        12: "fouls day 2",
        1: "vote day 2",
        5: "night 2",
        2: "vote day 3",
        6: "night 3",
        3: "vote day 4",
        7: "night 4",
        4: "vote day 5",
      },
      undos: 0,
      recap: [
        "Day 1: a foul to 10 (insult): 2 in all",
        "foul votes: 10 +1; tally 10: 7, 11: 6 → 10 out",
        "Night 1: two fouls to 12 (nightTalk): 2 in all",
        "Day 2: a remark to 12 (loud): the 3rd, which makes a foul",
        "Day 2: 12 (civilian) removed at the 5th foul",
        // Removed in the discussion, 12 has no place in the day's round (DAY-2: every living player).
        "Day 2: accusation speeches: 3 (0:01), 4 (0:01), 5 (0:01), 6 (0:01), 7 (0:01), 8 (0:01), 11 (0:01), 1 (0:01), 2 (0:01)",
        "red wins",
      ],
    },
  },
  {
    name: "draw-at-night",
    title: "TEAM-1: the last black and the last red die in one night, and the game is a draw",
    play: () => {
      const t = new Play();
      t.advance().toVoting();
      t.vote(all(12));
      t.endSpeeches("lastWords");
      t.night({ mafia: 11, maniac: 2 });
      t.advance().toVoting(); // day 2
      t.vote(against(10, 9));
      t.endSpeeches("lastWords");
      t.night({ mafia: 9, maniac: 3 });
      t.advance().toVoting(); // day 3
      t.vote(against(8, 5));
      t.endSpeeches("lastWords");
      t.night({ mafia: 6, maniac: 4 });
      t.advance().toVoting(); // day 4: the Don, the commissar and the maniac are left
      t.vote(against(5, 1));
      t.endSpeeches("lastWords");
      // Night 4: the Don (the last black) shoots the maniac (the last red), who shoots him.
      t.night({ mafia: 7, maniac: 1 });
      return t.record({ title: "A draw at night" });
    },
    expect: {
      winner: "draw",
      outs: {
        12: "vote day 1",
        11: "night 1",
        2: "night 1",
        10: "vote day 2",
        9: "night 2",
        3: "night 2",
        8: "vote day 3",
        6: "night 3",
        4: "night 3",
        5: "vote day 4",
        7: "night 4",
        1: "night 4",
      },
      undos: 0,
      recap: [
        "Night 4: mafia shot 7; maniac shot 1; died: 1, 7",
        "Night 4: the game is over: the game is a draw",
      ],
    },
  },
  {
    name: "lone-prostitute-shot",
    title: "NIGHT-5: with every mafioso out, the prostitute freezes the doctor and shoots the commissar",
    play: () => {
      const t = new Play();
      t.advance().toVoting();
      t.vote(all(1)); // the Don leaves on day 1 and takes nobody to the grave
      t.endSpeeches("lastWords");
      t.night({ mafia: 12, maniac: 2 });
      t.advance().toVoting(); // day 2: the last mafioso is voted out
      t.vote(against(3, 4));
      t.endSpeeches("lastWords");
      // Night 2: the prostitute alone: her freeze on the doctor (he may only skip), then her shot.
      t.night({ prostitute: 6, mafia: 5 });
      t.advance(); // the morning
      return t.finish().record({ title: "The lone prostitute's shot" });
    },
    expect: {
      winner: "red",
      outs: {
        1: "vote day 1",
        12: "night 1",
        2: "night 1",
        3: "vote day 2",
        5: "night 2",
        4: "vote day 3",
      },
      undos: 0,
      recap: [
        "Night 2: prostitute froze 6; doctor is frozen; prostitute (alone) shot 5; maniac shot nobody",
        "died: 5",
        "red wins",
      ],
    },
  },
  {
    name: "undo-the-end",
    title:
      "HOST-3: the count that ended the game and its last ballot are undone, the ballot cast again; then the rating",
    play: () => {
      const t = new Play();
      t.advance();
      t.finish(); // the count after the last ballot of day 4 votes out the prostitute, the last black: red wins
      t.do({ type: "undo" }); // the count (HOST-4)
      t.do({ type: "undo" }); // the last ballot
      // The ballot is entered again, this time as the voter meant it; the game ends as before.
      const voter = t.current as number;
      t.do({ type: "vote", voter, target: voter === 12 ? 11 : 12 });
      t.finish();
      return t.rate([5, 6], { seat: 7, points: 1 }).record({ title: "Undo the end", host: "Natalka" });
    },
    expect: {
      winner: "red",
      outs: {
        1: "vote day 1",
        5: "night 1",
        2: "vote day 2",
        6: "night 2",
        3: "vote day 3",
        7: "night 3",
        4: "vote day 4",
      },
      undos: 2,
      recap: [
        "Day 4: the host undoes the count of the vote; back in the game: 4; the result is withdrawn, the game goes on",
        "Day 4: the host undoes 9's vote for 4",
        "After the game: the host announces the result: red wins; it is final",
        "rating points: 5: 3, 7: 1",
      ],
    },
  },
];
