import {
  type Action,
  type Command,
  type Game,
  type GameState,
  legalActions,
  type Seat,
  stateOf,
  teamOf,
  type View,
  viewFor,
} from "@misto/engine/testing";
import { describe, expect, it } from "vitest";
import { HeuristicBot } from "../src/heuristic.js";
import { playGame } from "../src/play.js";
import { TALK_LANGUAGES, type TalkLanguage } from "../src/talk/phrases.js";
import { type Line, lineFor, type Said, type Voice } from "../src/talk/speech.js";
import { audit, shuffledHidden } from "./speech-audit.js";

const GAMES = 1000;

/** The voice playGame gives a seat (play.ts). */
const voiceOf = (seed: string, seat: Seat, language: TalkLanguage): Voice => ({
  seed: `${seed}/${seat}`,
  language,
});

/** What a fresh bot with this voice says from the seat's view of `state` (its legal actions and view only). */
function spokenAt(state: GameState, seat: Seat, voice: Voice): string | null {
  const bot = new HeuristicBot(() => 0.5, voice);
  let view: View | null = null;
  const action: Action | null = bot.act({
    seat,
    actions: legalActions(state, seat),
    view: () => (view ??= viewFor(state, seat)),
  });
  return action?.type === "speak" ? action.text : null;
}

describe("bot speech: every line from the speaker's own view only", () => {
  it(`DAY-1 DAY-2 ${GAMES} games: every line is supported by the speaker's view and unchanged when the hidden cards move`, () => {
    const kinds = new Map<Said["kind"], number>();
    const problems: string[] = [];
    let lines = 0;
    let bluffs = 0;
    let games = 0;
    for (let g = 0; g < GAMES; g++) {
      const seed = `talk-${g}`;
      const language = TALK_LANGUAGES[g % TALK_LANGUAGES.length] as TalkLanguage;
      const watch = (game: Game, command: Command) => {
        if (command.type !== "speak") return;
        const state = stateOf(game);
        const seat = command.seat;
        const voice = voiceOf(seed, seat, language);
        const view = viewFor(state, seat);
        const line = lineFor(view, voice) as Line;
        lines++;
        if (line?.text !== command.text)
          problems.push(`${seed} seat ${seat}: the bot's speech is not its line`);
        const problem = audit(state, view, line);
        if (problem) problems.push(`${seed} seat ${seat}: ${problem} in "${line.text}"`);
        for (const s of line.said) kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
        if (line.said.some((s) => s.kind === "check") && view.you?.card !== "commissar") bluffs++;
        // The attacker's swap: the same view with every card it hides dealt elsewhere.
        const moved = shuffledHidden(state, view);
        if (spokenAt(moved, seat, voice) !== command.text)
          problems.push(`${seed} seat ${seat}: the line changes when hidden cards move`);
      };
      playGame({ seed, bots: "heuristic", rating: false, language, watch });
      games++;
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(games).toBe(GAMES);
    // Every kind of line is said, so the checks above ran on each.
    for (const kind of ["check", "heal", "ballot", "death", "claim", "red"] as const)
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(20);
    expect(bluffs).toBeGreaterThan(5);
    expect(lines).toBeGreaterThan(GAMES * 5);
  }, 240_000);

  it("the audit catches a civilian's true black check and a line that reads hidden cards", () => {
    let caught = 0;
    let moved = 0;
    playGame({
      seed: "leak",
      bots: "heuristic",
      rating: false,
      watch: (game, command) => {
        if (command.type !== "speak") return;
        const state = stateOf(game);
        const view = viewFor(state, command.seat);
        if (view.you?.card !== "civilian") return;
        // A leaking generator: it names a black seat the view hides, read from the state it should never see.
        const leak = (s: GameState): Line => {
          const hidden = (seat: Seat) => view.seats[seat - 1]?.card === null;
          const black = s.seats.find((x) => hidden(x.seat) && teamOf(x.card) === "black")?.seat ?? 1;
          return {
            text: `I checked ${black}: black.\nCHECK ${black} BLACK`,
            said: [{ kind: "check", target: black, black: true }],
          };
        };
        if (audit(state, view, leak(state)) !== null) caught++;
        if (leak(shuffledHidden(state, view)).text !== leak(state).text) moved++;
        // A seat named outside its facts, and a card named outright, are caught too.
        const words: Line = { text: "3 is the maniac.", said: [{ kind: "red" }] };
        if (audit(state, view, words) === null) caught = Number.NEGATIVE_INFINITY;
      },
    });
    expect(caught).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(0);
  });

  it("the commissar claims his checks in words and in the claim grammar, in each language", () => {
    for (const language of TALK_LANGUAGES) {
      let claimed = 0;
      for (let g = 0; g < 20; g++)
        playGame({
          seed: `claims-${language}-${g}`,
          bots: "heuristic",
          rating: false,
          language,
          watch: (game, command) => {
            const state = stateOf(game);
            if (command.type !== "speak" || state.seats[command.seat - 1]?.card !== "commissar") return;
            if (!command.text.includes("CHECK")) return;
            claimed++;
            const first = command.text.split("\n")[0] ?? "";
            expect(first).toMatch(
              language === "en" ? /commissar/i : language === "uk" ? /комісар/i : /комиссар/i,
            );
            for (const c of state.checks) expect(command.text).toContain(`CHECK ${c.target}`);
          },
        });
      expect(claimed, language).toBeGreaterThan(0);
    }
  });
});
