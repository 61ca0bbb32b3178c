import {
  type Action,
  awaiting,
  createGame,
  execute,
  type GameState,
  legalActions,
  SEATS,
  type Seat,
  seededRandom,
  type View,
  viewFor,
} from "@misto/engine/testing";
import { describe, expect, it } from "vitest";
import type { Bot, BotKind } from "../src/bot.js";
import { makeBot } from "../src/play.js";

/**
 * Drives a game to its end by hand, asking every seat's bot at every step, awaited or not: each
 * answer must be null, one of the seat's legal actions, or its own speech, and what is sent must
 * be accepted by the engine.
 */
function drive(kind: BotKind, seed: string): number {
  const created = createGame({
    seats: Array.from({ length: SEATS }, (_, i) => ({ name: `P${i + 1}` })),
    deal: { seed },
    at: 0,
  });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  const bots = Array.from({ length: SEATS + 1 }, (_, seat) =>
    makeBot(kind, seededRandom(`${seed}/${seat}`), { seed: `${seed}/${seat}`, language: "en" }),
  );
  let at = 0;
  let spoke = 0;
  const heard = new Set<string>();
  const send = (action: Action) => {
    const r = execute(state, { ...action, at: ++at });
    expect(r.ok, JSON.stringify(action)).toBe(true);
    if (r.ok) state = r.state;
  };
  while (state.phase.kind !== "ended") {
    expect(at).toBeLessThan(5000);
    const actor = awaiting(state)[0];
    const answers: (Action | null)[] = [];
    for (let seat: Seat = 1; seat <= SEATS; seat++) {
      const actions = legalActions(state, seat);
      let built: View | null = null;
      const view = () => {
        built ??= viewFor(state, seat);
        return built;
      };
      const action = (bots[seat] as Bot).act({ seat, actions, view });
      // The actions handed over are the view's own.
      if (built !== null) expect((built as View).actions).toEqual(actions);
      answers[seat] = action;
      if (action === null) expect(actions).toEqual([]);
      else if (action.type === "speak") {
        expect(action.actor).toBe(seat);
        expect(action.seat).toBe(seat);
        // DAY-1, DAY-2: only when its view says it may speak (the discussion, or its own speech).
        expect(view().you?.silenced).toBeNull();
        expect(["discussion", "accusations", "splitSpeeches", "lastWords"]).toContain(view().phase.step);
      } else expect(actions).toContain(action);
    }
    if (actor !== "host") {
      send(answers[actor as Seat] as Action);
      continue;
    }
    const p = state.phase;
    const speaker = p.kind === "day" && "queue" in p.step ? p.step.queue[p.step.index] : undefined;
    const key = `${p.kind === "day" ? p.n : 0}/${p.kind === "day" ? p.step.kind : ""}/${speaker}`;
    const said = speaker === undefined ? null : (answers[speaker] ?? null);
    if (said && !heard.has(key)) {
      heard.add(key);
      if (said.type === "speak") spoke++;
      send(said);
    } else send({ actor: "host", type: "advance" });
  }
  return spoke;
}

describe("bots answer only with their own legal actions", () => {
  it("DAY-2 a bot returns one of its actions, or its own speech, and the engine accepts it", () => {
    let spoke = 0;
    for (let i = 0; i < 15; i++) {
      expect(drive("random", `legal-r${i}`)).toBe(0);
      spoke += drive("heuristic", `legal-h${i}`);
    }
    expect(spoke).toBeGreaterThan(5);
  }, 60_000);
});
