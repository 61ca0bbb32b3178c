// Who wakes at each step of the call order, who chooses, who is frozen, and whom they may target.

import { isMafioso } from "../cards.js";
import type { RuleId } from "../rules.js";
import { holderOf, inGame, seatOf } from "../seats.js";
import { type GameState, type Night, type NightChoice, type NightRole, SEATS, type Seat } from "../state.js";

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
   * NIGHT-3, NIGHT-8: for a freeze or a heal, repeatBlocked for tonight, found once for the wake:
   * a seat's list of choices asks targetRefusal once per target.
   */
  readonly blocked: Seat | "any" | null;
}

/** The step of the call order for `role` tonight, or null when nobody wakes for it. */
export function wakeFor(state: GameState, role: NightRole): Wake | null {
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
  const stopped = card !== "prostitute" && frozen === holder.seat ? FROZEN_STOP[holder.seat] : NONE_STOPPED;
  const blocked = card === "prostitute" || card === "doctor" ? repeatBlocked(state, card) : null;
  const alone = ALONE[holder.seat] as readonly Seat[];
  return { role, wake: alone, choosers: alone, action, stopped: stopped as Wake["stopped"], blocked };
}

// Shared parts of a single holder's wake, made once: a wake is computed at every night step.
// Read-only by their type but not frozen, as V8 reads a frozen array by index more slowly.
const ALONE: readonly (readonly Seat[])[] = Array.from({ length: SEATS + 1 }, (_, seat) => [seat]);
const NONE_STOPPED: Wake["stopped"] = [];
const FROZEN_STOP: readonly Wake["stopped"][] = Array.from({ length: SEATS + 1 }, (_, seat) => [
  { seat, rule: "NIGHT-2" as RuleId },
]);

/** ACTING-DON, NIGHT-4, NIGHT-5: who makes the mafia's shot tonight. */
function mafiaWake(state: GameState, frozen: Seat | null): Wake | null {
  // One pass over the seats for the living mafiosi and the Don (loops, not map/find/filter: this
  // runs at every mafia step of every night).
  const wake: Seat[] = [];
  let don: Seat | null = null;
  for (const s of state.seats) {
    if (s.out !== null || !isMafioso(s.card)) continue;
    wake.push(s.seat);
    if (s.card === "don" && don === null) don = s.seat;
  }
  if (wake.length === 0) {
    const prostitute = holderOf(state, "prostitute");
    if (!prostitute || prostitute.out !== null) return null;
    // NIGHT-5: the lone prostitute shoots; freezing herself has no effect, so she is never stopped.
    const alone = ALONE[prostitute.seat] as readonly Seat[];
    return {
      role: "mafia",
      wake: alone,
      choosers: alone,
      action: "shot",
      stopped: NONE_STOPPED,
      blocked: null,
    };
  }
  if (don !== null && frozen !== don) {
    const choosers = ALONE[don] as readonly Seat[];
    return { role: "mafia", wake, choosers, action: "shot", stopped: NONE_STOPPED, blocked: null };
  }
  const unfrozen: Seat[] = [];
  for (const seat of wake) if (seat !== frozen) unfrozen.push(seat);
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
  if (don !== null && state.settings.frozenDonStopsShot) {
    return {
      role: "mafia",
      wake,
      choosers: [don],
      action: "shot",
      stopped: [{ seat: don, rule: "NIGHT-4" }],
      blocked: null,
    };
  }
  return { role: "mafia", wake, choosers: unfrozen, action: "shot", stopped: NONE_STOPPED, blocked: null };
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
  const choosers = wake.choosers;
  for (let i = 0; i < choosers.length; i++) if (isPending(state, wake, choosers[i] as Seat)) return true;
  return false;
}

/** NIGHT-3, NIGHT-8: the target this seat may not pick tonight, or "any" when it must rest. */
export function repeatBlocked(state: GameState, role: "prostitute" | "doctor"): Seat | "any" | null {
  const n = tonight(state).n;
  const t1 = targetOn(state, n - 1, role);
  const t2 = targetOn(state, n - 2, role);
  if (t1 === null || t2 === null) return null;
  if (state.settings.repeatLimitScope === "anyTarget") return "any";
  return t1 === t2 ? t1 : null;
}

