// The table display for a TV or projector: the phase and its timer huge, who speaks or votes now,
// and the ring of seats with public facts only (alive or out, revealed cards). Readable from 5 m.
// During the deal the middle of the table shows the join code and its QR code for the phones.

import type { SeatView, View } from "@misto/engine";
import { useEffect, useState } from "preact/hooks";
import { api } from "../app/session.js";
import { keepAwake } from "../app/wakeLock.js";
import { badgesOf, foulDots } from "../game/seatFacts.js";
import { phaseTitle } from "../game/steps.js";
import { formatClock } from "../game/timer.js";
import { t } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";
import { JoinCode } from "../phone/JoinCode.js";
import { hostSecondsLeft, secondsLeft } from "./clock.js";
import { type HostClock, useSpectatorView } from "./useSpectatorView.js";
import "./display.css";

export function DisplayScreen(props: { tableId: string; lang: Language }) {
  const { view, connected, clock } = useSpectatorView(props.tableId);
  useEffect(() => keepAwake(), []);
  return (
    <main class="display" lang={props.lang}>
      {!connected && (
        <p class="display-offline" role="status">
          {t("display.reconnecting")}
        </p>
      )}
      {view ? (
        <DisplayBody view={view} tableId={props.tableId} clock={clock} />
      ) : (
        <p class="display-wait">{t("display.waiting")}</p>
      )}
    </main>
  );
}

/** The join code while the deal lasts (the display's answer carries it then), else null. */
function useJoinCode(tableId: string, dealing: boolean): string | null {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    setCode(null);
    if (!dealing) return;
    let live = true;
    void api.display(tableId).then((answer) => {
      if (live && answer.ok) setCode(answer.value.code);
    });
    return () => {
      live = false;
    };
  }, [tableId, dealing]);
  return code;
}

function DisplayBody(props: { view: View; tableId: string; clock: HostClock | null }) {
  const { view } = props;
  const title = phaseTitle(view);
  const current = view.phase.kind === "night" ? null : view.phase.current;
  const code = useJoinCode(props.tableId, view.phase.kind === "deal");
  return (
    <>
      <header class="display-head">
        <h1>{t(title.key, title.params)}</h1>
      </header>
      <section class="display-ring" aria-label={t("ring.label")}>
        {view.seats.map((s) => (
          <DisplaySeat key={s.seat} seat={s} current={current === s.seat} removed={view.foulLimits.removed} />
        ))}
        {/* The middle of the table: the clock, who acts now, the winner. */}
        <div class="display-center">
          {code && (
            <section class="display-join" aria-labelledby="display-join-title">
              <h2 id="display-join-title">{t("display.join")}</h2>
              <JoinCode code={code} />
            </section>
          )}
          <Clock seconds={view.phase.seconds} since={view.phase.since} host={props.clock} />
          {current !== null && (
            <p class="display-now">
              {t(
                view.phase.step === "voting" || view.phase.step === "liftAll"
                  ? "vote.nowVotes"
                  : "day.nowSpeaks",
                { n: current },
              )}
            </p>
          )}
          {view.result?.announced && (
            <p class={`display-winner winner-${view.result.winner}`}>{t(`winner.${view.result.winner}`)}</p>
          )}
        </div>
      </section>
    </>
  );
}

/**
 * Where a seat sits around the table, a 4 × 4 grid's edge read clockwise: 12, 1, 2, 3 along the
 * top, 4 and 5 down the right, 6 to 9 back along the bottom, 10 and 11 up the left. A grid, not
 * points on an ellipse: on a wide, low screen the ellipse's side seats overlapped one another.
 */
export const DISPLAY_PLACES: Readonly<Record<number, { row: number; column: number }>> = {
  12: { row: 1, column: 1 },
  1: { row: 1, column: 2 },
  2: { row: 1, column: 3 },
  3: { row: 1, column: 4 },
  4: { row: 2, column: 4 },
  5: { row: 3, column: 4 },
  6: { row: 4, column: 4 },
  7: { row: 4, column: 3 },
  8: { row: 4, column: 2 },
  9: { row: 4, column: 1 },
  10: { row: 3, column: 1 },
  11: { row: 2, column: 1 },
};

/** The step's clock, counting down; `lag` (ms) reads it as it stood that long ago (the broadcast's delay). */
export function Clock(props: {
  seconds: number | null;
  since: number;
  lag?: number;
  host?: HostClock | null;
}) {
  const [clock, setNow] = useState(() => Date.now());
  const now = clock - (props.lag ?? 0);
  useEffect(() => {
    if (props.seconds === null) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [props.seconds]);
  if (props.seconds === null) return null;
  // The host's clock, once he paused or added time in this step; else the step's own.
  const host = props.host ?? null;
  const told = host ? hostSecondsLeft(host.message, host.at, props.since, clock) : null;
  const left = told ?? secondsLeft(props.seconds, props.since, now);
  if (left === null) return null;
  const paused = told !== null && host?.message.running === false;
  return (
    <>
      <div class={`display-clock${left <= 10 ? " display-clock-warn" : ""}`} role="timer">
        {formatClock(left * 1000)}
      </div>
      {paused && (
        <p class="display-paused" role="status">
          {t("display.paused")}
        </p>
      )}
    </>
  );
}

function DisplaySeat(props: { seat: SeatView; current: boolean; removed: number }) {
  const s = props.seat;
  const place = DISPLAY_PLACES[s.seat] ?? { row: 1, column: 1 };
  const badges = badgesOf(s);
  const style = { gridRow: String(place.row), gridColumn: String(place.column) };
  const classes = ["display-seat", s.out ? "display-seat-out" : "", props.current ? "display-seat-now" : ""];
  return (
    <div class={classes.filter(Boolean).join(" ")} style={style}>
      <span class="display-seat-number">{s.seat}</span>
      <span class="display-seat-name">{s.name}</span>
      {s.card && <span class="display-seat-card">{t(`card.${s.card}`)}</span>}
      {s.out && <span class="display-seat-cause">{t(`cause.${s.out.cause}`)}</span>}
      {!s.out && <span class="display-seat-fouls">{foulDots(s.fouls, props.removed)}</span>}
      {/* FOUL-4: the room sees who may not speak or vote. */}
      {badges.muted && <span class="display-seat-mark">{t("seat.muted")}</span>}
      {badges.noVote && <span class="display-seat-mark">{t("seat.noVote")}</span>}
    </div>
  );
}
