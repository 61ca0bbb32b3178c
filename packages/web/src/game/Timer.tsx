// The step timer's face: huge digits that change colour at 10 s, start/pause and +30 s.

import { t } from "../i18n/index.js";
import { formatClock, timerTone } from "./timer.js";
import type { StepTimer } from "./useStepTimer.js";

export function Timer(props: { clock: StepTimer; size: "bar" | "huge" }) {
  const { clock, size } = props;
  if (!clock.timer) return null;
  const tone = timerTone(clock.remaining);
  return (
    <div class={`timer timer-${size} timer-${tone}`} role="timer" aria-label={t("timer.label")}>
      <span class="timer-digits" aria-live={size === "huge" ? "off" : undefined}>
        {formatClock(clock.remaining)}
      </span>
      <button
        type="button"
        class="btn btn-icon"
        onClick={clock.toggle}
        aria-label={clock.running ? t("timer.pause") : t("timer.start")}
        title={`${clock.running ? t("timer.pause") : t("timer.start")} (${t("key.space")})`}
      >
        {clock.running ? "⏸" : "▶"}
      </button>
      <button type="button" class="btn btn-icon" onClick={clock.addThirty} aria-label={t("timer.addThirty")}>
        +30
      </button>
    </div>
  );
}
