// The bots' speech at an online table (@misto/bots talk/): which lines the runner (./online.ts)
// plans in a timed day step, and when, so a step nobody but bots may speak in ends once they are
// done instead of waiting out its timer in silence.

import { type Bot, discussionFloor, type HostMove, speakerOf } from "@misto/bots";
import { type Action, type Game, phaseOf, type Seat } from "@misto/engine";
import type { Task } from "./online.js";

/** The run's side of the planning: due times kept per key, what was done, and how long things take. */
export interface TalkClock {
  /** When `key` is due: `at()` the first time it is planned, the same while it stays pending. */
  due(key: string, at: () => number): number;
  done(key: string): boolean;
  /** A bot's thinking time. */
  thinking(): number;
  /** How long a bot takes to send this answer (a line: its typing time). */
  typing(action: Action): number;
  /** The beat between a bot's speech (or its pass) and the next speaker. */
  readonly passMs: number;
}

type Ask = (bot: Bot, game: Game, seat: Seat) => Action | null;

/**
 * The bots' tasks in a timed day step: the Don's grave (DON-1), the floor of a speech (DAY-2,
 * DAY-6, DAY-7), and each bot's line in the discussion (DAY-1), each sent after its typing time;
 * then `pass` (the host's advance) once only bots may speak and they are done: a bot's speech once
 * it is said (or it passes, having nothing to say), a discussion once no bot has a line left.
 */
export function talkTasks(
  state: Game,
  move: HostMove,
  botOf: (seat: Seat) => Bot | null,
  clock: TalkClock,
  pass: Task,
  ask: Ask,
): Task[] {
  const phase = phaseOf(state);
  if (phase.kind !== "day") return [];
  const stepKey = String(move.step);
  const passNow = (): Task => ({ ...pass, at: clock.due(pass.key, () => Date.now() + clock.passMs) });
  if (phase.step === "discussion") {
    const tasks: Task[] = [];
    let humans = false;
    // The bots' lines come one after another, each a thinking time and its typing after the last.
    let after = Date.now();
    for (const seat of discussionFloor(state)) {
      const bot = botOf(seat);
      if (!bot) {
        humans = true;
        continue;
      }
      const action = ask(bot, state, seat);
      if (action === null) continue;
      const key = `${stepKey}:say${seat}`;
      const at = clock.due(key, () => after + clock.thinking() + clock.typing(action));
      after = Math.max(after, at);
      tasks.push({ key, at, make: () => action });
    }
    if (!humans && tasks.length === 0) tasks.push(passNow());
    return tasks;
  }
  // The Don's grave first (DON-1), then the speech itself: the engine's floor (view.phase.floor).
  const don = move.floor?.why === "grave" ? move.floor.seat : null;
  const speaker = don ?? speakerOf(state);
  const bot = speaker === null ? null : botOf(speaker);
  if (!bot || speaker === null) return [];
  const key = `${stepKey}:${don === null ? "floor" : "grave"}${speaker}`;
  if (clock.done(key)) return don === null ? [passNow()] : [];
  const action = ask(bot, state, speaker);
  const at = clock.due(key, () => Date.now() + (action === null ? clock.passMs : clock.typing(action)));
  return [{ key, at, make: () => action }];
}
