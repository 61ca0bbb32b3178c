// The table display for a TV or projector: the phase and its timer huge, who speaks or votes now,
// and the ring of seats with public facts only (alive or out, revealed cards). Readable from 5 m.

import type { SeatView, View } from "@misto/engine";
import { useEffect, useState } from "preact/hooks";
import { keepAwake } from "../app/wakeLock.js";
import { foulDots } from "../game/seatFacts.js";
import { phaseTitle } from "../game/steps.js";
import { formatClock } from "../game/timer.js";
import { t } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";
import { secondsLeft } from "./backoff.js";
import { useSpectatorView } from "./useSpectatorView.js";
import "./display.css";

export function DisplayScreen(props: { tableId: string; lang: Language }) {
  const { view, connected } = useSpectatorView(props.tableId);
  useEffect(() => keepAwake(), []);
  return (
    <div class="display" lang={props.lang}>
      {!connected && (
        <p class="display-offline" role="status">
          {t("display.reconnecting")}
        </p>
      )}
      {view ? <DisplayBody view={view} /> : <p class="display-wait">{t("display.waiting")}</p>}
    </div>
  );
}

function DisplayBody(props: { view: View }) {
  const { view } = props;
  const title = phaseTitle(view);
  const current = view.phase.kind === "night" ? null : view.phase.current;
  return (
    <>
      <header class="display-head">
        <h1>{t(title.key, title.params)}</h1>
        <Clock seconds={view.phase.seconds} since={view.phase.since} />
      </header>
      {current !== null && (
        <p class="display-now">
          {t(
            view.phase.step === "voting" || view.phase.step === "liftAll" ? "vote.nowVotes" : "day.nowSpeaks",
            {
              n: current,
            },
          )}
        </p>
      )}
      {view.result?.announced && (
        <p class={`display-winner winner-${view.result.winner}`}>{t(`winner.${view.result.winner}`)}</p>
      )}
      <section class="display-ring" aria-label={t("ring.label")}>
        {view.seats.map((s) => (
          <DisplaySeat key={s.seat} seat={s} current={current === s.seat} />
        ))}
      </section>
    </>
  );
}

function Clock(props: { seconds: number | null; since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (props.seconds === null) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [props.seconds]);
  const left = secondsLeft(props.seconds, props.since, now);
  if (left === null) return null;
  return (
    <div class={`display-clock${left <= 10 ? " display-clock-warn" : ""}`} role="timer">
      {formatClock(left * 1000)}
    </div>
  );
}

function DisplaySeat(props: { seat: SeatView; current: boolean }) {
  const s = props.seat;
  const angle = ((s.seat - 1) * 30 - 90) * (Math.PI / 180);
  const style = { left: `${50 + 42 * Math.cos(angle)}%`, top: `${50 + 40 * Math.sin(angle)}%` };
  const classes = ["display-seat", s.out ? "display-seat-out" : "", props.current ? "display-seat-now" : ""];
  return (
    <div class={classes.filter(Boolean).join(" ")} style={style}>
      <span class="display-seat-number">{s.seat}</span>
      <span class="display-seat-name">{s.name}</span>
      {s.card && <span class="display-seat-card">{t(`card.${s.card}`)}</span>}
      {s.out && <span class="display-seat-cause">{t(`cause.${s.out.cause}`)}</span>}
      {!s.out && <span class="display-seat-fouls">{foulDots(s.fouls)}</span>}
    </div>
  );
}
