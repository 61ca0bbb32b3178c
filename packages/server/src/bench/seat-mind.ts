// What a bot-played phone decides from the view it holds: whether the view asks its seat for
// something (an awaited step, or the floor once per speech), and the command its HeuristicBot
// answers, tried once per view so a refused action is not sent again and again. The bench's
// players (./players.ts) and the tests' playing phones share it; each keeps its own socket.

import { HeuristicBot } from "@misto/bots";
import type { Action, Seat, View } from "@misto/engine";

/** A command as a phone sends it: the bot's action without its actor (the token says who). */
export type PhoneCommand = Omit<Action, "actor">;

export class SeatMind {
  private readonly bot: HeuristicBot;
  /** The seat seq last acted on. */
  private tried = -1;
  /** The floors (speech, last words, the Don's grave) already taken. */
  private readonly floors = new Set<string>();

  constructor(
    readonly table: string,
    readonly seat: Seat,
  ) {
    this.bot = new HeuristicBot(Math.random, { seed: `${table}/${seat}`, language: "en" });
  }

  /** Whether the view at `seq` asks this seat for something not yet tried. */
  wants(view: View, seq: number): boolean {
    return this.tried !== seq && (view.you?.awaited === true || this.floorOf(view) !== null);
  }

  /** The bot's command for the view at `seq`, once per view (null: nothing to send). */
  decide(view: View, seq: number): PhoneCommand | null {
    if (!this.wants(view, seq)) return null;
    const floor = this.floorOf(view);
    if (floor !== null) this.floors.add(floor);
    this.tried = seq;
    const action = this.bot.act({ seat: this.seat, actions: view.actions, view: () => view });
    if (action === null) return null;
    const { actor: _actor, ...command } = action as Action & { actor: unknown };
    return command as PhoneCommand;
  }

  /** The floor this view gives the seat, once each; null when it gives none or it was taken. */
  private floorOf(view: View): string | null {
    const phase = view.phase;
    const floor = phase.floor;
    if (floor?.seat !== this.seat || floor.why === "splitSpeech") return null;
    const key = `${phase.n}:${phase.step}:${phase.since}`;
    return this.floors.has(key) ? null : key;
  }
}
