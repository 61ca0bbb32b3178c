// Who wakes at each step of the call order, who chooses, who is frozen, and whom they may target.

import { isMafioso } from "../cards.js";
import type { RuleId } from "../rules.js";
import { holderOf, inGame, livingMafiosi, seatOf } from "../seats.js";
import type { GameState, Night, NightChoice, NightRole, Seat } from "../state.js";

export function tonight(state: GameState): Night {
  return state.nights[state.nights.length - 1] as Night;
}

function choiceOf(night: Night, role: NightRole): NightChoice | undefined {
  // A loop, not find(…): the wake of every night step asks for the freeze and the heal.
  for (const c of night.choices) if (c.role === role) return c;
  return undefined;
}

/** NIGHT-2, NIGHT-6: the freeze that stands tonight (a heal on the frozen player cancels it). */
export function standingFreeze(state: GameState, night: Night = tonight(state)): Seat | null {
  const freeze = choiceOf(night, "prostitute")?.target ?? null;
  if (freeze === null || !inGame(state, freeze)) return null;
  const heal = choiceOf(night, "doctor")?.target ?? null;
  return heal === freeze ? null : freeze;
}

export function isFrozen(state: GameState, seat: Seat): boolean {
  return standingFreeze(state) === seat;
}

export interface Wake {
  readonly role: NightRole;
  /** Whom the host wakes (FLOW-3). */
  readonly wake: readonly Seat[];
  /** Who must make a choice; a frozen or stopped chooser may only skip. */
  readonly choosers: readonly Seat[];
  /** The action the choosers take. */
  readonly action: "freeze" | "heal" | "shot" | "kill" | "check";
  /** Choosers who may only skip, and the rule that stops them. */
  readonly stopped: readonly { readonly seat: Seat; readonly rule: RuleId }[];
  /**
   * NIGHT-3, NIGHT-8: for a freeze or a heal, repeatBlocked for tonight. It is kept here because
   * the wake is cached per state and targetProblem is asked once per target.
   */
  readonly blocked: Seat | "any" | null;
}

/** The step of the call order for `role` tonight, or null when nobody wakes for it. */
export function wakeFor(state: GameState, role: NightRole): Wake | null {
  // The answer depends only on the seats and tonight's choices, and both are replaced, never
  // changed in place; one step of the night asks several times, so the last answer is kept.
  const c = lastWake;
  if (
    c &&
    c.seats === state.seats &&
    c.nights === state.nights &&
    c.role === role &&
    c.settings === state.settings
  ) {
    return c.wake;
  }
  const wake = computeWake(state, role);
  lastWake = { seats: state.seats, nights: state.nights, settings: state.settings, role, wake };
  return wake;
}

let lastWake: {
  seats: GameState["seats"];
  nights: GameState["nights"];
  settings: GameState["settings"];
  role: NightRole;
  wake: Wake | null;
} | null = null;

function computeWake(state: GameState, role: NightRole): Wake | null {
  const frozen = standingFreeze(state);
  switch (role) {
    case "prostitute":
      return single(state, role, "prostitute", "freeze", frozen);
    case "doctor":
      return single(state, role, "doctor", "heal", frozen);
    case "maniac":
      return single(state, role, "maniac", "kill", frozen);
    case "commissar":
      return single(state, role, "commissar", "check", frozen);
    case "mafia":
      return mafiaWake(state, frozen);
  }
}

/** The wake of a role held by one card: its holder, while in the game. */
function single(
  state: GameState,
  role: NightRole,
  card: "prostitute" | "doctor" | "maniac" | "commissar",
  action: Wake["action"],
  frozen: Seat | null,
): Wake | null {
  const holder = holderOf(state, card);
  if (!holder || holder.out !== null) return null;
  const stopped =
    card !== "prostitute" && frozen === holder.seat ? [{ seat: holder.seat, rule: "NIGHT-2" as RuleId }] : [];
  const blocked = card === "prostitute" || card === "doctor" ? repeatBlocked(state, card) : null;
  return { role, wake: [holder.seat], choosers: [holder.seat], action, stopped, blocked };
}

