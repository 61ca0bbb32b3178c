// NIGHT-13: the night resolves step by step in RESOLUTION_ORDER (state.ts): freeze (a heal
// cancels it), heal, shots, check. Each step below is one entry of that list.

import { isMafioso } from "../cards.js";
import { holderOf, inGame, seatOf } from "../seats.js";
import { type GameState, type Night, type NightOutcome, RESOLUTION_ORDER, type Seat } from "../state.js";
import { standingFreeze } from "./wake.js";

type Shot = NightOutcome["shots"][number];

/** The outcome as it is built, one resolution step at a time. */
interface Resolution {
  freeze: Seat | null;
  heal: Seat | null;
  shots: Shot[];
  deaths: Seat[];
  noteRead: Seat | null;
}

function targetOf(night: Night, role: "prostitute" | "doctor" | "maniac" | "commissar"): Seat | null {
  for (const c of night.choices) if (c.role === role) return c.target;
  return null;
}

/** The mafia's shot from the choices made at its step (ACTING-DON: shooters together must agree). */
function mafiaShot(state: GameState, night: Night): Seat | null {
  let shot: Seat | null | undefined; // undefined until the first mafioso's choice
  for (const c of night.choices) {
    if (c.role !== "mafia" || !isMafioso(seatOf(state, c.seat).card)) continue;
    if (shot === undefined) shot = c.target;
    else if (c.target !== shot) return null;
  }
  return shot ?? null;
}

const STEPS: Record<
  (typeof RESOLUTION_ORDER)[number],
  (state: GameState, night: Night, r: Resolution) => void
> = {
  /** NIGHT-2, NIGHT-6: a freeze stands unless the frozen player is healed. */
  freeze(state, night, r) {
    r.freeze = standingFreeze(state, night);
  },
  /** NIGHT-6: the heal covers its target against every shot tonight. */
  heal(state, night, r) {
    const heal = targetOf(night, "doctor");
    r.heal = heal !== null && inGame(state, heal) ? heal : null;
  },
  /** NIGHT-7, NIGHT-9, NIGHT-10, NIGHT-5: every shot; several on one player are one death. */
  shots(state, night, r) {
    const mafia = mafiaShot(state, night);
    if (mafia !== null) r.shots.push({ by: "mafia", target: mafia });
    const maniac = targetOf(night, "maniac");
    if (maniac !== null) r.shots.push({ by: "maniac", target: maniac });
    const lone = night.choices.find((c) => c.role === "mafia" && seatOf(state, c.seat).card === "prostitute");
    if (lone && lone.target !== null) r.shots.push({ by: "prostitute", target: lone.target });
    // FOUL-7: a choice naming a player removed tonight has no effect on him.
    for (const shot of r.shots) {
      if (shot.target !== r.heal && inGame(state, shot.target) && !r.deaths.includes(shot.target)) {
        r.deaths.push(shot.target);
      }
    }
    r.deaths.sort((a, b) => a - b);
  },
  /** NIGHT-11, NIGHT-12: the check was answered at once; a note is read if its writer died tonight. */
  check(state, night, r) {
    const commissar = holderOf(state, "commissar");
    const died = commissar !== undefined && r.deaths.includes(commissar.seat);
    r.noteRead = night.note && died ? targetOf(night, "commissar") : null;
  },
};

export function resolveNight(state: GameState, night: Night): NightOutcome {
  const r: Resolution = { freeze: null, heal: null, shots: [], deaths: [], noteRead: null };
  for (const step of RESOLUTION_ORDER) STEPS[step](state, night, r);
  return r;
}
