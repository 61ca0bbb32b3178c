// The step timer's face: huge digits that change colour at 10 s, start/pause and +30 s.

import { t } from "../i18n/index.js";
import { formatClock, timerTone } from "./timer.js";
import type { StepTimer } from "./useStepTimer.js";

export function Timer(props: { clock: StepTimer; size: "bar" | "huge" }) {
  const { clock, size } = props;
  if (!clock.timer) return null;
  const tone = timerTone(clock.remaining);
  const words = clock.running ? t("timer.pause") : t("timer.start");
  return (
    <div class={`timer timer-${size} timer-${tone}`} role="timer" aria-label={t("timer.label")}>
      <span class="timer-digits" aria-live={size === "huge" ? "off" : undefined}>
        {formatClock(clock.remaining)}
      </span>
      <button
        type="button"
        class="btn btn-icon timer-toggle"
        onClick={clock.toggle}
        aria-label={words}
        title={`${words} (${t("key.space")})`}
      >
        <PlayPause running={clock.running} />
      </button>
      <button type="button" class="btn btn-icon" onClick={clock.addThirty} aria-label={t("timer.addThirty")}>
        +30
      </button>
    </div>
  );
}

/** Drawn, not a character: "⏸" is missing from many tablets' fonts and showed as an empty box. */
function PlayPause(props: { running: boolean }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {props.running ? (
        <>
          <rect x="5" y="4" width="5" height="16" rx="1" fill="currentColor" />
          <rect x="14" y="4" width="5" height="16" rx="1" fill="currentColor" />
        </>
      ) : (
        <path
          d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5z"
          fill="currentColor"
        />
      )}
    </svg>
  );
}
