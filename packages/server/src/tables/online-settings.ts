// An online table's own settings (docs/settings.md "Online tables"): its language, the deadlines
// of its steps, and when a bot takes over an absent player's seat. Named, typed, defaulted and
// validated here, once; the runner (./online.ts) and the absence rules (./absence.ts) read them.

import { HttpError } from "../errors.js";

export const ONLINE_LANGUAGES = ["ru", "uk", "en"] as const;
export type OnlineLanguage = (typeof ONLINE_LANGUAGES)[number];

export interface OnlineSettings {
  /** The language the bots speak in the city. */
  readonly language: OnlineLanguage;
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
}

/** The ranges, by name: one place says which values are legal (the docs' table repeats it). */
const MS = { min: 50, max: 3_600_000 } as const;
const RANGES = {
  startMs: { min: 0, max: 3_600_000 },
  nightMs: MS,
  voteMs: MS,
  missedDeadlines: { min: 1, max: 20 },
  graceMs: MS,
} as const;

/** The defaults of a server's online tables; a server's own (its OnlineOptions) replace these. */
export const ONLINE_DEFAULTS: OnlineSettings = {
  language: "ru",
  startMs: 60_000,
  nightMs: 30_000,
  voteMs: 20_000,
  missedDeadlines: 2,
  graceMs: 60_000,
};

/**
 * The table's settings from a new table's body (any keys of OnlineSettings; the rest defaulted).
 * A bad one is a 422 `bad_setting` naming the setting and saying what it may be.
 */
export function onlineSettingsOf(body: unknown, defaults: OnlineSettings): OnlineSettings {
  if (body === undefined) return defaults;
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw bad("onlineSettings", "onlineSettings must be an object");
  const out: { -readonly [K in keyof OnlineSettings]: OnlineSettings[K] } = { ...defaults };
  for (const [key, value] of Object.entries(body)) {
    if (key === "language") {
      const language = ONLINE_LANGUAGES.find((l) => l === value);
      if (language === undefined) throw bad(key, `language must be one of ${ONLINE_LANGUAGES.join(", ")}`);
      out.language = language;
    } else if (Object.hasOwn(RANGES, key)) {
      const name = key as keyof typeof RANGES;
      const { min, max } = RANGES[name];
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max)
        throw bad(key, `${key} must be a whole number from ${min} to ${max}`);
      out[name] = value;
    } else {
      throw bad(
        key,
        `${key} is not an online setting (they are: language, ${Object.keys(RANGES).join(", ")})`,
      );
    }
  }
  return out;
}

/** A stored table's settings: what it was made with, over the defaults (older tables have none). */
export function storedOnlineSettings(json: string | null, defaults: OnlineSettings): OnlineSettings {
  if (json === null) return defaults;
  try {
    return onlineSettingsOf(JSON.parse(json), defaults);
  } catch {
    return defaults;
  }
}

function bad(setting: string, message: string): HttpError {
  return new HttpError(422, "bad_setting", message, { setting });
}
