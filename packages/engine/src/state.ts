// The game state: a plain, immutable value folded from events by evolve (see game.ts).
// Nothing here leaves the engine except through viewFor.

import type { Card } from "./cards.js";
import type { Created, GameEvent } from "./events.js";
import type { Settings } from "./settings.js";

/** A seat number, 1–12 (SETUP-1). */
export type Seat = number;
export const SEATS = 12;

/** Who sends a command: the host, or a seat acting for itself. */
export type Actor = "host" | Seat;

export type OutCause = "vote" | "night" | "grave" | "fouls" | "disqualified";
export type Winner = "red" | "black" | "draw";

export interface PhaseRef {
  readonly kind: "day" | "night";
  readonly n: number;
}

export interface Out {
  readonly cause: OutCause;
  readonly when: PhaseRef;
  /** DAY-8, NIGHT-14: a night death is public only once the host has announced it. */
  readonly announced: boolean;
}

export interface SeatState {
  readonly seat: Seat;
  readonly name: string;
  /** RATE-7: club administration plays but is never rated. */
  readonly admin: boolean;
  readonly card: Card;
  readonly out: Out | null;
  /** The card is public. */
  readonly revealed: boolean;
  readonly fouls: number;
  readonly remarks: number;
  /** FOUL-3: foul votes not yet counted in a day's vote. */
  readonly foulVotes: number;
}

/** The night roles, in the call order (FLOW-3): written once, read by the engine, views and docs. */
export const CALL_ORDER = ["prostitute", "doctor", "mafia", "maniac", "commissar"] as const;
export type NightRole = (typeof CALL_ORDER)[number];

/** NIGHT-13: the order a night resolves in, written once as data. */
export const RESOLUTION_ORDER = ["freeze", "heal", "shots", "check"] as const;

export interface NightChoice {
  readonly role: NightRole;
  readonly seat: Seat;
  readonly target: Seat | null;
}

export interface NightOutcome {
  /** NIGHT-2: the freeze that stood (not cancelled by a heal), if any. */
  readonly freeze: Seat | null;
  readonly heal: Seat | null;
  /** Every shot fired: the mafia's, the maniac's, the lone prostitute's. */
  readonly shots: readonly { readonly by: "mafia" | "maniac" | "prostitute"; readonly target: Seat }[];
  readonly deaths: readonly Seat[];
  /** NIGHT-12: the checked seat, when the commissar's note is read. */
  readonly noteRead: Seat | null;
}

export interface Night {
  readonly n: number;
  readonly choices: readonly NightChoice[];
  /** NIGHT-12: the commissar left his note tonight. */
  readonly note: boolean;
  readonly outcome: NightOutcome | null;
}

export interface Check {
  readonly night: number;
  readonly target: Seat;
  readonly black: boolean;
}

export interface Speech {
  readonly seat: Seat;
  readonly text: string;
  readonly at: number;
  readonly when: PhaseRef | null;
}

export interface Ballot {
  readonly voter: Seat;
  readonly target: Seat;
}

export interface LiftAnswer {
  readonly voter: Seat;
  readonly yes: boolean;
}

/** One finished voting of a day: public once it is over. */
export interface Voting {
  readonly day: number;
  readonly round: "vote" | "revote" | "liftAll";
  readonly starter: Seat;
  readonly ballots: readonly Ballot[];
  readonly answers: readonly LiftAnswer[];
  /** FOUL-3: foul votes counted in this voting. */
  readonly foulVotes: readonly { readonly seat: Seat; readonly votes: number }[];
  readonly tally: readonly { readonly seat: Seat; readonly votes: number }[];
  readonly eliminated: readonly Seat[];
  readonly tied: readonly Seat[];
}

export type DayStep =
  | { readonly kind: "morning" }
  | { readonly kind: "discussion" }
  | { readonly kind: "accusations"; readonly queue: readonly Seat[]; readonly index: number }
  | {
      readonly kind: "voting";
      readonly round: "vote" | "revote";
      readonly queue: readonly Seat[];
      readonly index: number;
      /** null: any living player; in a re-vote, the tied players. */
      readonly candidates: readonly Seat[] | null;
      readonly ballots: readonly Ballot[];
    }
  | { readonly kind: "splitSpeeches"; readonly queue: readonly Seat[]; readonly index: number }
  | {
      readonly kind: "liftAll";
      readonly queue: readonly Seat[];
      readonly index: number;
      readonly tied: readonly Seat[];
      readonly answers: readonly LiftAnswer[];
    }
  | {
      readonly kind: "lastWords";
      readonly queue: readonly Seat[];
      readonly index: number;
      /** DON-1: the Don's grave choice has been made or refused. */
      readonly graveDone: boolean;
    };

