// The online-table form's own settings (docs/settings.md "Online tables") as typed: the deadlines in
// seconds, the rest as whole numbers. Limits and defaults are the protocol's (ONLINE_LIMITS,
// ONLINE_DEFAULTS), never copied here; only what differs from a default is sent (the server's own
// defaults apply to the rest), but the human seats are always sent.

import { ONLINE_DEFAULTS, ONLINE_LIMITS, type OnlineLanguage, type OnlineNumber } from "@misto/protocol";

/** The settings in the form, in the order asked; `ms` ones are typed in seconds. */
export const ONLINE_FIELDS: readonly { readonly key: OnlineNumber; readonly ms: boolean }[] = [
  { key: "humanSeats", ms: false },
  { key: "startMs", ms: true },
  { key: "nightMs", ms: true },
  { key: "voteMs", ms: true },
  { key: "missedDeadlines", ms: false },
  { key: "graceMs", ms: true },
  { key: "spectatorDelayMs", ms: true },
];

export interface OnlineDraft {
  readonly language: OnlineLanguage;
  readonly numbers: Readonly<Record<OnlineNumber, string>>;
}

const msField = (key: OnlineNumber) => ONLINE_FIELDS.find((f) => f.key === key)?.ms === true;
const shown = (key: OnlineNumber, value: number) => String(msField(key) ? value / 1000 : value);

export function defaultOnlineDraft(): OnlineDraft {
  const numbers = Object.fromEntries(ONLINE_FIELDS.map(({ key }) => [key, shown(key, ONLINE_DEFAULTS[key])]));
  return { language: ONLINE_DEFAULTS.language, numbers: numbers as Record<OnlineNumber, string> };
}

/** A field's range as typed (seconds for a deadline). */
export function onlineRange(key: OnlineNumber): { min: number; max: number } {
  const { min, max } = ONLINE_LIMITS[key];
  return msField(key) ? { min: min / 1000, max: max / 1000 } : { min, max };
}

export interface OnlineRead {
  /** The body's `onlineSettings`: the human seats, and what differs from the defaults. */
  readonly settings: Record<string, string | number>;
  readonly humanSeats: number;
  /** The fields out of range, by key. */
  readonly problems: Partial<Record<OnlineNumber, true>>;
}

export function readOnlineDraft(draft: OnlineDraft): OnlineRead {
  const settings: Record<string, string | number> = {};
  const problems: Partial<Record<OnlineNumber, true>> = {};
  if (draft.language !== ONLINE_DEFAULTS.language) settings.language = draft.language;
  for (const { key, ms } of ONLINE_FIELDS) {
    const text = draft.numbers[key].trim().replace(",", ".");
    const typed = text === "" ? Number.NaN : Number(text);
    const value = ms ? Math.round(typed * 1000) : typed;
    const { min, max } = ONLINE_LIMITS[key];
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problems[key] = true;
      continue;
    }
    if (key === "humanSeats" || value !== ONLINE_DEFAULTS[key]) settings[key] = value;
  }
  const humanSeats =
    typeof settings.humanSeats === "number" ? settings.humanSeats : ONLINE_DEFAULTS.humanSeats;
  return { settings, humanSeats, problems };
}
