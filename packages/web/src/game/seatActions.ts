// The seat menu's contextual actions: what the host may do to or for one seat right now, drawn
// from the engine's legal actions (vote for, choose as target, take to the grave, nominate).

import type { Action, Seat, View } from "@misto/engine";
import type { Key } from "../i18n/types.js";

export interface SeatAction {
  readonly key: Key;
  readonly params: Readonly<Record<string, string | number>>;
  readonly action: Action;
}

export function seatActions(view: View, seat: Seat): SeatAction[] {
  const out: SeatAction[] = [];
  for (const a of view.actions) {
    switch (a.type) {
      case "vote":
        if (a.target === seat) out.push({ key: "menu.voteFor", params: { voter: a.voter, seat }, action: a });
        break;
      case "choose":
        if (a.target === seat)
          out.push({ key: "menu.chooseFor", params: { chooser: a.seat, seat }, action: a });
        break;
      case "grave":
        if (a.target === seat) out.push({ key: "menu.grave", params: { don: a.seat, seat }, action: a });
        break;
      case "nominate":
        if (a.candidate === seat) out.push({ key: "menu.nominate", params: { seat }, action: a });
        break;
      case "ratingVote":
        if (a.candidate === seat)
          out.push({ key: "menu.ratingVote", params: { voter: a.voter, seat }, action: a });
        break;
    }
  }
  return out;
}

/** Whether the host may give this seat a foul, a remark, or disqualify it now. */
export function discipline(view: View, seat: Seat): { foul: boolean; remark: boolean; disqualify: boolean } {
  const has = (type: Action["type"]) =>
    view.actions.some((a) => a.type === type && "seat" in a && a.seat === seat);
  return { foul: has("foul"), remark: has("remark"), disqualify: has("disqualify") };
}
