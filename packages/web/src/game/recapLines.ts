// The recap (RATE-1) in the host's language: one icon and one line per RecapEntry, written here from
// the entry's data (the record package's recapText is English only).

import type { Card, Seat, Winner } from "@misto/engine";
import type { NightLine, RecapEntry, RecapPhase, RecapSpeech, VotingOutcome } from "@misto/record";
import type { Tr } from "./tr.js";

export interface RecapLine {
  readonly icon: string;
  readonly text: string;
}

/**
 * Symbols from the fonts every tablet has (an emoji showed as an empty box on a screen without an
 * emoji font: a Linux laptop, this project's test browser).
 */
export const RECAP_ICONS: Readonly<Record<RecapEntry["kind"], string>> = {
  deal: "🂠",
  night: "☾",
  announcement: "☀",
  foul: "⚠",
  remark: "✎",
  discussion: "☰",
  speeches: "❝",
  voting: "☑",
  out: "✖",
  grave: "⚰",
  undo: "↶",
  result: "⚑",
  announced: "✔",
  rating: "★",
};

export function phaseLabel(phase: RecapPhase, tr: Tr): string {
  switch (phase.kind) {
    case "deal":
      return tr("recap.phase.deal");
    case "day":
      return tr("recap.phase.day", { n: phase.n });
    case "night":
      return tr("recap.phase.night", { n: phase.n });
    case "after":
      return tr("recap.phase.after");
  }
}

const list = (seats: readonly Seat[]) => seats.join(", ");

export function recapLine(entry: RecapEntry, tr: Tr): RecapLine {
  return { icon: RECAP_ICONS[entry.kind], text: entryText(entry, tr) };
}

function winnerText(winner: Winner, tr: Tr): string {
  return tr(`winner.${winner}`);
}

function withCards(seats: readonly { seat: Seat; card: Card }[], tr: Tr): string {
  return seats.map((s) => `${s.seat} (${tr(`card.${s.card}`)})`).join(", ");
}

function entryText(entry: RecapEntry, tr: Tr): string {
  switch (entry.kind) {
    case "deal": {
      const how = entry.seed === null ? tr("recap.byHand") : tr("recap.seeded", { seed: entry.seed });
      const seats = entry.seats.map((s) => `${s.seat} ${s.name} (${tr(`card.${s.card}`)})`).join(", ");
      return tr(entry.redeal ? "recap.redeal" : "recap.deal", { how, seats });
    }
    case "night":
      return nightText(entry, tr);
    case "announcement": {
      const deaths = entry.deaths.length
        ? tr("recap.died", { list: withCards(entry.deaths, tr) })
        : tr("recap.nobodyDied");
      const n = entry.noteRead;
      const note = n
        ? tr("recap.noteReadLine", { commissar: n.commissar, target: n.target, color: colour(n.black, tr) })
        : "";
      return `${tr("recap.announce", { deaths })}${note}`;
    }
    case "discussion":
      return entry.seconds === null
        ? tr("recap.discussion")
        : `${tr("recap.discussion")} (${duration(entry.seconds)})`;
    case "speeches": {
      const speeches = entry.speeches.map((s) => speechText(s, tr)).join(", ");
      return tr(`recap.speeches.${entry.round}`, { list: speeches || tr("recap.speeches.none") });
    }
    case "foul": {
      const reason = entry.note
        ? `${tr(`foul.${entry.reason}`)} «${entry.note}»`
        : tr(`foul.${entry.reason}`);
      const key = entry.count === 2 ? "recap.twoFouls" : "recap.foul";
      return tr(key, { seat: entry.seat, reason, fouls: entry.fouls });
    }
    case "remark":
      return tr(entry.foul ? "recap.remarkFoul" : "recap.remark", {
        seat: entry.seat,
        reason: tr(`remark.${entry.reason}`),
        n: entry.remarks,
      });
    case "voting":
      return votingText(entry, tr);
    case "out":
      return tr(`recap.out.${entry.cause}`, { seat: entry.seat, card: tr(`card.${entry.card}`) });
    case "grave":
      return entry.target === null
        ? tr("recap.graveNobody", { don: entry.don })
        : tr("recap.grave", { don: entry.don, target: entry.target });
    case "undo": {
      const parts = [tr("recap.undo")];
      if (entry.restored.length) parts.push(tr("recap.restored", { list: list(entry.restored) }));
      if (entry.resultWithdrawn) parts.push(tr("recap.resultWithdrawn"));
      return parts.join("; ");
    }
    case "result":
      return tr("recap.result", { winner: winnerText(entry.winner, tr) });
    case "announced":
      return entry.winner
        ? tr("recap.announced", { winner: winnerText(entry.winner, tr) })
        : tr("recap.announcedFinal");
    case "rating":
      return ratingText(entry, tr);
  }
}

