// The recap (RATE-1) in the host's language: one icon and one line per RecapEntry, written here from
// the entry's data (the record package's recapText is English only).

import type { Card, NightChoice, Seat, Voting, Winner } from "@misto/engine";
import type { RecapEntry, RecapPhase, RecapSpeech } from "@misto/record";
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
      return votingText(entry.voting, entry.liftAllOn, tr);
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
  const { choices, outcome } = entry;
  const died = entry.deaths.length
    ? tr("recap.died", { list: list(entry.deaths.map((d) => d.seat)) })
    : tr("recap.nobodyDied");
  if (choices.length === 0) return `${tr("recap.night.acquaintanceOnly")}; ${died}`;
  const parts: string[] = [];
  const choice = (role: NightChoice["role"]) => choices.find((c) => c.role === role);
  const frozen = (c: NightChoice | undefined) => c !== undefined && outcome.freeze === c.seat;
  const target = (t: Seat | null) => (t === null ? tr("recap.nobody") : String(t));
  const prostitute = choice("prostitute");
  if (prostitute) {
    // NIGHT-6: only a heal on her target cancels it (a freeze on a player removed tonight also ends null).
    const cancelled =
      prostitute.target !== null && choice("doctor")?.target === prostitute.target && outcome.freeze === null;
    if (prostitute.target === null) parts.push(tr("recap.night.frozeNobody"));
    else
      parts.push(
        tr(cancelled ? "recap.night.frozeCancelled" : "recap.night.froze", { t: prostitute.target }),
      );
  }
  const doctor = choice("doctor");
  if (doctor)
    parts.push(
      frozen(doctor)
        ? tr("recap.night.doctorFrozen")
        : doctor.target === null
          ? tr("recap.night.healedNobody")
          : tr("recap.night.healed", { t: doctor.target }),
    );
  const shooters = choices.filter((c) => c.role === "mafia");
  if (shooters.length) {
    const lone = outcome.shots.find((s) => s.by === "prostitute");
    const mafia = outcome.shots.find((s) => s.by === "mafia");
    if (lone) parts.push(tr("recap.night.loneShot", { t: lone.target }));
    else if (mafia) parts.push(tr("recap.night.mafiaShot", { t: mafia.target }));
    else if (shooters.length > 1 && shooters.some((c) => c.target !== null)) {
      const shown = shooters.map((c) => `${c.seat}→${target(c.target)}`).join(", ");
      parts.push(tr("recap.night.mafiaDisagreed", { list: shown }));
    } else parts.push(tr("recap.night.mafiaMissed"));
  }
  const maniac = choice("maniac");
  if (maniac)
    parts.push(
      frozen(maniac)
        ? tr("recap.night.maniacFrozen")
        : maniac.target === null
          ? tr("recap.night.maniacNobody")
          : tr("recap.night.maniacShot", { t: maniac.target }),
    );
  const commissar = choice("commissar");
  if (commissar) {
    if (frozen(commissar)) parts.push(tr("recap.night.commissarFrozen"));
    else if (entry.check)
      parts.push(tr("recap.night.checked", { t: entry.check.target, color: colour(entry.check.black, tr) }));
    else parts.push(tr("recap.night.checkedNobody"));
  }
  if (entry.note === "left") parts.push(tr("recap.night.noteLeft"));
  if (entry.note === "read") parts.push(tr("recap.night.noteRead"));
  parts.push(died);
  return parts.join("; ");
}

function votingText(v: Voting, liftAllOn: readonly Seat[], tr: Tr): string {
  if (v.round === "liftAll") {
    const yes = v.answers.filter((a) => a.yes).length;
    const no = v.answers.length - yes;
    const outcome = v.eliminated.length
      ? tr("recap.outList", { list: list(v.eliminated) })
      : tr("recap.nobodyOut");
    return tr("recap.liftAll", { list: list(liftAllOn), yes, no, outcome });
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
  let outcome: string;
  if (v.tied.length)
    outcome = tr(v.round === "vote" ? "recap.tie" : "recap.tieAgain", { list: list(v.tied) });
  else if (v.eliminated.length) outcome = tr("recap.outList", { list: list(v.eliminated) });
  else outcome = tr("recap.nobodyOut");
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