/** ACTING-DON, NIGHT-4, NIGHT-5: who makes the mafia's shot tonight. */
function mafiaWake(state: GameState, frozen: Seat | null): Wake | null {
  const mafiosi = livingMafiosi(state);
  if (mafiosi.length === 0) {
    const prostitute = holderOf(state, "prostitute");
    if (!prostitute || prostitute.out !== null) return null;
    // NIGHT-5: the lone prostitute shoots; freezing herself has no effect, so she is never stopped.
    return {
      role: "mafia",
      wake: [prostitute.seat],
      choosers: [prostitute.seat],
      action: "shot",
      stopped: [],
      blocked: null,
    };
  }
  const wake = mafiosi.map((s) => s.seat);
  const don = mafiosi.find((s) => s.card === "don");
  if (don && frozen !== don.seat)
    return { role: "mafia", wake, choosers: [don.seat], action: "shot", stopped: [], blocked: null };
  const unfrozen = wake.filter((seat) => seat !== frozen);
  if (unfrozen.length === 0) {
    return {
      role: "mafia",
      wake,
      choosers: wake,
      action: "shot",
      stopped: [{ seat: frozen as Seat, rule: "NIGHT-4" }],
      blocked: null,
    };
  }
  if (don && state.settings.frozenDonStopsShot) {
    return {
      role: "mafia",
      wake,
      choosers: [don.seat],
      action: "shot",
      stopped: [{ seat: don.seat, rule: "ACTING-DON" }],
      blocked: null,
    };
  }
  return { role: "mafia", wake, choosers: unfrozen, action: "shot", stopped: [], blocked: null };
}

/** The choosers of the current wake step who have not chosen yet. */
export function pendingChoosers(state: GameState, wake: Wake): Seat[] {
  const out: Seat[] = [];
  for (const seat of wake.choosers) if (isPending(state, wake, seat)) out.push(seat);
  return out;
}

/**
 * Whether `seat` is one of pendingChoosers: asked by settle, awaiting, legalActions and decide at
 * every night step, so it answers without building the list.
 */
export function isPending(state: GameState, wake: Wake, seat: Seat): boolean {
  if (!wake.choosers.includes(seat) || !inGame(state, seat)) return false;
  for (const c of tonight(state).choices) if (c.role === wake.role && c.seat === seat) return false;
  return true;
}

/** Whether any chooser of the wake step has still to choose. */
export function anyPending(state: GameState, wake: Wake): boolean {
  for (const seat of wake.choosers) if (isPending(state, wake, seat)) return true;
  return false;
}

/** NIGHT-3, NIGHT-8: the target this seat may not pick tonight, or "any" when it must rest. */
export function repeatBlocked(state: GameState, role: "prostitute" | "doctor"): Seat | "any" | null {
  const n = tonight(state).n;
  const prev1 = state.nights.find((night) => night.n === n - 1);
  const prev2 = state.nights.find((night) => night.n === n - 2);
  const t1 = prev1 ? (choiceOf(prev1, role)?.target ?? null) : null;
  const t2 = prev2 ? (choiceOf(prev2, role)?.target ?? null) : null;
  if (t1 === null || t2 === null) return null;
  if (state.settings.repeatLimitScope === "anyTarget") return "any";
  return t1 === t2 ? t1 : null;
}

/** Why `target` is not a legal choice for `seat` at this wake step, or null when it is. */
export function targetProblem(
  state: GameState,
  wake: Wake,
  seat: Seat,
  target: Seat,
): { rule: RuleId; message: string } | null {
  const stop = wake.stopped.find((s) => s.seat === seat);
  if (stop) return { rule: stop.rule, message: `seat ${seat} cannot act tonight and may only skip` };
  if (!inGame(state, target)) return { rule: "NIGHT-1", message: `seat ${target} is not in the game` };
  switch (wake.action) {
    case "freeze":
    case "heal": {
      const role = wake.action === "freeze" ? "prostitute" : "doctor";
      const blocked = wake.blocked;
      const rule: RuleId = role === "prostitute" ? "NIGHT-3" : "NIGHT-8";
      if (blocked === "any")
        return { rule, message: `the ${role} chose on the two nights before and must rest tonight` };
      if (blocked === target) return { rule, message: `seat ${target} was chosen on the two nights before` };
      return null;
    }
    case "shot": {
      const lone = !isMafioso(seatOf(state, seat).card);
      if (lone && target === seat)
        return { rule: "NIGHT-9", message: "the prostitute may not shoot herself" };
      if (!lone && wake.choosers.includes(target))
        return { rule: "NIGHT-9", message: "the shooters may not shoot one of themselves" };
      return null;
    }
    case "kill":
      return target === seat ? { rule: "NIGHT-10", message: "the maniac may not target himself" } : null;
    case "check":
      return target === seat ? { rule: "NIGHT-11", message: "the commissar may not check himself" } : null;
  }
}
