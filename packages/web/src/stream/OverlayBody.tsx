// A table as a stream's overlay draws it (1920×1080, on a transparent page): the phase, the clock
// and who acts now in a box at the top left, the vote as it is cast at the right, and the twelve
// seats along the bottom with their public facts. The broadcast view hands it every seat's card.

import type { Card, SeatView, View } from "@misto/engine";
import { Clock } from "../display/DisplayScreen.js";
import { badgesOf, foulDots } from "../game/seatFacts.js";
import { phaseTitle } from "../game/steps.js";
import { t } from "../i18n/index.js";

export function OverlayBody(props: { view: View; cards?: readonly Card[]; lag?: number }) {
  const { view } = props;
  const title = phaseTitle(view);
  const current = view.phase.kind === "night" ? null : view.phase.current;
  const voting = view.phase.step === "voting" || view.phase.step === "liftAll";
  return (
    <>
      <section class="overlay-head" aria-label={t("overlay.phase")}>
        <h1>{t(title.key, title.params)}</h1>
        <Clock seconds={view.phase.seconds} since={view.phase.since} lag={props.lag} />
        {current !== null && (
          <p class="overlay-now">{t(voting ? "vote.nowVotes" : "day.nowSpeaks", { n: current })}</p>
        )}
        {view.result?.announced && (
          <p class={`overlay-winner winner-${view.result.winner}`}>{t(`winner.${view.result.winner}`)}</p>
        )}
      </section>
      {view.phase.step === "voting" && <Vote view={view} />}
      <ol class="overlay-seats" aria-label={t("ring.label")}>
        {view.seats.map((s) => (
          <OverlaySeat
            key={s.seat}
            seat={s}
            card={props.cards?.[s.seat - 1] ?? s.card}
            current={current === s.seat}
            removed={view.foulLimits.removed}
          />
        ))}
      </ol>
    </>
  );
}

/** DAY-3, FOUL-3: the running count of the vote, most votes first, as each ballot is cast. */
function Vote(props: { view: View }) {
  const rows = props.view.phase.tally;
  return (
    <section class="overlay-vote" aria-label={t("vote.tally")}>
      <h2>{t("vote.tally")}</h2>
      {rows.length === 0 ? (
        <p>{t("vote.noVotesYet")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("vote.seat")}</th>
              <th scope="col">{t("vote.ballots")}</th>
              <th scope="col">{t("vote.total")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.seat}>
                <th scope="row">{r.seat}</th>
                <td>{r.voters.join(", ")}</td>
                <td>{r.void ? t("vote.void") : r.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function OverlaySeat(props: { seat: SeatView; card: Card | null; current: boolean; removed: number }) {
  const s = props.seat;
  const badges = badgesOf(s);
  const classes = ["overlay-seat", s.out ? "overlay-seat-out" : "", props.current ? "overlay-seat-now" : ""];
  return (
    <li class={classes.filter(Boolean).join(" ")}>
      <span class="overlay-seat-number">{s.seat}</span>
      <span class="overlay-seat-name">{s.name}</span>
      {props.card && <span class="overlay-seat-card">{t(`card.${props.card}`)}</span>}
      {s.out && <span class="overlay-seat-cause">{t(`cause.${s.out.cause}`)}</span>}
      {!s.out && <span class="overlay-seat-fouls">{foulDots(s.fouls, props.removed)}</span>}
      {badges.muted && <span class="overlay-seat-mark">{t("seat.muted")}</span>}
      {badges.noVote && <span class="overlay-seat-mark">{t("seat.noVote")}</span>}
    </li>
  );
}
