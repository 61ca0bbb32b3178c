// A deadline's countdown on a phone at an online table: the time left, ticking twice a second,
// marked (in words, not only in colour) once it is within ten seconds, and what happens when it
// passes, said beforehand. Silent: no sound, no vibration, no animation.

import { useEffect, useState } from "preact/hooks";
import { formatClock } from "../game/timer.js";
import { t } from "../i18n/index.js";
import { type Deadline, isNear } from "./deadline.js";
import type { Line } from "./screen.js";

const tr = (line: Line) => t(line.key, line.params);

export function DeadlineClock(props: { deadline: Deadline; strikes?: number | null }) {
  const { deadline } = props;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  const near = isNear(deadline, now);
  return (
    <div class={`deadline deadline-${deadline.kind}${near ? " deadline-near" : ""}`}>
      <p class="deadline-clock" role="timer" data-at={deadline.at}>
        {formatClock(deadline.at - now)}
      </p>
      {near && <p class="deadline-warn">{t("deadline.near")}</p>}
      <p class="deadline-then">{tr(deadline.after)}</p>
      {deadline.kind === "answer" && props.strikes != null && (
        <p class="deadline-strikes">{t("deadline.strikes", { n: props.strikes })}</p>
      )}
    </div>
  );
}
