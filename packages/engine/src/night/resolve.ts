// NIGHT-13: the night resolves in RESOLUTION_ORDER: freeze (a heal cancels it), heal, shots, check.

import { isMafioso } from "../cards.js";
import { holderOf, inGame, seatOf } from "../seats.js";
import type { GameState, Night, NightOutcome, Seat } from "../state.js";
import { standingFreeze } from "./wake.js";

/** The mafia's shot from the choices made at its step (ACTING-DON: shooters together must agree). */
function mafiaShot(state: GameState, night: Night): Seat | null {
  const choices = night.choices.filter((c) => c.role === "mafia" && isMafioso(seatOf(state, c.seat).card));
  if (choices.length === 0) return null;
  const first = choices[0]?.target ?? null;
  return choices.every((c) => c.target === first) ? first : null;
}

export function resolveNight(state: GameState, night: Night): NightOutcome {
  const target = (role: "prostitute" | "doctor" | "maniac" | "commissar") =>
    night.choices.find((c) => c.role === role)?.target ?? null;
  const freeze = standingFreeze(state, night);
  const healChoice = target("doctor");
  const heal = healChoice !== null && inGame(state, healChoice) ? healChoice : null;
  const shots: { by: "mafia" | "maniac" | "prostitute"; target: Seat }[] = [];
  const mafia = mafiaShot(state, night);
  if (mafia !== null) shots.push({ by: "mafia", target: mafia });
  const maniac = target("maniac");
  if (maniac !== null) shots.push({ by: "maniac", target: maniac });
  const lone = night.choices.find((c) => c.role === "mafia" && seatOf(state, c.seat).card === "prostitute");
  if (lone && lone.target !== null) shots.push({ by: "prostitute", target: lone.target });
  // FOUL-7: a choice naming a player removed tonight has no effect on him.
  const deaths: Seat[] = [];
  for (const shot of shots) {
    if (shot.target !== heal && inGame(state, shot.target) && !deaths.includes(shot.target))
      deaths.push(shot.target);
  }
  deaths.sort((a, b) => a - b);
  const commissar = holderOf(state, "commissar");
  const check = target("commissar");
  const noteRead = night.note && commissar && deaths.includes(commissar.seat) ? check : null;
  return { freeze, heal, shots, deaths, noteRead };
}
