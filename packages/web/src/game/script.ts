// The night script's words (FLOW-3, FLOW-4): what the host says at each step of the call order, as
// i18n keys. The engine's script says whom to wake; this says how to say it.

import type { NightScript, View } from "@misto/engine";
import type { Key } from "../i18n/types.js";

export interface ScriptWords {
  /** "The city falls asleep" opens the night's first step. */
  readonly opening: Key | null;
  readonly wake: Key;
  /** The question to the woken role, or null when there is nothing to ask. */
  readonly ask: Key | null;
  readonly sleep: Key | null;
}

export function scriptWords(view: View, script: NightScript): ScriptWords {
  const tonight = view.host?.nights.at(-1);
  const first =
    script.role === "acquaintance" || (script.role !== "note" && (tonight?.choices.length ?? 0) === 0);
  const opening = first ? "night.say.cityAsleep" : null;
  if (script.role === "acquaintance") {
    const prostitute = script.withProstitute;
    return {
      opening,
      wake: prostitute ? "night.say.acquaintanceWithProstitute" : "night.say.acquaintance",
      // The Don shows himself only if he is still there to wake (he may have left on day 1).
      ask: script.wake.some((seat) => view.seats[seat - 1]?.card === "don") ? "night.say.donShows" : null,
      sleep: prostitute ? "night.say.acquaintanceSleepWithProstitute" : "night.say.mafiaSleeps",
    };
  }
  if (script.role === "dawn") return { opening: null, wake: "night.say.dawn", ask: null, sleep: null };
  if (script.role === "note") {
    return { opening: null, wake: "night.say.noteAsk", ask: null, sleep: "night.say.commissarSleeps" };
  }
  if (script.lone) {
    return {
      opening,
      wake: "night.say.loneProstituteWakes",
      ask: "night.say.loneProstituteAsk",
      sleep: "night.say.prostituteSleeps",
    };
  }
  return {
    opening,
    wake: `night.say.${script.role}Wakes`,
    ask: script.role === "mafia" ? mafiaAsk(script) : `night.say.${script.role}Ask`,
    sleep: `night.say.${script.role}Sleeps`,
  };
}

/** ACTING-DON: the Don is asked by name only when he is the shooter (the engine's script says). */
function mafiaAsk(script: NightScript): Key {
  if (script.choosers.length > 1) return "night.say.mafiaAskTogether";
  return script.donShoots ? "night.say.mafiaAsk" : "night.say.mafiaAskOne";
}
