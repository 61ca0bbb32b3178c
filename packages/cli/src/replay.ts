// `misto replay FILE`: validates a game record, replays it with the engine, and prints the
// recap and the winner, or (--json) the final state of the game as the host sees it.

import {
  type Card,
  type Game,
  type HostView,
  type OutCause,
  type PhaseRef,
  type Rating,
  type Seat,
  type Team,
  teamOf,
  type View,
  type Voting,
  viewFor,
  type Winner,
} from "@misto/engine";
import { readRecordJson, recap, recapText, replayRecord } from "@misto/record";
import { parseFlags } from "./args.js";
import { readInputFile } from "./files.js";
import { type Io, UsageError, writeLines } from "./io.js";
import { table } from "./report.js";

/** The final state of a replayed game, for `--json`. */
export interface ReplaySummary {
  /** null while the game is unfinished. */
  readonly winner: Winner | null;
  /** The phase the game ended in. */
  readonly ended: PhaseRef | null;
  /** HOST-2: the host has announced the result. */
  readonly announced: boolean;
  readonly seed: string | null;
  /** The last day and night reached. */
  readonly days: number;
  readonly nights: number;
  readonly events: number;
  readonly undos: number;
  readonly phase: View["phase"]["kind"];
  readonly seats: readonly {
    readonly seat: Seat;
    readonly name: string;
    readonly admin: boolean;
    readonly card: Card;
    readonly team: Team;
    /** How and when the seat left the game; null for a survivor. */
    readonly out: { readonly cause: OutCause; readonly kind: "day" | "night"; readonly n: number } | null;
    readonly fouls: number;
    /** RATE-3 to RATE-6: the seat's rating points, null before the rating begins. */
    readonly points: number | null;
  }[];
  /** The course of the rating (RATE-3 to RATE-6); the points are also on each seat. */
  readonly rating: (Omit<Rating, "points"> & { readonly closed: boolean }) | null;
  readonly course: {
    /** Every night as the host saw it: each role's choice and what the night came to. */
    readonly nights: HostView["nights"];
    /** Every finished voting of every day, ballot by ballot. */
    readonly votings: readonly Voting[];
  };
  readonly settings: View["settings"];
  readonly recap: readonly string[];
}

export async function replayCommand(argv: string[], io: Io): Promise<number> {
  const parsed = parseFlags("replay", argv, { json: { type: "boolean" } }, 1);
  const file = parsed.positionals[0];
  if (file === undefined) throw new UsageError("misto replay: name the record file: misto replay FILE");

  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    io.stderr.write(`misto replay: cannot read ${file}: ${error instanceof Error ? error.message : error}\n`);
    return 1;
  }
  const read = readRecordJson(text);
  if (!read.ok) {
    writeLines(
      io.stderr,
      read.problems.map((p) => `${file}: ${p.path || "/"}: ${p.message}`),
    );
    return 1;
  }
  const record = read.record;
  let state: Game;
  try {
    state = replayRecord(record);
  } catch (error) {
    io.stderr.write(
      `${file}: the record does not replay: ${error instanceof Error ? error.message : error}\n`,
    );
    return 1;
  }
  const lines = recapText(recap(record));
  const summary = summarize(state, record.events.length, lines);
  if (parsed.values.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else writeLines(io.stdout, replayText(summary));
  return 0;
}

export function summarize(game: Game, events: number, recapLines: readonly string[]): ReplaySummary {
  // The host's view: every card, every night's choices, the result before it is announced.
  const view = viewFor(game, "host");
  const host = view.host as HostView;
  const { days, nights } = phasesReached(view);
  const rating = view.rating;
  return {
    winner: view.result?.winner ?? null,
    ended: view.result?.when ?? null,
    announced: view.result?.announced ?? false,
    seed: host.seed,
    days,
    nights,
    events,
    undos: host.undos,
    phase: view.phase.kind,
    seats: view.seats.map((s) => {
      const card: Card = s.card ?? "civilian";
      return {
        seat: s.seat,
        name: s.name,
        admin: s.admin,
        card,
        team: teamOf(card),
        out: s.out ? { cause: s.out.cause, kind: s.out.kind, n: s.out.n } : null,
        fouls: s.fouls,
        points: rating ? (rating.points[s.seat - 1] ?? 0) : null,
      };
    }),
    rating: rating
      ? {
          closed: view.phase.kind === "closed",
          candidates: rating.candidates,
          votes: rating.votes,
          bonuses: rating.bonuses,
          contests: rating.contests,
        }
      : null,
    course: { nights: host.nights, votings: view.votings },
    settings: view.settings,
    recap: recapLines,
  };
}

/**
 * The last day and night the game reached, from the phase it ended in (or is in): day n comes
 * before night n when the game starts by day, after it when it starts by night (FLOW-1).
 */
function phasesReached(view: View): { days: number; nights: number } {
  const phase = view.phase;
  const at: PhaseRef | null =
    view.result?.when ??
    ((phase.kind === "day" || phase.kind === "night") && phase.n !== null
      ? { kind: phase.kind, n: phase.n }
      : null);
  if (at === null) return { days: 0, nights: 0 };
  const dayFirst = view.settings.firstPhase === "day";
  if (at.kind === "day") return { days: at.n, nights: dayFirst ? at.n - 1 : at.n };
  return { days: dayFirst ? at.n : at.n - 1, nights: at.n };
}

/** How a seat left the game, in words (RULES.md's causes). */
const LEFT: Record<OutCause, string> = {
  vote: "voted out",
  night: "killed",
  grave: "taken to the grave",
  fouls: "five fouls",
  disqualified: "disqualified",
};

function replayText(summary: ReplaySummary): string[] {
  const seats = table(
    ["Seat", "Name", "Card", "Left", "Points"],
    summary.seats.map((s) => [
      String(s.seat),
      s.name,
      s.card,
      s.out ? `${LEFT[s.out.cause]}, ${s.out.kind} ${s.out.n}` : "survived",
      s.points === null ? "" : String(s.points),
    ]),
    "rlllr",
  );
  const winner = summary.winner === null ? "none: the game is unfinished" : summary.winner;
  return [
    ...summary.recap,
    "",
    ...seats.split("\n"),
    "",
    `Winner: ${winner} (${summary.days} days, ${summary.nights} nights)`,
  ];
}