export type NightStep =
  | { readonly kind: "acquaintance" }
  | { readonly kind: "wake"; readonly role: NightRole }
  | { readonly kind: "note" }
  /** HOST-4: every choice is made; the night is resolved when the host ends it ("the city wakes up"). */
  | { readonly kind: "dawn" };

export type Phase =
  | { readonly kind: "deal" }
  | { readonly kind: "day"; readonly n: number; readonly step: DayStep }
  | { readonly kind: "night"; readonly n: number; readonly step: NightStep }
  /** TEAM-1: the game is over; HOST-2: the result is not yet announced (HOST-3: still undoable). */
  | { readonly kind: "ended" }
  | { readonly kind: "rating"; readonly step: RatingStep }
  | { readonly kind: "closed" };

export type RatingStep =
  | { readonly kind: "nominations" }
  | { readonly kind: "votes"; readonly queue: readonly Seat[]; readonly index: number }
  | { readonly kind: "split"; readonly tied: readonly Seat[] }
  /** RATE-4, RATE-6: the host's bonus and contests, until the rating is closed. */
  | { readonly kind: "review" }
  | {
      readonly kind: "contest";
      readonly seat: Seat;
      readonly points: number;
      readonly queue: readonly Seat[];
      readonly index: number;
      readonly support: readonly Seat[];
    };

export interface Rating {
  readonly candidates: readonly { readonly seat: Seat; readonly by: Actor }[];
  readonly votes: readonly { readonly voter: Seat; readonly candidate: Seat | null }[];
  /** Points per seat (index seat − 1), from the city's vote, the split, the bonus and contests. */
  readonly points: readonly number[];
  readonly bonuses: readonly { readonly seat: Seat; readonly points: number }[];
  readonly contests: readonly {
    readonly seat: Seat;
    readonly points: number;
    readonly support: readonly Seat[];
    readonly passed: boolean;
  }[];
}

export interface GameResult {
  readonly winner: Winner;
  readonly when: PhaseRef;
  /** HOST-2: final once the host announces it. */
  readonly announced: boolean;
}

/** The applied events since the start, newest first: what HOST-3's undo replays. */
export interface LogNode {
  readonly event: GameEvent;
  readonly prev: LogNode | null;
}

declare const sealed: unique symbol;

/**
 * A game as every package but the engine holds it: an opaque value, read only through viewFor and
 * the engine's named queries (chessops' Position: clients use its methods, never its fields).
 */
export interface Game {
  readonly [sealed]?: "game";
}

/** The engine's own reading of a Game: never exported from the package's entry. */
export interface GameState extends Game {
  readonly settings: Settings;
  readonly created: Created;
  readonly seed: string | null;
  readonly deals: number;
  readonly seats: readonly SeatState[];
  readonly phase: Phase;
  /** When the current step began (the time of the event that started it). */
  readonly stepSince: number;
  /**
   * The number (version) of the event that began the current step, or of the undo that brought it
   * back: the step's identity. Unlike its time it tells apart steps begun in the same millisecond.
   */
  readonly stepVersion: number;
  /** DAY-5: the seat that started the previous accusation or voting round. */
  readonly lastStarter: Seat | null;
  /** The seat that started today's first voting (DAY-6, DAY-7 orders follow it). */
  readonly votingStarter: Seat | null;
  readonly nights: readonly Night[];
  readonly checks: readonly Check[];
  /** NIGHT-12: the note's once-per-game right is used. */
  readonly noteUsed: boolean;
  readonly votings: readonly Voting[];
  /** What was said in the city (online speech), in order: public to everyone at the table. */
  readonly speeches: readonly Speech[];
  /** TEAM-1: phases in a row that ended with nobody leaving. */
  readonly quietPhases: number;
  readonly result: GameResult | null;
  readonly rating: Rating | null;
  readonly log: LogNode | null;
  readonly undos: number;
  /** Every event folded in so far, undos included: the sequence number of the next is this. */
  readonly version: number;
}
