// The step's timer on a phone (its held screen and its chat): the seconds left, ticking twice a second.

import { useEffect, useState } from "preact/hooks";
import { secondsLeft } from "../display/clock.js";
import { formatClock } from "../game/timer.js";

export function StepClock(props: { seconds: number; since: number; class: string; inline?: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  const text = formatClock((secondsLeft(props.seconds, props.since, now) ?? 0) * 1000);
  return props.inline ? (
    <span class={props.class} role="timer">
      {text}
    </span>
  ) : (
    <p class={props.class} role="timer">
      {text}
    </p>
  );
}
