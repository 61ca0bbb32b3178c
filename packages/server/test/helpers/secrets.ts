// The spectator's view must hold no card that is not public: found by walking the whole JSON.

import { CARDS, type GameState } from "@misto/engine/testing";

const CARD_NAMES = new Set<string>(CARDS);

/** Every card in `json` that the city may not know yet, as "path: card" lines (empty when none). */
export function leakedCards(state: GameState, json: unknown): string[] {
  const problems: string[] = [];
  const isPublic = (seat: unknown) => {
    const s = state.seats.find((x) => x.seat === seat);
    return s !== undefined && (s.revealed || state.result?.announced === true);
  };
  const walk = (value: unknown, path: string, parent: Record<string, unknown> | null, key: string) => {
    if (typeof value === "string" && CARD_NAMES.has(value)) {
      const seat = parent?.seat;
      const own = state.seats.find((x) => x.seat === seat);
      const ok = key === "card" && own?.card === value && isPublic(seat);
      if (!ok) problems.push(`${path}: ${value}`);
    } else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`, parent, key);
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value))
        walk(v, `${path}.${k}`, value as Record<string, unknown>, k);
    }
  };
  walk(json, "$", null, "");
  return problems;
}
