// A table for the game screens' tests: the engine driven as the host console drives it (host
// actions through the view), with the standard deal (1 Don, 2–3 Mafia, 4 Prostitute, 5 Commissar,
// 6 Doctor, 7 Maniac, 8–12 Civilians).

import {
  type Action,
  createGame,
  DECK,
  execute,
  type GameEvent,
  type GameState,
  type RuleError,
  type Settings,
  type View,
  viewFor,
} from "@misto/engine/testing";

export const NAMES = [
  "Olena",
  "Taras",
  "Iryna",
  "Bohdan",
  "Oksana",
  "Dmytro",
  "Nadiia",
  "Andrii",
  "Sofiia",
  "Yurii",
  "Larysa",
  "Maksym",
];

export class HostTable {
  state: GameState;
  readonly events: GameEvent[];
  private clock = 1_767_000_000_000;

  constructor(settings: Partial<Settings> = {}, seed?: string) {
    const made = createGame({
      settings,
      seats: NAMES.map((name) => ({ name })),
      deal: seed ? { seed } : { cards: DECK },
      at: this.clock,
    });
    if (!made.ok) throw new Error(made.error.problems.join("; "));
    this.state = made.state;
    this.events = [made.event];
  }

  get view(): View {
    return viewFor(this.state, "host");
  }

  /** Like TableHandle.send: applies a legal action, returns the rule error of an illegal one. */
  send(action: Action): RuleError | null {
    this.clock += 1000;
    const result = execute(this.state, { ...action, at: this.clock });
    if (!result.ok) return result.error;
    this.state = result.state;
    this.events.push(...result.events);
    return null;
  }

  must(action: Action): this {
    const error = this.send(action);
    if (error) throw new Error(`${action.type} refused: ${error.rule} ${error.message}`);
    return this;
  }

  advance(times = 1): this {
    for (let i = 0; i < times; i++) this.must({ actor: "host", type: "advance" });
    return this;
  }
}
