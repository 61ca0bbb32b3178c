// Small finished games for the rating's pure computations: twelve seats, chosen winners and points.

import type { Person, PlayedGame, PlayedSeat } from "../../src/rating/played.js";

export const person = (id: string, name = id): Person => ({ id, name, kind: "member", council: false });

const CARDS = [
  "don",
  "mafia",
  "mafia",
  "prostitute",
  "commissar",
  "doctor",
  "maniac",
  ...Array(5).fill("civilian"),
];
const BLACK = new Set(["don", "mafia", "prostitute"]);

/** A game of 12 people (ids `${prefix}1`…): seats 1–4 black; `points` by person id; `admin` seats flagged. */
export function game(
  id: string,
  endedAt: number,
  winner: "red" | "black" | "draw",
  people: readonly Person[],
  points: Readonly<Record<string, number>> = {},
  admin: ReadonlySet<string> = new Set(),
): PlayedGame {
  const seats: PlayedSeat[] = people.map((p, i) => {
    const card = CARDS[i] as string;
    const team = BLACK.has(card) ? "black" : "red";
    return {
      seat: i + 1,
      personId: p.id,
      playerId: p.id,
      person: p,
      card,
      team,
      result: winner === "draw" ? "draw" : winner === team ? "won" : "lost",
      points: points[p.id] ?? 0,
      ratedPoints: points[p.id] ?? 0,
      admin: admin.has(p.id),
      out: null,
    };
  });
  return {
    id,
    key: id,
    title: id,
    hostId: "h",
    online: false,
    startedAt: endedAt - 3_600_000,
    endedAt,
    winner,
    days: 3,
    nights: 2,
    noteRead: false,
    seats,
  };
}

/** Twelve people named p1…p12. */
export const twelve = (prefix = "p"): Person[] =>
  Array.from({ length: 12 }, (_, i) => person(`${prefix}${i + 1}`));
