// The cards of the Kiev rules (SETUP-2), their teams (TEAM-2) and who is an active role (SETUP-5).

export const CARDS = ["don", "mafia", "prostitute", "commissar", "doctor", "maniac", "civilian"] as const;
export type Card = (typeof CARDS)[number];
export type Team = "red" | "black";

/** SETUP-2: the twelve cards of one deal. */
export const DECK: readonly Card[] = [
  "don",
  "mafia",
  "mafia",
  "prostitute",
  "commissar",
  "doctor",
  "maniac",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
  "civilian",
];

/** TEAM-2: the maniac plays for red like every card outside the black three. */
export function teamOf(card: Card): Team {
  return card === "don" || card === "mafia" || card === "prostitute" ? "black" : "red";
}

/** The mafiosi: the cards that shoot together at night (the prostitute is black but no mafioso). */
export function isMafioso(card: Card): boolean {
  return card === "don" || card === "mafia";
}

/** SETUP-5: every card but the civilian. */
export function isActive(card: Card): boolean {
  return card !== "civilian";
}

/** SETUP-2: lists what is wrong with a hand-entered deal, empty when it is the deck. */
export function deckProblems(cards: readonly string[]): string[] {
  if (cards.length !== DECK.length) return [`a deal has ${DECK.length} cards, not ${cards.length}`];
  const problems: string[] = [];
  for (const card of cards) {
    if (!(CARDS as readonly string[]).includes(card)) problems.push(`unknown card "${card}"`);
  }
  for (const card of CARDS) {
    const want = DECK.filter((c) => c === card).length;
    const have = cards.filter((c) => c === card).length;
    if (want !== have) problems.push(`${card}: ${have} dealt, the deck has ${want}`);
  }
  return problems;
}
