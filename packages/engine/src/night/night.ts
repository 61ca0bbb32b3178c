// The night's course (FLOW-3, FLOW-4, NIGHT-12, NIGHT-13, HOST-4): the acquaintance, one wake step
// per role of CALL_ORDER, the commissar's note, and dawn, where the host ends the night.

import { startDay } from "../day/day.js";
import { eliminate, endPhase, over } from "../flow.js";
import { appended, beginStep, type Draft, inGame } from "../seats.js";
import { CALL_ORDER, type NightRole, type NightStep } from "../state.js";
import { resolveNight } from "./resolve.js";
import { anyPending, tonight, wakeFor } from "./wake.js";

function nightStep(d: Draft, n: number, step: NightStep, at: number): void {
  d.phase = { kind: "night", n, step };
  beginStep(d, at);
}

/** FLOW-3, FLOW-4: night 1 opens with the mafia's acquaintance. */
export function startNight(d: Draft, n: number, at: number): void {
  d.nights = appended(d.nights, { n, choices: [], note: false, outcome: null });
  nightStep(d, n, n === 1 ? { kind: "acquaintance" } : { kind: "wake", role: CALL_ORDER[0] }, at);
}

/** FLOW-4: after the acquaintance, night 1's choices, or (firstNightActions off) straight to the morning. */
export function afterAcquaintance(d: Draft, n: number, at: number): void {
  if (!d.settings.firstNightActions) return endNight(d, n, at);
  nightStep(d, n, { kind: "wake", role: CALL_ORDER[0] }, at);
}

/** NIGHT-13, NIGHT-14, HOST-4: the night resolves when the host ends it, after its last choice. */
export function endNight(d: Draft, n: number, at: number): void {
  const night = tonight(d);
  const outcome = resolveNight(d, night);
  const nights = d.nights.slice();
  nights[nights.length - 1] = { n: night.n, choices: night.choices, note: night.note, outcome };
  d.nights = nights;
  eliminate(d, outcome.deaths, "night");
  endPhase(d, { kind: "night", n });
  if (!over(d)) startDay(d, d.settings.firstPhase === "day" ? n + 1 : n, at);
}

/** FLOW-3: the step after `role` in the call order, or after the last the night's end (dawn). */
function nextRole(d: Draft, n: number, role: NightRole, at: number): void {
  const following = CALL_ORDER[CALL_ORDER.indexOf(role) + 1];
  // HOST-4: after the last role the night waits for the host; a removal until then leaves at once.
  if (following === undefined) nightStep(d, n, { kind: "dawn" }, at);
  else nightStep(d, n, { kind: "wake", role: following }, at);
}

/** NIGHT-12: after a wake step, the commissar's note when he checked and still has the right. */
function afterWake(d: Draft, n: number, role: NightRole, at: number): void {
  if (role === "commissar") {
    const check = tonight(d).choices.find((c) => c.role === "commissar");
    if (check && check.target !== null && !d.noteUsed && inGame(d, check.seat))
      return nightStep(d, n, { kind: "note" }, at);
  }
  nextRole(d, n, role, at);
}

/** NIGHT-12: after the commissar's note, the call order goes on past him. */
export function afterNote(d: Draft, n: number, at: number): void {
  nextRole(d, n, "commissar", at);
}

/** One move past a night step with nobody to act (FOUL-7: a removed chooser makes no choice). */
export function settleNight(d: Draft, n: number, step: NightStep, at: number): boolean {
  if (step.kind === "note") {
    if (inGame(d, (d.seats.find((s) => s.card === "commissar") as { seat: number }).seat)) return false;
    afterNote(d, n, at);
    return true;
  }
  if (step.kind !== "wake") return false;
  const wake = wakeFor(d, step.role);
  if (wake && anyPending(d, wake)) return false;
  afterWake(d, n, step.role, at);
  return true;
}
