// How long a bot takes to type a line at an online table: a person's pace, so a bot's line does not
// land the instant the floor opens, and a long claim takes longer than a short jab.

/** Milliseconds before a line of this length is sent: a pause to think, then about 20 characters a second. */
export function typingMs(text: string): number {
  return Math.min(THINK_MS + text.length * PER_CHAR_MS, MAX_MS);
}

const THINK_MS = 1_200;
const PER_CHAR_MS = 50;
const MAX_MS = 9_000;
