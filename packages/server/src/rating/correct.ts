// A seat's points corrected in a finished game (docs/club.md "Rating"): recorded with who, when
// and why. The archive's host route and a tournament's chief referee both correct through here.

import { randomUUID } from "node:crypto";
import { HttpError } from "../errors.js";
import type { GameRow, HostRow, Store } from "../store/index.js";

export interface Corrected {
  seat: number;
  from: number;
  points: number;
  by: { id: string; name: string };
  at: number;
  reason: string;
}

/** Corrects seat `n` of `game` to `points`; refuses an empty reason and the administration's seat (RATE-7). */
export async function correctSeat(
  store: Store,
  by: HostRow,
  game: GameRow,
  change: { seat: number; points: number; reason: string },
): Promise<Corrected> {
  const { seat: n, points } = change;
  const reason = change.reason.trim();
  if (reason === "") throw new HttpError(400, "invalid", "reason: say why the points change");
  const seat = game.seats.find((s) => s.seat === n);
  if (!seat) throw new HttpError(404, "not_found", `the game has no seat ${n}`);
  if (seat.admin || (await store.findHostByPerson(seat.playerId))?.role === "admin") {
    throw new HttpError(422, "rule", `seat ${n} is the administration's: it is never rated`, {
      rule: "RATE-7",
    });
  }
  const at = Date.now();
  await store.correctPoints({
    id: randomUUID(),
    tableId: game.id,
    seat: n,
    from: seat.points,
    to: points,
    byHostId: by.id,
    at,
    reason,
  });
  return { seat: n, from: seat.points, points, by: { id: by.id, name: by.name }, at, reason };
}
