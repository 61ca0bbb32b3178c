// Events: the facts a game is folded from. Each carries its time and its actor ("by").

import type { Card } from "./cards.js";
import type { FoulReason, RemarkReason } from "./commands.js";
import type { Settings } from "./settings.js";
import type { Actor, NightRole, Seat } from "./state.js";

export interface SeatSetup {
  readonly name: string;
  /** RATE-7: a member of the club administration. */
  readonly admin?: boolean;
}

/** The first event of every game: its settings, its seats and its deal. */
export interface Created {
  readonly type: "created";
  readonly at: number;
  readonly by: "host";
  readonly settings: Settings;
  readonly seats: readonly SeatSetup[];
  /** SETUP-3: the seed the cards were dealt from, or null for cards dealt by hand. */
  readonly seed: string | null;
  readonly cards: readonly Card[];
}

type Fact =
  | { readonly type: "redealt"; readonly seed: string | null; readonly cards: readonly Card[] }
  | { readonly type: "advanced"; readonly from: string }
  | { readonly type: "chose"; readonly role: NightRole; readonly seat: Seat; readonly target: Seat | null }
  | { readonly type: "noted"; readonly seat: Seat; readonly leave: boolean }
  | { readonly type: "voted"; readonly voter: Seat; readonly target: Seat }
  | { readonly type: "liftVoted"; readonly voter: Seat; readonly yes: boolean }
  | { readonly type: "graveChosen"; readonly seat: Seat; readonly target: Seat | null }
  | {
      readonly type: "fouled";
      readonly seat: Seat;
      readonly reason: FoulReason;
      readonly count: number;
      readonly note?: string;
    }
  | { readonly type: "remarked"; readonly seat: Seat; readonly reason: RemarkReason }
  | { readonly type: "disqualified"; readonly seat: Seat }
  | { readonly type: "spoke"; readonly seat: Seat; readonly text: string }
  | { readonly type: "undone" }
  | { readonly type: "resultAnnounced" }
  | { readonly type: "nominated"; readonly candidate: Seat }
  | { readonly type: "nominationsClosed" }
  | { readonly type: "ratingVoted"; readonly voter: Seat; readonly candidate: Seat | null }
  | {
      readonly type: "splitSet";
      readonly points: readonly { readonly seat: Seat; readonly points: number }[];
    }
  | { readonly type: "bonusGiven"; readonly seat: Seat; readonly points: number }
  | { readonly type: "contestOpened"; readonly seat: Seat; readonly points: number }
  | { readonly type: "contestVoted"; readonly voter: Seat; readonly support: boolean }
  | { readonly type: "ratingClosed" };

export type GameEvent = Created | (Fact & { readonly at: number; readonly by: Actor });
export type EventType = GameEvent["type"];
