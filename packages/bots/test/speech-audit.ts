// The audit of one bot line against the speaker's own view and the true state: what the line
// states must be shown by the view, its words may name no seat and no card the facts do not, and a
// check it claims as the commissar must be true. Used by speech.test.ts.

import { type Card, type GameState, type Seat, teamOf, type View } from "@misto/engine/testing";
import { parseClaims } from "../src/claims.js";
import type { Line, Said } from "../src/talk/speech.js";

/** Words that name a card, in every table language ("commissar" and "doctor" apart). */
const CARD_WORDS: Readonly<Record<"commissar" | "doctor" | "other", RegExp>> = {
  commissar: /комиссар|комісар|commissar|sheriff|шериф/iu,
  doctor: /доктор|лікар|doctor/iu,
  other:
    /(^|[^\p{L}])(дон|don)([^\p{L}']|$)|мафи|мафі|mafi|маньяк|маніяк|maniac|путан|повія|prostitut|civilian|мирн|житель|мешкан/iu,
};

/** Why the line is not the speaker's to say, or null when every fact and word is his view's. */
export function audit(state: GameState, view: View, line: Line): string | null {
  const you = view.you;
  if (you === null) return "a line from a view that is not a seat's";
  for (const said of line.said) {
    const problem = unsupported(view, said);
    if (problem) return `${problem}: ${JSON.stringify(said)}`;
    if (said.kind === "check" && you.card === "commissar") {
      const card = state.seats[said.target - 1]?.card as Card;
      if ((teamOf(card) === "black") !== said.black)
        return `a false check by the commissar on ${said.target}`;
    }
  }
  const seats = new Set<Seat>();
  for (const said of line.said) for (const seat of seatsOf(said)) seats.add(seat);
  for (const m of line.text.matchAll(/\d+/g)) {
    if (!seats.has(Number(m[0]))) return `names seat ${m[0]}, which none of its facts is about`;
  }
  const claims = line.said.some((s) => s.kind === "check" || s.kind === "claim");
  if (CARD_WORDS.commissar.test(line.text) && !claims) return "names the commissar without a claim";
  if (CARD_WORDS.doctor.test(line.text) && !line.said.some((s) => s.kind === "heal"))
    return "names the doctor without his heal";
  if (CARD_WORDS.other.test(line.text)) return "names a card";
  // The claim grammar in the text is exactly the checks the line states.
  const spoken = parseClaims(you.seat, line.text).map((c) => `${c.target}${c.black}`);
  const stated = line.said.flatMap((s) => (s.kind === "check" ? [`${s.target}${s.black}`] : []));
  if (spoken.join() !== stated.join()) return "its claim lines are not its checks";
  return null;
}

/** Whether the speaker's view shows the fact (or it is his to state: his own card, a bluff). */
function unsupported(view: View, said: Said): string | null {
  const you = view.you;
  if (you === null) return "no seat";
  switch (said.kind) {
    case "check":
      if (you.card === "commissar")
        return you.checks.some((c) => c.target === said.target && c.black === said.black)
          ? null
          : "a check he did not make";
      // A bluff is the Don's alone, and only a black seat may claim the commissar falsely.
      return you.card === "don" ? null : "a check claimed by a seat that checks nobody";
    case "heal": {
      if (you.card !== "doctor") return "a heal by a seat that heals nobody";
      const chose = you.choices.some(
        (c) => c.night === said.night && c.role === "doctor" && c.target === said.target,
      );
      const quiet = view.nights.some((n) => n.n === said.night && n.deaths.length === 0);
      return chose && quiet ? null : "a heal the view does not show";
    }
    case "ballot":
      return view.votings.some(
        (v) =>
          v.day === said.day && v.ballots.some((b) => b.voter === said.voter && b.target === said.target),
      )
        ? null
        : "a ballot nobody cast";
    case "death":
      return view.nights.some((n) => n.n === said.night && n.deaths.some((d) => d.seat === said.seat))
        ? null
        : "a death nobody announced";
    case "claim": {
      const made = view.speeches.flatMap((s) => parseClaims(s.seat, s.text));
      return made.some((c) => c.by === said.by && c.target === said.target && c.black === said.black)
        ? null
        : "a claim nobody made";
    }
    case "red":
      return null;
  }
}

function seatsOf(said: Said): Seat[] {
  switch (said.kind) {
    case "check":
    case "heal":
      return [said.target];
    case "ballot":
      return [said.voter, said.target];
    case "death":
      return [said.seat];
    case "claim":
      return [said.by, said.target];
    case "red":
      return [];
  }
}

/**
 * The state with the cards the speaker's view does not show dealt among their seats anew (a fixed
 * rotation): what a line may depend on is unchanged, what it must not depend on is moved.
 */
export function shuffledHidden(state: GameState, view: View): GameState {
  const hidden = view.seats.filter((s) => s.card === null).map((s) => s.seat);
  if (hidden.length < 2) return state;
  const cards = hidden.map((seat) => state.seats[seat - 1]?.card as Card);
  const moved = new Map<Seat, Card>();
  for (const [i, seat] of hidden.entries()) moved.set(seat, cards[(i + 1) % cards.length] as Card);
  return {
    ...state,
    seats: state.seats.map((s) => (moved.has(s.seat) ? { ...s, card: moved.get(s.seat) as Card } : s)),
  };
}
