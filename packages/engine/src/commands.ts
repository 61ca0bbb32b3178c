// Commands: what an actor asks of the game. Each names its actor and carries its time as data.

import type { Card } from "./cards.js";
import type { Actor, Seat } from "./state.js";

/** FOUL-1: why a foul is given; "nightTalk" gives two fouls at once; "other" carries the host's note. */
export const FOUL_REASONS = [
  "arguing",
  "outOfTurn",
  "insult",
  "ignoringHost",
  "promptingDon",
  "unethical",
  "nightTalk",
  "other",
] as const;
export type FoulReason = (typeof FOUL_REASONS)[number];

/** FOUL-2: why a remark is made in the discussion: loud talk, insults or swearing, nothing else. */
export const REMARK_REASONS = ["loud", "insult", "swearing"] as const;
export type RemarkReason = (typeof REMARK_REASONS)[number];

export type CommandBody =
  /** SETUP-4: a new deal, from a seed or from cards dealt by hand. */
  | { readonly type: "redeal"; readonly seed?: string; readonly cards?: readonly Card[] }
  /** The host's primary button: ends the current step (deal, announcement, discussion, a speech…). */
  | { readonly type: "advance" }
  /** A night choice for `seat` (his own, or entered by the host); null skips. */
  | { readonly type: "choose"; readonly seat: Seat; readonly target: Seat | null }
  /** NIGHT-12: the commissar leaves (or does not leave) his note after seeing tonight's check. */
  | { readonly type: "note"; readonly seat: Seat; readonly leave: boolean }
  | { readonly type: "vote"; readonly voter: Seat; readonly target: Seat }
  /** DAY-6: a yes/no answer in the lift-all vote. */
  | { readonly type: "liftVote"; readonly voter: Seat; readonly yes: boolean }
  /** DON-1: the Don takes a player to the grave, or declines (null). */
  | { readonly type: "grave"; readonly seat: Seat; readonly target: Seat | null }
  | { readonly type: "foul"; readonly seat: Seat; readonly reason: FoulReason; readonly note?: string }
  | { readonly type: "remark"; readonly seat: Seat; readonly reason: RemarkReason }
  /** FOUL-6: the seat saw another's card outside the deal. */
  | { readonly type: "disqualify"; readonly seat: Seat }
  /** A line of speech (online chat), allowed only when the rules let the seat speak. */
  | { readonly type: "speak"; readonly seat: Seat; readonly text: string }
  /** HOST-3: undo the last step. */
  | { readonly type: "undo" }
  /** HOST-2: the host announces the result; from then on it is final. */
  | { readonly type: "announceResult" }
  /** RATE-1, RATE-3: the host names a candidate, or a player proposes one (never himself). */
  | { readonly type: "nominate"; readonly candidate: Seat }
  /** RATE-1: nominations are over; RATE-2: with none, the city gives no points. */
  | { readonly type: "closeNominations" }
  /** RATE-3: a player's vote for one candidate (null only when no candidate but himself). */
  | { readonly type: "ratingVote"; readonly voter: Seat; readonly candidate: Seat | null }
  /** RATE-5: the host splits a tied place. */
  | { readonly type: "split"; readonly points: readonly { readonly seat: Seat; readonly points: number }[] }
  /** RATE-4: the host's bonus. */
  | { readonly type: "bonus"; readonly seat: Seat; readonly points: number }
  /** RATE-6: the host puts a contested change to the table. */
  | { readonly type: "contest"; readonly seat: Seat; readonly points: number }
  | { readonly type: "contestVote"; readonly voter: Seat; readonly support: boolean }
  /** RATE-1: the rating is final. */
  | { readonly type: "closeRating" };

export type Command = CommandBody & {
  readonly actor: Actor;
  /** Milliseconds since the epoch (or any clock the caller keeps): time enters only as data. */
  readonly at: number;
};

export type CommandType = CommandBody["type"];
