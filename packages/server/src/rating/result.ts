// A finished game's result as the club keeps it: per seat the card, team, result, points and how
// the seat left the game, plus the game's length and whether the commissar's note was read.
// Computed once from the game's events with the engine, when the rating closes (or on import).

import { createHash } from "node:crypto";
import {
  evolve,
  type Game,
  type GameEvent,
  type OutCause,
  phaseOf,
  teamOf,
  viewFor,
  type Winner,
} from "@misto/engine";

/** How a seat left the game, in the club's words: fouls and disqualification are both "removed". */
export type LeftBy = "voted" | "night" | "grave" | "removed";

export interface SeatOut {
  readonly cause: LeftBy;
  readonly when: "day" | "night";
  readonly n: number;
}

export interface SeatResult {
  readonly seat: number;
  readonly card: string;
  readonly team: "red" | "black";
  readonly result: "won" | "lost" | "draw";
  /** The RATE result for the seat (0 for the administration, RATE-7; 0 from the city, RATE-2). */
  readonly points: number;
  /** RATE-7: the seat was the administration's when the game was played. */
  readonly admin: boolean;
  readonly out: SeatOut | null;
}

export interface GameResult {
  /**
   * The SHA-256 of the game's events as JSON: the same game has the same key on every server, so
   * it orders games that ended at the same instant alike everywhere and refuses a second import.
   */
  readonly key: string;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly winner: Winner;
  /** The last day and night numbers reached. */
  readonly days: number;
  readonly nights: number;
  /** NIGHT-12: the commissar's note was read at a morning announcement. */
  readonly noteRead: boolean;
  readonly seats: readonly SeatResult[];
}

const LEFT_BY: Record<OutCause, LeftBy> = {
  vote: "voted",
  night: "night",
  grave: "grave",
  fouls: "removed",
  disqualified: "removed",
};

/** The game's result once its rating is closed (the table phase `closed`), else null. */
export function gameResult(events: readonly GameEvent[]): GameResult | null {
  let game: Game | null = null;
  let days = 0;
  let nights = 0;
  for (const event of events) {
    game = evolve(game, event);
    const phase = phaseOf(game);
    if (phase.kind === "day") days = Math.max(days, phase.n ?? 0);
    if (phase.kind === "night") nights = Math.max(nights, phase.n ?? 0);
  }
  if (game === null || phaseOf(game).kind !== "closed") return null;
  const view = viewFor(game, "host");
  if (!view.result) return null;
  const winner = view.result.winner;
  const points = view.rating?.points ?? [];
  const first = events[0] as GameEvent;
  const last = events[events.length - 1] as GameEvent;
  return {
    key: createHash("sha256").update(JSON.stringify(events)).digest("hex"),
    startedAt: first.at,
    endedAt: last.at,
    winner,
    days,
    nights,
    noteRead: view.host?.nights.some((night) => night.outcome?.noteRead != null) ?? false,
    seats: view.seats.map((s) => {
      // The host's view holds every card.
      const card = s.card ?? "civilian";
      const team = teamOf(card);
      return {
        seat: s.seat,
        card,
        team,
        result: winner === "draw" ? "draw" : winner === team ? "won" : "lost",
        points: s.admin ? 0 : (points[s.seat - 1] ?? 0),
        admin: s.admin,
        out: s.out ? { cause: LEFT_BY[s.out.cause], when: s.out.kind, n: s.out.n } : null,
      };
    }),
  };
}
