// An online table's own settings (docs/settings.md "Online tables"): its language, the deadlines
// of its steps, and when a bot takes over an absent player's seat. Named, typed, ranged and
// defaulted once, in the protocol (packages/protocol/src/online.ts, which the web app's form reads
// too); validated here; the runner (./online.ts) and the absence rules (./absence.ts) read them.

import { ONLINE_LANGUAGES, ONLINE_LIMITS, type OnlineSettings } from "@misto/protocol";
import { HttpError } from "../errors.js";

export { ONLINE_DEFAULTS, ONLINE_LANGUAGES, type OnlineLanguage, type OnlineSettings } from "@misto/protocol";

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
    } else if (Object.hasOwn(ONLINE_LIMITS, key)) {
      const name = key as keyof typeof ONLINE_LIMITS;
      const { min, max } = ONLINE_LIMITS[name];
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max)
        throw bad(key, `${key} must be a whole number from ${min} to ${max}`);
      out[name] = value;
    } else {
      throw bad(
        key,
        `${key} is not an online setting (they are: language, ${Object.keys(ONLINE_LIMITS).join(", ")})`,
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
