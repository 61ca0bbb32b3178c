import { type GameState, isMafioso, replay, type Seat } from "@misto/engine/testing";
import { describe, expect, it } from "vitest";
import { parseClaims } from "../src/claims.js";
import { type GameSummary, playGame } from "../src/play.js";

const GAMES = 300;

function played(
  bots: "random" | "heuristic",
  n: number,
  prefix: string,
): { s: GameSummary; state: GameState }[] {
  const out: { s: GameSummary; state: GameState }[] = [];
  for (let i = 0; i < n; i++) {
    const s = playGame({ seed: `${prefix}-${i}`, bots, record: true });
    out.push({ s, state: replay(s.events ?? []) });
  }
  return out;
}

const games = played("heuristic", 120, "h");

describe("HeuristicBot", () => {
  it("NIGHT-11 the commissar's claims are parsed back and match his checks", () => {
    let claims = 0;
    for (const { s, state } of games) {
      const commissar = state.seats.find((x) => x.card === "commissar")?.seat as Seat;
      for (const e of s.events ?? []) {
        if (e.type !== "spoke") continue;
        const parsed = parseClaims(e.seat, e.text);
        // Everyone talks now; only the commissar claims checks, or the Don in a bluff (talk/speech.ts).
        if (e.seat !== commissar) {
          if (parsed.length > 0) expect(state.seats[e.seat - 1]?.card).toBe("don");
          continue;
        }
        for (const c of parsed) {
          claims++;
          const check = state.checks.find((x) => x.target === c.target);
          expect(check?.black).toBe(c.black);
        }
      }
    }
    expect(claims).toBeGreaterThan(50);
  });

  it("DAY-3 FLOW-4 once they have met, the mafia never vote for a partner, and never shoot one (NIGHT-9)", () => {
    let ballots = 0;
    for (const { state } of games) {
      const mafioso = (seat: Seat) => isMafioso(state.seats[seat - 1]?.card ?? "civilian");
      state.votings.forEach((v, i) => {
        // FLOW-4: on day 1 (before night 1's acquaintance) nobody knows a partner.
        if (v.day < 2) return;
        // DAY-6: a re-vote between partners only leaves a mafioso no other choice.
        const tied = v.round === "revote" ? (state.votings[i - 1]?.tied ?? []) : null;
        for (const b of v.ballots) {
          if (!mafioso(b.voter)) continue;
          if (tied?.every((seat) => seat === b.voter || mafioso(seat))) continue;
          ballots++;
          expect(mafioso(b.target), `day ${v.day} ${v.round}: ${b.voter} → ${b.target}`).toBe(false);
        }
      });
      for (const night of state.nights) {
        for (const c of night.choices)
          if (c.role === "mafia" && c.target !== null) expect(mafioso(c.target)).toBe(false);
      }
    }
    expect(ballots).toBeGreaterThan(100);
  });

  it("NIGHT-6 after the commissar's claim the doctor heals him the next night (or is frozen)", () => {
    let heals = 0;
    for (const { state } of games) {
      const commissar = state.seats.find((x) => x.card === "commissar")?.seat as Seat;
      const doctor = state.seats.find((x) => x.card === "doctor")?.seat as Seat;
      const claim = state.speeches.find((x) => x.seat === commissar && x.text.includes("CHECK"));
      if (claim?.when?.kind !== "day") continue;
      // FLOW-1 (firstPhase day): night n follows day n.
      const night = state.nights.find((x) => x.n === claim.when?.n);
      const out = state.seats[commissar - 1]?.out;
      // Voted out on the day of his claim: nobody heals him that night.
      if (out?.when.kind === "day" && out.when.n === claim.when.n) continue;
      const heal = night?.choices.find((c) => c.role === "doctor" && c.seat === doctor);
      if (!heal) continue;
      expect([commissar, null]).toContain(heal.target);
      if (heal.target === commissar) heals++;
    }
    expect(heals).toBeGreaterThan(10);
  });

  it("DON-1 the Don uses his grave on a player outside the mafia", () => {
    let graves = 0;
    for (const { s, state } of games) {
      const events = s.events ?? [];
      // FLOW-4: a Don voted out on day 1 has not met his partners yet.
      const met = events.findIndex((e) => e.type === "advanced" && e.from === "acquaintance");
      for (const e of events.slice(met)) {
        if (e.type !== "graveChosen" || e.target === null) continue;
        graves++;
        expect(isMafioso(state.seats[e.target - 1]?.card ?? "civilian")).toBe(false);
      }
    }
    expect(graves).toBeGreaterThan(5);
  });

  it("TEAM-1 the heuristic red team wins more often than random bots do", () => {
    const rate = (bots: "random" | "heuristic") => {
      let red = 0;
      for (let i = 0; i < GAMES; i++) if (playGame({ seed: `cmp-${i}`, bots }).winner === "red") red++;
      return red / GAMES;
    };
    const random = rate("random");
    const heuristic = rate("heuristic");
    console.log(
      `red wins over ${GAMES} games: random ${(random * 100).toFixed(1)}%, heuristic ${(heuristic * 100).toFixed(1)}%`,
    );
    expect(heuristic).toBeGreaterThan(random + 0.1);
  }, 60_000);
});
