// An online table's own settings (docs/settings.md "Online tables"): their names, types, legal
// ranges and defaults, in one place. The server checks a new table's settings against them
// (packages/server/src/tables/online-settings.ts) and the web app's form reads its limits and
// defaults from here.

export const ONLINE_LANGUAGES = ["ru", "uk", "en"] as const;
export type OnlineLanguage = (typeof ONLINE_LANGUAGES)[number];

export interface OnlineSettings {
  /** The language the bots speak in the city. */
  readonly language: OnlineLanguage;
  /** How many seats phones may take (seats 1 to this); bots take the others when the deal ends. */
  readonly humanSeats: number;
  /** How long the deal waits for phones to join, in ms. */
  readonly startMs: number;
  /** A night choice (or the commissar's note) not made in this time is a skip, in ms. */
  readonly nightMs: number;
  /** A vote (or a lift-all answer) not cast in this time is cast for the voter, in ms. */
  readonly voteMs: number;
  /** A player who misses this many deadlines in a row is played by a bot from then on. */
  readonly missedDeadlines: number;
  /** A player whose phone has been away this long (no connection to the table) is played by a bot, in ms. */
  readonly graceMs: number;
  /**
   * How long a spectator's updates are held back, in ms (0: live): a spectator sees the table as it
   * was this long ago, so he cannot relay the game to a player in real time.
   */
  readonly spectatorDelayMs: number;
}

/** The settings that are whole numbers. */
export type OnlineNumber = Exclude<keyof OnlineSettings, "language">;

const MS = { min: 50, max: 3_600_000 } as const;

/** The legal range of each number, by name (the docs' table repeats it). */
export const ONLINE_LIMITS: Readonly<Record<OnlineNumber, { readonly min: number; readonly max: number }>> = {
  humanSeats: { min: 1, max: 12 },
  startMs: { min: 0, max: 3_600_000 },
  nightMs: MS,
  voteMs: MS,
  missedDeadlines: { min: 1, max: 20 },
  graceMs: MS,
  spectatorDelayMs: { min: 0, max: 600_000 },
};

/** The defaults of a server's online tables; a server's own (its OnlineOptions) replace these. */
export const ONLINE_DEFAULTS: OnlineSettings = {
  language: "ru",
  humanSeats: 12,
  startMs: 60_000,
  nightMs: 30_000,
  voteMs: 20_000,
  missedDeadlines: 2,
  graceMs: 60_000,
  spectatorDelayMs: 0,
};
