// outCauses, the named query a finished game's summary reads instead of the city's view: at every
// step of random games (fouls, disqualifications, undos and redeals among them), each seat's cause
// is exactly the one the spectator's view shows, and null where the view shows none.

import { outCauses, viewFor } from "@misto/engine";
import { describe, expect, it } from "vitest";
import { playToClose, RandomGame } from "./random-game.js";

describe("outCauses", () => {
  it("is the city's view of every departure, at every step of random games", () => {
    let departures = 0;
    let hidden = 0;
    for (let seed = 0; seed < 12; seed++) {
      const game = new RandomGame({ seed, settings: {}, deal: { seed: `out-${seed}` }, admins: [] });
      playToClose(game, () => {
        const city = viewFor(game.state, "spectator").seats.map((s) => s.out?.cause ?? null);
        expect(outCauses(game.state)).toEqual(city);
        departures += city.filter((c) => c !== null).length;
        // A departure the city is not told yet (a night's death before the morning): null to both.
        hidden += game.state.seats.filter((s, i) => s.out !== null && city[i] === null).length;
      });
    }
    expect(departures).toBeGreaterThan(100);
    expect(hidden).toBeGreaterThan(0);
  });
});
