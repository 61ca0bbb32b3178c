// An online table for the host who created it: the server is its host, so this page only follows
// it — the phase, its timer, who acts, the seats with public facts (the spectator's view over /ws) —
// and shows the join code for the players' phones. No host controls: to play, join a seat.

import type { SeatView, View } from "@misto/engine";
import type { OnlineSettingsJson } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { secondsLeft } from "../../display/clock.js";
import { useSpectatorView } from "../../display/useSpectatorView.js";
import { foulDots } from "../../game/seatFacts.js";
import { phaseTitle } from "../../game/steps.js";
import { formatClock } from "../../game/timer.js";
import { type Language, t } from "../../i18n/index.js";
import { AwayNotice } from "../../phone/AwayNotice.js";
import { JoinCode } from "../../phone/JoinCode.js";
import { phoneApi, type SeatsInfo } from "../../phone/phoneApi.js";
import { ErrorLine, Loading } from "../ui.js";

export function OnlineTablePage(props: { id: string; lang: Language }) {
  const { view, connected, away } = useSpectatorView(props.id);
  const [info, setInfo] = useState<SeatsInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const load = () =>
      void phoneApi.seats(props.id).then((answer) => {
        if (answer.ok) setInfo(answer.value);
        setProblem(answer.ok ? null : answer.error.message);
      });
    load();
    const id = setInterval(load, 5000);
    return () => clearInterval(id);
  }, [props.id]);
  const playing = view !== null && view.phase.kind !== "ended" && view.phase.kind !== "closed";
  const joined = info?.seats.filter((s) => s.phone).map((s) => s.seat) ?? [];
  return (
    <section class="stack online-table" lang={props.lang}>
      <h1>{t("app.online.title")}</h1>
      <p>{t("app.online.about")}</p>
      <ErrorLine text={problem} />
      {!connected && <p role="status">{t("display.reconnecting")}</p>}
      <AwayNotice away={away} />
      {view ? <Follower view={view} /> : <Loading />}
      {info?.online && <OnlineSettingsList settings={info.online} />}
      {info && playing && (
        <section class="stack online-join" aria-labelledby="online-join">
          <h2 id="online-join">{t("app.online.join")}</h2>
          <JoinCode code={info.code} />
          <p>
            {joined.length > 0
              ? t("app.online.joined", { list: joined.join(", ") })
              : t("app.online.noneJoined")}
          </p>
        </section>
      )}
    </section>
  );
}

/** The table's own settings (docs/settings.md "Online tables"): its deadlines and absence rules. */
function OnlineSettingsList(props: { settings: OnlineSettingsJson }) {
  const s = props.settings;
  const seconds = (ms: number) => t("app.online.seconds", { n: Math.round(ms / 100) / 10 });
  const rows: [string, string][] = [
    [t("app.online.language"), t(`app.lang.${s.language}`)],
    [t("app.online.humanSeats"), String(s.humanSeats)],
    [t("app.online.startMs"), seconds(s.startMs)],
    [t("app.online.nightMs"), seconds(s.nightMs)],
    [t("app.online.voteMs"), seconds(s.voteMs)],
    [t("app.online.missedDeadlines"), String(s.missedDeadlines)],
    [t("app.online.graceMs"), seconds(s.graceMs)],
    [t("app.online.spectatorDelayMs"), seconds(s.spectatorDelayMs)],
  ];
  return (
    <section class="stack online-settings" aria-labelledby="online-settings">
      <h2 id="online-settings">{t("app.online.settings")}</h2>
      <dl>
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Follower(props: { view: View }) {
  const { view } = props;
  const title = phaseTitle(view);
  const current = view.phase.kind === "night" ? null : view.phase.current;
  const voting = view.phase.step === "voting" || view.phase.step === "liftAll";
  return (
    <section class="stack online-follow" aria-labelledby="online-phase">
      <div class="page-head">
        <h2 id="online-phase">{t(title.key, title.params)}</h2>
        <Clock seconds={view.phase.seconds} since={view.phase.since} />
      </div>
      {current !== null && <p>{t(voting ? "vote.nowVotes" : "day.nowSpeaks", { n: current })}</p>}
      {view.result?.announced && <p class="online-winner">{t(`winner.${view.result.winner}`)}</p>}
      <ol class="online-seats" aria-label={t("ring.label")}>
        {view.seats.map((s) => (
          <FollowedSeat
            key={s.seat}
            seat={s}
            current={current === s.seat}
            removed={props.view.foulLimits.removed}
          />
        ))}
      </ol>
    </section>
  );
}

function FollowedSeat(props: { seat: SeatView; current: boolean; removed: number }) {
  const s = props.seat;
  const classes = ["online-seat", s.out ? "online-seat-out" : "", props.current ? "online-seat-now" : ""];
  return (
    <li class={classes.filter(Boolean).join(" ")}>
      <span class="online-seat-number">{s.seat}</span>
      <span class="online-seat-name">{s.name}</span>
      {s.card && <span class="online-seat-card">{t(`card.${s.card}`)}</span>}
      {s.out ? (
        <span>{t(`cause.${s.out.cause}`)}</span>
      ) : (
        <span aria-hidden="true">{foulDots(s.fouls, props.removed)}</span>
      )}
    </li>
  );
}

function Clock(props: { seconds: number | null; since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (props.seconds === null) return;
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, [props.seconds]);
  const left = secondsLeft(props.seconds, props.since, now);
  if (left === null) return null;
  return (
    <p class="online-clock" role="timer">
      {formatClock(left * 1000)}
    </p>
  );
}
