// The host's step clock (docs/api.md "The clock"): not a game rule, so neither in the engine nor in
// the record. The host console reports it when the host pauses, resumes or adds time; the server
// keeps the last report per table and pushes it to every subscriber, so the display's clock stops
// when the host's does.

import { type Static, Type } from "typebox";
import { Value } from "typebox/value";

/** The longest a step's clock may show: a day (a report beyond it is a mistake). */
export const MAX_CLOCK_MS = 86_400_000;

/** POST /api/tables/:id/clock: the host's clock for the step that began at `since` (view.phase.since). */
export const ClockBody = Type.Object(
  {
    since: Type.Integer({ minimum: 0 }),
    running: Type.Boolean(),
    leftMs: Type.Integer({ minimum: 0, maximum: MAX_CLOCK_MS }),
  },
  { additionalProperties: false },
);
export type ClockBody = Static<typeof ClockBody>;

/**
 * The host's clock, pushed to every subscriber of the table (it is public): for the step that began
 * at `since`, `leftMs` left when it was reported, counting down if `running`. A client counts from
 * when it received it, and ignores it once a new step begins (another `since`).
 */
export const ClockMessage = Type.Object({
  type: Type.Literal("clock"),
  table: Type.String(),
  since: Type.Integer({ minimum: 0 }),
  running: Type.Boolean(),
  leftMs: Type.Integer({ minimum: 0, maximum: MAX_CLOCK_MS }),
});
export type ClockMessage = Static<typeof ClockMessage>;

export function isClockMessage(message: unknown): message is ClockMessage {
  return Value.Check(ClockMessage, message);
}
