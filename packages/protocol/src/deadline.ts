// What an online table's host (the server) enters for a seat whose deadline passed without its
// answer, worked out from that seat's legal actions alone: the runner sends it
// (packages/server/src/tables/online.ts), and the phone says it before the deadline passes.

import type { Action, Seat } from "@misto/engine";

/**
 * The answer entered for a seat that has not acted by its deadline, or null when nothing is
 * entered (a speech, a nomination, the Don's grave: the step's own timer moves on without it).
 * A night choice is a skip (never a random pick: a pick could reveal a role); the commissar leaves
 * no note; a lift-all answer is "yes" (with "no", silent players could tie the city day after day
 * for ever); a vote cannot be skipped (every voter votes, DAY-5): it goes to the first legal target
 * after the voter in seat order, wrapping round — a fixed rule that tells nothing of anyone's role;
 * a rating vote likewise; a contest is not supported. Entered by the host for the seat.
 */
export function missedAnswer(actions: readonly Action[], seat: Seat): Action | null {
  const host = "host" as const;
  const first = actions[0];
  if (!first) return null;
  switch (first.type) {
    case "choose":
      return { actor: host, type: "choose", seat, target: null };
    case "note":
      return { actor: host, type: "note", seat, leave: false };
    case "liftVote":
      return { actor: host, type: "liftVote", voter: seat, yes: true };
    case "vote": {
      const votes = actions.filter((a): a is Extract<Action, { type: "vote" }> => a.type === "vote");
      const pick = votes.find((a) => a.target > seat) ?? votes[0];
      return pick ? { ...pick, actor: host } : null;
    }
    case "ratingVote": {
      const votes = actions.filter(
        (a): a is Extract<Action, { type: "ratingVote" }> => a.type === "ratingVote",
      );
      const pick = votes.find((a) => a.candidate !== null && a.candidate > seat) ?? votes[0];
      return pick ? { ...pick, actor: host } : null;
    }
    case "contestVote":
      return { actor: host, type: "contestVote", voter: seat, support: false };
    default:
      return null;
  }
}
