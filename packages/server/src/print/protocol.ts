// A game's protocol (docs/club-nights.md "Printing"): the sheet a club files after a game, built
// from the stored record with the engine (the host's view: every card) and the recap: seats,
// names, cards, fouls and remarks, each day's votes and eliminations, each night's choices and
// deaths, the note, the grave, the result, the rating and the host's signature line. Pure.

import { type Seat, viewFor } from "@misto/engine";
import {
  type GameRecord,
  type RecapEntry,
  type RecapPhase,
  recap,
  recapSections,
  replayRecord,
} from "@misto/record";
import type { Block, PrintDocument } from "./pdf.js";
import { dateIn, type PrintLanguage, type Say, sayIn } from "./strings.js";

export interface ProtocolInput {
  readonly record: GameRecord;
  readonly title: string;
  /** The host's name. */
  readonly host: string;
  readonly club: string | null;
  readonly endedAt: number | null;
  /**
   * Per seat, in seat order, as the club keeps them: the person's name now and the counting points
   * (a host's correction applied). Absent: the record's names and the table's points.
   */
  readonly seats?: readonly { readonly name: string; readonly points: number; readonly corrected: boolean }[];
}

type Entry<K extends RecapEntry["kind"]> = Extract<RecapEntry, { kind: K }>;

export function protocolDocument(input: ProtocolInput, lang: PrintLanguage): PrintDocument {
  const say = sayIn(lang);
  const entries = recap(input.record);
  const about = [say("protocol.game", { title: input.title })];
  if (input.club) about.push(say("protocol.club", { club: input.club }));
  if (input.endedAt !== null) about.push(say("protocol.ended", { date: dateIn(lang, input.endedAt) }));
  about.push(say("protocol.host", { name: input.host }));
  const blocks: Block[] = [
    { kind: "lines", lines: about },
    { kind: "heading", text: say("protocol.seats") },
    seatsTable(input, say),
    { kind: "heading", text: say("protocol.fouls") },
    foulsBlock(entries, say),
    { kind: "heading", text: say("protocol.course") },
    ...courseBlocks(entries, say),
    { kind: "heading", text: say("protocol.result") },
    { kind: "lines", lines: resultLines(entries, say) },
    ...ratingBlocks(entries, say),
    { kind: "signature", label: `${say("protocol.signature")} (${input.host})` },
  ];
  return { title: say("protocol.title"), lang, blocks };
}

function seatsTable(input: ProtocolInput, say: Say): Block {
  const view = viewFor(replayRecord(input.record), "host");
  const points = view.rating?.points ?? [];
  const rows = view.seats.map((s, i) => {
    const kept = input.seats?.[i];
    const out = s.out
      ? `${say(`cause.${s.out.cause}`)}, ${phaseText({ kind: s.out.kind, n: s.out.n }, say)}`
      : "";
    const seatPoints = kept ? kept.points : s.admin ? 0 : (points[i] ?? 0);
    return [
      String(s.seat),
      kept?.name ?? s.name,
      say(`card.${s.card ?? "civilian"}`),
      String(s.fouls),
      String(s.remarks),
      out,
      kept?.corrected ? `${seatPoints} (${say("line.corrected")})` : String(seatPoints),
    ];
  });
  return {
    kind: "table",
    header: ["col.seat", "col.name", "col.card", "col.fouls", "col.remarks", "col.out", "col.points"].map(
      (key) => say(key as Parameters<Say>[0]),
    ),
    rows,
    widths: [0.95, 2, 1.2, 0.9, 1.4, 2.05, 1.5],
  };
}

function phaseText(phase: RecapPhase, say: Say): string {
  switch (phase.kind) {
    case "deal":
      return say("phase.deal");
    case "day":
      return say("phase.day", { n: phase.n });
    case "night":
      return say("phase.night", { n: phase.n });
    case "after":
      return say("phase.after");
  }
}

function foulsBlock(entries: readonly RecapEntry[], say: Say): Block {
  const rows: string[][] = [];
  for (const e of entries) {
    if (e.kind === "foul") {
      const reason = e.note ? `${say(`foul.${e.reason}`)} «${e.note}»` : say(`foul.${e.reason}`);
      const key = e.count === 2 ? "line.twoFouls" : "line.foul";
      rows.push([phaseText(e.phase, say), say(key, { seat: e.seat, reason, fouls: e.fouls })]);
    }
    if (e.kind === "remark") {
      const params = { seat: e.seat, reason: say(`remark.${e.reason}`), n: e.remarks };
      rows.push([phaseText(e.phase, say), say(e.foul ? "line.remarkFoul" : "line.remark", params)]);
    }
  }
  if (rows.length === 0) return { kind: "lines", lines: [say("protocol.noFouls")] };
  return { kind: "table", header: [say("col.when"), say("col.what")], rows, widths: [1, 5] };
}

