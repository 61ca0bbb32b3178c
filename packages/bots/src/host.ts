// The host's side of a table run by software, shared by every driver: playGame's host bot here, and
// the server's online runner (packages/server/src/tables/online.ts), which adds its timers. The
// engine says what the step is (hostTurn); this says what a software host does about it.

import {
  type Action,
  type Floor,
  type Game,
  hostTurn,
  legalActions,
  phaseOf,
  type Seat,
} from "@misto/engine";

/**
 * How long the host waits before his command: "start" the deal (phones join), "timer" the step's own
 * timer (a speech, the discussion), "pause" a short pause before an announcement, "now" at once
 * (HOST-4: a count or a night's end as soon as its step is complete).
 */
export type HostWait = "start" | "timer" | "pause" | "now";

export interface HostMove {
  /** The step's identity: a driver acts on each step once. */
  readonly step: number;
  /** When the step began (ms). */
  readonly since: number;
  /**
   * The seat the host gives the floor to before moving on, for its bot to speak or act (the
   * engine's floor): a speech (DAY-2, DAY-6, DAY-7), or the Don's grave while it is open (DON-1).
   * Null when none.
   */
  readonly floor: Floor | null;
  /** The host's command, or null while the game waits for someone else. */
  readonly command: Action | null;
  readonly wait: HostWait;
  /** The step's timer in seconds, for "timer". */
  readonly seconds: number | null;
}

/** RATE-1…5: what a software host does in the rating. */
export interface RatingHost {
  /** The candidate to name next, or null to close the nominations (RATE-2: none at all is allowed). */
  nominate(game: Game): Seat | null;
}

/** RATE-2: an online table gives no points: the nominations close at once, with none. */
export const NO_RATING: RatingHost = { nominate: () => null };

/** The host's move now. */
export function hostMove(game: Game, rating: RatingHost): HostMove {
  const turn = hostTurn(game);
  // One object shape for every move: this runs at every host's turn of every simulated game.
  const move = (command: Action | null, wait: HostWait): HostMove => ({
    step: turn.step,
    since: turn.since,
    floor: turn.floor,
    command,
    wait,
    seconds: turn.seconds,
  });
  const next = turn.next;
  if (next === null) {
    // RATE-5: a tie for a place is the host's to split (the engine offers two points each).
    const split =
      phaseOf(game).kind === "rating"
        ? legalActions(game, "host").find((a) => a.type === "split")
        : undefined;
    return move(split ?? null, "now");
  }
  switch (next.kind) {
    case "startGame":
      return move(advance, "start");
    case "announceCount":
    case "cityWakes":
    case "endAcquaintance":
      return move(advance, "now");
    case "closeNominations": {
      const candidate = rating.nominate(game);
      return move(
        candidate === null ? CLOSE_NOMINATIONS : { actor: "host", type: "nominate", candidate },
        "now",
      );
    }
    case "closeRating":
      return move(CLOSE_RATING, "now");
    case "announceResult":
      return move(ANNOUNCE_RESULT, "pause");
    default:
      return move(advance, turn.seconds === null ? "pause" : "timer");
  }
}

const CLOSE_NOMINATIONS: Action = { actor: "host", type: "closeNominations" };
const CLOSE_RATING: Action = { actor: "host", type: "closeRating" };
const ANNOUNCE_RESULT: Action = { actor: "host", type: "announceResult" };
const advance: Action = { actor: "host", type: "advance" };
