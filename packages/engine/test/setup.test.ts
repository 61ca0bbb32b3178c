import {
  CARDS,
  type Card,
  createGame,
  DECK,
  type GameEvent,
  isActive,
  replay,
  type SeatSetup,
  type Setup,
  viewFor,
} from "@misto/engine/testing";
import { describe, expect, it } from "vitest";
import { COMMISSAR, DON, STANDARD_DEAL, Table } from "./scenario.js";

const players = (n = 12): SeatSetup[] => Array.from({ length: n }, (_, i) => ({ name: `Player ${i + 1}` }));

function game(setup: Partial<Setup>) {
  return createGame({ seats: players(), deal: { seed: "club night" }, at: 0, ...setup });
}

function dealt(seed: string): readonly Card[] {
  const created = game({ deal: { seed } });
  if (!created.ok) throw new Error(created.error.message);
  return created.event.cards;
}

const count = (cards: readonly Card[], card: Card) => cards.filter((c) => c === card).length;

describe("the table and the deal", () => {
  it("SETUP-1 a city has twelve seats numbered 1 to 12, one player each", () => {
    const created = game({});
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.state.seats.map((s) => s.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(created.state.seats.map((s) => s.name)).toEqual(players().map((p) => p.name));
  });

  it("SETUP-1 a game is not started with eleven or thirteen players", () => {
    for (const n of [0, 11, 13]) {
      const created = game({ seats: players(n) });
      expect(created.ok).toBe(false);
      if (!created.ok) expect(created.error.rule).toBe("SETUP-1");
    }
  });

  it("SETUP-1 every seat needs a player's name", () => {
    const seats = players();
    seats[4] = { name: "  " };
    const created = game({ seats });
    expect(created.ok).toBe(false);
    if (!created.ok) expect(created.error.problems.join(" ")).toContain("seat 5");
  });

  it("SETUP-2 every deal holds Don ×1, Mafia ×2, Prostitute ×1, Commissar ×1, Doctor ×1, Maniac ×1, Civilian ×5", () => {
    for (const seed of ["a", "b", "c", "Kiev", "2024-05-01 table 3"]) {
      const cards = dealt(seed);
      expect(cards).toHaveLength(12);
      expect([...cards].sort()).toEqual([...DECK].sort());
      expect(count(cards, "don")).toBe(1);
      expect(count(cards, "mafia")).toBe(2);
      expect(count(cards, "prostitute")).toBe(1);
      expect(count(cards, "commissar")).toBe(1);
      expect(count(cards, "doctor")).toBe(1);
      expect(count(cards, "maniac")).toBe(1);
      expect(count(cards, "civilian")).toBe(5);
    }
  });

  it("SETUP-2 cards entered by hand must be exactly that deck", () => {
    const twoDons: Card[] = [...STANDARD_DEAL];
    twoDons[7] = "don";
    const eleven = STANDARD_DEAL.slice(1);
    const unknown = [...STANDARD_DEAL.slice(0, 11), "sheriff"] as Card[];
    for (const cards of [twoDons, eleven, unknown]) {
      const created = game({ deal: { cards } });
      expect(created.ok).toBe(false);
      if (!created.ok) expect(created.error.rule).toBe("SETUP-2");
    }
  });

  it("SETUP-3 the same seed deals the same cards, and the seed is recorded with the game", () => {
    const first = game({ deal: { seed: "table 7" } });
    const second = game({ deal: { seed: "table 7" } });
    if (!first.ok || !second.ok) throw new Error("setup refused");
    expect(first.event.seed).toBe("table 7");
    expect(first.state.seed).toBe("table 7");
    expect(second.event.cards).toEqual(first.event.cards);
    expect(second.state.seats.map((s) => s.card)).toEqual(first.state.seats.map((s) => s.card));
  });

  it("SETUP-3 the deal is random: different seeds deal the cards differently", () => {
    const deals = new Set(["1", "2", "3", "4", "5", "6"].map((seed) => dealt(seed).join(",")));
    expect(deals.size).toBeGreaterThan(1);
  });

  it("SETUP-3 the host may enter the cards dealt by hand; then no seed is recorded", () => {
    const cards: Card[] = [...STANDARD_DEAL].reverse();
    const created = game({ deal: { cards } });
    if (!created.ok) throw new Error(created.error.message);
    expect(created.event.seed).toBeNull();
    expect(created.state.seats.map((s) => s.card)).toEqual(cards);
  });

  it("SETUP-3 on phones each player's card appears on his own phone only", () => {
    const t = new Table();
    for (let seat = 1; seat <= 12; seat++) {
      const view = t.viewAs(seat);
      expect(view.you?.card).toBe(STANDARD_DEAL[seat - 1]);
      const shown = view.seats.filter((s) => s.card !== null).map((s) => s.seat);
      expect(shown).toEqual([seat]);
    }
    expect(t.viewAs("spectator").seats.every((s) => s.card === null)).toBe(true);
    expect(t.viewAs("host").seats.map((s) => s.card)).toEqual(STANDARD_DEAL);
  });

  it("SETUP-3 the deal happens while the city sleeps: nobody speaks", () => {
    const t = new Table();
    expect(t.refuse({ actor: 3, type: "speak", seat: 3, text: "hello" }).rule).toBe("SETUP-3");
  });

  it("SETUP-3 replaying the recorded events deals the same cards again", () => {
    const t = new Table();
    t.do({ type: "redeal", seed: "again" });
    t.advance();
    const again = replay(t.events);
    expect(again.seats.map((s) => s.card)).toEqual(t.state.seats.map((s) => s.card));
    expect(again.seed).toBe("again");
  });
});

describe("a seen card", () => {
  it("SETUP-4 when a player sees another's card during the deal, the host redoes it, recorded as a new deal", () => {
    const t = new Table();
    const events: GameEvent[] = t.do({ type: "redeal", seed: "second deal" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "redealt", seed: "second deal", by: "host" });
    expect(t.state.seats.map((s) => s.card)).toEqual(dealt("second deal"));
    expect(t.state.deals).toBe(2);
    expect(t.state.seed).toBe("second deal");
  });

  it("SETUP-4 the new deal may be physical cards entered by hand", () => {
    const t = new Table();
    const cards: Card[] = [...STANDARD_DEAL.slice(6), ...STANDARD_DEAL.slice(0, 6)];
    t.do({ type: "redeal", cards });
    expect(t.seat(DON).card).toBe("maniac");
    expect(t.seat(COMMISSAR).card).toBe("civilian");
    expect(t.state.seed).toBeNull();
    expect(t.state.deals).toBe(2);
  });

  it("SETUP-4 once play has begun the deal cannot be redone", () => {
    const t = new Table().advance();
    expect(t.refuse({ type: "redeal", seed: "late" }).rule).toBe("SETUP-4");
  });

  it("SETUP-4 a card seen during the deal means a new deal, not a disqualification", () => {
    const t = new Table();
    expect(t.refuse({ type: "disqualify", seat: 8 }).rule).toBe("SETUP-4");
  });

  it("SETUP-4 only the host redeals, and a redeal is either a seed or a full deck", () => {
    const t = new Table();
    expect(t.refuse({ actor: 8, type: "redeal", seed: "mine" }).rule).toBe("ACTOR");
    expect(t.refuse({ type: "redeal", seed: "x", cards: STANDARD_DEAL }).rule).toBe("COMMAND");
    expect(t.refuse({ type: "redeal" }).rule).toBe("COMMAND");
    expect(t.refuse({ type: "redeal", cards: STANDARD_DEAL.slice(1) }).rule).toBe("SETUP-2");
  });
});

describe("active roles", () => {
  it("SETUP-5 every card but the civilian is an active role", () => {
    expect(CARDS.filter(isActive)).toEqual(["don", "mafia", "prostitute", "commissar", "doctor", "maniac"]);
    expect(isActive("civilian")).toBe(false);
  });

  it("SETUP-5 at night the active roles wake and the civilians never do", () => {
    const t = new Table({ settings: { firstPhase: "night" } }).advance();
    const woken = new Set<number>();
    while (t.state.phase.kind === "night") {
      const script = t.viewAs("host").host?.script;
      for (const seat of script?.wake ?? []) woken.add(seat);
      if (t.nightRole === "acquaintance" || t.nightRole === "dawn") t.advance();
      else t.do({ type: "choose", seat: script?.choosers[0]?.seat as number, target: null });
    }
    expect([...woken].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(viewFor(t.state, 8).you?.choices).toEqual([]);
  });
});