/** Each day and night: a table of what happened, one row a line. */
function courseBlocks(entries: readonly RecapEntry[], say: Say): Block[] {
  const rows: string[][] = [];
  for (const section of recapSections(entries)) {
    if (section.phase.kind !== "day" && section.phase.kind !== "night") continue;
    const lines = section.entries.flatMap((e) => courseLines(e, say));
    for (const [i, line] of lines.entries()) rows.push([i === 0 ? phaseText(section.phase, say) : "", line]);
  }
  return [{ kind: "table", header: [say("col.when"), say("col.what")], rows, widths: [1, 5] }];
}

const list = (seats: readonly Seat[]) => seats.join(", ");

function courseLines(e: RecapEntry, say: Say): string[] {
  switch (e.kind) {
    case "voting":
      return [votingLine(e, say)];
    case "night":
      return nightLines(e, say);
    case "out":
      return [say("line.out", { seat: e.seat, card: say(`card.${e.card}`), cause: say(`cause.${e.cause}`) })];
    case "grave":
      return [
        e.target === null
          ? say("line.graveNobody", { don: e.don })
          : say("line.grave", { don: e.don, target: e.target }),
      ];
    case "undo": {
      const parts = [say("line.undo")];
      if (e.restored.length) parts.push(say("line.restored", { list: list(e.restored) }));
      if (e.resultWithdrawn) parts.push(say("line.resultWithdrawn"));
      return [parts.join("; ")];
    }
    default:
      return [];
  }
}

function votingLine(e: Entry<"voting">, say: Say): string {
  const v = e.voting;
  const parts: string[] = [];
  if (v.round === "liftAll") {
    const yes = `${e.yes.length} (${list(e.yes)})`;
    const no = `${e.no.length} (${list(e.no)})`;
    parts.push(say("line.liftAll", { seats: list(e.liftAllOn), yes, no }));
  } else {
    const ballots = v.ballots.map((b) => `${b.voter}→${b.target}`).join(", ") || say("line.noBallots");
    parts.push(say(v.round === "vote" ? "line.vote" : "line.revote", { starter: v.starter, ballots }));
    if (v.foulVotes.length)
      parts.push(say("line.foulVotes", { list: v.foulVotes.map((f) => `${f.seat} +${f.votes}`).join(", ") }));
    if (v.tally.length)
      parts.push(say("line.tally", { list: v.tally.map((t) => `${t.seat}: ${t.votes}`).join(", ") }));
  }
  const o = e.outcome;
  if (o.kind === "tie") parts.push(say("line.tie", { seats: list(o.seats) }));
  else if (o.kind === "tieAgain") parts.push(say("line.tieAgain", { seats: list(o.seats) }));
  else if (o.kind === "out") parts.push(say("line.eliminated", { seats: list(o.seats) }));
  else parts.push(say("line.nobodyOut"));
  return parts.join("; ");
}

function nightLines(e: Entry<"night">, say: Say): string[] {
  const target = (t: Seat | null) => (t === null ? say("line.nobody") : String(t));
  const lines = e.choices.length
    ? e.choices.map((c) =>
        say("line.choice", { role: say(`role.${c.role}`), seat: c.seat, target: target(c.target) }),
      )
    : [say("line.acquaintance")];
  if (e.check)
    lines.push(
      say("line.check", { target: e.check.target, color: say(e.check.black ? "color.black" : "color.red") }),
    );
  if (e.note === "left") lines.push(say("line.noteLeft"));
  if (e.note === "read") lines.push(say("line.noteRead"));
  const deaths = e.deaths.map((d) => `${d.seat} (${say(`card.${d.card}`)})`).join(", ");
  lines.push(deaths ? say("line.deaths", { list: deaths }) : say("line.nobodyDied"));
  return lines;
}

function resultLines(entries: readonly RecapEntry[], say: Say): string[] {
  const lines: string[] = [];
  const result = entries.filter((e): e is Entry<"result"> => e.kind === "result").at(-1);
  if (result) lines.push(say(`winner.${result.winner}`));
  if (entries.some((e) => e.kind === "announced")) lines.push(say("line.announced"));
  return lines;
}

/** RATE-1…6: the nominations, the city's votes, the host's bonuses, the contests. */
function ratingBlocks(entries: readonly RecapEntry[], say: Say): Block[] {
  const rating = entries.find((e): e is Entry<"rating"> => e.kind === "rating");
  if (!rating) return [];
  const lines: string[] = [];
  lines.push(
    rating.candidates.length
      ? say("line.candidates", { list: list(rating.candidates) })
      : say("line.noCandidates"),
  );
  if (rating.votes.length)
    lines.push(
      say("line.ratingVotes", { list: rating.votes.map((v) => `${v.seat} ×${v.votes}`).join(", ") }),
    );
  for (const b of rating.bonuses) lines.push(say("line.bonus", { seat: b.seat, points: b.points }));
  for (const c of rating.contests) {
    const outcome = say(c.passed ? "line.passed" : "line.refused");
    lines.push(say("line.contest", { seat: c.seat, points: c.points, outcome }));
  }
  return [
    { kind: "heading", text: say("protocol.rating") },
    { kind: "lines", lines },
  ];
}