/** Seconds as m:ss, as the record package's English text writes them. */
const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function speechText(s: RecapSpeech, tr: Tr): string {
  if (s.skipped !== null) return tr(`recap.skipped.${s.skipped}`, { seat: s.seat });
  return s.seconds === null ? String(s.seat) : `${s.seat} (${duration(s.seconds)})`;
}

const colour = (black: boolean, tr: Tr) => tr(black ? "color.black" : "color.red");

function nightText(entry: Extract<RecapEntry, { kind: "night" }>, tr: Tr): string {
  const died = entry.deaths.length
    ? tr("recap.died", { list: list(entry.deaths.map((d) => d.seat)) })
    : tr("recap.nobodyDied");
  return [...entry.lines.map((line) => nightLineText(line, tr)), died].join("; ");
}

/** The record's night line (its facts worked out there) in the host's language. */
function nightLineText(line: NightLine, tr: Tr): string {
  const target = (t: Seat | null) => (t === null ? tr("recap.nobody") : String(t));
  switch (line.kind) {
    case "acquaintanceOnly":
      return tr("recap.night.acquaintanceOnly");
    case "frozeNobody":
    case "doctorFrozen":
    case "healedNobody":
    case "mafiaMissed":
    case "maniacFrozen":
    case "maniacNobody":
    case "commissarFrozen":
    case "checkedNobody":
    case "noteLeft":
    case "noteRead":
      return tr(`recap.night.${line.kind}`);
    case "froze":
    case "frozeCancelled":
    case "healed":
    case "loneShot":
    case "mafiaShot":
    case "maniacShot":
      return tr(`recap.night.${line.kind}`, { t: line.target });
    case "mafiaDisagreed":
      return tr("recap.night.mafiaDisagreed", {
        list: line.shown.map((c) => `${c.seat}→${target(c.target)}`).join(", "),
      });
    case "checked":
      return tr("recap.night.checked", { t: line.target, color: colour(line.black, tr) });
  }
}

function outcomeText(outcome: VotingOutcome, tr: Tr): string {
  switch (outcome.kind) {
    case "tie":
      return tr("recap.tie", { list: list(outcome.seats) });
    case "tieAgain":
      return tr("recap.tieAgain", { list: list(outcome.seats) });
    case "out":
      return tr("recap.outList", { list: list(outcome.seats) });
    case "nobody":
      return tr("recap.nobodyOut");
  }
}

function votingText(entry: Extract<RecapEntry, { kind: "voting" }>, tr: Tr): string {
  const v = entry.voting;
  const outcome = outcomeText(entry.outcome, tr);
  if (v.round === "liftAll") {
    const yes = entry.yes.length;
    const no = entry.no.length;
    return tr("recap.liftAll", { list: list(entry.liftAllOn), yes, no, outcome });
  }
  const ballots = v.ballots.length
    ? v.ballots.map((b) => `${b.voter}→${b.target}`).join(", ")
    : tr("recap.noBallots");
  const parts = [ballots];
  if (v.foulVotes.length)
    parts.push(tr("recap.foulVotes", { list: v.foulVotes.map((f) => `${f.seat} +${f.votes}`).join(", ") }));
  parts.push(
    v.tally.length
      ? tr("recap.tally", { list: v.tally.map((t) => `${t.seat}: ${t.votes}`).join(", ") })
      : tr("recap.noVotes"),
  );
  const name = tr(v.round === "vote" ? "recap.vote" : "recap.revote", { starter: v.starter });
  return `${name}: ${parts.join("; ")} → ${outcome}`;
}

function ratingText(entry: Extract<RecapEntry, { kind: "rating" }>, tr: Tr): string {
  const parts: string[] = [];
  parts.push(
    entry.candidates.length
      ? tr("recap.rating.candidates", { list: list(entry.candidates) })
      : tr("recap.rating.noCandidates"),
  );
  if (entry.votes.length)
    parts.push(
      tr("recap.rating.votes", { list: entry.votes.map((v) => `${v.seat} ×${v.votes}`).join(", ") }),
    );
  for (const b of entry.bonuses) parts.push(tr("recap.rating.bonus", { seat: b.seat, points: b.points }));
  for (const c of entry.contests)
    parts.push(
      tr(c.passed ? "recap.rating.contestPassed" : "recap.rating.contestRefused", {
        seat: c.seat,
        points: c.points,
      }),
    );
  parts.push(
    entry.points.length
      ? tr("recap.rating.points", { list: entry.points.map((p) => `${p.seat}: ${p.points}`).join(", ") })
      : tr("recap.rating.noPoints"),
  );
  if (!entry.closed) parts.push(tr("recap.rating.open"));
  return tr("recap.rating", { parts: parts.join("; ") });
}