/** The seat `role` chose on night `n`, or null (no such night, or no choice, or a skip). */
function targetOn(state: GameState, n: number, role: NightRole): Seat | null {
  // A loop, not nights.find(…): the prostitute's and the doctor's wakes ask this every night.
  for (const night of state.nights) if (night.n === n) return choiceOf(night, role)?.target ?? null;
  return null;
}

/**
 * Why `target` is not a legal choice for `seat` at this wake step, as a short code: the list of a
 * seat's choices asks this for every target at every night step, and only a refused command needs
 * the sentence (targetProblem).
 */
export type TargetRefusal =
  | "stopped"
  | "out"
  | "rest"
  | "repeated"
  | "selfShot"
  | "shooter"
  | "selfKill"
  | "selfCheck";

/** The reason `target` is refused to `seat` at this wake step, or null when the choice is legal. */
export function targetRefusal(state: GameState, wake: Wake, seat: Seat, target: Seat): TargetRefusal | null {
  if (isStopped(wake, seat)) return "stopped"; // NIGHT-2, NIGHT-4, ACTING-DON
  if (!inGame(state, target)) return "out"; // NIGHT-1: dead players are never targets
  switch (wake.action) {
    case "freeze": // NIGHT-3 (freezing herself or a civilian is legal and has no effect, NIGHT-2)
    case "heal": {
      // NIGHT-8 (NIGHT-6: the doctor may heal himself)
      const blocked = wake.blocked;
      if (blocked === "any") return "rest";
      return blocked === target ? "repeated" : null;
    }
    case "shot":
      // NIGHT-9: the lone prostitute not at herself (NIGHT-5); the mafia not at a shooter.
      if (!isMafioso(seatOf(state, seat).card)) return target === seat ? "selfShot" : null;
      return wake.choosers.includes(target) ? "shooter" : null;
    case "kill":
      return target === seat ? "selfKill" : null; // NIGHT-10
    case "check":
      return target === seat ? "selfCheck" : null; // NIGHT-11
  }
}

/** Whether a chooser of this wake step is stopped and may only skip (NIGHT-2, NIGHT-4, ACTING-DON). */
export function isStopped(wake: Wake, seat: Seat): boolean {
  // Indexed, not for…of: V8 iterated this list through its generic iterator here.
  const stopped = wake.stopped;
  for (let i = 0; i < stopped.length; i++)
    if ((stopped[i] as Wake["stopped"][number]).seat === seat) return true;
  return false;
}

/** Why `target` is not a legal choice for `seat` at this wake step (rule and sentence), or null when it is. */
export function targetProblem(
  state: GameState,
  wake: Wake,
  seat: Seat,
  target: Seat,
): { rule: RuleId; message: string } | null {
  const refusal = targetRefusal(state, wake, seat, target);
  if (refusal === null) return null;
  const role = wake.action === "freeze" ? "prostitute" : "doctor";
  switch (refusal) {
    case "stopped": {
      const rule = (wake.stopped.find((s) => s.seat === seat) as Wake["stopped"][number]).rule;
      return { rule, message: `seat ${seat} cannot act tonight and may only skip` };
    }
    case "out":
      return { rule: "NIGHT-1", message: `seat ${target} is not in the game` };
    case "rest":
      return {
        rule: role === "prostitute" ? "NIGHT-3" : "NIGHT-8",
        message: `the ${role} chose on the two nights before and must rest tonight`,
      };
    case "repeated":
      return {
        rule: role === "prostitute" ? "NIGHT-3" : "NIGHT-8",
        message: `seat ${target} was chosen on the two nights before`,
      };
    case "selfShot":
      return { rule: "NIGHT-9", message: "the prostitute may not shoot herself" };
    case "shooter":
      return { rule: "NIGHT-9", message: "the shooters may not shoot one of themselves" };
    case "selfKill":
      return { rule: "NIGHT-10", message: "the maniac may not target himself" };
    case "selfCheck":
      return { rule: "NIGHT-11", message: "the commissar may not check himself" };
  }
}
